// Physical side of unnested subqueries: a LogicalJoinType::kSemi / kAnti / kAntiNullAware
// join (planner/unnest.h) -> HASH JOIN RIGHT SEMI / RIGHT ANTI [NA] building on the subquery
// and probing with the outer rows, HASH JOIN SEMI / ANTI [NA] building on the outer rows when
// they are fewer, or NESTED LOOPS SEMI / ANTI [NA] when no equality joins them.
#pragma once
#include <memory>
#include <vector>

#include "executor/operator.h"
#include "planner/logical_plan.h"
#include "planner/planner.h"

namespace pathdb::planner {

//! True for the join types PlanSemiJoin handles.
bool IsSemiOrAntiJoin(const LogicalNode& n);

//! `join`: a kJoin of a semi/anti type; `kids`: its children planned ({outer, subquery}).
//! Consumes join.predicate. The operator outputs the outer columns only.
std::unique_ptr<PhysicalOperator> PlanSemiJoin(LogicalNode& join,
                                               std::vector<std::unique_ptr<PhysicalOperator>> kids,
                                               PlanContext& ctx);

}  // namespace pathdb::planner
