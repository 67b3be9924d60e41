// The SQL*Plus-style shell loop: reads lines, tells SQL from SQL*Plus commands, collects
// multi-line statements (';' at line end, '/' alone, PL/SQL blocks end only at '/'), applies
// &substitution, runs statements through a ShellEngine and prints results, feedback, timing
// and errors as SQL*Plus does. Commands (SET, COLUMN, DEFINE, SHOW, DESC, @, WHENEVER, ...)
// live in commands.cpp, set_command.cpp and spool.cpp.
#pragma once
#include <fstream>
#include <functional>
#include <istream>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "shell/cli_options.h"
#include "shell/exit_clause.h"
#include "shell/settings.h"
#include "shell/shell_engine.h"
#include "shell/spool.h"

namespace pathdb::shell {

class LineSource {
 public:
  virtual ~LineSource() = default;
  //! Next line without its '\n'; nullopt at end of input. `prompt` is shown only by
  //! interactive sources.
  virtual std::optional<std::string> ReadLine(const std::string& prompt) = 0;
  virtual bool interactive() const { return false; }
};

class StreamLineSource : public LineSource {
 public:
  explicit StreamLineSource(std::istream& in) : in_(in) {}
  std::optional<std::string> ReadLine(const std::string& prompt) override;

 private:
  std::istream& in_;
};

class Sqlplus {
 public:
  //! `prompts`: print the SQL> prompts of a non-interactive session (not in --batch).
  Sqlplus(ShellEngine& engine, std::ostream& out, std::ostream& err, OutputFormat format,
          bool prompts);

  //! Runs lines until end of input or EXIT. Returns false when the session must end.
  bool Run(LineSource& source, const std::string& script_dir = ".");
  //! Runs a string of lines (-c "SQL;").
  bool RunText(const std::string& text);
  //! START file [args]: `file` (".sql" added when it has no extension and does not exist),
  //! args as &1, &2, ... A file that cannot be opened is an OS error (SP2-0310, then
  //! WHENEVER OSERROR decides).
  void RunScript(std::string file, const std::vector<std::string>& args);

  //! Exit status: the EXIT/WHENEVER code when one was asked, else 1 when any statement or
  //! command failed, else 0.
  int exit_code() const;
  bool exit_requested() const { return exit_requested_; }
  bool any_failure() const { return any_failure_; }
  Settings& settings() { return settings_; }
  //! Called with true right before a statement runs and false after (Ctrl-C handling).
  void set_running_hook(std::function<void(bool)> hook) { running_hook_ = std::move(hook); }
  //! Commits, as SQL*Plus does at EXIT and at the end of input.
  void Finish();

 private:
  bool IsSqlStart(const std::string& first_word, const std::string& line) const;
  //! Runs one SQL statement (text after substitution, no terminator).
  void RunSql(const std::string& sql);
  //! Runs one SQL*Plus command line (already substituted).
  void RunCommand(const std::string& line, LineSource& source, const std::string& script_dir);
  //! SET opt value [opt value ...] (set_command.cpp); `w` holds the words, SET first.
  void RunSet(const std::vector<std::string>& w);
  //! Applies the option at w[i] and its values, moving i past them; false after an SP2- error.
  bool SetOption(const std::vector<std::string>& w, size_t& i);
  std::string SubstituteSql(const std::string& text, LineSource& source);
  void ReportError(const std::exception& e, const std::string& sql, bool mid_result);
  void ReportSp2(const std::string& text);
  //! A failed SQL statement or PL/SQL block: WHENEVER SQLERROR decides what follows.
  void SqlFailed(int code);
  //! An operating-system error: prints `message`, then WHENEVER OSERROR decides.
  void OsFailed(const std::string& message);
  void HandleError(const ErrorHandler& handler);
  //! EXIT and WHENEVER ... EXIT: rolls back when asked, else commits (as SQL*Plus does with
  //! EXITCOMMIT ON), sets the status and stops every script level. `default_code` is the
  //! status of a clause that names none (nullopt: decided by failures at the end).
  void ExitWith(const ExitClause& clause, std::optional<int> default_code);
  void EndTransaction(TxnAction action);
  void RunSpool(const std::vector<std::string>& w);
  //! VARIABLE [name [type [= value]]] and PRINT [name ...] (shell/bind_commands.cpp).
  void RunVariable(const std::string& line, const std::vector<std::string>& w);
  void RunPrint(const std::vector<std::string>& w);
  void StopSpool();
  std::ostream& msg() { return format_ == OutputFormat::kCsv ? err_ : out_; }

  ShellEngine& engine_;
  std::unique_ptr<std::ofstream> spool_;  //!< SPOOL file; before the TeeBufs that point into it
  std::string spool_name_;
  TeeBuf out_buf_;  //!< the caller's streams, copied into spool_ while SPOOL is on
  TeeBuf err_buf_;
  std::ostream out_;
  std::ostream err_;
  OutputFormat format_;
  bool prompts_;
  Settings settings_;
  std::string last_sql_;
  bool exit_requested_ = false;
  bool any_failure_ = false;
  std::optional<int> exit_code_;
  int depth_ = 0;  //!< @script nesting
  bool finished_ = false;
  ErrorHandler on_sqlerror_;  //!< WHENEVER SQLERROR
  ErrorHandler on_oserror_;   //!< WHENEVER OSERROR
  int last_sqlcode_ = 0;      //!< SQL.SQLCODE: the code of the last failed statement
  std::function<void(bool)> running_hook_;
  std::vector<std::string> loadformat_;  //!< SET LOADFORMAT words, ';' between commands
};

//! SQL*Plus's first-word classification, exposed for tests.
bool IsShellCommandWord(const std::string& word);
//! SQL*Plus's terminator rule: a SQL statement ends at a line whose last non-blank character is
//! ';', even inside an unclosed quote or a comment (the statement then fails as SQL*Plus's
//! does, e.g. ORA-01756). Looks at this one line only.
bool LineEndsStatement(std::string_view line);
//! BEGIN/DECLARE blocks and CREATE PROCEDURE/FUNCTION/PACKAGE/TRIGGER/TYPE end only at '/'.
bool IsPlsqlStart(const std::string& text);

}  // namespace pathdb::shell
