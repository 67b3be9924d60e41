#include "shell/engine/session_statements.h"

#include <cctype>
#include <chrono>

#include "common/error.h"
#include "planner/explain.h"
#include "planner/planner.h"
#include "shell/engine/cursor_cache.h"
#include "shell/engine/index_statements.h"
#include "shell/engine/system_view_sources.h"
#include "shell/engine/xplan_statements.h"

namespace pathdb {

namespace {

std::string RowsMessage(uint64_t n, const char* verb) {
  return n == 1 ? fmt::format("1 row {}.", verb) : fmt::format("{} rows {}.", n, verb);
}

StatementOutcome Message(std::string m) {
  StatementOutcome o;
  o.message = std::move(m);
  return o;
}

// Runs a plan whose root outputs one row with the count of rows it changed.
uint64_t RunCount(const PhysicalOperator& root, ExecContext& ctx) {
  uint64_t n = 0;
  RunPlan(root, ctx, [&](const DataChunk& c) {
    if (c.Count() == 0) return;
    Value v = c.column(0).GetValue(c.RowIndex(0));
    if (!v.is_null()) n += static_cast<uint64_t>(v.number().ToInt64().value_or(0));
  });
  return n;
}

// Byte offset of (line 1-based, column 0-based) in text.
size_t OffsetOf(std::string_view text, size_t line, size_t column) {
  size_t off = 0;
  for (size_t l = 1; l < line && off < text.size(); ++off)
    if (text[off] == '\n') ++l;
  return std::min(text.size(), off + column);
}

// The query text of CREATE VIEW ... AS <query>: from the query's position, or after the first
// standalone AS keyword.
std::string ViewQueryText(std::string_view sql, const ast::Query& q) {
  if (q.pos.line > 0) {
    size_t off = OffsetOf(sql, q.pos.line, q.pos.column);
    if (off < sql.size()) return std::string(sql.substr(off));
  }
  std::string upper(sql);
  for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  for (size_t p = upper.find("AS"); p != std::string::npos; p = upper.find("AS", p + 1)) {
    bool before =
        p == 0 || std::isspace(static_cast<unsigned char>(upper[p - 1])) || upper[p - 1] == ')';
    bool after = p + 2 < upper.size() &&
                 (std::isspace(static_cast<unsigned char>(upper[p + 2])) || upper[p + 2] == '(');
    if (before && after) return std::string(sql.substr(p + 2));
  }
  ThrowOra(905, "missing keyword");
}

// DML plans output one count row: nothing goes to the caller's sink.
class DiscardSink : public ResultSink {
 public:
  void Begin(const std::vector<std::string>&, const std::vector<LogicalType>&) override {}
  void Rows(const DataChunk&) override {}
  void End() override {}
};

// Statements after which no cached plan may run unchecked: the objects or their statistics
// may have changed (the dictionary fingerprint catches most of it; this is the cheap, sure way).
bool InvalidatesCursors(ast::StmtKind k) {
  using K = ast::StmtKind;
  switch (k) {
    case K::kCreateTable:
    case K::kCreateTableAs:
    case K::kDropTable:
    case K::kTruncate:
    case K::kAlterTable:
    case K::kCreateIndex:
    case K::kDropIndex:
    case K::kAlterIndex:
    case K::kCreateView:
    case K::kDropView:
      return true;
    default:
      return false;
  }
}

bool HasHint(const std::vector<ast::Hint>& hints, const char* name) {
  for (const auto& h : hints)
    if (h.name == name) return true;
  return false;
}

// GATHER_PLAN_STATISTICS anywhere in the statement's top query blocks (Oracle honours it in
// any block; the first one is where it is written in practice).
bool AsksRuntimeStatistics(const ast::Statement& stmt) {
  if (HasHint(stmt.hints, "GATHER_PLAN_STATISTICS")) return true;
  const ast::Query* q = stmt.query.get();
  while (q != nullptr) {
    if (q->block) return HasHint(q->block->hints, "GATHER_PLAN_STATISTICS");
    q = q->left.get();
  }
  return false;
}

bool StatisticsLevelAll(Session& session) {
  return session.parameters().GetText("statistics_level") == "ALL";
}

}  // namespace

void StatementRunner::ImplicitCommit() {
  if (!session.transaction().empty())
    session.database().Commit(session.transaction(), session.stats());
  savepoints.clear();
}

void StatementRunner::BeginStatement() {
  storage::Database& db = session.database();
  // A statement starts: storage parameters set since the last one take effect, and
  // `physical re-reads` counts from an empty set.
  db.BeginStatement();
  const std::string& checksum = session.parameters().GetText("db_block_checksum");
  db.SetVerifyChecksums(checksum != "FALSE" && checksum != "OFF");
  const int64_t stt = session.parameters().GetInt("_small_table_threshold");
  db.SetSmallTableThreshold(static_cast<size_t>(std::max<int64_t>(0, stt)));
  const Parameters& p = session.parameters();
  storage::ScanOptions scan;
  const std::string& sdr = p.GetText("_serial_direct_read");
  scan.serial_direct_read = sdr == "ALWAYS" || sdr == "TRUE"   ? storage::SerialDirectRead::kAlways
                            : sdr == "NEVER" || sdr == "FALSE" ? storage::SerialDirectRead::kNever
                                                               : storage::SerialDirectRead::kAuto;
  scan.statistics_driven = p.GetBool("_direct_read_decision_statistics_driven");
  scan.storage_index = !p.GetBool("_kcfis_storageidx_disabled");
  const std::string& fsio = p.GetText("filesystemio_options");
  scan.async_io = p.GetBool("disk_asynch_io") && (fsio == "SETALL" || fsio == "ASYNCH");
  scan.direct_io = fsio == "SETALL" || fsio == "DIRECTIO";
  scan.big_table_cache_percent = static_cast<uint32_t>(
      std::clamp<int64_t>(p.GetInt("db_big_table_cache_percent_target"), 0, 90));
  db.SetScanOptions(scan);
  storage::InMemoryOptions im;
  im.size = static_cast<uint64_t>(std::max<int64_t>(0, p.GetInt("inmemory_size")));
  im.synchronous = p.GetBool("_inmemory_synchronous_population");
  const std::string& enc = p.GetText("_inmemory_force_encoding");
  im.force_encoding = enc == "PLAIN"        ? 1
                      : enc == "DICTIONARY" ? 2
                      : enc == "FOR"        ? 3
                      : enc == "RLE"        ? 4
                                            : 0;
  im.simd = p.GetText("_inmemory_simd") != "SCALAR";
  db.SetInMemoryOptions(im);
}

StatementOutcome StatementRunner::Run(const ast::Statement& stmt, ResultSink& sink) {
  using K = ast::StmtKind;
  storage::Database& db = session.database();
  BeginStatement();
  if (InvalidatesCursors(stmt.kind)) session.cursors().InvalidateAll();
  switch (stmt.kind) {
    case K::kSelect:
      return Query(stmt, sink);
    case K::kInsert:
    case K::kUpdate:
    case K::kDelete:
      return Dml(stmt);
    case K::kCreateTable:
    case K::kCreateTableAs:
      return CreateTable(stmt);
    case K::kDropTable: {
      ImplicitCommit();
      if (!db.FindTable(stmt.name.back())) {
        if (stmt.if_exists) return Message("Table dropped.");
        ThrowOra(942, "table or view does not exist");
      }
      db.DropTable(stmt.name.back());
      return Message("Table dropped.");
    }
    case K::kTruncate:
      ImplicitCommit();
      if (!db.FindTable(stmt.name.back())) ThrowOra(942, "table or view does not exist");
      db.TruncateTable(stmt.name.back());
      return Message("Table truncated.");
    case K::kCreateView:
      return CreateView(stmt);
    case K::kDropView:
      ImplicitCommit();
      if (!db.FindView(stmt.name.back())) {
        if (stmt.if_exists) return Message("View dropped.");
        ThrowOra(942, "table or view does not exist");
      }
      db.DropView(stmt.name.back());
      return Message("View dropped.");
    case K::kCommit:
    case K::kRollback:
    case K::kSavepoint:
      return Transaction(stmt);
    case K::kAlterSession:
      if (!stmt.parameter.empty()) {
        session.parameters().Set(stmt.parameter, stmt.parameter_value);
      } else if (stmt.action == "FORCE PARALLEL QUERY") {
        session.parameters().Set("parallel_degree",
                                 std::to_string(stmt.parallel_degree.value_or(2)));
      }
      return Message("Session altered.");
    case K::kAlterSystem:
      if (stmt.action == "FLUSH BUFFER_CACHE")
        db.FlushBufferCache();
      else if (stmt.action == "FLUSH SHARED_POOL")
        session.cursors().InvalidateAll();
      else if (!stmt.parameter.empty())
        session.parameters().Set(stmt.parameter, stmt.parameter_value);
      return Message("System altered.");
    case K::kPlsqlBlock:
      return Plsql(stmt);
    case K::kExplainPlan:
      return Explain(stmt);
    case K::kCreateIndex:
      ImplicitCommit();
      return Message(CreateIndexStatement(session, ctx, stmt));
    case K::kDropIndex:
      ImplicitCommit();
      return Message(DropIndexStatement(session, stmt));
    case K::kAlterIndex:
      ImplicitCommit();
      return Message(AlterIndexStatement(session, stmt));
    case K::kMerge:
      ThrowUnimplemented("MERGE");
    case K::kAlterTable:
      ImplicitCommit();
      db.AlterInMemory(stmt.name.back(), planner::InMemoryChangeOf(stmt), session.stats());
      return Message("Table altered.");
  }
  ThrowOra(900, "invalid SQL statement");
}

planner::PhysicalPlan StatementRunner::PlanStatement(const ast::Statement& stmt,
                                                     bool explain_only) {
  const planner::SystemViewSources sources = SystemViewSourcesFor(session);
  planner::PlanContext pctx{session.database(), ctx.eval, &sources};
  pctx.cost = session.CostParameters();
  if (!explain_only) pctx.before_dictionary_change = [this] { ImplicitCommit(); };
  if (cursor != nullptr) pctx.feedback = cursor->feedback;
  planner::PhysicalPlan plan;
  switch (stmt.kind) {
    case ast::StmtKind::kSelect:
      plan = planner::PlanQuery(*stmt.query, pctx);
      break;
    case ast::StmtKind::kInsert:
      plan = planner::PlanInsert(stmt, pctx);
      break;
    case ast::StmtKind::kUpdate:
      plan = planner::PlanUpdate(stmt, pctx);
      break;
    case ast::StmtKind::kDelete:
      plan = planner::PlanDelete(stmt, pctx);
      break;
    default:
      ThrowOra(905, "missing keyword");
  }
  if (AsksRuntimeStatistics(stmt)) plan.record.gather_plan_statistics = true;
  if (!pctx.feedback.empty())
    plan.record.notes.emplace_back("statistics feedback used for this statement");
  NumberPlanLines(*plan.root);
  return plan;
}

ChildCursor& StatementRunner::Keep(planner::PhysicalPlan plan, const ast::Statement& stmt) {
  if (cursor == nullptr) ThrowOra(600, "internal error code, arguments: [no cursor]");
  ChildCursor& c = cursor->cache.Obtain(cursor->sql_id, cursor->text, cursor->environment);
  c.plan = std::move(plan);
  c.statement_operation = StatementOperation(stmt.kind);
  c.line_count = NumberPlanLines(*c.plan.root);
  c.adaptive = planner::IsAdaptivePlan(*c.plan.root);
  c.adaptive_decisions.clear();
  {
    const auto inactive = planner::InactiveLines(*c.plan.root, nullptr);
    c.plan_hash_value = planner::PlanHashValue(*c.plan.root, &inactive);
  }
  c.full_plan_hash_value = planner::PlanHashValue(*c.plan.root);
  c.reoptimizable = false;
  c.corrections.clear();
  c.from_feedback = !cursor->feedback.empty();
  c.dictionary = cursor->dictionary;
  c.valid = true;
  c.has_plan = true;
  ++c.loads;
  // Statistics of an older plan's lines mean nothing for the new one.
  c.last_stats.clear();
  c.total_stats.clear();
  c.last_starts_executions = 0;
  c.has_runtime = false;
  return c;
}

void StatementRunner::NoteFeedback(ChildCursor& c, const std::vector<OperatorRuntimeStats>& lines) {
  // Join feedback is part of the adaptive statistics (Oracle 12.2 and later).
  const Parameters& p = session.parameters();
  const bool joins =
      p.GetBool("_optimizer_use_feedback_for_join") && p.GetBool("optimizer_adaptive_statistics");
  c.corrections = planner::CollectFeedback(*c.plan.root, lines, joins);
  c.reoptimizable = !c.corrections.empty();
}

StatementOutcome StatementRunner::RunCursor(ChildCursor& c, ResultSink& sink) {
  SessionStats& stats = session.stats();
  ++c.parse_calls;
  ++c.executions;
  if (cursor != nullptr) session.NoteExecutedCursor(cursor->sql_id, c.child_number);
  const bool gather = c.plan.record.gather_plan_statistics || StatisticsLevelAll(session);
  // Statistics feedback monitors a child's first execution: every line's rows and starts.
  const bool monitor = !c.from_feedback && c.executions == 1 &&
                       c.statement_operation == "SELECT STATEMENT" &&
                       session.parameters().GetBool("_optimizer_use_feedback");
  std::vector<OperatorRuntimeStats> lines;
  if (gather || monitor) {
    lines.resize(static_cast<size_t>(std::max(c.line_count, 1)));
    ctx.line_stats = &lines;
  }
  if (c.adaptive) {
    ctx.shared.adaptive_reporting_only =
        session.parameters().GetBool("optimizer_adaptive_reporting_only");
    // Oracle resolves an adaptive plan once and reuses the final plan; ours decides again
    // at every execution unless asked to behave like Oracle.
    if (session.parameters().GetBool("_optimizer_adaptive_plan_resolve_once"))
      for (const auto& [id, d] : c.adaptive_decisions) ctx.shared.adaptive_presets[id] = d.hash;
  }
  const uint64_t gets = stats.Get(Stat::kConsistentGets) + stats.Get(Stat::kDbBlockGets);
  const uint64_t reads = stats.Get(Stat::kPhysicalReads);
  const auto start = std::chrono::steady_clock::now();
  // V$SQL counts failed executions' work too, as Oracle does.
  auto account = [&] {
    ctx.line_stats = nullptr;
    c.elapsed_us += static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::microseconds>(
                                              std::chrono::steady_clock::now() - start)
                                              .count());
    c.buffer_gets += stats.Get(Stat::kConsistentGets) + stats.Get(Stat::kDbBlockGets) - gets;
    c.disk_reads += stats.Get(Stat::kPhysicalReads) - reads;
    if (c.adaptive && !ctx.shared.adaptive_decisions().empty()) {
      c.adaptive_decisions = ctx.shared.adaptive_decisions();
      const auto inactive = planner::InactiveLines(*c.plan.root, &c.adaptive_decisions);
      c.plan_hash_value = planner::PlanHashValue(*c.plan.root, &inactive);
    }
    c.join_filters.clear();
    for (const auto& [id, filter] : ctx.shared.join_filters()) {
      const JoinFilter::Counters jf = filter->counters();
      c.join_filters.emplace_back(id, jf);
      stats.Add(Stat::kJoinFilterRowsProbed, jf.probed);
      stats.Add(Stat::kJoinFilterRowsFiltered, jf.filtered);
    }
    if (monitor) NoteFeedback(c, lines);
    if (gather) {
      AccumulateRuntime(c.total_stats, lines);
      c.last_stats = std::move(lines);
      ++c.last_starts_executions;
      c.has_runtime = true;
    }
  };
  StatementOutcome out;
  try {
    const planner::PhysicalPlan& plan = c.plan;
    const std::string& op = c.statement_operation;
    if (op == "SELECT STATEMENT") {
      out.is_query = true;
      sink.SetDisplayFormats({ctx.eval.nls_date_format, ctx.eval.nls_timestamp_format});
      sink.Begin(plan.names, plan.types);
      RunPlan(*plan.root, ctx, [&](const DataChunk& chunk) {
        if (chunk.Count() == 0) return;
        out.row_count += chunk.Count();
        sink.Rows(chunk);
      });
      sink.End();
    } else {
      const char* verb = op == "INSERT STATEMENT"   ? "inserted"
                         : op == "UPDATE STATEMENT" ? "updated"
                                                    : "deleted";
      out.row_count = RunCount(*plan.root, ctx);
      out.message = RowsMessage(out.row_count, verb);
    }
  } catch (...) {
    account();
    throw;
  }
  account();
  c.rows_processed += out.row_count;
  stats.Add(Stat::kRowsProcessed, out.row_count);
  return out;
}

StatementOutcome StatementRunner::Query(const ast::Statement& stmt, ResultSink& sink) {
  return RunCursor(Keep(PlanStatement(stmt), stmt), sink);
}

StatementOutcome StatementRunner::Dml(const ast::Statement& stmt) {
  DiscardSink sink;
  return RunCursor(Keep(PlanStatement(stmt), stmt), sink);
}

StatementOutcome StatementRunner::Explain(const ast::Statement& stmt) {
  const ast::Statement& e = *stmt.explained;
  switch (e.kind) {
    case ast::StmtKind::kSelect:
    case ast::StmtKind::kInsert:
    case ast::StmtKind::kUpdate:
    case ast::StmtKind::kDelete:
      break;
    case ast::StmtKind::kCreateTableAs:
      if (e.query) break;
      [[fallthrough]];
    default:
      ThrowUnimplemented("EXPLAIN PLAN of this statement");
  }
  ExplainedPlan p;
  p.table = stmt.name.empty() ? "PLAN_TABLE" : stmt.name.back();
  p.statement_id = stmt.statement_id;
  p.statement_operation = StatementOperation(e.kind);
  if (e.kind == ast::StmtKind::kCreateTableAs) {
    // CTAS: LOAD AS SELECT over the query, into a table described but not created.
    if (session.database().FindTable(e.name.back()) || session.database().FindView(e.name.back()))
      ThrowOra(955, "name is already used by an existing object");
    const planner::SystemViewSources sources = SystemViewSourcesFor(session);
    planner::PlanContext pctx{session.database(), ctx.eval, &sources};
    pctx.cost = session.CostParameters();
    planner::PhysicalPlan query = planner::PlanQuery(*e.query, pctx);
    p.ctas_table = std::make_shared<const storage::TableInfo>(planner::BuildTableInfoAs(e, query));
    p.plan = planner::PlanLoad(*p.ctas_table, std::move(query));
    NumberPlanLines(*p.plan.root);
  } else {
    p.plan = PlanStatement(e, true);
  }
  session.plan_table().Store(std::move(p));
  return Message("Explained.");
}

StatementOutcome StatementRunner::CreateTable(const ast::Statement& stmt) {
  storage::Database& db = session.database();
  ImplicitCommit();
  const std::string& name = stmt.name.back();
  if (stmt.if_not_exists && (db.FindTable(name) || db.FindView(name)))
    return Message("Table created.");
  planner::PlanContext pctx{db, ctx.eval};
  pctx.cost = session.CostParameters();
  // _inmemory_force_tables: every new table is INMEMORY (the sqllogictest corpus run twice).
  const bool force_inmemory = session.parameters().GetBool("_inmemory_force_tables");
  if (stmt.kind == ast::StmtKind::kCreateTable) {
    storage::TableInfo info = planner::BuildTableInfo(stmt, pctx);
    if (force_inmemory) info.inmemory = true;
    const storage::TableInfo& table = db.CreateTable(std::move(info));
    CreateConstraintIndexes(session, ctx, stmt, table);
    return Message("Table created.");
  }
  planner::PhysicalPlan query = planner::PlanQuery(*stmt.query, pctx);
  storage::TableInfo info = planner::BuildTableInfoAs(stmt, query);
  if (force_inmemory) info.inmemory = true;
  const storage::TableInfo& table = db.CreateTable(std::move(info));
  try {
    planner::PhysicalPlan load = planner::PlanLoad(table, std::move(query));
    RunCount(*load.root, ctx);
    db.Commit(session.transaction(), session.stats());
  } catch (...) {
    // CTAS is all or nothing: no half-filled table survives a failed load.
    db.Rollback(session.transaction(), 0, session.stats());
    db.DropTable(name);
    throw;
  }
  return Message("Table created.");
}

StatementOutcome StatementRunner::CreateView(const ast::Statement& stmt) {
  storage::Database& db = session.database();
  ImplicitCommit();
  planner::PlanContext pctx{db, ctx.eval};
  planner::PhysicalPlan plan = planner::PlanQuery(*stmt.query, pctx);  // validates now
  if (!stmt.view_columns.empty() && stmt.view_columns.size() != plan.names.size())
    ThrowOra(1730, "invalid number of column names specified");
  if (stmt.view_columns.empty())
    for (size_t i = 0; i < plan.named.size(); ++i)
      if (!plan.named[i]) ThrowOra(998, "must name this expression with a column alias");
  storage::ViewInfo info;
  info.name = stmt.name.back();
  info.columns = stmt.view_columns;
  info.query_text = ViewQueryText(sql, *stmt.query);
  db.CreateView(std::move(info), stmt.or_replace);
  return Message("View created.");
}

StatementOutcome StatementRunner::Transaction(const ast::Statement& stmt) {
  storage::Database& db = session.database();
  storage::Transaction& txn = session.transaction();
  if (stmt.kind == ast::StmtKind::kCommit) {
    session.Commit();
    return Message("Commit complete.");
  }
  if (stmt.kind == ast::StmtKind::kSavepoint) {
    savepoints[stmt.savepoint] = txn.Savepoint();
    return Message("Savepoint created.");
  }
  if (!stmt.savepoint.empty()) {
    auto it = savepoints.find(stmt.savepoint);
    if (it == savepoints.end())
      ThrowOra(1086, "savepoint '{}' never established in this session or is invalid",
               stmt.savepoint);
    size_t pos = it->second;
    db.Rollback(txn, pos, session.stats());
    for (auto s = savepoints.begin(); s != savepoints.end();)
      s = s->second > pos ? savepoints.erase(s) : std::next(s);
    return Message("Rollback complete.");
  }
  db.Rollback(txn, 0, session.stats());
  session.stats().Add(Stat::kUserRollbacks);
  savepoints.clear();
  return Message("Rollback complete.");
}

}  // namespace pathdb
