// From a finished plan to DBMS_XPLAN's description of it (planner/xplan_format.h renders
// the text). Used by EXPLAIN PLAN, DBMS_XPLAN.DISPLAY_CURSOR and AUTOTRACE alike; it never
// plans: every number and string comes from the operators and the PlanRecord.
#pragma once
#include <string>
#include <vector>

#include "executor/operator.h"
#include "planner/planner.h"
#include "planner/xplan_format.h"

namespace pathdb::planner {

//! The statement line's operation: "SELECT STATEMENT", "INSERT STATEMENT", "UPDATE
//! STATEMENT", "DELETE STATEMENT", "CREATE TABLE STATEMENT".
//! REQUIRES: NumberPlanLines(*plan.root) has run (the session numbers every plan it keeps).
//! `runtime` (indexed by line id, may be null) fills the ALLSTATS columns.
xplan::PlanDocument DescribePlan(const PhysicalPlan& plan, const std::string& statement_operation,
                                 const std::vector<OperatorRuntimeStats>* runtime);

//! Oracle-style plan hash value: a hash of the plan's shape (operations, options, object
//! names, line order), independent of costs and predicates' constants... equal plans, equal
//! values; any change of operation or object changes it.
uint32_t PlanHashValue(const PhysicalOperator& root);

}  // namespace pathdb::planner
