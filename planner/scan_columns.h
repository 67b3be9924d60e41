// Scan column pruning, a rewrite pass over a finished physical plan: a TABLE ACCESS FULL
// outputs every column its query block needs, including columns only its own filter reads
// (WHERE warehouse_id BETWEEN ... under SUM(order_total); T1.HIST_IND = '9999' below a join
// on T1.ID). Once the scan evaluates that filter itself, nobody above reads those columns:
// the pass follows, from the root down, which columns each operator's parent reads --
// through projections, aggregates, filters, statistics collectors, and inner and outer
// hash, nested-loops and adaptive joins (their keys, conditions and nested-loops parameters
// read too) -- and tells each scan which of its columns nobody reads; it neither decodes nor
// copies them. Any other operator is taken to read every column of its inputs.
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
