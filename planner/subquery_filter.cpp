// Where a join puts a correlated subquery filter: see planner/subquery_filter.h.
#include "planner/subquery_filter.h"

#include <algorithm>

#include "planner/unnest_internal.h"

namespace pathdb::planner {

namespace {

// Moving pays only when it saves at least half of the subquery's executions: the estimates
// behind the choice are guesses (the filter's own 5%, join selectivities).
constexpr double kMoveGain = 0.5;

}  // namespace

bool HasCorrelatedSubquery(const BoundExpr& e) {
  if (e.kind == BoundKind::kSubquery && e.subquery && !e.subquery->correlated.empty()) return true;
  for (const auto& c : e.children)
    if (HasCorrelatedSubquery(*c)) return true;
  return false;
}

std::string SubqueryBlock(const BoundExpr& e) {
  if (e.kind == BoundKind::kSubquery && e.subquery && e.subquery->plan) {
    // The block's top operators (SORT AGGREGATE ...) may not carry its name: its first line
    // that does.
    for (const PhysicalOperator* op = e.subquery->plan.get(); op != nullptr;
         op = op->children().empty() ? nullptr : op->children()[0].get())
      if (!op->query_block.empty()) return op->query_block;
    return "";
  }
  for (const auto& c : e.children)
    if (std::string qb = SubqueryBlock(*c); !qb.empty()) return qb;
  return "";
}

void RecordPushSubqueryHint(const LogicalNode& body, const PhysicalOperator* plan,
                            PlanContext& ctx) {
  if (unnest_detail::HasHint(body, "PUSH_SUBQ")) ctx.push_subquery[plan] = true;
  if (unnest_detail::HasHint(body, "NO_PUSH_SUBQ")) ctx.push_subquery[plan] = false;
}

std::optional<bool> PushSubqueryHint(const BoundExpr& e, const PlanContext& ctx) {
  if (e.kind == BoundKind::kSubquery && e.subquery && e.subquery->plan) {
    auto it = ctx.push_subquery.find(e.subquery->plan.get());
    if (it != ctx.push_subquery.end()) return it->second;
  }
  for (const auto& c : e.children)
    if (auto h = PushSubqueryHint(*c, ctx)) return h;
  return std::nullopt;
}

std::optional<size_t> SubqueryFilterStep(double rows_here, const std::vector<double>& rows_after,
                                         size_t first_step, std::optional<bool> push_hint) {
  if (first_step >= rows_after.size() || (push_hint && *push_hint)) return std::nullopt;
  if (push_hint) return rows_after.size() - 1;  // NO_PUSH_SUBQ: after the last join
  size_t best = first_step;
  for (size_t k = first_step; k < rows_after.size(); ++k)
    if (rows_after[k] < rows_after[best]) best = k;
  if (rows_after[best] > rows_here * kMoveGain) return std::nullopt;
  return best;
}

}  // namespace pathdb::planner
