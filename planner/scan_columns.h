// Scan column pruning, a rewrite pass over a finished physical plan: a TABLE ACCESS FULL
// directly below an aggregate or a projection outputs every column its query block needs,
// including columns only its own filter reads (WHERE warehouse_id BETWEEN ... under
// SUM(order_total)). Once the scan evaluates that filter itself, nobody above reads those
// columns: the pass tells the scan so, and it neither decodes nor copies them.
//
// Thread use: runs on the planning thread, on a plan the planner still owns.
#pragma once
#include <memory>

#include "executor/operator.h"
#include "planner/planner.h"

namespace pathdb::planner {

//! REQUIRES: the plan (and the subquery plans registered in ctx) is complete and not yet
//! handed to the executor.
void PruneScanColumns(std::unique_ptr<PhysicalOperator>& root, PlanContext& ctx);

}  // namespace pathdb::planner
