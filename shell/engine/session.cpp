// Session: parse -> plan -> execute for one statement, with statement-level atomicity (a failed
// statement undoes exactly its own changes) and the SQL*Plus feedback messages.
#include "shell/engine/session.h"

#include <fmt/format.h>

#include <cctype>
#include <chrono>
#include <deque>
#include <map>

#include "common/error.h"
#include "executor/operator.h"
#include "executor/work_area.h"
#include "parser/parser.h"
#include "planner/explain.h"
#include "planner/planner.h"
#include "planner/sql_id.h"
#include "planner/views/system_views.h"
#include "shell/engine/cursor_cache.h"
#include "shell/engine/session_statements.h"
#include "shell/engine/system_view_sources.h"
#include "shell/engine/xplan_statements.h"

namespace pathdb {

namespace {

// The text Oracle hashes for SQL_ID: the statement as sent, without surrounding blanks.
std::string StatementText(std::string_view sql) {
  size_t b = 0, e = sql.size();
  while (b < e && std::isspace(static_cast<unsigned char>(sql[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(sql[e - 1]))) --e;
  return std::string(sql.substr(b, e - b));
}

void Mix(uint64_t& h, uint64_t v) {
  h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
}
void Mix(uint64_t& h, std::string_view s) {
  Mix(h, std::hash<std::string_view>{}(s));
}

// A fingerprint of everything in the dictionary a plan may depend on: objects (by identity,
// so a dropped and recreated table differs), their statistics and segment sizes (the planner
// sizes scans by them). A cached plan runs only while it is unchanged.
uint64_t DictionaryFingerprint(const storage::Database& db) {
  uint64_t h = 0;
  for (const storage::TableInfo* t : db.Tables()) {
    Mix(h, reinterpret_cast<uintptr_t>(t));
    Mix(h, t->object_id);
    Mix(h, t->name);
    Mix(h, t->columns.size());
    Mix(h, t->hwm_blocks);
    Mix(h, t->inmemory ? 1 : 0);
    for (const auto& c : t->columns) Mix(h, c.no_inmemory ? 1 : 0);
    Mix(h, t->stats.present ? 1 : 0);
    Mix(h, t->stats.num_rows);
    Mix(h, t->stats.blocks);
    Mix(h, static_cast<uint64_t>(t->stats.last_analyzed));
  }
  for (const storage::IndexInfo* ix : db.Indexes()) {
    Mix(h, reinterpret_cast<uintptr_t>(ix));
    Mix(h, ix->object_id);
    Mix(h, ix->name);
    Mix(h, ix->stats.present ? 1 : 0);
    Mix(h, ix->stats.leaf_blocks);
    Mix(h, ix->stats.clustering_factor);
    Mix(h, static_cast<uint64_t>(ix->stats.last_analyzed));
  }
  for (const storage::ViewInfo* v : db.Views()) {
    Mix(h, v->name);
    Mix(h, v->query_text);
  }
  return h;
}

// One DBMS_XPLAN call in FROM, as a fixed table with one column.
planner::SystemView XplanView(std::function<std::vector<std::string>()> lines) {
  planner::SystemView v;
  v.table.name = "PLAN_TABLE_OUTPUT";
  v.table.columns.push_back({"PLAN_TABLE_OUTPUT", LogicalType::Varchar(300), false, std::nullopt});
  v.rows = [lines = std::move(lines)](ExecContext&, const planner::SystemViewSources&) {
    std::vector<std::vector<Value>> rows;
    for (auto& l : lines()) {
      rows.push_back({l.empty() ? Value::Null(LogicalType::Varchar())
                                : Value::Varchar(std::move(l), LogicalType::Varchar(300))});
    }
    return rows;
  };
  return v;
}

}  // namespace

struct Session::Impl {
  std::map<std::string, size_t> savepoints;  //!< name -> undo position
  CursorCache cursors;
  PlanTable plan_table;
  std::string sql_id, prev_sql_id;
  int prev_child = 0;  //!< child number of the cursor the previous statement ran
  //! The cursor the last Execute ran (AUTOTRACE): SQL_ID and child number.
  std::optional<std::pair<std::string, int>> last_cursor;
  SessionStats stats_before;  //!< at the start of the last Execute
  //! TABLE(DBMS_XPLAN...) fixed tables by call text; plans point at them, so they live as
  //! long as the session (a handful: one per distinct call).
  std::map<std::string, std::unique_ptr<planner::SystemView>> table_functions;
};

Session::Session(storage::Database& db) : db_(db), impl_(std::make_unique<Impl>()) {
  const auto& opt = db.options();
  uint64_t cache = opt.cache_size_bytes;
  params_.Set("db_cache_size", (cache % (1u << 20)) == 0 ? std::to_string(cache >> 20) + "M"
                                                         : std::to_string(cache));
  // Oracle's default: 2% of the cache, in blocks.
  params_.Set("_small_table_threshold",
              std::to_string(std::max<uint64_t>(1, cache / storage::kBlockSize / 50)));
  params_.Set("db_file_multiblock_read_count", std::to_string(opt.multiblock_read_count));
  if (!opt.verify_checksums) params_.Set("db_block_checksum", "FALSE");
}

Session::~Session() = default;

void Session::Commit() {
  db_.Commit(txn_, stats_);
  stats_.Add(Stat::kUserCommits);
  impl_->savepoints.clear();
}

CursorCache& Session::cursors() {
  return impl_->cursors;
}
PlanTable& Session::plan_table() {
  return impl_->plan_table;
}
const std::string& Session::sql_id() const {
  return impl_->sql_id;
}
const std::string& Session::prev_sql_id() const {
  return impl_->prev_sql_id;
}

void Session::NoteExecutedCursor(const std::string& sql_id, int child_number) {
  impl_->last_cursor = std::make_pair(sql_id, child_number);
}

SessionStats Session::LastStatementStats() const {
  SessionStats d;
  for (size_t i = 0; i < d.values.size(); ++i)
    d.values[i] = stats_.values[i] - impl_->stats_before.values[i];
  return d;
}

namespace {

//! The declared types of the bind variables `sql` names (":X NUMBER\n"): a statement run
//! after its binds were declared with other types gets a new child cursor, as Oracle's
//! bind mismatch does. A plain scan of the text: quotes and comments are skipped.
std::string BindTypes(std::string_view sql, const BindVariables& binds) {
  if (binds.empty()) return "";
  std::string out;
  for (size_t i = 0; i < sql.size(); ++i) {
    const char c = sql[i];
    if (c == '\'' || c == '"') {
      const size_t end = sql.find(c, i + 1);
      if (end == std::string_view::npos) break;
      i = end;
    } else if (c == '-' && i + 1 < sql.size() && sql[i + 1] == '-') {
      i = sql.find('\n', i);
      if (i == std::string_view::npos) break;
    } else if (c == '/' && i + 1 < sql.size() && sql[i + 1] == '*') {
      i = sql.find("*/", i + 2);
      if (i == std::string_view::npos) break;
      ++i;
    } else if (c == ':') {
      size_t j = i + 1;
      std::string name;
      while (j < sql.size() && (std::isalnum(static_cast<unsigned char>(sql[j])) || sql[j] == '_' ||
                                sql[j] == '$' || sql[j] == '#')) {
        name += static_cast<char>(std::toupper(static_cast<unsigned char>(sql[j])));
        ++j;
      }
      if (auto it = binds.find(name); it != binds.end()) {
        out += fmt::format(":{} {}\n", name, it->second.type.ToString());
      }
      i = j - 1;
    }
  }
  return out;
}

}  // namespace

std::string Session::OptimizerEnvironment() const {
  // Every parameter: each may shape a plan (costs, access paths, dialect, statistics_level).
  std::string env;
  for (const Parameters::Entry* e : params_.All()) {
    env += e->name;
    env += '=';
    env += e->value;
    env += '\n';
  }
  return env;
}

planner::cost::CostParams Session::CostParameters() const {
  planner::cost::CostParams p;
  p.mbrc = static_cast<double>(params_.GetInt("_db_file_optimizer_read_count"));
  p.sreadtim_ms = planner::cost::NoworkloadReadTime(1);
  p.mreadtim_ms = planner::cost::NoworkloadReadTime(p.mbrc);
  p.optimizer_index_cost_adj = static_cast<double>(params_.GetInt("optimizer_index_cost_adj"));
  p.optimizer_index_caching = static_cast<double>(params_.GetInt("optimizer_index_caching"));
  p.table_scan_cost_plus_one = params_.GetBool("_table_scan_cost_plus_one");
  p.bloom_filter_enabled = params_.GetBool("_bloom_filter_enabled");
  p.adaptive_plans = params_.GetBool("optimizer_adaptive_plans");
  p.peek_binds = params_.GetBool("_optim_peek_user_binds");
  p.or_factoring = params_.GetBool("_optimizer_or_factoring");
  p.inmemory_query =
      params_.GetText("inmemory_query") == "ENABLE" && params_.GetInt("inmemory_size") > 0;
  p.work_area_bytes = static_cast<double>(WorkAreaBytes());
  return p;
}

uint64_t Session::WorkAreaBytes() const {
  return pathdb::WorkAreaBytes(static_cast<uint64_t>(params_.GetInt("pga_aggregate_target")));
}

const planner::SystemView* Session::TableFunction(
    const std::string& name, const std::vector<planner::TableFunctionArg>& args) {
  if (!CheckXplanCall(name, args)) return nullptr;
  std::string key = name;
  for (const auto& a : args) {
    key += '\x1f' + a.name + '=';
    key += a.value.is_null() ? std::string("\x1eNULL") : a.value.ToString();
  }
  auto& slot = impl_->table_functions[key];
  if (!slot) {
    Impl* impl = impl_.get();
    std::function<std::vector<std::string>()> lines;
    if (name == "DBMS_XPLAN.DISPLAY") {
      lines = [impl, args] { return DbmsXplanDisplay(impl->plan_table, args); };
    } else {
      lines = [impl, args] {
        return DbmsXplanDisplayCursor(impl->cursors, impl->prev_sql_id, impl->prev_child, args);
      };
    }
    slot = std::make_unique<planner::SystemView>(XplanView(std::move(lines)));
  }
  return slot.get();
}

std::vector<std::string> Session::LastPlan(const std::string& format) {
  if (!impl_->last_cursor) return {};
  const ParentCursor* p = impl_->cursors.Parent(impl_->last_cursor->first);
  const ChildCursor* c =
      impl_->cursors.Child(impl_->last_cursor->first, impl_->last_cursor->second);
  if (p == nullptr || c == nullptr || !c->has_plan) return {};
  // AUTOTRACE shows the plan as EXPLAIN PLAN would: no SQL_ID header, estimates on line 0.
  planner::xplan::PlanDocument doc =
      planner::DescribePlan(c->plan, c->statement_operation, nullptr);
  doc.plan_hash_value = c->plan_hash_value;
  return planner::xplan::Render(doc, planner::xplan::Format::Parse(format));
}

std::vector<std::string> Session::ExplainOnly(std::string_view sql, const std::string& format) {
  const std::string text = StatementText(sql);
  ast::StatementPtr stmt = ParseStatement(text);
  if (stmt->kind != ast::StmtKind::kSelect) return {};
  EvalContext eval;
  eval.dialect = params_.GetText("sql_dialect") == "SQLITE" ? Dialect::kSqlite : Dialect::kOracle;
  eval.nls_date_format = params_.GetText("nls_date_format");
  eval.nls_timestamp_format = params_.GetText("nls_timestamp_format");
  eval.random = &random_;
  eval.binds = &binds_;
  const planner::SystemViewSources sources = SystemViewSourcesFor(*this);
  planner::PlanContext pctx{db_, eval, &sources};
  pctx.cost = CostParameters();
  planner::PhysicalPlan plan = planner::PlanQuery(*stmt->query, pctx);
  NumberPlanLines(*plan.root);
  planner::xplan::PlanDocument doc = planner::DescribePlan(plan, "SELECT STATEMENT", nullptr);
  return planner::xplan::Render(doc, planner::xplan::Format::Parse(format));
}

StatementOutcome Session::ExecuteInternal(std::string_view sql, ResultSink& sink) {
  std::string sql_id = impl_->sql_id, prev = impl_->prev_sql_id;
  const int prev_child = impl_->prev_child;
  auto last_cursor = impl_->last_cursor;
  const SessionStats before = impl_->stats_before;
  auto restore = [&] {
    impl_->sql_id = std::move(sql_id);
    impl_->prev_sql_id = std::move(prev);
    impl_->prev_child = prev_child;
    impl_->last_cursor = std::move(last_cursor);
    impl_->stats_before = before;
  };
  try {
    StatementOutcome out = Execute(sql, sink);
    restore();
    return out;
  } catch (...) {
    restore();
    throw;
  }
}

StatementOutcome Session::Execute(std::string_view sql, ResultSink& sink) {
  cancel_.store(false);
  const std::string text = StatementText(sql);
  impl_->prev_sql_id = std::move(impl_->sql_id);
  impl_->sql_id = planner::SqlId(text);
  // V$SESSION.PREV_CHILD_NUMBER: the child the previous statement ran.
  impl_->prev_child = impl_->last_cursor ? impl_->last_cursor->second : 0;
  impl_->last_cursor.reset();
  impl_->stats_before = stats_;
  stats_.Add(Stat::kParseCountTotal);
  StatementCursor cursor{impl_->cursors,
                         impl_->sql_id,
                         text,
                         OptimizerEnvironment() + BindTypes(text, binds_),
                         DictionaryFingerprint(db_),
                         {}};
  // A soft parse: the same text, planned in the same environment against the same
  // dictionary, runs its cached plan without parsing or planning again.
  ChildCursor* cached = impl_->cursors.Find(cursor.sql_id, cursor.environment);
  // Statistics feedback: a child whose execution was far from its estimates hands its
  // corrections to a new child, planned once and shared from then on.
  if (cached != nullptr && cached->reoptimizable && cached->valid &&
      cached->dictionary == cursor.dictionary && params_.GetBool("_optimizer_use_feedback")) {
    cursor.feedback = cached->corrections;
    cursor.environment += "statistics feedback\n";
    cached = impl_->cursors.Find(cursor.sql_id, cursor.environment);
  }
  const bool soft = cached != nullptr && cached->valid && cached->has_plan &&
                    cached->dictionary == cursor.dictionary && !cached->plan.record.binds_folded;
  ast::StatementPtr stmt;
  if (!soft) {
    stats_.Add(Stat::kParseCountHard);
    stmt = ParseStatement(sql);
  }
  stats_.Add(Stat::kExecuteCount);

  EvalContext eval;
  eval.dialect = params_.GetText("sql_dialect") == "SQLITE" ? Dialect::kSqlite : Dialect::kOracle;
  eval.nls_date_format = params_.GetText("nls_date_format");
  eval.nls_timestamp_format = params_.GetText("nls_timestamp_format");
  eval.statement_time_us = std::chrono::duration_cast<std::chrono::microseconds>(
                               std::chrono::system_clock::now().time_since_epoch())
                               .count();
  eval.random = &random_;
  eval.binds = &binds_;
  ExecContext ctx{db_, txn_, stats_, std::move(eval), &cancel_};
  ctx.eval.exec = &ctx;
  ctx.work_area_bytes = WorkAreaBytes();

  StatementRunner runner{*this, ctx, impl_->savepoints, sql, &cursor};
  const size_t savepoint = txn_.Savepoint();
  try {
    if (soft) {
      runner.BeginStatement();
      return runner.RunCursor(*cached, sink);
    }
    return runner.Run(*stmt, sink);
  } catch (...) {
    if (txn_.Savepoint() > savepoint) db_.Rollback(txn_, savepoint, stats_);
    throw;
  }
}

}  // namespace pathdb
