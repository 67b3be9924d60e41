// Placement of subquery filters in a join (issue 15, deliverable 3): a condition that runs a
// correlated subquery for every row it sees (TPC-H Q2's ps_supplycost = (select min(...) ...
// where ps_partkey = p_partkey)) and that cannot be unnested costs one subquery execution per
// row reaching it. By default the table's scan evaluates it (a FILTER above the scan); when
// the joins that follow shrink the rows, the join planner moves it above the join after which
// the fewest rows remain, as Oracle's optimizer does for non-pushed subqueries. Oracle's hints
// decide instead: PUSH_SUBQ in the subquery keeps it at the scan, NO_PUSH_SUBQ moves it above
// the last join of its query block.
//
// Thread use: planning thread only.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "executor/expression.h"
#include "planner/logical_plan.h"
#include "planner/planner.h"

namespace pathdb::planner {

//! True when `e` runs a correlated subquery (a subquery with outer references).
bool HasCorrelatedSubquery(const BoundExpr& e);

//! The query block of the first subquery `e` runs ("SEL$2"); "" when unknown.
std::string SubqueryBlock(const BoundExpr& e);

//! Notes in ctx whether the query block `body` of subquery plan `plan` says PUSH_SUBQ or
//! NO_PUSH_SUBQ (for PushSubqueryHint).
void RecordPushSubqueryHint(const LogicalNode& body, const PhysicalOperator* plan,
                            PlanContext& ctx);

//! PUSH_SUBQ (true) or NO_PUSH_SUBQ (false) in a subquery `e` runs; nullopt: neither.
std::optional<bool> PushSubqueryHint(const BoundExpr& e, const PlanContext& ctx);

//! The join step after which a subquery filter runs, or nullopt to leave it where it is.
//! `rows_here`: the rows it sees where it is (a scan's rows; the joined rows when the table is
//! probed by index nested loops or the filter is a join's); `rows_after[k]`: the estimated rows
//! after join step k (with or without the filter, alike for every k); `first_step`: the first
//! step it could follow. Moves only when some step leaves at most half of `rows_here`.
std::optional<size_t> SubqueryFilterStep(double rows_here, const std::vector<double>& rows_after,
                                         size_t first_step, std::optional<bool> push_hint);

}  // namespace pathdb::planner
