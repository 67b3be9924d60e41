// A HASH JOIN publishes a join filter when its build ends; the probe-side TABLE ACCESS FULL
// of the same execution has it before it reads its first block.
#include "executor/join_filter.h"

#include "common/error.h"
#include "executor/hash_join.h"
#include "executor/join_hash_table.h"
#include "executor/load_table.h"
#include "executor/table_access_full.h"
#include "op_test_util.h"

namespace pathdb::test {
namespace {

const LogicalType kInt = LogicalType::Integer();
const LogicalType kStr = LogicalType::Varchar(200);

//! FACT(ID, PAD): 40,000 rows, ID ascending, so each storage region holds one ID range.
const storage::TableInfo& MakeFact(TestDb& t) {
  storage::TableInfo info;
  info.name = "FACT";
  info.columns.push_back({"ID", kInt, false, std::nullopt});
  info.columns.push_back({"PAD", kStr, false, std::nullopt});
  const auto& table = t.db->CreateTable(std::move(info));
  std::vector<std::vector<Value>> rows;
  for (int i = 0; i < 40000; i++) rows.push_back({I(i), S(std::string(100, 'p'))});
  LoadTableConventional load(table);
  load.AddChild(Values({kInt, kStr}, rows, 2048));
  t.Run(load);
  return table;
}

//! HASH JOIN (build: two dimension keys) over FACT, with join filter 0 on FACT.ID.
std::unique_ptr<HashJoin> StarJoin(const storage::TableInfo& fact, bool with_filter) {
  std::vector<BoundExprPtr> bk, pk;
  bk.push_back(Col(0));
  pk.push_back(Col(0));
  auto join = std::make_unique<HashJoin>(JoinKind::kInner, std::move(bk), std::move(pk), nullptr);
  join->AddChild(Values({kInt}, {{I(39100)}, {I(39999)}}));
  auto scan = std::make_unique<TableAccessFull>(fact, std::vector<uint32_t>{0}, nullptr);
  if (with_filter) {
    join->CreateJoinFilter(0, {0});
    scan->UseJoinFilter(0, {0});
  }
  join->AddChild(std::move(scan));
  NumberPlanLines(*join);
  return join;
}

TEST(JoinFilter, ProbeScanHasTheFilterBeforeItsFirstBlock) {
  TestDb t;
  const auto& fact = MakeFact(t);
  // A scan with a predicate on ID summarises the regions' ID ranges (the storage index).
  TableAccessFull warm(fact, {0}, Cmp(">=", Col(0), Const(I(0))));
  EXPECT_EQ(t.CountRows(warm), 40000u);

  std::vector<OperatorRuntimeStats> lines(4);  // by line id: 1 join, 2 build, 3 scan
  t.ctx->line_stats = &lines;
  auto plain = StarJoin(fact, false);
  EXPECT_EQ(t.Run(*plain), (std::vector<std::string>{"39100|39100", "39999|39999"}));
  const uint64_t plain_buffers = lines[3].buffers;
  EXPECT_EQ(lines[3].rows, 40000u);

  lines.assign(4, OperatorRuntimeStats{});
  const uint64_t saved = t.stats.Get(Stat::kCellPhysicalIoBytesSavedByStorageIndex);
  auto filtered = StarJoin(fact, true);
  EXPECT_EQ(t.Run(*filtered), (std::vector<std::string>{"39100|39100", "39999|39999"}));
  // Only the matching rows leave the scan (the membership test) ...
  EXPECT_EQ(lines[3].rows, 2u);
  // ... and the regions before ID 39100 were never read: the first region, read first by a
  // scan without the filter, was skipped, so the filter was there before any block.
  EXPECT_GT(t.stats.Get(Stat::kCellPhysicalIoBytesSavedByStorageIndex), saved);
  EXPECT_LT(lines[3].buffers * 4, plain_buffers);
  EXPECT_EQ(lines[3].starts, 1u);
}

// Build keys in two separate ranges (the first and the last customers): the key-range summary
// skips the regions of the gap between them, which the overall min/max cannot.
TEST(JoinFilter, KeyRangeSummarySkipsTheGapBetweenTwoRanges) {
  TestDb t;
  const auto& fact = MakeFact(t);
  TableAccessFull warm(fact, {0}, Cmp(">=", Col(0), Const(I(0))));
  EXPECT_EQ(t.CountRows(warm), 40000u);
  std::vector<OperatorRuntimeStats> lines(4);
  t.ctx->line_stats = &lines;
  std::vector<BoundExprPtr> bk, pk;
  bk.push_back(Col(0));
  pk.push_back(Col(0));
  HashJoin join(JoinKind::kInner, std::move(bk), std::move(pk), nullptr);
  join.AddChild(Values({kInt}, {{I(5)}, {I(39990)}}));
  auto scan = std::make_unique<TableAccessFull>(fact, std::vector<uint32_t>{0}, nullptr);
  scan->UseJoinFilter(0, {0});
  join.CreateJoinFilter(0, {0});
  join.AddChild(std::move(scan));
  NumberPlanLines(join);
  const uint64_t saved = t.stats.Get(Stat::kCellPhysicalIoBytesSavedByStorageIndex);
  EXPECT_EQ(t.Run(join), (std::vector<std::string>{"5|5", "39990|39990"}));
  // Only the first and the last regions are read.
  EXPECT_GT(lines[3].bytes_skipped, 0u);
  EXPECT_GT(t.stats.Get(Stat::kCellPhysicalIoBytesSavedByStorageIndex), saved);
  EXPECT_EQ(lines[3].rows, 2u);
}

TEST(JoinFilter, EachExecutionStartsWithAnUnpublishedFilter) {
  TestDb t;
  const auto& fact = MakeFact(t);
  auto join = StarJoin(fact, true);
  for (int run = 0; run < 2; ++run) {
    ExecContext ctx{*t.db, t.txn, t.stats, EvalContext{}, nullptr};
    EXPECT_FALSE(ctx.shared.JoinFilterById(0)->published());
    size_t rows = 0;
    RunPlan(*join, ctx, [&](const DataChunk& c) { rows += c.Count(); });
    EXPECT_EQ(rows, 2u);
    EXPECT_TRUE(ctx.shared.JoinFilterById(0)->published());
    EXPECT_EQ(ctx.shared.JoinFilterById(0)->min()->number().ToInt64(), 39100);
  }
}

TEST(JoinFilter, EmptyBuildMeansTheProbeReadsNothing) {
  TestDb t;
  const auto& fact = MakeFact(t);
  std::vector<BoundExprPtr> bk, pk;
  bk.push_back(Col(0));
  pk.push_back(Col(0));
  HashJoin join(JoinKind::kInner, std::move(bk), std::move(pk), nullptr);
  join.AddChild(Values({kInt}, {}));
  auto scan = std::make_unique<TableAccessFull>(fact, std::vector<uint32_t>{0}, nullptr);
  scan->UseJoinFilter(0, {0});
  join.CreateJoinFilter(0, {0});
  join.AddChild(std::move(scan));
  const uint64_t gets = t.stats.Get(Stat::kConsistentGets);
  EXPECT_EQ(t.CountRows(join), 0u);
  EXPECT_EQ(t.stats.Get(Stat::kConsistentGets), gets);
}

TEST(JoinFilter, OnlyJoinsThatMayDropUnmatchedProbeRowsCreateOne) {
  auto join = [](JoinKind kind, bool build_preserved) {
    std::vector<BoundExprPtr> bk, pk;
    bk.push_back(Col(0));
    pk.push_back(Col(0));
    return HashJoin(kind, std::move(bk), std::move(pk), nullptr, build_preserved);
  };
  auto code = [](HashJoin&& j, size_t key) {
    try {
      j.CreateJoinFilter(0, {key});
    } catch (const OraError& e) {
      return e.code();
    }
    return 0;
  };
  EXPECT_EQ(code(join(JoinKind::kInner, false), 0), 0);
  EXPECT_EQ(code(join(JoinKind::kSemi, false), 0), 0);
  EXPECT_EQ(code(join(JoinKind::kInner, false), 1), 600);      // no such key
  EXPECT_EQ(code(join(JoinKind::kLeftOuter, false), 0), 600);  // preserves probe rows
  EXPECT_EQ(code(join(JoinKind::kAnti, false), 0), 600);       // returns the unmatched probe rows
  // The build side returned: a probe row without a match marks / excludes no build row.
  EXPECT_EQ(code(join(JoinKind::kSemi, true), 0), 0);
  EXPECT_EQ(code(join(JoinKind::kAnti, true), 0), 0);
  // NOT IN: one NULL probe key empties the answer, and a filter would drop it.
  EXPECT_EQ(code(join(JoinKind::kAntiNullAware, true), 0), 600);
}

}  // namespace
}  // namespace pathdb::test

namespace pathdb::test {
namespace {

//! A build table of integer keys [0, n) and the filter published from it on key 0.
std::shared_ptr<JoinFilter> FilterOver(int n, std::unique_ptr<JoinHashTable>& table) {
  table = std::make_unique<JoinHashTable>(std::vector<LogicalType>{kInt},
                                          std::vector<LogicalType>{kInt},
                                          std::vector<TypeId>{TypeId::kNumber}, false);
  for (int first = 0; first < n; first += 2048) {
    DataChunk batch({kInt});
    const int count = std::min(2048, n - first);
    for (int i = 0; i < count; ++i) batch.column(0).SetValue(i, I(first + i));
    batch.SetSize(count);
    table->Insert({&batch.column(0)}, batch);
  }
  auto filter = std::make_shared<JoinFilter>();
  filter->PublishFromTable(*table, {0}, {TypeId::kNumber});
  return filter;
}

//! Probes `count` keys starting at `first` (NULL every `null_every`th when set) in batches;
//! returns how many passed.
uint64_t Probe(const JoinFilter& f, int64_t first, int64_t count, int null_every = 0) {
  uint64_t passed = 0;
  for (int64_t at = 0; at < count; at += 2048) {
    DataChunk batch({kInt});
    const auto n = static_cast<size_t>(std::min<int64_t>(2048, count - at));
    for (size_t i = 0; i < n; ++i) {
      const int64_t k = first + at + static_cast<int64_t>(i);
      batch.column(0).SetValue(i, null_every && k % null_every == 0 ? Value::Null() : I(k));
    }
    batch.SetSize(n);
    f.ApplyMembership({&batch.column(0)}, batch);
    passed += batch.Count();
  }
  return passed;
}

TEST(JoinFilter, BloomBitsKeepEveryBuildKeyAndFewOthers) {
  std::unique_ptr<JoinHashTable> table;
  auto f = FilterOver(10000, table);
  EXPECT_EQ(f->min()->number().ToInt64(), 0);
  EXPECT_EQ(f->max()->number().ToInt64(), 9999);
  // Sized from the distinct count: at least 8 bits per key.
  EXPECT_GE(f->counters().length * 8, 8u * 10000u);
  EXPECT_EQ(Probe(*f, 0, 10000), 10000u);  // never a false negative
  const uint64_t false_positives = Probe(*f, 1000000, 50000);
  EXPECT_LT(false_positives, 50000u * 3 / 100);  // ~1% at 10 bits per key
  EXPECT_EQ(Probe(*f, 0, 4000, 2), 2000u);       // NULL keys never pass
}

//! The filter published from a build of the given NUMBER keys.
std::shared_ptr<JoinFilter> FilterOf(const std::vector<Value>& keys,
                                     std::unique_ptr<JoinHashTable>& table) {
  const LogicalType num = LogicalType::Number();
  table =
      std::make_unique<JoinHashTable>(std::vector<LogicalType>{num}, std::vector<LogicalType>{num},
                                      std::vector<TypeId>{TypeId::kNumber}, false);
  for (size_t first = 0; first < keys.size(); first += kVectorSize) {
    DataChunk batch({num});
    const size_t n = std::min(kVectorSize, keys.size() - first);
    for (size_t i = 0; i < n; ++i) batch.column(0).SetValue(i, keys[first + i]);
    batch.SetSize(n);
    table->Insert({&batch.column(0)}, batch);
  }
  auto filter = std::make_shared<JoinFilter>();
  filter->PublishFromTable(*table, {0}, {TypeId::kNumber});
  return filter;
}

// Integer keys close together are also kept exactly (a bitmap over their span): a scan holding
// a key's integer tests a bit instead of hashing it, with no false positives. Keys that are not
// all integers, or too far apart, keep only the Bloom bits.
TEST(JoinFilter, IntegerKeySetHoldsExactlyTheIntegerBuildKeys) {
  std::unique_ptr<JoinHashTable> table;
  auto f = FilterOver(10000, table);
  const auto* set = f->integer_keys();
  ASSERT_NE(set, nullptr);
  for (int64_t i = 0; i < 10000; ++i) ASSERT_TRUE(set->Contains(i)) << i;
  EXPECT_FALSE(set->Contains(-1));
  EXPECT_FALSE(set->Contains(10000));
  EXPECT_FALSE(set->Contains(INT64_MIN));
  EXPECT_TRUE(set->ContainsScaled(12300, 2));  // 123.00
  EXPECT_FALSE(set->ContainsScaled(1225, 2));  // 12.25
  EXPECT_TRUE(set->ContainsScaled(123, -1));   // 1230
  EXPECT_FALSE(set->ContainsScaled(1, -5));    // 100000
  EXPECT_FALSE(set->ContainsScaled(INT64_MAX, -3));
  EXPECT_TRUE(set->ContainsScaled(0, 7));

  std::vector<Value> spread;
  for (int64_t i = 0; i < 1000; ++i) spread.push_back(I(i * 1000 + 7));
  auto sparse = FilterOf(spread, table);
  ASSERT_NE(sparse->integer_keys(), nullptr);  // 1M span: under the minimum bitmap size
  EXPECT_TRUE(sparse->integer_keys()->Contains(999007));
  EXPECT_FALSE(sparse->integer_keys()->Contains(999008));
  EXPECT_EQ(FilterOf({I(0), I(1'000'000'000)}, table)->integer_keys(), nullptr);  // too far apart
  EXPECT_EQ(
      FilterOf({I(1), Value::Number(Decimal{15, 1}, LogicalType::Number())}, table)->integer_keys(),
      nullptr);  // 1.5 is no integer
  // Sparser sets while the bitmap fits a 1 MiB L2 cache (up to 128 bits a key): 50,000 keys
  // over 6,000,000 ids (TPC-H Q4's orders) are kept; 50,000 over 16,000,000 are not (the
  // bitmap would be 2 MiB), nor 100,000 over 12,000,000 (64 bits a key is the limit there).
  auto spaced = [&](int64_t n, int64_t step) {
    std::vector<Value> keys;
    for (int64_t i = 0; i < n; ++i) keys.push_back(I(i * step));
    return FilterOf(keys, table)->integer_keys() != nullptr;
  };
  EXPECT_TRUE(spaced(50'000, 120));
  EXPECT_FALSE(spaced(50'000, 320));
  EXPECT_FALSE(spaced(100'000, 120));
  EXPECT_TRUE(spaced(100'000, 60));
  auto scaled = FilterOf({Value::Number(Decimal{400, 2}, LogicalType::Number()), I(9)}, table);
  ASSERT_NE(scaled->integer_keys(), nullptr);  // 4.00 is the integer 4
  EXPECT_TRUE(scaled->integer_keys()->Contains(4));
}

TEST(JoinFilter, StopsProbingWhenItRejectsTooLittleAndSamplesAgainLater) {
  std::unique_ptr<JoinHashTable> table;
  auto f = FilterOver(200000, table);
  // Every probe key is a build key: the first window rejects nothing, so probing stops.
  Probe(*f, 0, JoinFilter::kWindowRows + 2048);
  EXPECT_FALSE(f->counters().active);
  EXPECT_EQ(f->counters().deactivated, 1u);
  const uint64_t probed = f->counters().probed;
  // Inactive: rows pass untested (a key that would be rejected passes too).
  EXPECT_EQ(Probe(*f, 5000000, 4096), 4096u);
  EXPECT_EQ(f->counters().probed, probed);
  // After kRetryRows rows it samples again; keys that miss are rejected then and it stays on.
  Probe(*f, 0, JoinFilter::kRetryRows);
  EXPECT_LT(Probe(*f, 5000000, JoinFilter::kWindowRows + 2048), 4096u);
  EXPECT_TRUE(f->counters().active);
  EXPECT_GT(f->counters().filtered, 60000u);
}

}  // namespace
}  // namespace pathdb::test
