// Direct-path insert: rows written above the HWM in new extents at the end of the file,
// bypassing the buffer cache; visible only after Finish, undone by ROLLBACK, kept by COMMIT.
#include <gtest/gtest.h>

#include "common/error.h"
#include "test_util.h"

namespace pathdb::storage {
namespace {

using testing::InsertRows;
using testing::MakeTable;
using testing::ScanAll;
using testing::TempDir;
using testing::TypesOf;

DatabaseOptions SmallCache() {
  DatabaseOptions o;
  o.cache_size_bytes = 4 << 20;
  return o;
}

TableInfo LoadTable(std::string name = "T") {
  return MakeTable(std::move(name), {{"ID", LogicalType::Integer(), true},
                                     {"GRP", LogicalType::Number(10, 0)},
                                     {"NAME", LogicalType::Varchar(40)}});
}

std::vector<Value> RowFor(int64_t i) {
  return {Value::Integer(i), Value::Number(Decimal::FromInt(i % 7)),
          i % 5 == 0 ? Value::Null() : Value::Varchar("row " + std::to_string(i))};
}

//! Appends rows [from, to) through `load` in chunks of kVectorSize; returns the rows written.
uint64_t AppendRange(DirectPathInsert& load, const TableInfo& t, int64_t from, int64_t to,
                     SessionStats& stats) {
  DataChunk chunk(TypesOf(t));
  uint64_t written = 0;
  for (int64_t i = from; i < to;) {
    chunk.Reset();
    size_t n = 0;
    for (; n < kVectorSize && i < to; ++n, ++i) {
      auto row = RowFor(i);
      for (size_t c = 0; c < row.size(); ++c) chunk.column(c).SetValue(n, row[c]);
    }
    chunk.SetSize(n);
    written += load.Append(chunk, stats);
  }
  return written;
}

//! Sum of ID over a full scan, and the row count.
std::pair<int64_t, size_t> SumIds(Database& db, const TableInfo& t, SessionStats& stats) {
  int64_t sum = 0;
  auto rows = ScanAll(db, t, stats);
  for (auto& r : rows) sum += *r[0].number().ToInt64();
  return {sum, rows.size()};
}

int64_t Triangle(int64_t from, int64_t to) {
  return (to - 1) * to / 2 - (from - 1) * from / 2;
}

TEST(DirectPath, RowsVisibleAfterFinishAndCommitAndAfterReopen) {
  TempDir dir;
  constexpr int64_t kRows = 50000;
  {
    auto db = Database::Open(dir.db(), SmallCache());
    const TableInfo& t = db->CreateTable(LoadTable());
    Transaction txn;
    SessionStats stats;
    auto load = db->BeginDirectPathInsert(t, txn, stats);
    EXPECT_EQ(AppendRange(*load, t, 0, kRows, stats), uint64_t{kRows});
    // Above the HWM until Finish: a scan sees nothing yet.
    EXPECT_EQ(ScanAll(*db, t, stats).size(), 0u);
    EXPECT_EQ(t.row_count, 0u);
    load->Finish(stats);
    EXPECT_EQ(t.row_count, uint64_t{kRows});
    EXPECT_GT(t.hwm_blocks, 0u);
    db->Commit(txn, stats);
    auto [sum, n] = SumIds(*db, t, stats);
    EXPECT_EQ(n, size_t{kRows});
    EXPECT_EQ(sum, Triangle(0, kRows));
  }
  auto db = Database::Open(dir.db(), SmallCache());
  const TableInfo* t = db->FindTable("T");
  ASSERT_NE(t, nullptr);
  SessionStats stats;
  auto rows = ScanAll(*db, *t, stats);
  ASSERT_EQ(rows.size(), size_t{kRows});
  // Every column comes back as written, in load order.
  for (int64_t i = 0; i < kRows; i += 997) {
    auto want = RowFor(i);
    EXPECT_TRUE(rows[i][0] == want[0]) << i;
    EXPECT_TRUE(rows[i][1] == want[1]) << i;
    EXPECT_EQ(rows[i][2].is_null(), want[2].is_null()) << i;
    if (!want[2].is_null()) {
      EXPECT_EQ(rows[i][2].str(), want[2].str()) << i;
    }
  }
  EXPECT_EQ(t->row_count, uint64_t{kRows});
}

TEST(DirectPath, AppendsAfterConventionalRowsAndConventionalInsertsAfterIt) {
  TempDir dir;
  auto db = Database::Open(dir.db(), SmallCache());
  const TableInfo& t = db->CreateTable(LoadTable());
  Transaction txn;
  SessionStats stats;
  std::vector<std::vector<Value>> before;
  for (int64_t i = 0; i < 300; ++i) before.push_back(RowFor(i));
  InsertRows(*db, t, before, txn, stats);  // partly fills the first extent
  db->Commit(txn, stats);
  auto load = db->BeginDirectPathInsert(t, txn, stats);
  AppendRange(*load, t, 300, 20000, stats);
  load->Finish(stats);
  std::vector<std::vector<Value>> after;
  for (int64_t i = 20000; i < 21000; ++i) after.push_back(RowFor(i));
  InsertRows(*db, t, after, txn, stats);
  db->Commit(txn, stats);
  auto [sum, n] = SumIds(*db, t, stats);
  EXPECT_EQ(n, 21000u);
  EXPECT_EQ(sum, Triangle(0, 21000));
  EXPECT_EQ(t.row_count, 21000u);
}

TEST(DirectPath, RollbackAfterFinishRemovesRowsAndReturnsSpace) {
  TempDir dir;
  auto db = Database::Open(dir.db(), SmallCache());
  const TableInfo& t = db->CreateTable(LoadTable());
  Transaction txn;
  SessionStats stats;
  std::vector<std::vector<Value>> base;
  for (int64_t i = 0; i < 100; ++i) base.push_back(RowFor(i));
  InsertRows(*db, t, base, txn, stats);
  db->Commit(txn, stats);
  const uint64_t hwm = t.hwm_blocks;

  auto load = db->BeginDirectPathInsert(t, txn, stats);
  AppendRange(*load, t, 100, 30000, stats);
  load->Finish(stats);
  EXPECT_EQ(t.row_count, 30000u);
  db->Rollback(txn, 0, stats);
  EXPECT_EQ(t.row_count, 100u);
  EXPECT_EQ(t.hwm_blocks, hwm);
  auto [sum, n] = SumIds(*db, t, stats);
  EXPECT_EQ(n, 100u);
  EXPECT_EQ(sum, Triangle(0, 100));

  // Nothing leaked: the rolled-back extents are free again, so a conventional insert of the
  // same volume does not grow the file.
  const uint64_t file_bytes = db->DataFileBytes();
  std::vector<std::vector<Value>> more;
  for (int64_t i = 100; i < 3000; ++i) more.push_back(RowFor(i));
  InsertRows(*db, t, more, txn, stats);
  db->Commit(txn, stats);
  EXPECT_EQ(db->DataFileBytes(), file_bytes);
  EXPECT_EQ(SumIds(*db, t, stats).second, 3000u);
}

TEST(DirectPath, AbandonedInsertIsInvisibleAndFreesItsExtents) {
  TempDir dir;
  auto db = Database::Open(dir.db(), SmallCache());
  const TableInfo& t = db->CreateTable(LoadTable());
  Transaction txn;
  SessionStats stats;
  {
    auto load = db->BeginDirectPathInsert(t, txn, stats);
    AppendRange(*load, t, 0, 10000, stats);
    // Destroyed without Finish (a failed statement).
  }
  EXPECT_TRUE(txn.empty());
  EXPECT_EQ(t.row_count, 0u);
  EXPECT_EQ(ScanAll(*db, t, stats).size(), 0u);
  db->Commit(txn, stats);
  // A second load reuses nothing (always at the end), but the first one's extents are free:
  // a conventional insert fills them instead of growing the file.
  const uint64_t file_bytes = db->DataFileBytes();
  std::vector<std::vector<Value>> rows;
  for (int64_t i = 0; i < 10000; ++i) rows.push_back(RowFor(i));
  InsertRows(*db, t, rows, txn, stats);
  db->Commit(txn, stats);
  EXPECT_EQ(db->DataFileBytes(), file_bytes);
}

TEST(DirectPath, BadRowFailsTheInsertWithOraErrors) {
  TempDir dir;
  auto db = Database::Open(dir.db(), SmallCache());
  const TableInfo& t = db->CreateTable(LoadTable());
  Transaction txn;
  SessionStats stats;
  DataChunk chunk(TypesOf(t));
  chunk.column(0).SetValue(0, Value::Null());
  chunk.column(1).SetValue(0, Value::Null());
  chunk.column(2).SetValue(0, Value::Null());
  chunk.SetSize(1);
  auto load = db->BeginDirectPathInsert(t, txn, stats);
  try {
    load->Append(chunk, stats);
    FAIL() << "NULL into NOT NULL accepted";
  } catch (const OraError& e) {
    EXPECT_EQ(e.code(), 1400);
  }
  chunk.column(0).SetValue(0, Value::Integer(1));
  chunk.column(2).SetValue(0, Value::Varchar(std::string(41, 'x')));
  try {
    load->Append(chunk, stats);
    FAIL() << "too long value accepted";
  } catch (const OraError& e) {
    EXPECT_EQ(e.code(), 12899);
  }
}

TEST(DirectPath, WritesDirectAndLeavesTheBufferCacheAlone) {
  TempDir dir;
  auto db = Database::Open(dir.db(), SmallCache());
  const TableInfo& t = db->CreateTable(LoadTable());
  Transaction txn;
  SessionStats stats;
  auto load = db->BeginDirectPathInsert(t, txn, stats);
  SessionStats before = stats;
  AppendRange(*load, t, 0, 40000, stats);
  load->Finish(stats);
  EXPECT_EQ(stats.Get(Stat::kConsistentGets), before.Get(Stat::kConsistentGets));
  EXPECT_EQ(stats.Get(Stat::kPhysicalReads), before.Get(Stat::kPhysicalReads));
  const uint64_t direct =
      stats.Get(Stat::kPhysicalWritesDirect) - before.Get(Stat::kPhysicalWritesDirect);
  EXPECT_EQ(direct, t.hwm_blocks);  // every data block written once, directly
  EXPECT_GE(stats.Get(Stat::kPhysicalWrites) - before.Get(Stat::kPhysicalWrites), direct);
  // PCTFREE 10 leaves room in each block, but the blocks are well filled.
  EXPECT_LT(t.hwm_blocks, 40000u * 20 / (kBlockSize * 8 / 10) + 8);
  db->Commit(txn, stats);
  // The rows come back through the cache from disk (nothing was cached by the load).
  SessionStats scan;
  EXPECT_EQ(SumIds(*db, t, scan).second, 40000u);
  EXPECT_GE(scan.Get(Stat::kPhysicalReads), t.hwm_blocks);
}

TEST(DirectPath, InsertSelectFromTheSameTableDoesNotSeeItsOwnRows) {
  TempDir dir;
  auto db = Database::Open(dir.db(), SmallCache());
  const TableInfo& t = db->CreateTable(LoadTable());
  Transaction txn;
  SessionStats stats;
  std::vector<std::vector<Value>> base;
  for (int64_t i = 0; i < 5000; ++i) base.push_back(RowFor(i));
  InsertRows(*db, t, base, txn, stats);
  db->Commit(txn, stats);
  auto scan = db->BeginScan(t, {0, 1, 2}, stats);
  auto load = db->BeginDirectPathInsert(t, txn, stats);
  DataChunk out;
  uint64_t copied = 0;
  while (db->ScanNext(*scan, out, nullptr, stats)) copied += load->Append(out, stats);
  load->Finish(stats);
  scan.reset();
  EXPECT_EQ(copied, 5000u);
  EXPECT_EQ(t.row_count, 10000u);
  auto [sum, n] = SumIds(*db, t, stats);
  EXPECT_EQ(n, 10000u);
  EXPECT_EQ(sum, 2 * Triangle(0, 5000));
}

//! (key, rowid) pairs of a whole index scan, in key order.
std::vector<std::pair<int64_t, RowId>> IndexEntries(Database& db, const IndexInfo& ix,
                                                    SessionStats& st) {
  auto scan = db.BeginIndexScan(ix, {}, {}, false, st);
  DataChunk keys;
  std::vector<RowId> rids;
  std::vector<std::pair<int64_t, RowId>> out;
  while (db.IndexScanNext(*scan, keys, rids, st)) {
    for (size_t i = 0; i < keys.Count(); ++i) {
      out.emplace_back(*keys.column(0).GetValue(keys.RowIndex(i)).number().ToInt64(), rids[i]);
    }
  }
  return out;
}

IndexInfo IdIndex() {
  IndexInfo ix;
  ix.name = "T_ID";
  ix.table_name = "T";
  ix.columns = {0};
  ix.unique = true;
  return ix;
}

TEST(DirectPath, MaintainsIndexesAndUndoesThemOnDuplicateAndRollback) {
  TempDir dir;
  auto db = Database::Open(dir.db(), SmallCache());
  const TableInfo& t = db->CreateTable(LoadTable());
  Transaction txn;
  SessionStats stats;
  std::vector<std::vector<Value>> base;
  for (int64_t i = 0; i < 1000; ++i) base.push_back(RowFor(i));
  InsertRows(*db, t, base, txn, stats);
  db->Commit(txn, stats);
  const IndexInfo& ix = db->CreateIndex(IdIndex(), stats);

  // A clean load: every row gets its entry, pointing at the row.
  auto load = db->BeginDirectPathInsert(t, txn, stats);
  AppendRange(*load, t, 1000, 12000, stats);
  load->Finish(stats);
  db->Commit(txn, stats);
  auto entries = IndexEntries(*db, ix, stats);
  ASSERT_EQ(entries.size(), 12000u);
  for (int64_t i = 0; i < 12000; i += 1111) {
    EXPECT_EQ(entries[i].first, i);
    auto row = db->Fetch(t, entries[i].second, stats);
    ASSERT_TRUE(row.has_value());
    EXPECT_TRUE((*row)[0] == Value::Integer(i));
  }

  // A load that meets a duplicate key half-way: ORA-00001, nothing of it stays.
  {
    auto dup = db->BeginDirectPathInsert(t, txn, stats);
    AppendRange(*dup, t, 12000, 15000, stats);
    try {
      AppendRange(*dup, t, 11990, 11991, stats);
      FAIL() << "duplicate key accepted";
    } catch (const OraError& e) {
      EXPECT_EQ(e.code(), 1);
    }
  }
  EXPECT_EQ(IndexEntries(*db, ix, stats).size(), 12000u);
  EXPECT_EQ(t.row_count, 12000u);
  EXPECT_EQ(ScanAll(*db, t, stats).size(), 12000u);

  // Published, then rolled back: entries and rows go.
  auto again = db->BeginDirectPathInsert(t, txn, stats);
  AppendRange(*again, t, 12000, 20000, stats);
  again->Finish(stats);
  EXPECT_EQ(IndexEntries(*db, ix, stats).size(), 20000u);
  db->Rollback(txn, 0, stats);
  EXPECT_EQ(IndexEntries(*db, ix, stats).size(), 12000u);
  EXPECT_EQ(SumIds(*db, t, stats).second, 12000u);
}

TEST(DirectPath, TwoLoadsAndConventionalRowsInOneTransactionRollBackAndReopen) {
  TempDir dir;
  {
    auto db = Database::Open(dir.db(), SmallCache());
    const TableInfo& t = db->CreateTable(LoadTable());
    Transaction txn;
    SessionStats stats;
    std::vector<std::vector<Value>> base;
    for (int64_t i = 0; i < 500; ++i) base.push_back(RowFor(i));
    InsertRows(*db, t, base, txn, stats);
    db->Commit(txn, stats);
    auto first = db->BeginDirectPathInsert(t, txn, stats);
    AppendRange(*first, t, 500, 9000, stats);
    first->Finish(stats);
    std::vector<std::vector<Value>> mid;
    for (int64_t i = 9000; i < 12000; ++i) mid.push_back(RowFor(i));
    InsertRows(*db, t, mid, txn, stats);  // fills the first load's last extent
    auto second = db->BeginDirectPathInsert(t, txn, stats);
    AppendRange(*second, t, 12000, 30000, stats);
    second->Finish(stats);
    EXPECT_EQ(SumIds(*db, t, stats), std::make_pair(Triangle(0, 30000), size_t{30000}));
    db->Rollback(txn, 0, stats);
    EXPECT_EQ(SumIds(*db, t, stats), std::make_pair(Triangle(0, 500), size_t{500}));
    // The space is usable again and the database consistent after a restart.
    auto again = db->BeginDirectPathInsert(t, txn, stats);
    AppendRange(*again, t, 500, 2000, stats);
    again->Finish(stats);
    db->Commit(txn, stats);
  }
  auto db = Database::Open(dir.db(), SmallCache());
  const TableInfo* t = db->FindTable("T");
  ASSERT_NE(t, nullptr);
  SessionStats stats;
  EXPECT_EQ(SumIds(*db, *t, stats), std::make_pair(Triangle(0, 2000), size_t{2000}));
  EXPECT_EQ(t->row_count, 2000u);
}

//! Leaves an uncommitted change behind so the destructor does not checkpoint: closing then
//! looks like a crash, and the next Open recovers from the checkpoint plus the redo log.
void Crash(std::unique_ptr<Database>& db, const TableInfo& t) {
  Transaction pending;
  SessionStats st;
  InsertRows(*db, t, {RowFor(1'000'000)}, pending, st);
  db.reset();
}

TEST(DirectPath, CommittedLoadSurvivesACrashAndAnUncommittedOneVanishes) {
  TempDir dir;
  {
    auto db = Database::Open(dir.db(), SmallCache());
    const TableInfo& t = db->CreateTable(LoadTable());
    const TableInfo& u = db->CreateTable(LoadTable("U"));
    Transaction txn;
    SessionStats stats;
    auto load = db->BeginDirectPathInsert(t, txn, stats);
    AppendRange(*load, t, 0, 30000, stats);
    load->Finish(stats);
    db->Commit(txn, stats);
    Transaction open_txn;
    auto uncommitted = db->BeginDirectPathInsert(u, open_txn, stats);
    AppendRange(*uncommitted, u, 0, 30000, stats);
    uncommitted->Finish(stats);
    Crash(db, t);
  }
  {
    auto db = Database::Open(dir.db(), SmallCache());
    SessionStats stats;
    const TableInfo* t = db->FindTable("T");
    const TableInfo* u = db->FindTable("U");
    ASSERT_NE(t, nullptr);
    ASSERT_NE(u, nullptr);
    EXPECT_EQ(SumIds(*db, *t, stats), std::make_pair(Triangle(0, 30000), size_t{30000}));
    EXPECT_EQ(SumIds(*db, *u, stats).second, 0u);
    EXPECT_EQ(u->row_count, 0u);
    // The lost load's blocks are free space again: new rows land there and stay correct.
    Transaction txn;
    auto load = db->BeginDirectPathInsert(*u, txn, stats);
    AppendRange(*load, *u, 0, 5000, stats);
    load->Finish(stats);
    db->Commit(txn, stats);
  }
  auto db = Database::Open(dir.db(), SmallCache());
  SessionStats stats;
  EXPECT_EQ(SumIds(*db, *db->FindTable("U"), stats),
            std::make_pair(Triangle(0, 5000), size_t{5000}));
  EXPECT_EQ(SumIds(*db, *db->FindTable("T"), stats).second, 30000u);
}

TEST(DirectPath, RollbackKeepsOlderRowsThatAnUpdateMigratedPastTheLoad) {
  TempDir dir;
  auto db = Database::Open(dir.db(), SmallCache());
  TableInfo def = LoadTable();
  def.pctfree = 0;  // full blocks: growing a row migrates it
  const TableInfo& t = db->CreateTable(def);
  Transaction txn;
  SessionStats stats;
  std::vector<std::vector<Value>> base;
  for (int64_t i = 0; i < 2000; ++i) base.push_back(RowFor(i));
  std::vector<RowId> ids = InsertRows(*db, t, base, txn, stats);
  db->Commit(txn, stats);
  auto load = db->BeginDirectPathInsert(t, txn, stats);
  AppendRange(*load, t, 2000, 8000, stats);
  load->Finish(stats);
  const uint64_t hwm_after_load = t.hwm_blocks;
  // Grow old rows: their bodies move to blocks formatted after the load's.
  const std::string wide(40, 'w');
  for (int64_t i = 1; i < 2000; i += 5) {
    auto row = RowFor(i);
    row[2] = Value::Varchar(wide);
    db->Update(t, ids[i], row, txn, stats);
  }
  ASSERT_GT(t.hwm_blocks, hwm_after_load) << "no row migrated past the load";
  db->Rollback(txn, 0, stats);
  auto rows = ScanAll(*db, t, stats);
  ASSERT_EQ(rows.size(), 2000u);
  EXPECT_EQ(SumIds(*db, t, stats).first, Triangle(0, 2000));
  for (int64_t i = 1; i < 2000; i += 5) {
    auto row = db->Fetch(t, ids[i], stats);
    ASSERT_TRUE(row.has_value()) << i;
    EXPECT_EQ((*row)[2].str(), RowFor(i)[2].str()) << i;
  }
  EXPECT_EQ(t.row_count, 2000u);
  db->Commit(txn, stats);
  // Still consistent when loaded into again.
  auto again = db->BeginDirectPathInsert(t, txn, stats);
  AppendRange(*again, t, 2000, 3000, stats);
  again->Finish(stats);
  db->Commit(txn, stats);
  EXPECT_EQ(SumIds(*db, t, stats), std::make_pair(Triangle(0, 3000), size_t{3000}));
}

}  // namespace
}  // namespace pathdb::storage
