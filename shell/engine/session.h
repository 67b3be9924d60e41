// Session: the engine's façade for one user. Owns parameters, statistics, the transaction,
// the cursor cache and the plan table. The shell hands it one statement at a time:
// parse -> plan -> execute, results streamed to a ResultSink. The engine side of shell/: it
// never includes the SQL*Plus front end (shell/*.h), which drives it through ShellEngine.
//
// Thread contract: one Session per thread; not thread-safe. Cancel() alone may be called from
// another thread or a signal handler. Several Sessions may share one Database only once the
// Database says it is safe for that (storage/storage.h); today there is one per process.
#pragma once
#include <atomic>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "common/stats.h"
#include "common/vector.h"
#include "executor/expression.h"
#include "planner/cost_params.h"
#include "shell/engine/parameters.h"
#include "storage/storage.h"

namespace pathdb {

class CursorCache;
class PlanTable;
namespace planner {
struct SystemView;
struct TableFunctionArg;
}  // namespace planner

//! How DATE and TIMESTAMP values are shown: the session's NLS_DATE_FORMAT and
//! NLS_TIMESTAMP_FORMAT when the query ran.
struct DisplayFormats {
  std::string date = "DD-MON-RR";
  std::string timestamp = "DD-MON-RR HH.MI.SSXFF AM";
};

//! Receives a query's result as it is produced (the shell formats while rows arrive).
class ResultSink {
 public:
  virtual ~ResultSink() = default;
  //! Set by the session before Begin.
  void SetDisplayFormats(DisplayFormats f) { formats_ = std::move(f); }
  const DisplayFormats& display_formats() const { return formats_; }
  //! Column headings (as SQL*Plus would show them, upper-case unless quoted/aliased) and types.
  virtual void Begin(const std::vector<std::string>& names,
                     const std::vector<LogicalType>& types) = 0;
  //! The active rows of `chunk` are result rows.
  virtual void Rows(const DataChunk& chunk) = 0;
  virtual void End() = 0;

 private:
  DisplayFormats formats_;
};

//! What a statement did, for the feedback line.
struct StatementOutcome {
  bool is_query = false;   //!< rows went to the sink; feedback "N rows selected."
  uint64_t row_count = 0;  //!< rows selected / inserted / updated / deleted
  //! Feedback text for non-queries, exactly as printed: "Table created.", "3 rows inserted.",
  //! "Session altered.", "Commit complete.", "PL/SQL procedure successfully completed."
  std::string message;
};

class Session {
 public:
  //! `db` must outlive the session.
  explicit Session(storage::Database& db);
  ~Session();

  //! Parses and runs one statement (no trailing ';'). Throws OraError; after an error the
  //! statement's changes are undone and the session goes on.
  StatementOutcome Execute(std::string_view sql, ResultSink& sink);

  //! Execute for the engine's own purposes (DESC of a view): SQL_ID, PREV_SQL_ID and the
  //! AUTOTRACE figures stay those of the user's last statement.
  StatementOutcome ExecuteInternal(std::string_view sql, ResultSink& sink);

  //! Asks the running statement to stop (Ctrl-C); it raises ORA-01013. Signal-safe.
  void Cancel() { cancel_.store(true); }

  Parameters& parameters() { return params_; }
  SessionStats& stats() { return stats_; }
  storage::Database& database() { return db_; }
  storage::Transaction& transaction() { return txn_; }
  std::mt19937_64& random() { return random_; }
  //! Long work (CREATE INDEX, DBMS_INMEMORY.POPULATE) reports its progress through a
  //! function the front end makes for it (the shell draws a labelled bar on a terminal).
  using ProgressFactory = std::function<storage::ProgressFn(const std::string& label)>;
  void SetProgress(ProgressFactory make) { progress_ = std::move(make); }
  //! The progress function for work called `label` (a no-op without a front end's factory).
  storage::ProgressFn progress(const std::string& label = "CREATE INDEX") const {
    return progress_ ? progress_(label) : storage::ProgressFn();
  }
  //! Commits open work (the shell calls this at EXIT, as SQL*Plus does).
  void Commit();

  // ---- bind variables (SQL*Plus VARIABLE; :name in SQL, assigned by `EXEC :name := expr`)
  //! The session's bind variables by upper-case name.
  const BindVariables& binds() const { return binds_; }
  //! VARIABLE name type: declares (or redeclares, value reset to NULL) `name` (upper case).
  void DeclareBind(const std::string& name, const LogicalType& type) {
    binds_[name] = BindVariable{type, Value::Null()};
  }
  //! Stores `value` (already of the bind's type). REQUIRES: `name` is declared.
  void AssignBind(const std::string& name, Value value) {
    binds_.at(name).value = std::move(value);
  }

  // ---- cursors (shell/cursor_cache.h) and EXPLAIN PLAN (shell/xplan_statements.h)
  CursorCache& cursors();
  PlanTable& plan_table();
  //! SQL_ID of the statement running now (or last run) and of the one before it.
  const std::string& sql_id() const;
  const std::string& prev_sql_id() const;
  //! TABLE(DBMS_XPLAN.DISPLAY...) in FROM: a fixed table owned by the session producing the
  //! call's rows when scanned; nullptr for an unknown function.
  const planner::SystemView* TableFunction(const std::string& name,
                                           const std::vector<planner::TableFunctionArg>& args);
  //! The optimizer environment a plan depends on (children of a cursor differ in it).
  std::string OptimizerEnvironment() const;
  //! The cost model's inputs from the current parameters; every statement the session plans
  //! is costed with them (PlanContext::cost).
  planner::cost::CostParams CostParameters() const;
  //! The memory one work area may use, WorkAreaBytes(pga_aggregate_target): what the
  //! executor runs with (ExecContext::work_area_bytes) and the planner costs with.
  uint64_t WorkAreaBytes() const;
  //! Called by the statement runner once a cursor ran (AUTOTRACE shows its plan).
  void NoteExecutedCursor(const std::string& sql_id, int child_number);

  // ---- SET AUTOTRACE
  //! The plan of the last statement Execute ran through a cursor (query or DML), rendered as
  //! DBMS_XPLAN.DISPLAY `format` shows it; empty when that statement had no plan (DDL ...).
  std::vector<std::string> LastPlan(const std::string& format);
  //! `sql` planned but not run (AUTOTRACE TRACEONLY EXPLAIN of a query), rendered.
  std::vector<std::string> ExplainOnly(std::string_view sql, const std::string& format);
  //! Session statistics moved by the last Execute call.
  SessionStats LastStatementStats() const;

 private:
  storage::Database& db_;
  Parameters params_;
  SessionStats stats_;
  storage::Transaction txn_;
  std::mt19937_64 random_{0x5eed};
  BindVariables binds_;
  ProgressFactory progress_;
  std::atomic<bool> cancel_{false};
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace pathdb
