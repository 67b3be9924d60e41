// The storage index across restarts: saved at the checkpoint of a clean close and used by the
// first scan after reopening; a damaged or missing file is not trusted (the index is rebuilt);
// crash recovery drops the summaries of the regions it replays, and keeps the others.
#include <fstream>

#include "storage/scan_spec.h"
#include "test_util.h"

namespace pathdb::storage {
namespace {

constexpr int kRows = 40000;  // about five 1 MiB regions

void Build(const std::filesystem::path& dir) {
  auto db = Database::Open(dir, DatabaseOptions{});
  TableInfo info;
  info.name = "T";
  info.columns = {{"ID", LogicalType::Integer(), false, std::nullopt},
                  {"PAD", LogicalType::Varchar(200), false, std::nullopt}};
  const TableInfo& t = db->CreateTable(std::move(info));
  std::vector<std::vector<Value>> data;
  for (int i = 0; i < kRows; ++i) {
    data.push_back({Value::Integer(i), Value::Varchar(std::string(100, 'a' + i % 26))});
  }
  Transaction txn;
  SessionStats st;
  testing::InsertRows(*db, t, data, txn, st);
  db->Commit(txn, st);
}

struct Result {
  std::vector<int64_t> ids;
  uint64_t skipped = 0;
  uint64_t regions = 0;
};

//! IDs > `above` by a full scan (buffered, so the test does not depend on the reader).
Result ScanAbove(Database& db, int64_t above) {
  ScanOptions o;
  o.serial_direct_read = SerialDirectRead::kNever;
  db.SetScanOptions(o);
  ScanSpec spec;
  spec.table = db.FindTable("T");
  spec.column_ids = {0};
  spec.predicates = {{ScanPredicate::Kind::kCompare, 0, CompareOp::kGt, {Value::Integer(above)}}};
  SessionStats st;
  auto scan = db.BeginScan(spec, st);
  Result r;
  DataChunk out;
  while (scan->Next(out, nullptr, st)) {
    for (size_t i = 0; i < out.Count(); ++i) {
      r.ids.push_back(*out.column(0).GetValue(out.RowIndex(i)).number().ToInt64());
    }
  }
  r.skipped = scan->counters().regions_skipped;
  r.regions = scan->counters().regions;
  return r;
}

size_t Summarised(Database& db) {
  return db.StorageIndexRows().size();
}

TEST(StorageIndexPersistence, SurvivesACleanRestart) {
  testing::TempDir dir;
  Build(dir.db());
  {
    auto db = Database::Open(dir.db(), DatabaseOptions{});
    EXPECT_EQ(Summarised(*db), 0u);
    EXPECT_EQ(ScanAbove(*db, -1).ids.size(), static_cast<size_t>(kRows));  // builds it
    EXPECT_GT(Summarised(*db), 0u);
  }  // a clean close checkpoints, and the index goes with it
  auto db = Database::Open(dir.db(), DatabaseOptions{});
  EXPECT_GT(Summarised(*db), 0u);
  Result r = ScanAbove(*db, kRows - 100);
  EXPECT_EQ(r.ids.size(), 99u);
  EXPECT_GT(r.skipped, 0u) << "the first scan after the restart did not use the saved index";
  EXPECT_EQ(r.skipped, r.regions - 1);
}

void ExpectRebuilt(const std::filesystem::path& dir) {
  auto db = Database::Open(dir, DatabaseOptions{});
  EXPECT_EQ(Summarised(*db), 0u) << "a damaged or missing index file was trusted";
  Result first = ScanAbove(*db, kRows - 100);
  EXPECT_EQ(first.ids.size(), 99u);
  EXPECT_EQ(first.skipped, 0u);
  Result second = ScanAbove(*db, kRows - 100);
  EXPECT_EQ(second.ids.size(), 99u);
  EXPECT_GT(second.skipped, 0u) << "the index was not rebuilt";
}

TEST(StorageIndexPersistence, DamagedFileIsNotTrusted) {
  testing::TempDir dir;
  Build(dir.db());
  {
    auto db = Database::Open(dir.db(), DatabaseOptions{});
    ScanAbove(*db, -1);
  }
  const auto file = dir.db() / "storage_index.dat";
  ASSERT_TRUE(std::filesystem::exists(file));
  {
    std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(static_cast<std::streamoff>(std::filesystem::file_size(file) / 2));
    f.put('\x5a');
  }
  ExpectRebuilt(dir.db());
}

TEST(StorageIndexPersistence, MissingFileIsRebuilt) {
  testing::TempDir dir;
  Build(dir.db());
  {
    auto db = Database::Open(dir.db(), DatabaseOptions{});
    ScanAbove(*db, -1);
  }
  std::filesystem::remove(dir.db() / "storage_index.dat");
  ExpectRebuilt(dir.db());
}

TEST(StorageIndexPersistence, RecoveryDropsTheRegionsItReplays) {
  testing::TempDir dir;
  Build(dir.db());
  {
    auto db = Database::Open(dir.db(), DatabaseOptions{});
    ScanAbove(*db, -1);
  }
  {
    auto db = Database::Open(dir.db(), DatabaseOptions{});
    const size_t saved = Summarised(*db);
    ASSERT_GT(saved, 0u);
    // A committed change to the first region: its first row gets an ID the region's saved
    // summary says it cannot hold.
    std::vector<RowId> rowids;
    SessionStats st;
    ScanSpec all;
    all.table = db->FindTable("T");
    all.column_ids = {0, 1};
    auto scan = db->BeginScan(all, st);
    DataChunk out;
    ASSERT_TRUE(scan->Next(out, &rowids, st));
    scan.reset();
    Transaction txn;
    db->Update(*db->FindTable("T"), rowids[0], {Value::Integer(90000), Value::Varchar("moved")},
               txn, st);
    db->Commit(txn, st);
    // Then a crash: a change is pending, so the database closes without a checkpoint.
    Transaction pending;
    testing::InsertRows(*db, *db->FindTable("T"), {{Value::Integer(-5), Value::Varchar("pending")}},
                        pending, st);
  }
  auto db = Database::Open(dir.db(), DatabaseOptions{});
  const auto rows = db->StorageIndexRows();
  EXPECT_GT(rows.size(), 0u) << "recovery dropped more than the replayed regions";
  for (const auto& r : rows) EXPECT_NE(r.region, 0u) << "region 0 was replayed";
  Result r = ScanAbove(*db, kRows - 100);
  ASSERT_EQ(r.ids.size(), 100u);  // the moved row is found in region 0
  EXPECT_EQ(r.ids.front(), 90000);
  EXPECT_GT(r.skipped, 0u);
}

}  // namespace
}  // namespace pathdb::storage

namespace pathdb::storage {
namespace {

std::string FileBytes(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// A session that commits nothing closes without a checkpoint: the data file and the control
// file are left as they were (no dictionary rewrite, no new log generation), and the
// summaries its scans built are still saved and trusted by the next open. A rolled-back
// change (whose blocks may have gone through the log) leaves no trace after the restart.
TEST(StorageIndexPersistence, QuietSessionClosesWithoutCheckpoint) {
  testing::TempDir dir;
  Build(dir.db());
  const std::string data_before = FileBytes(dir.db() / "data01.dbf");
  const std::string control_before = FileBytes(dir.db() / "control01.ctl");
  {
    auto db = Database::Open(dir.db(), DatabaseOptions{});
    EXPECT_EQ(ScanAbove(*db, -1).ids.size(), static_cast<size_t>(kRows));
    Transaction txn;
    SessionStats st;
    db->Commit(txn, st);  // nothing to commit: no redo
  }
  EXPECT_EQ(FileBytes(dir.db() / "data01.dbf"), data_before);
  EXPECT_EQ(FileBytes(dir.db() / "control01.ctl"), control_before);
  {
    auto db = Database::Open(dir.db(), DatabaseOptions{});
    Result r = ScanAbove(*db, kRows - 100);
    EXPECT_EQ(r.ids.size(), 99u);
    EXPECT_GT(r.skipped, 0u) << "the summaries of the quiet session were not saved";
    Transaction txn;
    SessionStats st;
    std::vector<std::vector<Value>> rows;
    for (int i = 0; i < 5000; ++i)
      rows.push_back({Value::Integer(kRows + i), Value::Varchar(std::string(100, 'z'))});
    testing::InsertRows(*db, *db->FindTable("T"), rows, txn, st);
    db->Rollback(txn, 0, st);
  }
  auto db = Database::Open(dir.db(), DatabaseOptions{});
  EXPECT_EQ(ScanAbove(*db, -1).ids.size(), static_cast<size_t>(kRows));
  EXPECT_EQ(ScanAbove(*db, kRows - 1).ids.size(), 0u);
}

// DDL checkpoints the dictionary into a new log generation without a full checkpoint. The
// summaries must follow it: saved when the session closes (whether the scan that built them
// ran before or after the DDL, and when the session only ran DDL), so the next open trusts
// them and the first scan skips regions instead of rebuilding the index.
TEST(StorageIndexPersistence, SurvivesDdlInTheSessionBeforeTheRestart) {
  testing::TempDir dir;
  Build(dir.db());
  {
    auto db = Database::Open(dir.db(), DatabaseOptions{});
    EXPECT_EQ(ScanAbove(*db, -1).ids.size(), static_cast<size_t>(kRows));  // builds it
  }
  for (int round = 0; round < 3; ++round) {  // create, drop, create: each a new generation
    {
      auto db = Database::Open(dir.db(), DatabaseOptions{});
      ASSERT_GT(Summarised(*db), 0u) << "round " << round;
      if (round == 1) {
        db->DropView("V");
      } else {
        db->CreateView(ViewInfo{"V", {}, "select 1 from dual"}, true);
      }
    }
    auto db = Database::Open(dir.db(), DatabaseOptions{});
    EXPECT_GT(Summarised(*db), 0u) << "round " << round << ": dropped at the reopen";
    Result r = ScanAbove(*db, kRows - 100);
    EXPECT_EQ(r.ids.size(), 99u);
    EXPECT_EQ(r.skipped, r.regions - 1) << "round " << round;
  }
}

// Saved summaries are decoded only when a table's index is first used. Until then they must
// behave as if decoded: a change before any scan drops the region it touches (else the next
// scan would skip the changed row), summaries nobody used survive the close (also of a
// session whose DDL rewrites the file), and what is decoded equals what was saved.
TEST(StorageIndexPersistence, SummariesDecodedLateBehaveAsLoaded) {
  testing::TempDir dir;
  Build(dir.db());
  RowId first;
  std::vector<StorageIndexRow> saved;
  {
    auto db = Database::Open(dir.db(), DatabaseOptions{});
    ScanAbove(*db, -1);
    SessionStats st;
    ScanSpec all;
    all.table = db->FindTable("T");
    all.column_ids = {0};
    std::vector<RowId> rowids;
    auto scan = db->BeginScan(all, st);
    DataChunk out;
    ASSERT_TRUE(scan->Next(out, &rowids, st));
    ASSERT_EQ(*out.column(0).GetValue(out.RowIndex(0)).number().ToInt64(), 0);
    first = rowids[0];
    saved = db->StorageIndexRows();
    ASSERT_GT(saved.size(), 2u);
  }
  auto same = [](const std::vector<StorageIndexRow>& a, const std::vector<StorageIndexRow>& b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i) {
      if (a[i].region != b[i].region || a[i].column_id != b[i].column_id ||
          a[i].has_null != b[i].has_null || !(a[i].min == b[i].min) || !(a[i].max == b[i].max)) {
        return false;
      }
    }
    return true;
  };
  { auto db = Database::Open(dir.db(), DatabaseOptions{}); }  // nothing used the index
  {
    auto db = Database::Open(dir.db(), DatabaseOptions{});
    db->CreateView(ViewInfo{"V", {}, "select 1 from dual"}, true);  // rewrites the file
  }
  {
    auto db = Database::Open(dir.db(), DatabaseOptions{});
    EXPECT_TRUE(same(db->StorageIndexRows(), saved)) << "summaries changed across restarts";
  }
  auto db = Database::Open(dir.db(), DatabaseOptions{});
  Transaction txn;
  SessionStats st;
  db->Update(*db->FindTable("T"), first, {Value::Integer(90000), Value::Varchar("moved")}, txn, st);
  db->Commit(txn, st);
  Result r = ScanAbove(*db, kRows - 100);
  ASSERT_EQ(r.ids.size(), 100u) << "the region changed before the first scan was skipped";
  EXPECT_EQ(r.ids.front(), 90000);
  EXPECT_GT(r.skipped, 0u);
}

}  // namespace
}  // namespace pathdb::storage
