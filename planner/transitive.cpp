// Transitive closure of constant conditions over the join equalities of one query block.
#include "planner/transitive.h"

#include <optional>

#include "planner/bound_util.h"
#include "planner/unnest.h"

namespace pathdb::planner {

namespace {

bool IsClosureOp(const std::string& op) {
  return op == "=" || op == "<" || op == "<=" || op == ">" || op == ">=";
}

// No column and no subquery anywhere: a literal, a bind, TO_DATE('...') ...
bool ColumnFree(const BoundExpr& e) {
  if (e.kind == BoundKind::kColumn || e.kind == BoundKind::kSubquery) return false;
  for (const auto& c : e.children)
    if (!ColumnFree(*c)) return false;
  return true;
}

// Blank-padded CHAR comparison and conversions make "equal" mean something else on each side.
bool ClosureType(const LogicalType& t) {
  return t.id != TypeId::kChar && t.id != TypeId::kNull && t.id != TypeId::kBoolean;
}

// The column of a single-column constant condition: `col op const`, `const op col`,
// `col IN (const, ...)`; nullopt for anything else.
std::optional<size_t> ConstantConditionColumn(const BoundExpr& e) {
  if (e.kind == BoundKind::kCompare && e.children.size() == 2 && IsClosureOp(e.name)) {
    for (int side = 0; side < 2; ++side) {
      const BoundExpr& col = *e.children[side];
      if (col.kind == BoundKind::kColumn && ColumnFree(*e.children[1 - side]))
        return col.column_index;
    }
    return std::nullopt;
  }
  if (e.kind == BoundKind::kInList && !e.negated && e.children.size() >= 2 &&
      e.children[0]->kind == BoundKind::kColumn) {
    for (size_t i = 1; i < e.children.size(); ++i)
      if (!ColumnFree(*e.children[i])) return std::nullopt;
    return e.children[0]->column_index;
  }
  return std::nullopt;
}

// `e` with its one column reference moved to `to` (of type `type`). The display text
// belongs to the original column, so it is dropped on the way.
void MoveColumn(BoundExpr& e, size_t to, const LogicalType& type) {
  e.display.clear();
  if (e.kind == BoundKind::kColumn) {
    e.column_index = to;
    e.type = type;
  }
  for (auto& c : e.children) MoveColumn(*c, to, type);
}

struct Equality {
  size_t a, b;
  LogicalType type_a, type_b;
};

}  // namespace

void AddTransitivePredicates(std::vector<BoundExprPtr>& conjuncts,
                             const std::function<int(size_t)>& relation_of) {
  std::vector<Equality> eqs;
  for (const auto& c : conjuncts) {
    if (c->kind != BoundKind::kCompare || c->name != "=" || c->children.size() != 2) continue;
    const BoundExpr& l = *c->children[0];
    const BoundExpr& r = *c->children[1];
    if (l.kind != BoundKind::kColumn || r.kind != BoundKind::kColumn) continue;
    if (l.type.id != r.type.id || !ClosureType(l.type)) continue;
    const int rl = relation_of(l.column_index), rr = relation_of(r.column_index);
    if (rl < 0 || rr < 0 || rl == rr) continue;
    eqs.push_back({l.column_index, r.column_index, l.type, r.type});
  }
  if (eqs.empty()) return;
  // A few rounds close chains (A = B, B = C, C = 5); each round only adds what is missing.
  for (int round = 0; round < 4; ++round) {
    bool added = false;
    const size_t n = conjuncts.size();
    for (size_t i = 0; i < n; ++i) {
      auto col = ConstantConditionColumn(*conjuncts[i]);
      if (!col) continue;
      for (const auto& eq : eqs) {
        std::optional<size_t> to;
        const LogicalType* type = nullptr;
        if (eq.a == *col) {
          to = eq.b;
          type = &eq.type_b;
        } else if (eq.b == *col) {
          to = eq.a;
          type = &eq.type_a;
        }
        if (!to) continue;
        BoundExprPtr copy = conjuncts[i]->Copy();
        MoveColumn(*copy, *to, *type);
        bool present = false;
        for (const auto& c : conjuncts) present = present || ExprEquals(*c, *copy);
        if (present) continue;
        conjuncts.push_back(std::move(copy));
        added = true;
      }
    }
    if (!added) break;
  }
}

namespace {

//! The table scan that produces output column `col` of `n`, reached through filters and the
//! sides of joins that are never NULL-extended (PreservedChild); `local` is the column in the
//! scan's numbering. nullptr for any other shape.
LogicalNode* ScanOfColumn(LogicalNode& n, size_t col, size_t& local) {
  using K = LogicalNode::Kind;
  switch (n.kind) {
    case K::kScan:
      if (n.system_view != nullptr || n.table == nullptr || col >= n.types.size()) return nullptr;
      local = col;
      return &n;
    case K::kFilter:
      return ScanOfColumn(*n.children[0], col, local);
    case K::kJoin: {
      size_t child_col = 0;
      const auto child = PreservedChild(n, col, child_col);
      return child ? ScanOfColumn(*n.children[*child], child_col, local) : nullptr;
    }
    default:
      return nullptr;
  }
}

}  // namespace

void AddTransitiveToUnnested(const std::vector<BoundExprPtr>& conjuncts,
                             std::vector<UnnestedSubquery>& subs, size_t sub_base,
                             const std::function<int(size_t)>& relation_of) {
  for (auto& s : subs) {
    if (s.type == LogicalJoinType::kAntiNullAware || !s.plan || !s.condition) continue;
    std::vector<BoundExprPtr> all;
    for (const auto& c : conjuncts) all.push_back(c->Copy());
    std::vector<BoundExprPtr> cond;
    SplitConjuncts(s.condition->Copy(), cond);
    bool keyed = false;
    for (auto& c : cond) {
      if (c->kind != BoundKind::kCompare || c->name != "=") continue;
      const BoundExpr& l = *c->children[0];
      const BoundExpr& r = *c->children[1];
      if (l.kind != BoundKind::kColumn || r.kind != BoundKind::kColumn) continue;
      if ((l.column_index < sub_base) == (r.column_index < sub_base)) continue;
      all.push_back(std::move(c));
      keyed = true;
    }
    if (!keyed) continue;
    const size_t before = all.size();
    // The subquery is one more relation of the closure.
    const int sub_relation = 1 << 20;
    AddTransitivePredicates(
        all, [&](size_t i) { return i >= sub_base ? sub_relation : relation_of(i); });
    for (size_t k = before; k < all.size(); ++k) {
      bool inside = true;
      size_t col = SIZE_MAX;
      VisitColumns(*all[k], [&](size_t i) {
        inside = inside && i >= sub_base && (col == SIZE_MAX || col == i);
        col = i;
      });
      if (!inside || col == SIZE_MAX) continue;
      size_t local = 0;
      LogicalNode* scan = ScanOfColumn(*s.plan, col - sub_base, local);
      if (scan == nullptr) continue;
      const size_t shift = col - sub_base - local;
      RemapColumns(*all[k], [sub_base, shift](size_t i) { return i - sub_base - shift; });
      std::vector<BoundExprPtr> parts;
      if (scan->predicate) SplitConjuncts(std::move(scan->predicate), parts);
      bool present = false;
      for (const auto& p : parts) present = present || ExprEquals(*p, *all[k]);
      if (!present) parts.push_back(std::move(all[k]));
      scan->predicate = MakeAnd(std::move(parts));
    }
  }
}

}  // namespace pathdb::planner
