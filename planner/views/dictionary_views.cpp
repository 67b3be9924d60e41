// The dictionary views (USER_TABLES, USER_INDEXES, USER_TAB_COLUMNS, USER_SEGMENTS ...): each
// a list of columns with Oracle's names and types and a function building its rows from the
// dictionary (storage::Database) when the view is scanned.
#include <algorithm>
#include <bit>
#include <utility>

#include "common/datetime.h"
#include "common/error.h"
#include "parser/parser.h"
#include "planner/binder.h"
#include "planner/dbms_stats/dbms_stats.h"
#include "planner/views/oracle_encoding.h"
#include "planner/views/view_builder.h"

namespace pathdb::planner::views {

namespace {

constexpr const char* kTablespace = "USERS";

std::vector<const storage::TableInfo*> SortedTables(const storage::Database& db) {
  auto t = db.Tables();
  std::sort(t.begin(), t.end(), [](auto* a, auto* b) { return a->name < b->name; });
  return t;
}

std::vector<const storage::IndexInfo*> SortedIndexes(const storage::Database& db) {
  auto ix = db.Indexes();
  std::sort(ix.begin(), ix.end(), [](auto* a, auto* b) { return a->name < b->name; });
  return ix;
}

// Oracle's AUTOALLOCATE extent sizes (blocks): 16 x 64 KiB, 63 x 1 MiB, then 8 MiB, as
// storage allocates them. Returns the smallest number of extents holding `blocks` and the
// blocks they cover.
std::pair<uint64_t, uint64_t> Autoallocate(uint64_t blocks) {
  uint64_t n = 0, covered = 0;
  while (covered < blocks) {
    covered += n < 16 ? 8 : (n < 79 ? 128 : 1024);
    ++n;
  }
  return {n, covered};
}

uint64_t ExtentsFor(uint64_t blocks) {
  return Autoallocate(blocks).first;
}

// Allocated blocks of a segment; when storage does not report them, the blocks below the
// high-water mark plus the header, rounded up to whole AUTOALLOCATE extents.
uint64_t SegmentBlocks(uint64_t allocated, uint64_t used) {
  if (allocated > 0) return allocated;
  return Autoallocate(std::max<uint64_t>(used, 1)).second;
}

// ---- type descriptions (USER_TAB_COLUMNS)
std::string DataType(const LogicalType& t) {
  switch (t.id) {
    case TypeId::kNumber:
      return "NUMBER";
    case TypeId::kDouble:
      return "BINARY_DOUBLE";
    case TypeId::kVarchar:
      return "VARCHAR2";
    case TypeId::kChar:
      return "CHAR";
    case TypeId::kDate:
      return "DATE";
    case TypeId::kTimestamp:
      return "TIMESTAMP(6)";
    case TypeId::kIntervalYM:
    case TypeId::kIntervalDS:
      return t.ToString();
    default:
      return "UNDEFINED";
  }
}

uint64_t DataLength(const LogicalType& t) {
  switch (t.id) {
    case TypeId::kNumber:
      return 22;
    case TypeId::kDouble:
      return 8;
    case TypeId::kVarchar:
    case TypeId::kChar:
      return t.length;
    case TypeId::kDate:
      return 7;
    case TypeId::kTimestamp:
    case TypeId::kIntervalDS:
      return 11;
    case TypeId::kIntervalYM:
      return 5;
    default:
      return 0;
  }
}

const char* HistogramName(storage::HistogramType h) {
  switch (h) {
    case storage::HistogramType::kNone:
      return "NONE";
    case storage::HistogramType::kFrequency:
      return "FREQUENCY";
    case storage::HistogramType::kTopFrequency:
      return "TOP-FREQUENCY";
    case storage::HistogramType::kHybrid:
      return "HYBRID";
    case storage::HistogramType::kHeightBalanced:
      return "HEIGHT BALANCED";
  }
  return "NONE";
}

uint64_t NumBuckets(const storage::ColumnStats& c) {
  if (c.histogram == storage::HistogramType::kNone) return 1;
  if (c.histogram == storage::HistogramType::kHeightBalanced && !c.buckets.empty())
    return c.buckets.back().endpoint_number;
  return c.buckets.size();
}

Value RawOrNull(const std::optional<Value>& v) {
  if (!v || v->is_null()) return NullStr();
  return Value::Varchar(OracleRawHex(*v));
}

Value AnalyzedDate(int64_t t) {
  return Value::Date(t);
}

Rows UserTablesRows(ExecContext& ctx, const SystemViewSources&) {
  Rows rows;
  for (const auto* t : SortedTables(ctx.db)) {
    const auto& s = t->stats;
    rows.push_back(
        {V(t->name), V(kTablespace), V("VALID"), N(t->pctfree),
         s.present ? N(s.num_rows) : NullNum(), s.present ? N(s.blocks) : NullNum(),
         s.present ? N(0) : NullNum(), s.present ? N(s.avg_row_len) : NullNum(),
         s.present ? N(s.sample_size) : NullNum(),
         s.present ? AnalyzedDate(s.last_analyzed) : NullDate(), V("NO"), V("N"),
         V(t->inmemory ? "ENABLED" : "DISABLED"),
         t->inmemory ? V(std::string(storage::InMemoryPriorityName(t->inmemory_priority)))
                     : Value::Null(LogicalType::Varchar(8)),
         t->inmemory ? V(std::string(storage::InMemoryCompressionName(t->inmemory_compression)))
                     : Value::Null(LogicalType::Varchar(17))});
  }
  return rows;
}

Rows UserIndexesRows(ExecContext& ctx, const SystemViewSources&) {
  Rows rows;
  for (const auto* ix : SortedIndexes(ctx.db)) {
    const auto& s = ix->stats;
    auto stat = [&](uint64_t v) { return s.present ? N(v) : NullNum(); };
    const uint64_t dk = std::max<uint64_t>(s.distinct_keys, 1);
    rows.push_back({V(ix->name),
                    V("NORMAL"),
                    V(kOwner),
                    V(ix->table_name),
                    V("TABLE"),
                    V(ix->unique ? "UNIQUE" : "NONUNIQUE"),
                    V(kTablespace),
                    stat(s.blevel),
                    stat(s.leaf_blocks),
                    stat(s.distinct_keys),
                    stat(s.distinct_keys ? std::max<uint64_t>(1, s.leaf_blocks / dk) : 0),
                    stat(s.distinct_keys ? std::max<uint64_t>(1, s.clustering_factor / dk) : 0),
                    stat(s.clustering_factor),
                    V(ix->unusable ? "UNUSABLE" : "VALID"),
                    stat(s.num_rows),
                    stat(s.num_rows),
                    s.present ? AnalyzedDate(s.last_analyzed) : NullDate(),
                    V("NO"),
                    V("VISIBLE"),
                    V(ix->constraint_name.empty() ? "NO" : "YES")});
  }
  return rows;
}

Rows UserIndColumnsRows(ExecContext& ctx, const SystemViewSources&) {
  Rows rows;
  for (const auto* ix : SortedIndexes(ctx.db)) {
    const storage::TableInfo* t = ctx.db.FindTable(ix->table_name);
    if (!t) continue;
    for (size_t k = 0; k < ix->columns.size(); ++k) {
      const uint32_t c = ix->columns[k];
      if (c >= t->columns.size()) continue;
      const LogicalType& ty = t->columns[c].type;
      rows.push_back({V(ix->name), V(ix->table_name), V(t->columns[c].name), N(k + 1),
                      N(DataLength(ty)), N(ty.IsString() ? ty.length : 0), V("ASC")});
    }
  }
  return rows;
}

// Statistics columns shared by USER_TAB_COLUMNS and USER_TAB_COL_STATISTICS.
void AppendColumnStats(Row& row, const storage::ColumnStats* c) {
  const bool p = c && c->present;
  row.push_back(p ? N(c->num_distinct) : NullNum());
  row.push_back(p ? RawOrNull(c->low_value) : NullStr());
  row.push_back(p ? RawOrNull(c->high_value) : NullStr());
  row.push_back(p ? DoubleNum(c->density) : NullNum());
  row.push_back(p ? N(c->num_nulls) : NullNum());
  row.push_back(p ? N(NumBuckets(*c)) : NullNum());
}

Row TabColumnRow(const std::string& table, size_t i, const storage::ColumnInfo& col,
                 const storage::TableStats* stats) {
  const LogicalType& ty = col.type;
  const storage::ColumnStats* cs =
      stats && stats->present && i < stats->columns.size() ? &stats->columns[i] : nullptr;
  const bool p = cs && cs->present;
  Row row{V(table),
          V(col.name),
          V(DataType(ty)),
          N(DataLength(ty)),
          (ty.id == TypeId::kNumber && ty.precision > 0) || ty.IsInterval() ? N(ty.precision)
                                                                            : NullNum(),
          ty.id == TypeId::kNumber && (ty.scale >= 0 || ty.precision > 0)
              ? N(ty.scale)
              : (ty.id == TypeId::kTimestamp    ? N(6)
                 : ty.id == TypeId::kIntervalDS ? N(ty.scale)
                 : ty.id == TypeId::kIntervalYM ? N(0)
                                                : NullNum()),
          V(col.not_null ? "N" : "Y"),
          N(i + 1)};
  AppendColumnStats(row, cs);
  row.push_back(p ? AnalyzedDate(stats->last_analyzed) : NullDate());
  row.push_back(p ? N(cs->sample_size) : NullNum());
  row.push_back(N(ty.IsString() ? ty.length : 0));
  row.push_back(p ? N(cs->avg_col_len) : NullNum());
  row.push_back(p ? V(HistogramName(cs->histogram)) : NullStr());
  return row;
}

// A view's columns as its query binds now; a view that no longer binds (a table it reads was
// dropped) lists no columns, as Oracle's invalid views do until recompiled.
std::vector<storage::ColumnInfo> ViewColumns(ExecContext& ctx, const storage::ViewInfo& v) {
  std::vector<storage::ColumnInfo> cols;
  try {
    auto stmt = ParseStatement(v.query_text);
    if (!stmt->query) return cols;
    PlanContext pctx{ctx.db, ctx.eval};
    PhysicalPlan plan = PlanQuery(*stmt->query, pctx);
    for (size_t i = 0; i < plan.types.size(); ++i) {
      std::string name = i < v.columns.size() ? v.columns[i] : plan.names[i];
      cols.push_back({std::move(name), plan.types[i], false, std::nullopt});
    }
  } catch (const OraError&) {
    cols.clear();
  }
  return cols;
}

Rows UserTabColumnsRows(ExecContext& ctx, const SystemViewSources&) {
  Rows rows;
  for (const auto* t : SortedTables(ctx.db))
    for (size_t i = 0; i < t->columns.size(); ++i)
      rows.push_back(TabColumnRow(t->name, i, t->columns[i], &t->stats));
  auto views = ctx.db.Views();
  std::sort(views.begin(), views.end(), [](auto* a, auto* b) { return a->name < b->name; });
  for (const auto* v : views) {
    const auto cols = ViewColumns(ctx, *v);
    for (size_t i = 0; i < cols.size(); ++i)
      rows.push_back(TabColumnRow(v->name, i, cols[i], nullptr));
  }
  return rows;
}

Rows UserTabColStatisticsRows(ExecContext& ctx, const SystemViewSources&) {
  Rows rows;
  for (const auto* t : SortedTables(ctx.db)) {
    if (!t->stats.present) continue;
    auto add = [&](const std::string& column, const storage::ColumnStats& cs) {
      if (!cs.present) return;
      Row row{V(t->name), V(column)};
      AppendColumnStats(row, &cs);
      row.push_back(AnalyzedDate(t->stats.last_analyzed));
      row.push_back(N(cs.sample_size));
      row.push_back(V("YES"));
      row.push_back(V("NO"));
      row.push_back(NullStr());
      row.push_back(N(cs.avg_col_len));
      row.push_back(V(HistogramName(cs.histogram)));
      rows.push_back(std::move(row));
    };
    for (size_t i = 0; i < t->columns.size() && i < t->stats.columns.size(); ++i)
      add(t->columns[i].name, t->stats.columns[i]);
    // Column groups have statistics under their extension name, as in Oracle.
    for (const auto& g : t->column_groups)
      if (auto it = t->stats.column_groups.find(g.name); it != t->stats.column_groups.end())
        add(g.name, it->second);
  }
  return rows;
}

// Extended statistics: one row per column group, '("A","B")' as DBMS_STATS describes it.
Rows UserStatExtensionsRows(ExecContext& ctx, const SystemViewSources&) {
  Rows rows;
  for (const auto* t : SortedTables(ctx.db))
    for (const auto& g : t->column_groups)
      rows.push_back({V(t->name), V(g.name), V(ExtensionText(*t, g.columns)), V("USER"), V("YES")});
  return rows;
}

Rows UserTabHistogramsRows(ExecContext& ctx, const SystemViewSources&) {
  Rows rows;
  for (const auto* t : SortedTables(ctx.db)) {
    if (!t->stats.present) continue;
    for (size_t i = 0; i < t->columns.size() && i < t->stats.columns.size(); ++i) {
      const auto& cs = t->stats.columns[i];
      if (!cs.present) continue;
      const bool text = t->columns[i].type.IsString();
      auto endpoint = [&](uint64_t number, const Value& v, uint64_t repeat) {
        rows.push_back({V(t->name), V(t->columns[i].name), N(number), HistogramEndpointValue(v),
                        text ? V(v.str()) : NullStr(), N(repeat)});
      };
      if (cs.histogram == storage::HistogramType::kNone) {
        // Without a histogram Oracle still lists two endpoints: the low and the high value.
        if (cs.low_value && cs.high_value && !cs.low_value->is_null()) {
          endpoint(0, *cs.low_value, 0);
          endpoint(1, *cs.high_value, 0);
        }
        continue;
      }
      for (const auto& b : cs.buckets) endpoint(b.endpoint_number, b.endpoint, b.repeat_count);
    }
  }
  return rows;
}

Rows UserSegmentsRows(ExecContext& ctx, const SystemViewSources&) {
  Rows rows;
  struct Seg {
    std::string name, type;
    uint64_t blocks;
  };
  std::vector<Seg> segs;
  for (const auto* t : ctx.db.Tables())
    segs.push_back({t->name, "TABLE", SegmentBlocks(t->allocated_blocks, t->hwm_blocks + 1)});
  for (const auto* ix : ctx.db.Indexes()) {
    const auto& s = ix->stats;
    segs.push_back(
        {ix->name, "INDEX", SegmentBlocks(ix->allocated_blocks, s.leaf_blocks + s.blevel + 1)});
  }
  std::sort(segs.begin(), segs.end(), [](const Seg& a, const Seg& b) {
    return a.name != b.name ? a.name < b.name : a.type > b.type;
  });
  for (const auto& s : segs)
    rows.push_back({V(s.name), NullStr(), V(s.type), V("ASSM"), V(kTablespace),
                    N(s.blocks * storage::kBlockSize), N(s.blocks), N(ExtentsFor(s.blocks))});
  return rows;
}

Rows UserViewsRows(ExecContext& ctx, const SystemViewSources&) {
  Rows rows;
  auto views = ctx.db.Views();
  std::sort(views.begin(), views.end(), [](auto* a, auto* b) { return a->name < b->name; });
  for (const auto* v : views)
    rows.push_back({V(v->name), N(v->query_text.size()), V(v->query_text)});
  return rows;
}

Rows UserObjectsRows(ExecContext& ctx, const SystemViewSources&) {
  Rows rows;
  for (const auto* t : ctx.db.Tables())
    rows.push_back({V(t->name), V("TABLE"), N(t->object_id), V("VALID")});
  for (const auto* ix : ctx.db.Indexes())
    rows.push_back({V(ix->name), V("INDEX"), N(ix->object_id), V("VALID")});
  for (const auto* v : ctx.db.Views())
    rows.push_back({V(v->name), V("VIEW"), NullNum(), V("VALID")});
  std::sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) {
    return a[0].str() != b[0].str() ? a[0].str() < b[0].str() : a[1].str() < b[1].str();
  });
  return rows;
}

// Column lists shared by USER_TAB_COLUMNS and USER_TAB_COL_STATISTICS.
std::vector<ColumnDef> StatsColumns() {
  return {{"NUM_DISTINCT", Num()}, {"LOW_VALUE", Str(2000)}, {"HIGH_VALUE", Str(2000)},
          {"DENSITY", Num()},      {"NUM_NULLS", Num()},     {"NUM_BUCKETS", Num()}};
}

}  // namespace

std::vector<SystemView> DictionaryViews() {
  std::vector<SystemView> v;
  v.push_back(MakeView("USER_INDEXES",
                       {{"INDEX_NAME", Str(128)},
                        {"INDEX_TYPE", Str(27)},
                        {"TABLE_OWNER", Str(128)},
                        {"TABLE_NAME", Str(128)},
                        {"TABLE_TYPE", Str(11)},
                        {"UNIQUENESS", Str(9)},
                        {"TABLESPACE_NAME", Str(30)},
                        {"BLEVEL", Num()},
                        {"LEAF_BLOCKS", Num()},
                        {"DISTINCT_KEYS", Num()},
                        {"AVG_LEAF_BLOCKS_PER_KEY", Num()},
                        {"AVG_DATA_BLOCKS_PER_KEY", Num()},
                        {"CLUSTERING_FACTOR", Num()},
                        {"STATUS", Str(8)},
                        {"NUM_ROWS", Num()},
                        {"SAMPLE_SIZE", Num()},
                        {"LAST_ANALYZED", LogicalType::Date()},
                        {"PARTITIONED", Str(3)},
                        {"VISIBILITY", Str(9)},
                        {"CONSTRAINT_INDEX", Str(3)}},
                       UserIndexesRows));
  v.push_back(MakeView("USER_IND_COLUMNS",
                       {{"INDEX_NAME", Str(128)},
                        {"TABLE_NAME", Str(128)},
                        {"COLUMN_NAME", Str(4000)},
                        {"COLUMN_POSITION", Num()},
                        {"COLUMN_LENGTH", Num()},
                        {"CHAR_LENGTH", Num()},
                        {"DESCEND", Str(4)}},
                       UserIndColumnsRows));
  v.push_back(MakeView("USER_OBJECTS",
                       {{"OBJECT_NAME", Str(128)},
                        {"OBJECT_TYPE", Str(23)},
                        {"OBJECT_ID", Num()},
                        {"STATUS", Str(7)}},
                       UserObjectsRows));
  v.push_back(MakeView("USER_SEGMENTS",
                       {{"SEGMENT_NAME", Str(128)},
                        {"PARTITION_NAME", Str(128)},
                        {"SEGMENT_TYPE", Str(18)},
                        {"SEGMENT_SUBTYPE", Str(10)},
                        {"TABLESPACE_NAME", Str(30)},
                        {"BYTES", Num()},
                        {"BLOCKS", Num()},
                        {"EXTENTS", Num()}},
                       UserSegmentsRows));
  v.push_back(MakeView("USER_TABLES",
                       {{"TABLE_NAME", Str(128)},
                        {"TABLESPACE_NAME", Str(30)},
                        {"STATUS", Str(8)},
                        {"PCT_FREE", Num()},
                        {"NUM_ROWS", Num()},
                        {"BLOCKS", Num()},
                        {"EMPTY_BLOCKS", Num()},
                        {"AVG_ROW_LEN", Num()},
                        {"SAMPLE_SIZE", Num()},
                        {"LAST_ANALYZED", LogicalType::Date()},
                        {"PARTITIONED", Str(3)},
                        {"TEMPORARY", Str(1)},
                        {"INMEMORY", Str(8)},
                        {"INMEMORY_PRIORITY", Str(8)},
                        {"INMEMORY_COMPRESSION", Str(17)}},
                       UserTablesRows));
  v.push_back(MakeView("USER_TAB_COLUMNS",
                       Concat(Concat({{"TABLE_NAME", Str(128)},
                                      {"COLUMN_NAME", Str(128)},
                                      {"DATA_TYPE", Str(128)},
                                      {"DATA_LENGTH", Num()},
                                      {"DATA_PRECISION", Num()},
                                      {"DATA_SCALE", Num()},
                                      {"NULLABLE", Str(1)},
                                      {"COLUMN_ID", Num()}},
                                     StatsColumns()),
                              {{"LAST_ANALYZED", LogicalType::Date()},
                               {"SAMPLE_SIZE", Num()},
                               {"CHAR_LENGTH", Num()},
                               {"AVG_COL_LEN", Num()},
                               {"HISTOGRAM", Str(15)}}),
                       UserTabColumnsRows));
  v.push_back(
      MakeView("USER_TAB_COL_STATISTICS",
               Concat(Concat({{"TABLE_NAME", Str(128)}, {"COLUMN_NAME", Str(128)}}, StatsColumns()),
                      {{"LAST_ANALYZED", LogicalType::Date()},
                       {"SAMPLE_SIZE", Num()},
                       {"GLOBAL_STATS", Str(3)},
                       {"USER_STATS", Str(3)},
                       {"NOTES", Str(99)},
                       {"AVG_COL_LEN", Num()},
                       {"HISTOGRAM", Str(15)}}),
               UserTabColStatisticsRows));
  v.push_back(MakeView("USER_STAT_EXTENSIONS",
                       {{"TABLE_NAME", Str(128)},
                        {"EXTENSION_NAME", Str(128)},
                        {"EXTENSION", Str(4000)},
                        {"CREATOR", Str(6)},
                        {"DROPPABLE", Str(3)}},
                       UserStatExtensionsRows));
  v.push_back(MakeView("USER_TAB_HISTOGRAMS",
                       {{"TABLE_NAME", Str(128)},
                        {"COLUMN_NAME", Str(4000)},
                        {"ENDPOINT_NUMBER", Num()},
                        {"ENDPOINT_VALUE", Num()},
                        {"ENDPOINT_ACTUAL_VALUE", Str(4000)},
                        {"ENDPOINT_REPEAT_COUNT", Num()}},
                       UserTabHistogramsRows));
  v.push_back(MakeView("USER_VIEWS",
                       {{"VIEW_NAME", Str(128)}, {"TEXT_LENGTH", Num()}, {"TEXT", Str(4000)}},
                       UserViewsRows));
  return v;
}

}  // namespace pathdb::planner::views
