// EXPLAIN PLAN's plan table and the DBMS_XPLAN table functions over it and over the cursor
// cache (DISPLAY, DISPLAY_CURSOR), plus the cursor cache's rows for V$SQL and V$SQL_PLAN*.
// Everything here renders through planner::DescribePlan + xplan::Render, the one renderer
// AUTOTRACE uses too.
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "parser/ast.h"
#include "planner/planner.h"
#include "planner/views/system_views.h"
#include "planner/xplan_format.h"
#include "shell/engine/cursor_cache.h"

namespace pathdb {

//! Line 0 of a statement's plan: "SELECT STATEMENT", "INSERT STATEMENT" ...
std::string StatementOperation(ast::StmtKind kind);

//! One EXPLAIN PLAN result: the plan as built, never run.
struct ExplainedPlan {
  std::string table;         //!< INTO table (upper-case), PLAN_TABLE by default
  std::string statement_id;  //!< SET STATEMENT_ID = '...', or empty
  std::string statement_operation;
  planner::PhysicalPlan plan;  //!< numbered
  //! CREATE TABLE AS SELECT: the table the plan would load (it is not created by EXPLAIN).
  std::shared_ptr<const storage::TableInfo> ctas_table;
};

//! The session's PLAN_TABLE: the statements explained most recently (bounded).
class PlanTable {
 public:
  void Store(ExplainedPlan plan);
  //! The latest plan in `table` with `statement_id` (any statement_id when nullopt).
  const ExplainedPlan* Find(const std::string& table,
                            const std::optional<std::string>& statement_id) const;

 private:
  std::vector<ExplainedPlan> plans_;  //!< oldest first
};

//! The DISPLAY_CURSOR document of one child cursor (no rendering).
planner::xplan::PlanDocument CursorDocument(const ParentCursor& parent, const ChildCursor& child,
                                            bool last);

//! DBMS_XPLAN.DISPLAY(table_name, statement_id, format, filter_preds): PLAN_TABLE_OUTPUT rows.
std::vector<std::string> DbmsXplanDisplay(const PlanTable& table,
                                          const std::vector<planner::TableFunctionArg>& args);
//! DBMS_XPLAN.DISPLAY_CURSOR(sql_id, cursor_child_no, format); a NULL sql_id means
//! `previous_sql_id` (the session's statement before the one running the function) and then
//! the child it ran, `previous_child`, unless a child is given.
std::vector<std::string> DbmsXplanDisplayCursor(const CursorCache& cache,
                                                const std::string& previous_sql_id,
                                                int previous_child,
                                                const std::vector<planner::TableFunctionArg>& args);
//! Throws ORA-06553 (PLS-00306) when `args` do not fit the function's parameters; false when
//! `name` is not a DBMS_XPLAN table function we have.
bool CheckXplanCall(const std::string& name, const std::vector<planner::TableFunctionArg>& args);

//! V$SQL rows and V$SQL_PLAN(_STATISTICS_ALL) rows of the cache.
std::vector<planner::SqlSource> CursorSqlRows(const CursorCache& cache);
//! V$SQL_JOIN_FILTER: the join filters of each cached cursor's last execution.
std::vector<planner::JoinFilterSource> CursorJoinFilters(const CursorCache& cache);
std::vector<planner::PlanLineSource> CursorPlanLines(const CursorCache& cache);

//! V$SQL_PLAN's OPERATION / OPTIONS split of a plan operation ("TABLE ACCESS FULL" ->
//! "TABLE ACCESS", "FULL"; "HASH JOIN RIGHT OUTER" -> "HASH JOIN", "RIGHT OUTER").
std::pair<std::string, std::string> SplitOperation(const std::string& operation);

}  // namespace pathdb
