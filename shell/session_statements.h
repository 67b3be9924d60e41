// Runs one parsed statement for a Session: the dispatch by statement kind (queries, DML, DDL,
// transaction control, ALTER SESSION/SYSTEM, PL/SQL calls). Internal to the Session.
#pragma once
#include <map>
#include <string>
#include <string_view>

#include "executor/operator.h"
#include "parser/ast.h"
#include "shell/session.h"

namespace pathdb {

struct StatementRunner {
  Session& session;
  ExecContext& ctx;
  std::map<std::string, size_t>& savepoints;
  std::string_view sql;  //!< the statement text as given (for view definitions)

  StatementOutcome Run(const ast::Statement& stmt, ResultSink& sink);

 private:
  StatementOutcome Query(const ast::Statement& stmt, ResultSink& sink);
  StatementOutcome Dml(const ast::Statement& stmt);
  StatementOutcome CreateTable(const ast::Statement& stmt);
  StatementOutcome CreateView(const ast::Statement& stmt);
  StatementOutcome Transaction(const ast::Statement& stmt);
  StatementOutcome Plsql(const ast::Statement& stmt);
  //! DDL commits the open transaction first, as Oracle does.
  void ImplicitCommit();
};

}  // namespace pathdb
