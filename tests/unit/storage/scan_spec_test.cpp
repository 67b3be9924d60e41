// ScanSpec scans: predicates evaluated by the scan, region skipping through the storage
// index, run-time filters published after Open, and a randomized comparison of pushed
// predicates with a plain scan filtered afterwards, DML included.
#include "storage/scan_spec.h"

#include <algorithm>
#include <random>

#include "test_util.h"

namespace pathdb::storage {
namespace {

using testing::InsertRows;
using testing::TempDir;

//! A run-time filter the test publishes by hand (a join would publish it in the executor).
class TestRangeFilter : public RuntimeFilter {
 public:
  void Set(int64_t lo, int64_t hi) { Publish(false, Value::Integer(lo), Value::Integer(hi)); }
  void SetEmpty() { Publish(true, std::nullopt, std::nullopt); }
};

struct Fixture {
  TempDir dir;
  std::unique_ptr<Database> db;
  Transaction txn;
  SessionStats stats;
  const TableInfo* t = nullptr;

  //! ID ascending (so each region holds a distinct ID range), GRP = ID mod 7 (NULL when
  //! ID mod 11 = 0), a padding string so a region holds about 8,000 rows.
  explicit Fixture(int rows) {
    db = Database::Open(dir.db(), DatabaseOptions{});
    TableInfo info;
    info.name = "T";
    info.columns = {{"ID", LogicalType::Integer(), false, std::nullopt},
                    {"GRP", LogicalType::Integer(), false, std::nullopt},
                    {"PAD", LogicalType::Varchar(200), false, std::nullopt}};
    t = &db->CreateTable(std::move(info));
    std::vector<std::vector<Value>> data;
    for (int i = 0; i < rows; ++i) {
      data.push_back({Value::Integer(i), i % 11 == 0 ? Value::Null() : Value::Integer(i % 7),
                      Value::Varchar(std::string(100, static_cast<char>('a' + i % 26)))});
    }
    InsertRows(*db, *t, data, txn, stats);
    db->Commit(txn, stats);
  }

  ScanSpec Spec(std::vector<uint32_t> cols, std::vector<ScanPredicate> preds = {}) const {
    ScanSpec s;
    s.table = t;
    s.column_ids = std::move(cols);
    s.predicates = std::move(preds);
    return s;
  }

  //! Every row of the scan as its first column's integer.
  std::vector<int64_t> Ids(ScanSource& scan) {
    std::vector<int64_t> ids;
    DataChunk out;
    while (scan.Next(out, nullptr, stats)) {
      for (size_t i = 0; i < out.Count(); ++i) {
        ids.push_back(*out.column(0).GetValue(out.RowIndex(i)).number().ToInt64());
      }
    }
    return ids;
  }
};

ScanPredicate Compare(uint32_t col, CompareOp op, int64_t v) {
  return {ScanPredicate::Kind::kCompare, col, op, {Value::Integer(v)}};
}

TEST(ScanSpec, PredicatesAreEvaluatedByTheScan) {
  Fixture f(5000);
  auto scan = f.db->BeginScan(f.Spec({0}, {Compare(0, CompareOp::kLt, 10)}), f.stats);
  EXPECT_EQ(f.Ids(*scan), (std::vector<int64_t>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}));
  EXPECT_EQ(scan->counters().rows_read, 5000u);
  EXPECT_EQ(scan->counters().rows_rejected(), 4990u);

  // IS NULL / IN list on a column that is not output.
  ScanPredicate null_grp{ScanPredicate::Kind::kIsNull, 1, CompareOp::kEq, {}};
  auto nulls = f.db->BeginScan(f.Spec({0}, {null_grp, Compare(0, CompareOp::kLe, 44)}), f.stats);
  EXPECT_EQ(f.Ids(*nulls), (std::vector<int64_t>{0, 11, 22, 33, 44}));
  ScanPredicate in{ScanPredicate::Kind::kInList,
                   0,
                   CompareOp::kEq,
                   {Value::Integer(7), Value::Integer(4999), Value::Integer(123456)}};
  auto listed = f.db->BeginScan(f.Spec({0}, {in}), f.stats);
  EXPECT_EQ(f.Ids(*listed), (std::vector<int64_t>{7, 4999}));
}

TEST(ScanSpec, RuntimeRangeSetAfterOpenSkipsRegionsAndDropsRows) {
  Fixture f(40000);
  // A first scan with a predicate on ID summarises every region's ID range.
  auto first = f.db->BeginScan(f.Spec({0}, {Compare(0, CompareOp::kGe, 0)}), f.stats);
  EXPECT_EQ(f.Ids(*first).size(), 40000u);
  const uint64_t regions = first->counters().regions;
  ASSERT_GE(regions, 4u) << "the table must span several regions";
  EXPECT_EQ(first->counters().regions_skipped, 0u);

  auto filter = std::make_shared<TestRangeFilter>();
  ScanSpec spec = f.Spec({0, 1});
  spec.runtime_filters.push_back({{0}, filter});
  auto scan = f.db->BeginScan(spec, f.stats);
  // Published after Open, before the first batch: only ID 39990..39999 can match.
  filter->Set(39990, 39999);
  const uint64_t saved_before = f.stats.Get(Stat::kCellPhysicalIoBytesSavedByStorageIndex);
  const uint64_t gets_before = f.stats.Get(Stat::kConsistentGets);
  std::vector<int64_t> ids = f.Ids(*scan);
  std::vector<int64_t> want;
  for (int64_t i = 39990; i < 40000; ++i) want.push_back(i);
  EXPECT_EQ(ids, want);
  EXPECT_EQ(scan->counters().regions, regions);
  EXPECT_EQ(scan->counters().regions_skipped, regions - 1);
  EXPECT_GT(scan->counters().rows_rejected(), 0u);
  EXPECT_LT(scan->counters().rows_read, 40000u / 2);
  EXPECT_GT(f.stats.Get(Stat::kCellPhysicalIoBytesSavedByStorageIndex), saved_before);
  EXPECT_LT(f.stats.Get(Stat::kConsistentGets) - gets_before, f.t->hwm_blocks / 2);

  // An unpublished filter passes everything; an empty one ends the scan before any read.
  auto later = std::make_shared<TestRangeFilter>();
  ScanSpec spec2 = f.Spec({0});
  spec2.runtime_filters.push_back({{0}, later});
  auto open = f.db->BeginScan(spec2, f.stats);
  DataChunk out;
  ASSERT_TRUE(open->Next(out, nullptr, f.stats));
  const size_t first_batch = out.Count();
  later->SetEmpty();
  size_t rest = 0;
  while (open->Next(out, nullptr, f.stats)) rest += out.Count();
  EXPECT_GT(first_batch, 0u);
  EXPECT_EQ(rest, 0u);
}

TEST(ScanSpec, BlockRangesSplitTheSegmentIntoGranules) {
  Fixture f(40000);
  const uint64_t blocks = f.t->hwm_blocks;
  ASSERT_GT(blocks, 300u);
  // Three granules, the middle one not region-aligned: together they read every row once.
  std::vector<int64_t> all;
  for (auto [begin, end] : {std::pair<uint64_t, uint64_t>{0, 100}, {100, 250}, {250, ~0ull}}) {
    ScanSpec spec = f.Spec({0}, {Compare(0, CompareOp::kGe, 0)});
    spec.blocks = {begin, end};
    auto scan = f.db->BeginScan(spec, f.stats);
    std::vector<int64_t> part = f.Ids(*scan);
    EXPECT_FALSE(part.empty());
    all.insert(all.end(), part.begin(), part.end());
  }
  std::vector<int64_t> want(40000);
  for (int64_t i = 0; i < 40000; ++i) want[i] = i;
  EXPECT_EQ(all, want);
  EXPECT_EQ(f.db->BeginScan(f.Spec({0}), f.stats)->counters().regions, 0u);
}

TEST(ScanSpec, DmlInvalidatesRegionSummaries) {
  Fixture f(40000);
  auto first = f.db->BeginScan(f.Spec({0}, {Compare(0, CompareOp::kGe, 0)}), f.stats);
  f.Ids(*first);
  // Every region but the last is skipped for ID > 39000 ...
  auto before = f.db->BeginScan(f.Spec({0}, {Compare(0, CompareOp::kGt, 39000)}), f.stats);
  EXPECT_EQ(f.Ids(*before).size(), 999u);
  EXPECT_GT(before->counters().regions_skipped, 0u);
  // ... until a row of the first region gets an ID inside the range.
  std::vector<RowId> rowids;
  auto all = f.db->BeginScan(f.Spec({0, 1, 2}), f.stats);
  DataChunk out;
  ASSERT_TRUE(all->Next(out, &rowids, f.stats));
  std::vector<Value> row = {Value::Integer(50000), Value::Integer(1), Value::Varchar("x")};
  f.db->Update(*f.t, rowids[5], row, f.txn, f.stats);
  auto after = f.db->BeginScan(f.Spec({0}, {Compare(0, CompareOp::kGt, 39000)}), f.stats);
  std::vector<int64_t> ids = f.Ids(*after);
  EXPECT_EQ(ids.size(), 1000u);
  EXPECT_EQ(ids.front(), 50000);
}

// INSERT ... SELECT from the same table: rows inserted while the scan runs go to blocks past
// its HWM, which may lie in the region the scan's end cuts short. That region's summary, built
// from the blocks the scan read, would leave them out: it must not be stored.
TEST(ScanSpec, RowsInsertedPastTheScansEndKeepItsLastRegionUnsummarised) {
  Fixture f(12000);  // two regions, the second partly filled
  auto scan = f.db->BeginScan(f.Spec({0}, {Compare(0, CompareOp::kGe, 0)}), f.stats);
  DataChunk out;
  ASSERT_TRUE(scan->Next(out, nullptr, f.stats));  // still in the first region
  std::vector<std::vector<Value>> rows;
  for (int i = 0; i < 10; ++i) {
    rows.push_back({Value::Integer(900000 + i), Value::Integer(1), Value::Varchar("new")});
  }
  InsertRows(*f.db, *f.t, rows, f.txn, f.stats);
  size_t seen = out.Count();
  while (scan->Next(out, nullptr, f.stats)) seen += out.Count();
  EXPECT_EQ(seen, 12000u);  // not its own inserts
  auto pruned = f.db->BeginScan(f.Spec({0}, {Compare(0, CompareOp::kGe, 900000)}), f.stats);
  EXPECT_EQ(f.Ids(*pruned).size(), 10u);
}

//! The same answers as a plain scan filtered afterwards, for random predicates, between
//! random DML statements that change summarised regions.
TEST(ScanSpec, RandomPredicatesMatchAFilteredPlainScan) {
  Fixture f(30000);
  std::mt19937 rng(20261203);
  const CompareOp ops[] = {CompareOp::kEq, CompareOp::kNe, CompareOp::kLt,
                           CompareOp::kLe, CompareOp::kGt, CompareOp::kGe};
  auto holds = [](CompareOp op, int64_t a, int64_t b) {
    switch (op) {
      case CompareOp::kEq:
        return a == b;
      case CompareOp::kNe:
        return a != b;
      case CompareOp::kLt:
        return a < b;
      case CompareOp::kLe:
        return a <= b;
      case CompareOp::kGt:
        return a > b;
      case CompareOp::kGe:
        return a >= b;
    }
    return false;
  };
  for (int round = 0; round < 40; ++round) {
    // Predicates on ID and GRP, maybe one on PAD ahead of them (the scan tests it after the
    // cheaper NUMBER ranges), and maybe a run-time range on ID.
    ScanPredicate p1 = Compare(0, ops[rng() % 6], static_cast<int64_t>(rng() % 32000));
    ScanPredicate p2 = Compare(1, ops[rng() % 6], static_cast<int64_t>(rng() % 8));
    const std::string pads[] = {"u", "i", std::string(100, 'm'), "m"};
    const std::string pad = pads[rng() % 4];
    ScanPredicate p0{ScanPredicate::Kind::kCompare, 2, ops[rng() % 6], {Value::Varchar(pad)}};
    const bool use_pad = rng() % 2 == 0;
    auto range = std::make_shared<TestRangeFilter>();
    int64_t lo = rng() % 30000, hi = lo + rng() % 8000;
    bool use_range = rng() % 2 == 0;
    ScanSpec spec = use_pad ? f.Spec({0, 1}, {p0, p1, p2}) : f.Spec({0, 1}, {p1, p2});
    if (use_range) {
      spec.runtime_filters.push_back({{0}, range});
      range->Set(lo, hi);
    }
    DataChunk out;
    auto scan_rows = [&] {
      std::vector<std::pair<int64_t, int64_t>> rows;
      auto scan = f.db->BeginScan(spec, f.stats);
      while (scan->Next(out, nullptr, f.stats)) {
        for (size_t i = 0; i < out.Count(); ++i) {
          uint32_t r = out.RowIndex(i);
          rows.emplace_back(*out.column(0).GetValue(r).number().ToInt64(),
                            *out.column(1).GetValue(r).number().ToInt64());
        }
      }
      return rows;
    };
    // The first scan rebuilds the region summaries DML dropped, testing row by row; the
    // second finds them built and tests a block's rows a batch at a time.
    std::vector<std::pair<int64_t, int64_t>> got = scan_rows(), again = scan_rows();
    std::vector<std::pair<int64_t, int64_t>> want;
    std::vector<RowId> rowids;
    auto plain = f.db->BeginScan(f.Spec({0, 1, 2}), f.stats);
    std::vector<RowId> all_rowids;
    while (plain->Next(out, &rowids, f.stats)) {
      for (size_t i = 0; i < out.size(); ++i) {
        all_rowids.push_back(rowids[i]);
        Value id = out.column(0).GetValue(i), grp = out.column(1).GetValue(i);
        if (grp.is_null()) continue;
        int64_t a = *id.number().ToInt64(), b = *grp.number().ToInt64();
        if (!holds(p1.op, a, p1.values[0].number().ToInt64().value())) continue;
        if (!holds(p2.op, b, p2.values[0].number().ToInt64().value())) continue;
        if (use_pad) {
          const Value v = out.column(2).GetValue(i);
          if (v.is_null()) continue;
          const int c = v.ToString().compare(pad);
          if (!holds(p0.op, (c > 0) - (c < 0), 0)) continue;
        }
        if (use_range && (a < lo || a > hi)) continue;
        want.emplace_back(a, b);
      }
    }
    ASSERT_EQ(got, want) << "round " << round;
    ASSERT_EQ(again, want) << "round " << round << ", second scan";
    // DML between rounds: updates to random rows (new IDs anywhere), inserts, deletes.
    for (int k = 0; k < 20; ++k) {
      RowId victim = all_rowids[rng() % all_rowids.size()];
      int64_t id = rng() % 32000;
      std::vector<Value> row = {Value::Integer(id), Value::Integer(id % 7), Value::Varchar("u")};
      if (!f.db->Fetch(*f.t, victim, f.stats)) continue;
      if (rng() % 4 == 0) {
        f.db->Delete(*f.t, victim, f.txn, f.stats);
        all_rowids.erase(std::find(all_rowids.begin(), all_rowids.end(), victim));
      } else {
        f.db->Update(*f.t, victim, row, f.txn, f.stats);
      }
    }
    InsertRows(*f.db, *f.t,
               {{Value::Integer(rng() % 32000), Value::Integer(3), Value::Varchar("i")}}, f.txn,
               f.stats);
    if (round % 10 == 9) f.db->Rollback(f.txn, 0, f.stats);
    if (round % 10 == 4) f.db->Commit(f.txn, f.stats);
  }
}

}  // namespace
}  // namespace pathdb::storage
