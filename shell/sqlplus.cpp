#include "shell/sqlplus.h"

#include <fmt/format.h>

#include <cctype>
#include <chrono>
#include <sstream>

#include "common/error.h"
#include "shell/csv_output.h"
#include "shell/result_formatter.h"
#include "shell/substitution.h"

namespace pathdb::shell {
namespace {

std::string FirstWord(const std::string& line) {
  size_t i = 0;
  while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
  size_t j = i;
  if (j < line.size() && line[j] == '@') return "@";
  while (j < line.size() && (std::isalnum(static_cast<unsigned char>(line[j])) || line[j] == '_' ||
                             line[j] == '$' || line[j] == '#')) {
    ++j;
  }
  return ToUpper(line.substr(i, j - i));
}

std::vector<std::string> Words(const std::string& text, size_t max_words) {
  std::vector<std::string> words;
  std::istringstream in(text);
  std::string w;
  while (words.size() < max_words && in >> w) words.push_back(ToUpper(w));
  return words;
}

std::string Elapsed(std::chrono::steady_clock::duration d, int precision) {
  // truncated like SQL*Plus's centiseconds, to `precision` digits of the second
  int64_t unit = 1;
  for (int i = precision; i < 6; ++i) unit *= 10;
  const int64_t us = std::chrono::duration_cast<std::chrono::microseconds>(d).count();
  const int64_t s = us / 1000000;
  return fmt::format("Elapsed: {:02d}:{:02d}:{:02d}.{:0{}d}", s / 3600, s / 60 % 60, s % 60,
                     us % 1000000 / unit, precision);
}

std::string NthLine(const std::string& text, size_t n) {
  std::istringstream in(text);
  std::string line;
  for (size_t i = 1; std::getline(in, line); ++i) {
    if (i == n) return line;
  }
  return std::string();
}

}  // namespace

std::optional<std::string> StreamLineSource::ReadLine(const std::string&) {
  std::string line;
  if (!std::getline(in_, line)) return std::nullopt;
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return line;
}

bool IsShellCommandWord(const std::string& word) {
  struct Abbrev {
    const char* name;
    size_t min;
  };
  static constexpr Abbrev kCommands[] = {
      {"SET", 3},     {"COLUMN", 3}, {"DEFINE", 3},   {"UNDEFINE", 5}, {"DESCRIBE", 4},
      {"SHOW", 3},    {"START", 3},  {"WHENEVER", 8}, {"EXIT", 4},     {"QUIT", 4},
      {"EXECUTE", 4}, {"PROMPT", 3}, {"REMARK", 3},   {"CLEAR", 2},    {"SPOOL", 3},
      {"HOST", 2},    {"LOAD", 4},   {"@", 1},        {"CONNECT", 4},  {"TTITLE", 3},
      {"BTITLE", 3},  {"BREAK", 3},  {"COMPUTE", 4},  {"PAUSE", 3},    {"VARIABLE", 3},
      {"PRINT", 3},   {"ACCEPT", 3}, {"SHUTDOWN", 8}, {"STARTUP", 7},  {"TIMING", 4},
  };
  for (const auto& c : kCommands) {
    const std::string name = c.name;
    if (word.size() >= c.min && word.size() <= name.size() &&
        name.compare(0, word.size(), word) == 0) {
      return true;
    }
  }
  return false;
}

bool LineEndsStatement(std::string_view line) {
  // SQL*Plus has no SQL lexer: it looks only at the end of each line, so an unclosed quote or
  // a -- comment cannot hide the ';' and swallow the lines after it. Deciding per line keeps
  // reading linear however long the statement grows.
  const size_t e = line.find_last_not_of(" \t\r");
  return e != std::string_view::npos && line[e] == ';';
}

bool IsPlsqlStart(const std::string& text) {
  const auto w = Words(text, 6);
  if (w.empty()) return false;
  auto strip = [](std::string s) {
    while (!s.empty() && !std::isalnum(static_cast<unsigned char>(s.back()))) s.pop_back();
    return s;
  };
  const std::string first = strip(w[0]);
  if (first == "BEGIN" || first == "DECLARE") return true;
  if (first != "CREATE") return false;
  for (size_t i = 1; i < w.size(); ++i) {
    const std::string x = strip(w[i]);
    if (x == "OR" || x == "REPLACE" || x == "EDITIONABLE" || x == "NONEDITIONABLE") continue;
    return x == "PROCEDURE" || x == "FUNCTION" || x == "PACKAGE" || x == "TRIGGER" || x == "TYPE" ||
           x == "LIBRARY";
  }
  return false;
}

Sqlplus::Sqlplus(ShellEngine& engine, std::ostream& out, std::ostream& err, OutputFormat format,
                 bool prompts)
    : engine_(engine),
      out_buf_(out.rdbuf()),
      err_buf_(err.rdbuf()),
      out_(&out_buf_),
      err_(&err_buf_),
      format_(format),
      prompts_(prompts) {
  // As std::cerr is tied to std::cout: a message never overtakes results still buffered.
  err_.tie(&out_);
}

bool Sqlplus::IsSqlStart(const std::string& first, const std::string& line) const {
  static constexpr const char* kSqlWords[] = {
      "SELECT", "WITH",      "INSERT", "UPDATE",   "DELETE",    "MERGE",   "CREATE",  "ALTER",
      "DROP",   "TRUNCATE",  "COMMIT", "ROLLBACK", "SAVEPOINT", "EXPLAIN", "GRANT",   "REVOKE",
      "BEGIN",  "DECLARE",   "CALL",   "LOCK",     "COMMENT",   "ANALYZE", "RENAME",  "VALUES",
      "PURGE",  "FLASHBACK", "AUDIT",  "NOAUDIT",  "REPLACE",   "PRAGMA",  "REINDEX", "VACUUM"};
  for (const char* w : kSqlWords) {
    if (first == w) return true;
  }
  if (first == "SET") {
    const auto w = Words(line, 2);
    return w.size() > 1 && (w[1] == "TRANSACTION" || w[1] == "ROLE" || w[1] == "CONSTRAINT" ||
                            w[1] == "CONSTRAINTS");
  }
  const std::string t = Trim(line);
  return !t.empty() && t[0] == '(';
}

int Sqlplus::exit_code() const {
  if (exit_code_) return *exit_code_;
  return any_failure_ ? 1 : 0;
}

void Sqlplus::Finish() {
  if (finished_) return;
  finished_ = true;
  try {
    engine_.Commit();
  } catch (const std::exception& e) {
    err_ << e.what() << '\n';
    any_failure_ = true;
  }
}

bool Sqlplus::RunText(const std::string& text) {
  std::istringstream in(text);
  StreamLineSource src(in);
  return Run(src, ".");
}

std::string Sqlplus::SubstituteSql(const std::string& text, LineSource& source) {
  if (!settings_.define || text.find('&') == std::string::npos) return text;
  PromptFn prompt = [&](const std::string& name) -> std::optional<std::string> {
    const std::string p = fmt::format("Enter value for {}: ", name);
    if (!source.interactive() && prompts_) out_ << p;
    return source.ReadLine(p);
  };
  return Substitute(text, settings_.defines, prompt);
}

bool Sqlplus::Run(LineSource& source, const std::string& script_dir) {
  std::string buffer;
  size_t buffer_lines = 0;
  bool plsql = false;
  bool in_comment = false;
  while (!exit_requested_) {
    const std::string prompt =
        buffer_lines == 0 ? "SQL> " : fmt::format("{:3d}  ", buffer_lines + 1);
    const bool top = depth_ == 0;
    if (prompts_ && top && !source.interactive()) out_ << prompt << std::flush;
    std::optional<std::string> got = source.ReadLine(prompt);
    if (!got) break;
    std::string line = std::move(*got);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!source.interactive()) {
      if (prompts_ && top) {
        out_ << (settings_.echo ? line : "") << '\n';
      } else if (settings_.echo && format_ == OutputFormat::kSqlplus) {
        out_ << (prompts_ ? prompt : "") << line << '\n';
      }
    }
    const std::string trimmed = Trim(line);

    if (in_comment) {
      if (trimmed.find("*/") != std::string::npos) in_comment = false;
      continue;
    }
    if (buffer_lines == 0) {
      if (trimmed.empty() || trimmed.rfind("--", 0) == 0) continue;
      if (trimmed.rfind("/*", 0) == 0) {
        in_comment = trimmed.find("*/", 2) == std::string::npos;
        continue;
      }
      if (trimmed == "/") {
        if (last_sql_.empty()) {
          ReportSp2("SP2-0103: Nothing in SQL buffer to run.");
        } else {
          RunSql(last_sql_);
        }
        continue;
      }
      const std::string first = FirstWord(trimmed);
      if (first == "REM" || first == "REMA" || first == "REMAR" || first == "REMARK") continue;
      if (IsShellCommandWord(first) && !IsSqlStart(first, trimmed)) {
        RunCommand(SubstituteSql(trimmed, source), source, script_dir);
        continue;
      }
      if (!IsSqlStart(first, trimmed)) {
        const std::string shown = trimmed.size() > 10 ? trimmed.substr(0, 10) + "..." : trimmed;
        ReportSp2(fmt::format("SP2-0734: unknown command beginning \"{}\" - rest of line ignored.",
                              shown));
        continue;
      }
      plsql = IsPlsqlStart(trimmed);
    } else {
      if (trimmed == "/" || (trimmed == "." && !plsql)) {
        std::string sql = buffer;
        buffer.clear();
        buffer_lines = 0;
        if (trimmed == "/") {
          // '/' after a SQL statement that already ended with ';' cannot happen here; a
          // trailing ';' of plain SQL is not part of the statement.
          if (!plsql) {
            std::string t = Trim(sql);
            if (!t.empty() && t.back() == ';') t.pop_back();
            sql = t;
          }
          last_sql_ = Trim(sql);
          RunSql(SubstituteSql(last_sql_, source));
        } else {
          last_sql_ = Trim(sql);
        }
        continue;
      }
      if (trimmed.empty() && !plsql) {  // SQLBLANKLINES OFF: the statement is kept, not run
        last_sql_ = Trim(buffer);
        buffer.clear();
        buffer_lines = 0;
        continue;
      }
    }
    if (buffer_lines > 0) buffer += '\n';
    buffer += line;
    ++buffer_lines;
    if (!plsql && LineEndsStatement(line)) {
      std::string sql = Trim(buffer);
      sql.pop_back();  // the ';'
      sql = Trim(sql);
      buffer.clear();
      buffer_lines = 0;
      last_sql_ = sql;
      const std::string substituted = SubstituteSql(sql, source);
      if (settings_.verify && substituted != sql && format_ == OutputFormat::kSqlplus) {
        out_ << VerifyLines(sql, substituted);
      }
      RunSql(substituted);
    }
  }
  return !exit_requested_;
}

void Sqlplus::ReportSp2(const std::string& text) {
  msg() << text << '\n';
  any_failure_ = true;
}

void Sqlplus::SqlFailed(int code) {
  any_failure_ = true;
  last_sqlcode_ = code;
  HandleError(on_sqlerror_);
}

void Sqlplus::OsFailed(const std::string& message) {
  ReportSp2(message);
  HandleError(on_oserror_);
}

void Sqlplus::HandleError(const ErrorHandler& handler) {
  if (handler.exit) {
    // A bare WHENEVER ... EXIT exits 1, not SQL*Plus's SUCCESS: a suite that stops at an
    // error must not look as if it passed (design/contract.md, exit status).
    ExitWith(handler.clause, 1);
  } else {
    EndTransaction(handler.on_continue);
  }
}

void Sqlplus::ExitWith(const ExitClause& clause, std::optional<int> default_code) {
  const ExitStatus status =
      ResolveExitStatus(clause, default_code.value_or(any_failure_ ? 1 : 0), last_sqlcode_,
                        settings_.defines, engine_.Variables());
  if (!status.error.empty()) ReportSp2(status.error);
  if (default_code || clause.status != ExitClause::Status::kDefault || !status.error.empty()) {
    exit_code_ = status.code;
  }
  exit_requested_ = true;
  if (clause.txn == TxnAction::kRollback) EndTransaction(TxnAction::kRollback);
  Finish();
}

void Sqlplus::EndTransaction(TxnAction action) {
  try {
    if (action == TxnAction::kCommit) {
      engine_.Commit();
    } else if (action == TxnAction::kRollback) {
      NullSink sink;
      engine_.Execute("ROLLBACK", sink);
    }
  } catch (const std::exception& e) {
    msg() << e.what() << '\n';
    any_failure_ = true;
  }
}

void Sqlplus::ReportError(const std::exception& e, const std::string& sql, bool mid_result) {
  const auto* ora = dynamic_cast<const OraError*>(&e);
  const std::string text =
      ora ? std::string(ora->what())
          : fmt::format("ORA-00600: internal error code, arguments: [{}]", e.what());
  if (format_ != OutputFormat::kSqlplus) {
    err_ << text << '\n';
    return;
  }
  if (mid_result) {
    out_ << "ERROR:\n" << text << "\n\n";
    return;
  }
  // The server gives ORA-01756 no error position, so SQL*Plus shows neither line nor caret.
  if (ora && ora->code() == 1756) {
    out_ << "ERROR:\n" << text << "\n\n\n";
    return;
  }
  size_t line = 1;
  if (ora && ora->line > 0) {
    line = ora->line;
    const std::string src = NthLine(sql, line);
    if (!src.empty()) {
      out_ << src << '\n' << std::string(std::min(ora->column, src.size()), ' ') << "*\n";
    }
  }
  out_ << "ERROR at line " << line << ":\n" << text << "\n\n\n";
}

// SET AUTOTRACE's report after a statement: "Execution Plan" and "Statistics" blocks.
static void PrintAutotrace(ShellEngine& engine, std::ostream& m, const Settings::Autotrace& trace,
                           const std::vector<std::string>& plan, bool explain_only) {
  // Only statements that ran through a plan (queries, DML) get the report, as in SQL*Plus.
  if (plan.empty() && (explain_only || engine.LastPlan("BASIC").empty())) return;
  const std::string rule(58, '-');
  if (trace.explain) {
    m << "\nExecution Plan\n" << rule << '\n';
    for (const auto& l : plan) m << l << '\n';
    m << '\n';
  }
  if (trace.statistics && !explain_only) {
    const SessionStats d = engine.LastStatementStats();
    m << "\nStatistics\n" << rule << '\n';
    for (Stat s :
         {Stat::kRecursiveCalls, Stat::kDbBlockGets, Stat::kConsistentGets, Stat::kPhysicalReads,
          Stat::kRedoSize, Stat::kSortsMemory, Stat::kSortsDisk, Stat::kRowsProcessed})
      m << fmt::format("{:>11}  {}\n", d.Get(s), StatName(s));
    m << '\n';
  }
}

void Sqlplus::RunSql(const std::string& sql) {
  const auto start = std::chrono::steady_clock::now();
  TableFormatter table(out_, settings_);
  CsvSink csv(out_);
  NullSink discard;  // AUTOTRACE TRACEONLY: rows are fetched, not shown
  const Settings::Autotrace trace = settings_.autotrace;
  ResultSink& sink = !trace.on || trace.rows
                         ? (format_ == OutputFormat::kCsv ? static_cast<ResultSink&>(csv) : table)
                         : discard;
  // TRACEONLY EXPLAIN does not run a query at all, as SQL*Plus does.
  const std::string first = ToUpper(FirstWord(sql));
  const bool explain_only = trace.on && !trace.rows && trace.explain && !trace.statistics &&
                            (first == "SELECT" || first == "WITH");
  StatementOutcome outcome;
  bool ok = false;
  int code = 0;
  std::vector<std::string> plan;
  if (running_hook_) running_hook_(true);
  try {
    if (explain_only) {
      plan = engine_.ExplainOnly(sql, "TYPICAL");
    } else {
      outcome = engine_.Execute(sql, sink);
      if (trace.on && trace.explain) plan = engine_.LastPlan("TYPICAL");
    }
    ok = true;
  } catch (const OraError& e) {
    code = e.code();
    table.FlushPartial();
    ReportError(e, sql, table.started() && table.row_count() > 0);
  } catch (const std::exception& e) {
    code = 600;
    table.FlushPartial();
    ReportError(e, sql, table.started() && table.row_count() > 0);
  } catch (...) {
    code = 600;
    ReportError(std::runtime_error("unknown exception"), sql, false);
  }
  if (running_hook_) running_hook_(false);
  if (ok && !explain_only) {
    const int fb = settings_.feedback;
    std::ostream& m = msg();
    if (outcome.is_query) {
      const uint64_t rows = format_ == OutputFormat::kCsv || &sink == &discard ? outcome.row_count
                                                                               : table.row_count();
      if (rows == 0 && fb > 0) {
        m << (format_ == OutputFormat::kCsv ? "no rows selected\n" : "\nno rows selected\n\n");
      } else if (fb > 0 && rows >= static_cast<uint64_t>(fb)) {
        m << fmt::format("{} {} selected.\n", rows, rows == 1 ? "row" : "rows");
        if (format_ != OutputFormat::kCsv) m << '\n';
      }
    } else if (fb > 0 && !outcome.message.empty()) {
      if (format_ == OutputFormat::kCsv) {
        m << outcome.message << '\n';
      } else {
        m << '\n' << outcome.message << "\n\n";
      }
    }
  }
  if (ok && trace.on) PrintAutotrace(engine_, msg(), trace, plan, explain_only);
  if (settings_.timing)
    msg() << Elapsed(std::chrono::steady_clock::now() - start, settings_.timing_precision) << '\n';
  msg().flush();
  if (!ok) SqlFailed(code);
}

}  // namespace pathdb::shell
