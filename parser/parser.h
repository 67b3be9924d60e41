// The parser's public face: statement splitting and SQL text -> ast::Statement.
// Syntax errors raise OraError (ORA-00900 series) with line/column set.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "parser/ast.h"

namespace pathdb {

//! One statement cut out of a script, with where it started in the script.
struct ScriptStatement {
  std::string text;   //!< without the terminating ';' or '/' line
  size_t first_line;  //!< 1-based line in the script
};

//! Splits a script into statements using a tokenizer (strings, quoted identifiers, comments
//! and BEGIN...END blocks are respected): ';' ends a SQL statement, a '/' alone on a line
//! ends a PL/SQL block.
std::vector<ScriptStatement> SplitStatements(std::string_view script);

//! Parses one statement (SLL first, LL fallback). Throws OraError on a syntax error with
//! line/column of the offending token (lines 1-based, relative to `sql`).
ast::StatementPtr ParseStatement(std::string_view sql);

//! Parses one expression (used for DEFAULT values and tests).
ast::ExprPtr ParseExpression(std::string_view sql);

}  // namespace pathdb
