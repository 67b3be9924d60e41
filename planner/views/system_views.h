// The catalogue of dictionary (USER_*) and dynamic performance (V$) views: their columns and
// the function producing their rows. The binder resolves a FROM name here when no user table
// or view has it; the plan scans the view with FIXED TABLE FULL (executor/fixed_table.h),
// which calls Rows() when it opens, so every execution sees the state of that moment.
//
// Thread contract: the catalogue is built once and immutable (any thread may read it); a
// SystemViewSources belongs to one session and its functions run on that session's thread.
#pragma once
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "executor/fixed_table.h"
#include "storage/storage.h"

namespace pathdb::planner {

struct PlanContext;
struct LogicalNode;

//! One row of V$PARAMETER as the session knows it.
struct ParameterSource {
  std::string name;
  std::string type;           //!< "boolean", "string", "integer", "big integer"
  std::string value;          //!< VALUE: a big integer in bytes (268435456)
  std::string display_value;  //!< DISPLAY_VALUE: as set (256M)
  bool is_default = true;
  std::string description;
};

//! One child cursor of the session's cursor cache (V$SQL).
struct SqlSource {
  std::string sql_id;
  int child_number = 0;
  uint32_t plan_hash_value = 0;
  uint32_t hash_value = 0;
  uint64_t executions = 0;
  uint64_t parse_calls = 0;
  uint64_t loads = 0;
  uint64_t invalidations = 0;
  uint64_t elapsed_us = 0;
  uint64_t buffer_gets = 0;
  uint64_t disk_reads = 0;
  uint64_t rows_processed = 0;
  std::string sql_text;
  std::string command;  //!< "SELECT", "INSERT" ...
  bool valid = true;
  //! IS_RESOLVED_ADAPTIVE_PLAN: empty for a plan without adaptive joins, "Y" once run, "N".
  std::string resolved_adaptive;
  bool reoptimizable = false;  //!< IS_REOPTIMIZABLE: statistics feedback waits for the next run
  uint32_t full_plan_hash_value = 0;     //!< every line of an adaptive plan, inactive ones too
  std::optional<double> optimizer_cost;  //!< the plan's cost (none for statements without one)
  //! IS_SHAREABLE: 'N' once a later child replaces this one (statistics feedback's child).
  bool shareable = true;
  //! IS_BIND_SENSITIVE: the hard parse peeked bind values for its estimates.
  bool bind_sensitive = false;
};

//! One statistics feedback correction of a child cursor (V$SQL_REOPTIMIZATION_HINTS).
struct ReoptimizationHintSource {
  std::string sql_id;
  int child_number = 0;
  int hint_id = 0;  //!< 1, 2 ... within the child
  std::string hint_text;
};

//! One bind value a child cursor's hard parse peeked (V$SQL_BIND_CAPTURE).
struct BindCaptureSource {
  std::string sql_id;
  int child_number = 0;
  std::string name;  //!< ":LO"
  int position = 0;  //!< 1, 2 ... in the order the binds first appear
  std::string datatype;
  std::string value;
};

//! One join filter of a cursor's last execution (V$SQL_JOIN_FILTER).
struct JoinFilterSource {
  uint32_t plan_hash_value = 0;
  uint32_t filter_id = 0;  //!< 0 for :BF0000
  uint64_t length = 0;     //!< bytes of Bloom bits
  uint64_t bits_set = 0;
  uint64_t filtered = 0;  //!< rows rejected
  uint64_t probed = 0;    //!< rows tested
  bool active = true;
};

//! The session as V$SESSION shows it.
struct SessionSource {
  std::string sql_id;       //!< the statement running now (the V$SESSION query itself)
  std::string prev_sql_id;  //!< the one before it
  std::string username;
  std::string program;
};

//! One line of a cached plan with its run-time statistics (V$SQL_PLAN_STATISTICS_ALL).
struct PlanLineSource {
  std::string sql_id;
  int child_number = 0;
  uint32_t plan_hash_value = 0;
  uint32_t full_plan_hash_value = 0;  //!< the whole adaptive plan, inactive lines included
  int id = 0, parent_id = -1, depth = 0, position = 0;
  std::string operation, options, object_name;
  std::optional<double> cardinality, bytes, cost;
  std::string access_predicates, filter_predicates;
  bool has_runtime = false;
  uint64_t executions = 0, starts = 0, last_starts = 0, output_rows = 0, last_output_rows = 0;
  uint64_t cr_buffer_gets = 0, last_cr_buffer_gets = 0, disk_reads = 0, last_disk_reads = 0;
  uint64_t elapsed_us = 0, last_elapsed_us = 0;
  std::optional<uint64_t> estimated_optimal_size, estimated_onepass_size, last_memory_used;
  std::optional<uint64_t> last_tempseg_size;
};

struct SystemView;

//! A call of TABLE(pkg.fn(args)) in FROM: argument values in order, with their names when
//! given as name => value (upper-case, else empty).
struct TableFunctionArg {
  std::string name;
  Value value;
};

//! What the views need from the session that owns the statement (shell/engine/ fills it in).
struct SystemViewSources {
  uint32_t sid = 1;  //!< SID of the session (V$MYSTAT)
  std::function<std::vector<ParameterSource>()> parameters;
  std::function<std::vector<SqlSource>()> sql;
  std::function<SessionSource()> session;
  std::function<std::vector<PlanLineSource>()> plan_lines;
  std::function<std::vector<JoinFilterSource>()> join_filters;
  std::function<std::vector<ReoptimizationHintSource>()> reoptimization_hints;
  std::function<std::vector<BindCaptureSource>()> bind_captures;
  //! TABLE(DBMS_XPLAN.DISPLAY(...)) and the like: the view producing the function's rows
  //! (owned by the session, alive as long as it), or nullptr for an unknown function.
  //! `name` is upper-case "PACKAGE.FUNCTION". Throws OraError for bad arguments.
  std::function<const SystemView*(const std::string& name,
                                  const std::vector<TableFunctionArg>& args)>
      table_function;
};

//! One view: columns (as a TableInfo, so the binder and column pruning treat it like a table)
//! and its row producer.
struct SystemView {
  storage::TableInfo table;  //!< name and columns; object_id 0, no segment
  std::function<std::vector<std::vector<Value>>(ExecContext&, const SystemViewSources&)> rows;
};

//! nullptr when `name` (upper-case, without schema) is not a system view.
const SystemView* FindSystemView(std::string_view name);
//! Every system view, in name order.
std::vector<const SystemView*> SystemViews();

//! The FIXED TABLE FULL operator of a scan node whose system_view is set.
std::unique_ptr<PhysicalOperator> PlanFixedTable(LogicalNode& scan, PlanContext& ctx);

}  // namespace pathdb::planner
