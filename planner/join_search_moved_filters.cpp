// Correlated subquery filters moved above joins (planner/join_search.h): a subquery
// conjunct of one relation runs once per row that reaches it, so where the joins below thin
// the rows it is cheaper higher up (the decision: planner/subquery_filter.cpp).
#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <optional>

#include "executor/adaptive_join.h"
#include "executor/filter.h"
#include "planner/access_path.h"
#include "planner/bound_util.h"
#include "planner/join_search.h"
#include "planner/subquery_filter.h"

namespace pathdb::planner::join_detail {

// Takes the subquery conjuncts that run on fewer rows higher up out of their scans.
std::vector<JoinSearch::MovedFilter> JoinSearch::MoveSubqueryFilters(const Candidate& best) {
  std::vector<MovedFilter> out;
  std::vector<double> rows_after;
  std::vector<Mask> masks;
  std::vector<size_t> first(rels_.size(), 0);
  Mask m = 0;
  for (size_t k = 0; k < best.steps.size(); ++k) {
    m |= Mask{1} << best.steps[k].rel;
    first[best.steps[k].rel] = k;
    masks.push_back(m);
    rows_after.push_back(SubsetRows(m));
  }
  for (size_t i = 0; i < rels_.size() && rows_after.size() > 1; ++i) {
    Relation& r = rels_[i];
    LogicalNode& n = *r.node;
    if (!r.scan || !n.predicate || !HasCorrelatedSubquery(*n.predicate)) continue;
    std::vector<BoundExprPtr> conj, keep;
    SplitConjuncts(std::move(n.predicate), conj);
    std::vector<std::pair<size_t, BoundExprPtr>> taken;
    for (auto& c : conj) {
      std::optional<size_t> step;
      if (HasCorrelatedSubquery(*c)) {
        // Probed by index nested loops, the scan's filter sees the joined rows.
        const Step& own = best.steps[first[i]];
        const bool probed = own.adaptive || own.method == Method::kIndexNestedLoops;
        step = SubqueryFilterStep(probed ? rows_after[first[i]] : r.rows, rows_after, first[i],
                                  PushSubqueryHint(*c, ctx_));
      }
      if (step) {
        taken.emplace_back(*step, std::move(c));
      } else {
        keep.push_back(std::move(c));
      }
    }
    n.predicate = MakeAnd(std::move(keep));
    if (taken.empty()) continue;
    // The relation's estimate counted the moved conditions: their share is what the rows
    // below their new place do not lose yet.
    const AccessEstimate without =
        EstimateTableAccess(*n.table, n.column_ids, n.predicate.get(), n.alias, n.hints, ctx_);
    const double sel = std::clamp(r.rows / std::max(without.rows, 1.0), 1e-9, 1.0);
    for (auto& [step, c] : taken) {
      RemapColumns(*c, [&](size_t local) { return local + r.begin; });
      out.push_back(MovedFilter{Mask{1} << i, step, std::move(c), sel});
    }
    // The share applies once per relation, however many of its conditions moved.
    for (size_t j = 1; j < taken.size(); ++j) out[out.size() - j].sel = 1;
  }
  // Join conditions with a correlated subquery (its outer reference on another table: Q2's
  // ps_supplycost = (select ... where ps_partkey = p_partkey)) wait for their first join.
  for (auto& c : conjuncts_) {
    if (!c.expr || !HasCorrelatedSubquery(*c.expr)) continue;
    size_t at = 0;
    while (at < masks.size() && (c.leaves & ~masks[at]) != 0) ++at;
    if (at >= rows_after.size()) continue;
    const auto step = SubqueryFilterStep(rows_after[at], rows_after, std::max<size_t>(at, 1),
                                         PushSubqueryHint(*c.expr, ctx_));
    if (!step || *step <= at) continue;
    // SubsetRows counts a conjunct of two or more relations only.
    const double sel = std::popcount(c.leaves) >= 2 ? std::clamp(c.sel, 1e-9, 1.0) : 1.0;
    out.push_back(MovedFilter{c.leaves, *step, std::move(c.expr), sel});
  }
  for (const auto& f : out) {
    const std::string qb = SubqueryBlock(*f.cond);
    const std::string hint = fmt::format("NO_PUSH_SUBQ(@\"{}\")", qb);
    auto& outline = ctx_.record.outline;
    if (!qb.empty() && std::find(outline.begin(), outline.end(), hint) == outline.end())
      outline.push_back(hint);
  }
  return out;
}

// After join step k: the estimate of the plan so far without the moved filters not yet
// applied (a join's estimate counts them; the first leaf's does not), then a FILTER with
// those due here.
OpPtr JoinSearch::PlaceMovedFilters(OpPtr op, const Built& cur, size_t k,
                                    std::vector<MovedFilter>& moved) {
  double pending = 1, after = 1;
  std::vector<BoundExprPtr> due;
  std::vector<std::string> text;
  for (auto& f : moved) {
    if (!f.cond || (f.leaves & ~cur.mask) != 0) continue;
    pending *= f.sel;
    if (f.step != k) {
      after *= f.sel;
      continue;
    }
    text.push_back(Text(*f.cond));
    ToLayout(*f.cond, cur.layout, 0, nullptr, 0);
    due.push_back(std::move(f.cond));
  }
  // The first leaf's estimate never counted them: nothing to take out there.
  const double counted = k == 0 ? 1.0 : pending;
  if (due.empty() && counted >= 1) return op;
  const double rows = op->estimated_rows / counted, bytes = op->estimated_bytes / counted;
  // An adaptive join shows its nested loops alternative's line: that one too.
  for (PhysicalOperator* o = op.get(); o != nullptr && counted < 1;) {
    o->estimated_rows = std::max(1.0, o->estimated_rows / counted);
    o->estimated_bytes /= counted;
    o = o->type() == OperatorType::kAdaptiveJoin ? o->mutable_child(0).get() : nullptr;
  }
  if (due.empty()) return op;
  auto filter = std::make_unique<Filter>(MakeAnd(std::move(due)));
  filter->filter_predicates = std::move(text);
  filter->estimated_rows = std::max(1.0, rows * pending / after);
  filter->estimated_bytes = bytes * pending / after;
  filter->cost = op->cost;
  filter->cpu_cost = op->cpu_cost;
  filter->column_labels = op->column_labels;
  filter->query_block = query_block_;
  filter->AddChild(std::move(op));
  return filter;
}

}  // namespace pathdb::planner::join_detail
