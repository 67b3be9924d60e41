// Physical side of materialised WITH queries (planner/temp_table.cpp).
#pragma once
#include <memory>

#include "executor/operator.h"
#include "planner/logical_plan.h"
#include "planner/planner.h"

namespace pathdb::planner {

//! kTempTable -> TABLE ACCESS FULL of the temporary result, estimated as the query it holds
//! (planned here at its first reference, so joins over it are planned with its estimate).
std::unique_ptr<PhysicalOperator> PlanTempTableScan(const LogicalNode& n, PlanContext& ctx);

//! Table references naming WITH query q.with[i] in the queries that may reference it (the
//! WITH queries after it and q's body, with their subqueries; not below a nested WITH query
//! of the same name, which hides it).
size_t CountCteReferences(const ast::Query& q, size_t i);

//! When the statement materialised WITH queries, TEMP TABLE TRANSFORMATION over one LOAD AS
//! SELECT per query and `root`; otherwise `root` unchanged.
std::unique_ptr<PhysicalOperator> WrapTempTables(std::unique_ptr<PhysicalOperator> root,
                                                 PlanContext& ctx);

}  // namespace pathdb::planner
