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

//! Builds the grammar's ATN and DFA tables (~9M instructions) ahead of the first parse, which
//! otherwise builds them itself (grammar/lazy_tables.cmake). Threads: any, at any time; a
//! parse that starts meanwhile waits for it.
void PrepareParser();

//! Parses one statement (SLL first, LL fallback). Throws OraError on a syntax error with
//! line/column of the offending token (lines 1-based, relative to `sql`).
ast::StatementPtr ParseStatement(std::string_view sql);

//! A SQL*Plus command (SET, COLUMN, DEFINE, UNDEFINE, DESCRIBE, SHOW, START/@, WHENEVER,
//! EXIT/QUIT, EXECUTE, LOAD, PROMPT, CLEAR, ...), parsed by the grammar's shell-command rule.
struct ShellCommand {
  std::string verb;                //!< canonical upper-case: "SET", "DESCRIBE", "START", ...
  std::vector<std::string> words;  //!< the remaining words, quotes removed, case kept
  std::string rest;                //!< the text after the verb, as written (trimmed)
};

//! True when the first word of `line` starts a SQL*Plus command rather than SQL
//! (SET, COL[UMN], DEF[INE], DESC[RIBE], SHOW, @, START, WHENEVER, EXIT, QUIT, EXEC[UTE], LOAD,
//! PROMPT, UNDEF[INE], CLEAR, SPOOL, HOST). Abbreviations as SQL*Plus accepts them.
bool IsShellCommand(std::string_view line);
//! Parses one SQL*Plus command line. Throws OraError (SP2-style text in the message) when bad.
ShellCommand ParseShellCommand(std::string_view line);

//! Parses one expression (used for DEFAULT values and tests).
ast::ExprPtr ParseExpression(std::string_view sql);

}  // namespace pathdb
