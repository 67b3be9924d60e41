// The dynamic performance views (V$MYSTAT, V$PARAMETER, V$SESSION, V$SQL, V$SQL_PLAN ...):
// rows from the session that owns the statement, through SystemViewSources (statistics,
// parameters, the cursor cache), built when the view is scanned.
#include "common/error.h"
#include "planner/views/view_builder.h"

namespace pathdb::planner::views {

namespace {

Rows StatNameRows(ExecContext&, const SystemViewSources&) {
  Rows rows;
  for (size_t i = 0; i < static_cast<size_t>(Stat::kCount_); ++i) {
    auto s = static_cast<Stat>(i);
    rows.push_back({N(i), V(std::string(StatName(s))), N(static_cast<uint64_t>(StatClass(s)))});
  }
  return rows;
}

Rows MyStatRows(ExecContext& ctx, const SystemViewSources& src) {
  Rows rows;
  for (size_t i = 0; i < static_cast<size_t>(Stat::kCount_); ++i)
    rows.push_back({N(src.sid), N(i), N(ctx.stats.Get(static_cast<Stat>(i)))});
  return rows;
}

// V$STORAGE_INDEX (ours; Exadata keeps its region indexes in cell memory, unseen): one row
// per summarised column of a region, MIN_VALUE/MAX_VALUE as text.
Rows StorageIndexRows(ExecContext& ctx, const SystemViewSources&) {
  Rows rows;
  auto text = [](const std::optional<Value>& v) { return v ? V(v->ToString()) : Value::Null(); };
  for (const storage::StorageIndexRow& r : ctx.db.StorageIndexRows()) {
    rows.push_back({V(r.segment_name), N(r.object_id), N(r.region), N(r.first_data_block),
                    V(r.column_name), text(r.min), text(r.max), V(r.has_null ? "YES" : "NO")});
  }
  return rows;
}

// V$IM_SEGMENTS: tables with an in-memory copy (or one being built), as Oracle shows them,
// plus ours: IMCUS, ROWS_POPULATED and STALE_BLOCKS (blocks scans read from the row store).
Rows ImSegmentRows(ExecContext& ctx, const SystemViewSources&) {
  Rows rows;
  for (const storage::InMemorySegmentRow& r : ctx.db.InMemorySegments()) {
    rows.push_back({V("PATHDB"), V(r.segment_name), Value::Null(), V("TABLE"), V("USERS"),
                    N(r.inmemory_size), N(r.bytes), N(r.bytes_not_populated), V(r.populate_status),
                    V(std::string(storage::InMemoryPriorityName(r.priority))),
                    V(std::string(storage::InMemoryCompressionName(r.compression))), N(r.imcus),
                    N(r.rows), N(r.stale_blocks)});
  }
  return rows;
}

// V$PARAMETER's TYPE: 1 boolean, 2 string, 3 integer, 6 big integer.
int ParameterTypeCode(const std::string& type) {
  if (type == "boolean") return 1;
  if (type == "integer") return 3;
  if (type == "big integer") return 6;
  return 2;
}

Rows ParameterRows(ExecContext&, const SystemViewSources& src) {
  Rows rows;
  if (!src.parameters) return rows;
  uint64_t num = 0;
  for (const auto& p : src.parameters()) {
    ++num;
    // As in Oracle, hidden (underscore) parameters show only once they have been set.
    if (!p.name.empty() && p.name[0] == '_' && p.is_default) continue;
    const bool fixed = p.name == "db_block_size";
    const bool system_only = fixed || p.name == "db_cache_size" || p.name == "inmemory_size";
    rows.push_back({N(num), V(p.name), N(static_cast<uint64_t>(ParameterTypeCode(p.type))),
                    V(p.value), V(p.display_value), V(p.is_default ? "TRUE" : "FALSE"),
                    V(system_only ? "FALSE" : "TRUE"), V(fixed ? "FALSE" : "IMMEDIATE"),
                    V(p.description)});
  }
  return rows;
}
// ---- the cursor cache (V$SQL, V$SESSION, V$SQL_PLAN*)

Value OptNum(const std::optional<double>& d) {
  if (!d) return NullNum();
  return Value::Integer(static_cast<int64_t>(*d + 0.5));
}
Value OptNum(const std::optional<uint64_t>& n) {
  return n ? N(*n) : NullNum();
}

Rows SqlRows(ExecContext&, const SystemViewSources& src) {
  Rows rows;
  if (!src.sql) return rows;
  for (const SqlSource& s : src.sql()) {
    rows.push_back({V(s.sql_id),
                    N(static_cast<uint64_t>(s.child_number)),
                    N(s.hash_value),
                    N(s.plan_hash_value),
                    N(s.executions),
                    N(s.parse_calls),
                    N(s.loads),
                    N(s.invalidations),
                    N(s.elapsed_us),
                    N(s.buffer_gets),
                    N(s.disk_reads),
                    N(s.rows_processed),
                    V(s.command),
                    V(s.valid ? "VALID" : "INVALID_UNAUTH"),
                    V(s.sql_text.substr(0, 1000)),
                    V(s.sql_text),
                    V(s.resolved_adaptive),
                    V(s.reoptimizable ? "Y" : "N"),
                    N(s.full_plan_hash_value),
                    OptNum(s.optimizer_cost),
                    V(s.shareable ? "Y" : "N"),
                    V(s.bind_sensitive ? "Y" : "N"),
                    V("N")});
  }
  return rows;
}

// Why a child cursor exists beside its siblings: of Oracle's reasons, the one pathdb has --
// statistics feedback (USE_FEEDBACK_STATS = 'Y' on the child whose execution asked for a new
// one).
Rows SharedCursorRows(ExecContext&, const SystemViewSources& src) {
  Rows rows;
  if (!src.sql) return rows;
  for (const SqlSource& s : src.sql())
    rows.push_back(
        {V(s.sql_id), N(static_cast<uint64_t>(s.child_number)), V(s.reoptimizable ? "Y" : "N")});
  return rows;
}

Rows JoinFilterRows(ExecContext&, const SystemViewSources& src) {
  Rows rows;
  if (!src.join_filters) return rows;
  for (const JoinFilterSource& f : src.join_filters()) {
    rows.push_back({N(src.sid), N(1), N(f.plan_hash_value), N(f.filter_id), N(f.length),
                    N(f.bits_set), N(f.filtered), N(f.probed), V(f.active ? "YES" : "NO"), N(0)});
  }
  return rows;
}

Rows ReoptimizationHintRows(ExecContext&, const SystemViewSources& src) {
  Rows rows;
  if (!src.reoptimization_hints) return rows;
  for (const ReoptimizationHintSource& h : src.reoptimization_hints()) {
    rows.push_back({V(h.sql_id), N(static_cast<uint64_t>(h.child_number)),
                    N(static_cast<uint64_t>(h.hint_id)), V(h.hint_text), N(0), V("Y"), N(0)});
  }
  return rows;
}

Rows BindCaptureRows(ExecContext&, const SystemViewSources& src) {
  Rows rows;
  if (!src.bind_captures) return rows;
  for (const BindCaptureSource& b : src.bind_captures()) {
    rows.push_back({V(b.sql_id), N(static_cast<uint64_t>(b.child_number)), V(b.name),
                    N(static_cast<uint64_t>(b.position)), V(b.datatype), V("YES"), V(b.value)});
  }
  return rows;
}

Rows SessionRows(ExecContext&, const SystemViewSources& src) {
  SessionSource s = src.session ? src.session() : SessionSource{};
  return {{N(src.sid), N(1), V(s.username), V("ACTIVE"), V("DEDICATED"), V(s.program), V(s.sql_id),
           V(s.prev_sql_id)}};
}

Rows PlanLineRows(ExecContext&, const SystemViewSources& src, bool statistics) {
  Rows rows;
  if (!src.plan_lines) return rows;
  for (const PlanLineSource& l : src.plan_lines()) {
    Row r{V(l.sql_id),
          N(static_cast<uint64_t>(l.child_number)),
          N(l.plan_hash_value),
          N(static_cast<uint64_t>(l.id)),
          l.parent_id < 0 ? NullNum() : N(static_cast<uint64_t>(l.parent_id)),
          N(static_cast<uint64_t>(l.depth)),
          N(static_cast<uint64_t>(l.position)),
          V(l.operation),
          V(l.options),
          V(l.object_name),
          OptNum(l.cost),
          OptNum(l.cardinality),
          OptNum(l.bytes),
          V(l.access_predicates),
          V(l.filter_predicates),
          N(l.full_plan_hash_value)};
    if (statistics) {
      auto rt = [&](uint64_t v) { return l.has_runtime ? N(v) : NullNum(); };
      for (Value v :
           {rt(l.executions), rt(l.starts), rt(l.last_starts), rt(l.output_rows),
            rt(l.last_output_rows), rt(l.cr_buffer_gets), rt(l.last_cr_buffer_gets),
            rt(l.disk_reads), rt(l.last_disk_reads), rt(l.elapsed_us), rt(l.last_elapsed_us),
            OptNum(l.estimated_optimal_size), OptNum(l.estimated_onepass_size),
            OptNum(l.last_memory_used), OptNum(l.last_tempseg_size)})
        r.push_back(std::move(v));
    }
    rows.push_back(std::move(r));
  }
  return rows;
}

std::vector<ColumnDef> PlanLineColumns() {
  return {{"SQL_ID", Str(13)},
          {"CHILD_NUMBER", Num()},
          {"PLAN_HASH_VALUE", Num()},
          {"ID", Num()},
          {"PARENT_ID", Num()},
          {"DEPTH", Num()},
          {"POSITION", Num()},
          {"OPERATION", Str(30)},
          {"OPTIONS", Str(30)},
          {"OBJECT_NAME", Str(128)},
          {"COST", Num()},
          {"CARDINALITY", Num()},
          {"BYTES", Num()},
          {"ACCESS_PREDICATES", Str(4000)},
          {"FILTER_PREDICATES", Str(4000)},
          {"FULL_PLAN_HASH_VALUE", Num()}};
}
}  // namespace

std::vector<SystemView> DynamicViews() {
  std::vector<SystemView> v;
  v.push_back(
      MakeView("V$MYSTAT", {{"SID", Num()}, {"STATISTIC#", Num()}, {"VALUE", Num()}}, MyStatRows));
  v.push_back(MakeView("V$PARAMETER",
                       {{"NUM", Num()},
                        {"NAME", Str(80)},
                        {"TYPE", Num()},
                        {"VALUE", Str(4000)},
                        {"DISPLAY_VALUE", Str(4000)},
                        {"ISDEFAULT", Str(9)},
                        {"ISSES_MODIFIABLE", Str(5)},
                        {"ISSYS_MODIFIABLE", Str(9)},
                        {"DESCRIPTION", Str(255)}},
                       ParameterRows));
  v.push_back(MakeView("V$SESSION",
                       {{"SID", Num()},
                        {"SERIAL#", Num()},
                        {"USERNAME", Str(128)},
                        {"STATUS", Str(8)},
                        {"SERVER", Str(9)},
                        {"PROGRAM", Str(48)},
                        {"SQL_ID", Str(13)},
                        {"PREV_SQL_ID", Str(13)}},
                       SessionRows));
  v.push_back(
      MakeView("V$SESSTAT", {{"SID", Num()}, {"STATISTIC#", Num()}, {"VALUE", Num()}}, MyStatRows));
  v.push_back(MakeView("V$SQL",
                       {{"SQL_ID", Str(13)},
                        {"CHILD_NUMBER", Num()},
                        {"HASH_VALUE", Num()},
                        {"PLAN_HASH_VALUE", Num()},
                        {"EXECUTIONS", Num()},
                        {"PARSE_CALLS", Num()},
                        {"LOADS", Num()},
                        {"INVALIDATIONS", Num()},
                        {"ELAPSED_TIME", Num()},
                        {"BUFFER_GETS", Num()},
                        {"DISK_READS", Num()},
                        {"ROWS_PROCESSED", Num()},
                        {"COMMAND_NAME", Str(64)},
                        {"OBJECT_STATUS", Str(19)},
                        {"SQL_TEXT", Str(1000)},
                        {"SQL_FULLTEXT", Str(4000)},
                        {"IS_RESOLVED_ADAPTIVE_PLAN", Str(1)},
                        {"IS_REOPTIMIZABLE", Str(1)},
                        {"FULL_PLAN_HASH_VALUE", Num()},
                        {"OPTIMIZER_COST", Num()},
                        {"IS_SHAREABLE", Str(1)},
                        {"IS_BIND_SENSITIVE", Str(1)},
                        {"IS_BIND_AWARE", Str(1)}},
                       SqlRows));
  v.push_back(
      MakeView("V$SQL_SHARED_CURSOR",
               {{"SQL_ID", Str(13)}, {"CHILD_NUMBER", Num()}, {"USE_FEEDBACK_STATS", Str(1)}},
               SharedCursorRows));
  // Oracle shows the filters of running parallel queries; ours shows the last execution of
  // every cached cursor, serial or parallel (oracle-reference.md 3.4).
  v.push_back(MakeView("V$SQL_JOIN_FILTER",
                       {{"QC_SESSION_ID", Num()},
                        {"QC_INSTANCE_ID", Num()},
                        {"SQL_PLAN_HASH_VALUE", Num()},
                        {"FILTER_ID", Num()},
                        {"LENGTH", Num()},
                        {"BITS_SET", Num()},
                        {"FILTERED", Num()},
                        {"PROBED", Num()},
                        {"ACTIVE", Str(3)},
                        {"CON_ID", Num()}},
                       JoinFilterRows));
  v.push_back(MakeView("V$SQL_REOPTIMIZATION_HINTS",
                       {{"SQL_ID", Str(13)},
                        {"CHILD_NUMBER", Num()},
                        {"HINT_ID", Num()},
                        {"HINT_TEXT", Str(4000)},
                        {"CLIENT_ID", Num()},
                        {"REPARSE", Str(1)},
                        {"CON_ID", Num()}},
                       ReoptimizationHintRows));
  // Oracle captures at hard parse and every 15 minutes; ours are the values the hard parse
  // peeked (its estimates used them).
  v.push_back(MakeView("V$SQL_BIND_CAPTURE",
                       {{"SQL_ID", Str(13)},
                        {"CHILD_NUMBER", Num()},
                        {"NAME", Str(128)},
                        {"POSITION", Num()},
                        {"DATATYPE_STRING", Str(15)},
                        {"WAS_CAPTURED", Str(3)},
                        {"VALUE_STRING", Str(4000)}},
                       BindCaptureRows));
  v.push_back(MakeView(
      "V$SQL_PLAN", PlanLineColumns(),
      [](ExecContext& ec, const SystemViewSources& src) { return PlanLineRows(ec, src, false); }));
  v.push_back(MakeView(
      "V$SQL_PLAN_STATISTICS_ALL",
      Concat(PlanLineColumns(), {{"EXECUTIONS", Num()},
                                 {"STARTS", Num()},
                                 {"LAST_STARTS", Num()},
                                 {"OUTPUT_ROWS", Num()},
                                 {"LAST_OUTPUT_ROWS", Num()},
                                 {"CR_BUFFER_GETS", Num()},
                                 {"LAST_CR_BUFFER_GETS", Num()},
                                 {"DISK_READS", Num()},
                                 {"LAST_DISK_READS", Num()},
                                 {"ELAPSED_TIME", Num()},
                                 {"LAST_ELAPSED_TIME", Num()},
                                 {"ESTIMATED_OPTIMAL_SIZE", Num()},
                                 {"ESTIMATED_ONEPASS_SIZE", Num()},
                                 {"LAST_MEMORY_USED", Num()},
                                 {"LAST_TEMPSEG_SIZE", Num()}}),
      [](ExecContext& ec, const SystemViewSources& src) { return PlanLineRows(ec, src, true); }));
  v.push_back(MakeView("V$STORAGE_INDEX",
                       {{"SEGMENT_NAME", Str(128)},
                        {"OBJECT_ID", Num()},
                        {"REGION", Num()},
                        {"FIRST_BLOCK", Num()},
                        {"COLUMN_NAME", Str(128)},
                        {"MIN_VALUE", Str(4000)},
                        {"MAX_VALUE", Str(4000)},
                        {"HAS_NULL", Str(3)}},
                       StorageIndexRows));
  v.push_back(MakeView("V$IM_SEGMENTS",
                       {{"OWNER", Str(128)},
                        {"SEGMENT_NAME", Str(128)},
                        {"PARTITION_NAME", Str(128)},
                        {"SEGMENT_TYPE", Str(18)},
                        {"TABLESPACE_NAME", Str(30)},
                        {"INMEMORY_SIZE", Num()},
                        {"BYTES", Num()},
                        {"BYTES_NOT_POPULATED", Num()},
                        {"POPULATE_STATUS", Str(13)},
                        {"INMEMORY_PRIORITY", Str(8)},
                        {"INMEMORY_COMPRESSION", Str(17)},
                        {"IMCUS", Num()},
                        {"ROWS_POPULATED", Num()},
                        {"STALE_BLOCKS", Num()}},
                       ImSegmentRows));
  v.push_back(MakeView("V$STATNAME", {{"STATISTIC#", Num()}, {"NAME", Str(64)}, {"CLASS", Num()}},
                       StatNameRows));
  return v;
}

}  // namespace pathdb::planner::views
