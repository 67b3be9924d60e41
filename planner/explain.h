// From a finished plan to DBMS_XPLAN's description of it (planner/xplan_format.h renders
// the text). Used by EXPLAIN PLAN, DBMS_XPLAN.DISPLAY_CURSOR and AUTOTRACE alike; it never
// plans: every number and string comes from the operators and the PlanRecord.
#pragma once
#include <map>
#include <set>
#include <string>
#include <vector>

#include "executor/operator.h"
#include "planner/planner.h"
#include "planner/xplan_format.h"

namespace pathdb::planner {

//! The statement line's operation: "SELECT STATEMENT", "INSERT STATEMENT", "UPDATE
//! STATEMENT", "DELETE STATEMENT", "CREATE TABLE STATEMENT".
//! REQUIRES: NumberPlanLines(*plan.root) has run (the session numbers every plan it keeps).
//! `runtime` (indexed by line id, may be null) fills the ALLSTATS columns. `adaptive` (by
//! adaptive id, may be null: before any run) holds what the adaptive joins of the run decided;
//! without it each adaptive join shows its default plan. Lines of the alternatives not taken
//! are marked inactive (shown with +ADAPTIVE only).
xplan::PlanDocument DescribePlan(const PhysicalPlan& plan, const std::string& statement_operation,
                                 const std::vector<OperatorRuntimeStats>* runtime,
                                 const std::map<uint32_t, AdaptiveDecision>* adaptive = nullptr);

//! The plan lines an adaptive plan did not run (or would not run by default when `adaptive`
//! is null), the STATISTICS COLLECTOR lines included, as Oracle shows them. Empty for a plan
//! without adaptive joins.
std::set<const PhysicalOperator*> InactiveLines(
    const PhysicalOperator& root, const std::map<uint32_t, AdaptiveDecision>* adaptive);

//! Whether the plan holds an adaptive join.
bool IsAdaptivePlan(const PhysicalOperator& root);

//! Oracle-style plan hash value: a hash of the plan's shape (operations, options, object
//! names, line order), independent of costs and predicates' constants... equal plans, equal
//! values; any change of operation or object changes it. With `inactive` (InactiveLines)
//! only the active lines count: the final plan's hash; without, the full plan's
//! (V$SQL_PLAN.FULL_PLAN_HASH_VALUE).
uint32_t PlanHashValue(const PhysicalOperator& root,
                       const std::set<const PhysicalOperator*>* inactive = nullptr);

}  // namespace pathdb::planner
