// Runs one parsed statement for a Session: the dispatch by statement kind (queries, DML, DDL,
// transaction control, ALTER SESSION/SYSTEM, PL/SQL calls). Internal to the Session.
#pragma once
#include <map>
#include <string>
#include <string_view>

#include "executor/operator.h"
#include "parser/ast.h"
#include "planner/planner.h"
#include "shell/engine/session.h"

namespace pathdb {

class CursorCache;
struct ChildCursor;

//! Where the statement's cursor lives: its SQL_ID, text and the environment it plans in.
struct StatementCursor {
  CursorCache& cache;
  std::string sql_id;
  std::string text;
  std::string environment;
  uint64_t dictionary = 0;  //!< fingerprint of the dictionary the plan is built against
  //! Statistics feedback the plan is built with (from a reoptimizable sibling), or none.
  std::vector<planner::CardinalityCorrection> feedback;
};

struct StatementRunner {
  Session& session;
  ExecContext& ctx;
  std::map<std::string, size_t>& savepoints;
  std::string_view sql;  //!< the statement text as given (for view definitions)
  //! Queries and DML keep their plans here; null: plan and run without caching.
  StatementCursor* cursor = nullptr;

  //! Storage parameters set since the last statement take effect (Run does it itself).
  void BeginStatement();
  StatementOutcome Run(const ast::Statement& stmt, ResultSink& sink);
  //! Runs a cursor's plan (cached or just built), keeping its execution statistics.
  StatementOutcome RunCursor(ChildCursor& child, ResultSink& sink);
  //! After a monitored execution: the child's statistics feedback (corrections, and whether
  //! the next execution plans a new child with them).
  void NoteFeedback(ChildCursor& child, const std::vector<OperatorRuntimeStats>& lines);

 private:
  StatementOutcome Query(const ast::Statement& stmt, ResultSink& sink);
  StatementOutcome Dml(const ast::Statement& stmt);
  //! Keeps a freshly built plan of `stmt` in its child cursor (numbered, hashed).
  ChildCursor& Keep(planner::PhysicalPlan plan, const ast::Statement& stmt);
  StatementOutcome Explain(const ast::Statement& stmt);
  //! A query or DML statement: the plan, lines numbered. `explain_only`: the statement will
  //! not run, so functions with side effects in it (CREATE_EXTENDED_STATS) change nothing.
  planner::PhysicalPlan PlanStatement(const ast::Statement& stmt, bool explain_only = false);
  StatementOutcome CreateTable(const ast::Statement& stmt);
  StatementOutcome CreateView(const ast::Statement& stmt);
  StatementOutcome Transaction(const ast::Statement& stmt);
  StatementOutcome Plsql(const ast::Statement& stmt);
  //! `:name := value` in an anonymous block or EXEC (ORA-06502 when it does not fit the bind).
  void AssignBind(const ast::ProcCall& call, planner::PlanContext& pctx);
  //! DBMS_INMEMORY.POPULATE(schema_name, table_name) / REPOPULATE: returns when done.
  void CallDbmsInmemory(const ast::ProcCall& call, bool repopulate);
  //! DDL commits the open transaction first, as Oracle does.
  void ImplicitCommit();
};

}  // namespace pathdb
