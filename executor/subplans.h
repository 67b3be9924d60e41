// The subquery plans inside bound expressions, for PhysicalOperator::SubPlans(): EXPLAIN shows
// them as further children of the line whose expressions run them (FILTER with its correlated
// subplan as the second child, as Oracle does).
#pragma once
#include <algorithm>
#include <vector>

#include "executor/operator.h"

namespace pathdb {

//! Appends the SubqueryInfo::plan of every kSubquery in `e` to `out`, in expression order
//! (left to right; a subquery's left operands before the subquery itself), each plan once.
inline void CollectSubPlans(const BoundExpr& e, std::vector<const PhysicalOperator*>& out) {
  for (const auto& c : e.children) CollectSubPlans(*c, out);
  if (e.kind == BoundKind::kSubquery && e.subquery) {
    for (const auto& c : e.subquery->correlated) CollectSubPlans(*c, out);
    // A copied expression (a simple CASE's operand) shares its plan: list it once, or plan-line
    // numbering would visit it twice.
    const PhysicalOperator* plan = e.subquery->plan.get();
    if (plan != nullptr && std::find(out.begin(), out.end(), plan) == out.end())
      out.push_back(plan);
  }
}

}  // namespace pathdb
