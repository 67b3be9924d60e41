#include "planner/or_factoring.h"

#include <map>

#include "planner/bound_util.h"

namespace pathdb::planner {

namespace {

void FlattenOr(BoundExprPtr e, std::vector<BoundExprPtr>& out) {
  if (e->kind == BoundKind::kOr) {
    for (auto& c : e->children) FlattenOr(std::move(c), out);
    return;
  }
  out.push_back(std::move(e));
}

bool IsVolatile(const BoundExpr& e) {
  if (e.kind == BoundKind::kSubquery) return true;
  if (e.kind == BoundKind::kFunction && e.name.rfind("DBMS_RANDOM", 0) == 0) return true;
  for (const auto& c : e.children) {
    if (c && IsVolatile(*c)) return true;
  }
  return false;
}

// The one relation all of `e`'s columns belong to, or -1 (none, several, or unknown).
int SingleRelation(const BoundExpr& e, const std::function<int(size_t)>& relation_of) {
  int rel = -2;
  bool mixed = false;
  VisitColumns(e, [&](size_t i) {
    int r = relation_of(i);
    if (r < 0 || (rel != -2 && rel != r)) mixed = true;
    rel = r;
  });
  return mixed || rel < 0 ? -1 : rel;
}

bool Contains(const std::vector<BoundExprPtr>& list, const BoundExpr& e) {
  for (const auto& x : list) {
    if (ExprEquals(*x, e)) return true;
  }
  return false;
}

BoundExprPtr MakeOr(std::vector<BoundExprPtr> disjuncts) {
  if (disjuncts.size() == 1) return std::move(disjuncts[0]);
  auto e = std::make_unique<BoundExpr>(BoundKind::kOr, LogicalType::Boolean());
  e->children = std::move(disjuncts);
  return e;
}

// Rewrites one OR; appends its replacement conjuncts to `out`.
void Factor(BoundExprPtr disjunction, const std::function<int(size_t)>& relation_of,
            std::vector<BoundExprPtr>& out) {
  std::vector<BoundExprPtr> flat;
  FlattenOr(std::move(disjunction), flat);
  std::vector<std::vector<BoundExprPtr>> branches(flat.size());
  for (size_t b = 0; b < flat.size(); ++b) SplitConjuncts(std::move(flat[b]), branches[b]);

  // 1. Conjuncts common to every branch: (A AND B) OR (A AND C) = A AND (B OR C).
  std::vector<BoundExprPtr> common;
  for (const auto& c : branches[0]) {
    if (IsVolatile(*c) || Contains(common, *c)) continue;
    bool everywhere = true;
    for (size_t b = 1; b < branches.size() && everywhere; ++b) everywhere = Contains(branches[b], *c);
    if (everywhere) common.push_back(c->Copy());
  }
  bool some_branch_empty = false;
  if (!common.empty()) {
    for (auto& branch : branches) {
      std::erase_if(branch, [&](const BoundExprPtr& c) { return Contains(common, *c); });
      some_branch_empty = some_branch_empty || branch.empty();
    }
  }
  for (auto& c : common) out.push_back(std::move(c));
  // A branch left empty is TRUE: A OR (A AND B) is just A.
  if (some_branch_empty) return;

  // 2. Implied single-relation filters: every branch must restrict the relation.
  std::map<int, std::vector<std::vector<const BoundExpr*>>> per_relation;
  for (size_t b = 0; b < branches.size(); ++b) {
    for (const auto& c : branches[b]) {
      if (IsVolatile(*c)) continue;
      int r = SingleRelation(*c, relation_of);
      if (r < 0) continue;
      auto& slots = per_relation[r];
      slots.resize(branches.size());
      slots[b].push_back(c.get());
    }
  }
  // An OR on one relation only is pushed to it as it is: nothing to derive.
  bool one_relation = per_relation.size() == 1;
  for (const auto& branch : branches) {
    for (const auto& c : branch) one_relation = one_relation && SingleRelation(*c, relation_of) >= 0;
  }
  for (const auto& entry : per_relation) {
    const auto& slots = entry.second;
    bool every_branch = !one_relation && slots.size() == branches.size();
    for (const auto& s : slots) every_branch = every_branch && !s.empty();
    if (!every_branch) continue;
    std::vector<BoundExprPtr> disjuncts;
    for (const auto& s : slots) {
      std::vector<BoundExprPtr> parts;
      for (const BoundExpr* c : s) parts.push_back(c->Copy());
      disjuncts.push_back(MakeAnd(std::move(parts)));
    }
    out.push_back(MakeOr(std::move(disjuncts)));
  }

  std::vector<BoundExprPtr> rest;
  for (auto& branch : branches) rest.push_back(MakeAnd(std::move(branch)));
  out.push_back(MakeOr(std::move(rest)));
}

}  // namespace

void FactorDisjunctions(std::vector<BoundExprPtr>& conjuncts,
                        const std::function<int(size_t)>& relation_of) {
  std::vector<BoundExprPtr> out;
  out.reserve(conjuncts.size());
  for (auto& c : conjuncts) {
    if (c->kind == BoundKind::kOr) {
      Factor(std::move(c), relation_of, out);
    } else {
      out.push_back(std::move(c));
    }
  }
  conjuncts = std::move(out);
}

}  // namespace pathdb::planner
