// Physical side of materialised WITH queries (planner/temp_table.cpp).
#pragma once
#include <memory>

#include "executor/operator.h"
#include "planner/logical_plan.h"
#include "planner/planner.h"

namespace pathdb::planner {

//! kTempTable -> TABLE ACCESS FULL of the temporary result.
std::unique_ptr<PhysicalOperator> PlanTempTableScan(const LogicalNode& n);

//! When the statement materialised WITH queries, TEMP TABLE TRANSFORMATION over one LOAD AS
//! SELECT per query and `root`; otherwise `root` unchanged.
std::unique_ptr<PhysicalOperator> WrapTempTables(std::unique_ptr<PhysicalOperator> root,
                                                 PlanContext& ctx);

}  // namespace pathdb::planner
