// EXIT and WHENEVER {SQLERROR | OSERROR}: what the shell does after a failed SQL statement or
// an operating-system error (an @file it cannot open, a SPOOL file it cannot create), and the
// status the process exits with. Parsing and status arithmetic only; Sqlplus acts on them.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "executor/expression.h"
#include "shell/settings.h"

namespace pathdb::shell {

//! What happens to the open transaction when the shell exits or continues after an error.
enum class TxnAction { kDefault, kNone, kCommit, kRollback };

//! EXIT [SUCCESS | FAILURE | WARNING | n | variable | :BindVariable] [COMMIT | ROLLBACK]
struct ExitClause {
  enum class Status { kDefault, kSuccess, kFailure, kWarning, kNumber, kSqlcode, kVariable, kBind };
  Status status = Status::kDefault;
  int number = 0;        //!< kNumber, already reduced modulo 256 as a Unix exit status is
  std::string variable;  //!< kVariable (a DEFINE variable) / kBind: the name, upper case
  TxnAction txn = TxnAction::kDefault;  //!< kDefault, kCommit or kRollback
};

//! WHENEVER SQLERROR|OSERROR {EXIT clause | CONTINUE [COMMIT | ROLLBACK | NONE]}
struct ErrorHandler {
  bool exit = false;
  ExitClause clause;                         //!< when `exit`
  TxnAction on_continue = TxnAction::kNone;  //!< when not `exit`
};

//! `words[first..]` as an EXIT clause (keywords in any case); nullopt when they do not fit.
std::optional<ExitClause> ParseExitClause(const std::vector<std::string>& words, size_t first);
//! `words[first..]` after WHENEVER SQLERROR / OSERROR; nullopt when they do not fit.
std::optional<ErrorHandler> ParseErrorHandler(const std::vector<std::string>& words, size_t first);

struct ExitStatus {
  int code = 0;       //!< 0..255
  std::string error;  //!< an SP2- message when the clause could not be honoured (code is then 1)
};
//! The status `clause` asks for. kDefault gives `default_code`; SQL.SQLCODE the last SQL
//! error code modulo 256 (0 when none); a variable its DEFINE value, which must be an integer
//! (SP2-0584 otherwise); a bind variable its value (SP2-0552 when not declared, 0 when NULL).
ExitStatus ResolveExitStatus(const ExitClause& clause, int default_code, int last_sqlcode,
                             const Defines& defines, const BindVariables& binds = {});

//! SQL*Plus's usage lines, printed for a clause that does not parse.
extern const char* const kExitUsage;
extern const char* const kWheneverUsage;

}  // namespace pathdb::shell
