// Join search: flatten the inner/cross join tree into relations and conjuncts, estimate every
// subset's cardinality once (leaf estimates x join selectivities, independence assumed),
// then search left-deep orders by dynamic programming (greedy beyond kMaxDpRelations) with
// the cost model deciding the method of each join. Operators are built only for the winner
// (planner/join_search_build.cpp, with planner/join_builder.h). The search's state is the
// class in planner/join_search.h.
#include "planner/join_planner.h"

#include <algorithm>
#include <bit>
#include <optional>

#include "common/error.h"
#include "planner/join_search.h"

namespace pathdb::planner::join_detail {

OpPtr JoinSearch::Run() {
  Flatten(root_, 0);
  if (rels_.size() > 63)
    ThrowOra(600, "internal error code, arguments: [planner], [too many joins]");
  // The scans of the tree are planned here, not by PlanPhysical: report bad hints here too.
  if (hints_ != nullptr) RecordUnknownHints(*hints_, ctx_);
  PlanLeaves(plan_leaf_);
  ClassifyConjuncts();
  jh_ = ReadJoinHints(hints_, query_block_, Aliases());
  adaptive_hint_ = ReadAdaptiveHint(hints_);
  // USE_NL_WITH_INDEX(t idx): the index probes of t use idx (an INDEX hint there only).
  for (size_t i = 0; i < rels_.size(); ++i) {
    const ast::Hint* h = jh_.rel[i].use_nl_with_index;
    if (h == nullptr || h->indexes.empty() || !rels_[i].scan) continue;
    std::vector<ast::Hint> hints = rels_[i].node->hints;
    ast::Hint index;
    index.name = "INDEX";
    index.tables = {{rels_[i].alias, ""}};
    index.indexes = h->indexes;
    index.text = h->text;
    index.implied = true;
    hints.push_back(std::move(index));
    probe_hints_[i] = std::move(hints);
  }
  if (hints_ != nullptr) {
    // Each hint belongs to the join tree of the block holding its first table: applied where
    // a join has exactly its tables, reported there once (a block has a tree per side of an
    // outer join).
    const std::vector<std::string> aliases = Aliases();
    for (const auto& h : *hints_)
      if (LooksAtJoinEstimate(h, query_block_, aliases)) join_estimates_.push_back(&h);
  }
  Candidate best = rels_.size() <= kMaxDpRelations ? SearchDp() : SearchGreedy();
  // Built first: the access paths' outline hints precede the join order's, as in Oracle.
  OpPtr plan = Build(best);
  RecordHintUse(best);
  return plan;
}

// The cheapest way to join relation `inner` to the plan `outer` (cost `oc`).
JoinSearch::Extension JoinSearch::Extend(Mask outer, const cost::Cost& oc, size_t inner) {
  const Relation& r = rels_[inner];
  const double orows = SubsetRows(outer), obytes = SubsetBytes(outer);
  const auto applicable = Applicable(outer, inner);
  const auto keys = EquiKeys(outer, inner, applicable);
  std::vector<Method> possible;
  if (!keys.empty()) {
    possible.push_back(Method::kHashOuterBuilds);
    possible.push_back(Method::kHashInnerBuilds);
  }
  std::optional<size_t> index_key;
  for (size_t k : keys) {
    const IndexProbe& p = Probe(inner, k);
    if (p.usable &&
        (!index_key || p.per_start.total() < Probe(inner, *index_key).per_start.total()))
      index_key = k;
  }
  if (index_key) possible.push_back(Method::kIndexNestedLoops);
  // Plain nested loops compare every pair: for an equi-join only when hints ask for nested
  // loops (an underestimated input would make it quadratic; hash join degrades gracefully).
  const auto& h = jh_.rel[inner];
  // An index hint on the inner table with USE_NL asks for nested loops into that index
  // (Oracle's classic USE_NL(t) INDEX(t ix) pair), not for a full scan per outer row.
  const bool index_hinted =
      index_key && r.scan && r.node != nullptr &&
      std::any_of(r.node->hints.begin(), r.node->hints.end(), [&](const ast::Hint& hint) {
        return !hint.malformed && !hint.tables.empty() && hint.tables[0].alias == r.alias &&
               hint.name.rfind("INDEX", 0) == 0 && hint.name != "INDEX_FFS";
      });
  if (keys.empty() || ((h.use_nl || h.no_use_hash) && !index_hinted))
    possible.push_back(Method::kNestedLoops);
  const auto allowed = AllowedMethods(jh_.rel[inner], possible);
  const bool hinted_swap = jh_.rel[inner].swap || jh_.rel[inner].no_swap;
  Extension best;
  bool have = false;
  for (Method m : allowed) {
    cost::Cost c;
    switch (m) {
      case Method::kHashOuterBuilds:
        // Unhinted, the smaller input builds.
        if (!hinted_swap && r.rows < orows &&
            std::find(allowed.begin(), allowed.end(), Method::kHashInnerBuilds) != allowed.end())
          continue;
        c = oc + Scaled(r.cost, ProbeShare(outer, inner, keys)) +
            HashJoinCost(model_, orows, obytes, r.rows);
        break;
      case Method::kHashInnerBuilds:
        if (!hinted_swap && !(r.rows < orows) &&
            std::find(allowed.begin(), allowed.end(), Method::kHashOuterBuilds) != allowed.end())
          continue;
        c = oc + r.cost + HashJoinCost(model_, r.rows, r.bytes, orows);
        break;
      case Method::kIndexNestedLoops:
        c = model_.NestedLoops(oc, orows, Probe(inner, *index_key).per_start);
        break;
      case Method::kNestedLoops:
        c = PlainNestedLoopsCost(oc, orows, r);
        break;
      case Method::kFirst:
        break;
    }
    if (!have || c.total() < best.cost.total() - kCostEpsilon * std::max(1.0, c.total())) {
      best = {m, m == Method::kIndexNestedLoops ? *index_key : 0, c};
      have = true;
    }
  }
  if (index_key) MaybeAdaptive(best, outer, inner, *index_key, allowed);
  return best;
}

cost::Cost JoinSearch::Scaled(const cost::Cost& c, double share) {
  return {c.io * share, c.cpu * share};
}

// The share of the inner's scan left when it probes a hash join built on `outer`: the
// smallest any key's range allows (the join filter's min/max covers every key).
double JoinSearch::ProbeShare(Mask outer, size_t inner, const std::vector<size_t>& keys) {
  double share = 1;
  for (size_t k : keys) share = std::min(share, ProbeScanShare(outer, inner, k));
  return share;
}

// Oracle's formula: the inner row source once per outer row, even though the executor
// materialises it; it keeps nested loops for where they pay (few outer rows, small inner).
cost::Cost JoinSearch::PlainNestedLoopsCost(const cost::Cost& oc, double orows,
                                            const Relation& r) const {
  return model_.NestedLoops(oc, orows, r.cost) + PairTestCost(model_, orows, r.rows);
}

bool JoinSearch::Better(const Candidate& a, const Candidate& b) const {
  if (!b.valid) return true;
  const double eps = kCostEpsilon * std::max(1.0, b.cost.total());
  if (a.cost.total() < b.cost.total() - eps) return true;
  if (a.cost.total() > b.cost.total() + eps) return false;
  return a.swaps < b.swaps;
}

// LEADING: position p of the order must hold leading[p].
bool JoinSearch::LeadingAllows(size_t position, size_t rel) const {
  return position >= jh_.leading.size() || jh_.leading[position] == rel;
}

Candidate JoinSearch::Single(size_t i) const {
  Candidate c;
  c.valid = true;
  c.cost = rels_[i].cost;
  c.steps.push_back({i, Method::kFirst, 0});
  return c;
}

Candidate JoinSearch::Append(const Candidate& outer, Mask outer_mask, size_t inner) {
  Extension e = Extend(outer_mask, outer.cost, inner);
  Candidate c;
  c.valid = true;
  c.cost = e.cost;
  c.swaps = outer.swaps + (e.method == Method::kHashInnerBuilds ? 1 : 0);
  c.steps = outer.steps;
  c.steps.push_back({inner, e.method, e.key, e.adaptive, e.inflection_point});
  return c;
}

Candidate JoinSearch::SearchDp() {
  const size_t n = rels_.size();
  const Mask full = (Mask{1} << n) - 1;
  std::vector<Candidate> best(size_t{1} << n);
  for (size_t i = 0; i < n; ++i)
    if (LeadingAllows(0, i)) best[Mask{1} << i] = Single(i);
  for (Mask s = 1; s <= full; ++s) {
    const int size = std::popcount(s);
    if (size < 2) continue;
    for (size_t i = 0; i < n; ++i) {
      if (!Has(s, i)) continue;
      const Mask rest = s & ~(Mask{1} << i);
      if (!best[rest].valid || !LeadingAllows(size_t(size - 1), i)) continue;
      Candidate c = Append(best[rest], rest, i);
      if (Better(c, best[s])) best[s] = std::move(c);
    }
  }
  return std::move(best[full]);
}

Candidate JoinSearch::SearchGreedy() {
  const size_t n = rels_.size();
  // Start: the LEADING relation, else the relation with the fewest rows.
  size_t first = 0;
  if (!jh_.leading.empty()) {
    first = jh_.leading[0];
  } else {
    for (size_t i = 1; i < n; ++i)
      if (rels_[i].rows < rels_[first].rows) first = i;
  }
  Candidate cur = Single(first);
  Mask done = Mask{1} << first;
  for (size_t pos = 1; pos < n; ++pos) {
    Candidate next;
    Mask next_mask = 0;
    for (size_t i = 0; i < n; ++i) {
      if (Has(done, i) || !LeadingAllows(pos, i)) continue;
      Candidate c = Append(cur, done, i);
      // Prefer joins that shrink the result: compare the cost of the step plus the rows.
      if (Better(c, next)) {
        next = std::move(c);
        next_mask = done | (Mask{1} << i);
      }
    }
    cur = std::move(next);
    done = next_mask;
  }
  return cur;
}

// ---- hint report and outline

std::vector<std::string> JoinSearch::Aliases() const {
  std::vector<std::string> out;
  for (const auto& r : rels_) out.push_back(r.alias);
  return out;
}

void JoinSearch::RecordHintUse(const Candidate& best) {
  std::vector<const PhysicalOperator*> lines;
  for (const auto& r : rels_) lines.push_back(r.line);
  RecordJoinHints(jh_, best.steps, Aliases(), lines, query_block_, ctx_);
  for (const ast::Hint* h : join_estimates_)
    ReportJoinEstimate(ctx_.record, *h, query_block_, used_join_estimates_.count(h) > 0);
}

}  // namespace pathdb::planner::join_detail

namespace pathdb::planner {
bool IsReorderableJoin(const LogicalNode& n) {
  return n.kind == LogicalNode::Kind::kJoin &&
         (n.join_type == LogicalJoinType::kInner || n.join_type == LogicalJoinType::kCross);
}

std::unique_ptr<PhysicalOperator> PlanJoinTree(LogicalNode& root, PlanContext& ctx,
                                               const PlanLeafFn& plan_leaf) {
  return join_detail::JoinSearch(root, ctx, plan_leaf).Run();
}

}  // namespace pathdb::planner
