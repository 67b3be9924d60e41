// The SQL*Plus-style shell loop: reads lines, tells SQL from SQL*Plus commands, collects
// multi-line statements (';' at line end, '/' alone, PL/SQL blocks end only at '/'), applies
// &substitution, runs statements through a ShellEngine and prints results, feedback, timing
// and errors as SQL*Plus does. Commands (SET, COLUMN, DEFINE, SHOW, DESC, @, WHENEVER, ...)
// live in commands.cpp.
#pragma once
#include <functional>
#include <istream>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "shell/cli_options.h"
#include "shell/settings.h"
#include "shell/shell_engine.h"

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

  //! Exit status: the EXIT/WHENEVER code when one was asked, else 0 or 1 by failures.
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
  std::string SubstituteSql(const std::string& text, LineSource& source);
  void ReportError(const std::exception& e, const std::string& sql, bool mid_result);
  void ReportSp2(const std::string& text);
  void SqlFailed(int code);
  std::ostream& msg() { return format_ == OutputFormat::kCsv ? err_ : out_; }

  ShellEngine& engine_;
  std::ostream& out_;
  std::ostream& err_;
  OutputFormat format_;
  bool prompts_;
  Settings settings_;
  std::string last_sql_;
  bool exit_requested_ = false;
  bool any_failure_ = false;
  std::optional<int> exit_code_;
  int depth_ = 0;  //!< @script nesting
  bool finished_ = false;
  struct {
    bool exit = false;
    bool sqlcode = false;
    int code = 1;
    bool rollback = false;
  } whenever_;
  std::function<void(bool)> running_hook_;
  std::vector<std::string> loadformat_;  //!< SET LOADFORMAT words, ';' between commands
};

//! SQL*Plus's first-word classification, exposed for tests.
bool IsShellCommandWord(const std::string& word);
//! True when the buffer ends with ';' outside strings and comments.
bool EndsWithTerminator(const std::string& buffer);
//! BEGIN/DECLARE blocks and CREATE PROCEDURE/FUNCTION/PACKAGE/TRIGGER/TYPE end only at '/'.
bool IsPlsqlStart(const std::string& text);

}  // namespace pathdb::shell
