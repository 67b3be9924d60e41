// Database-level behaviour: DDL, DML, scans, persistence, corruption, rollback, space reuse.
#include <gtest/gtest.h>

#include <fstream>

#include "common/error.h"
#include "test_util.h"

namespace pathdb::storage {
namespace {

using testing::InsertRows;
using testing::MakeTable;
using testing::Num;
using testing::OraCode;
using testing::ScanAll;
using testing::TempDir;

DatabaseOptions SmallCache() {
  DatabaseOptions o;
  o.cache_size_bytes = 1 << 20;
  return o;
}

TableInfo MixedTable() {
  return MakeTable("T", {{"ID", LogicalType::Integer(), true},
                         {"AMT", LogicalType::Number(10, 2)},
                         {"NAME", LogicalType::Varchar(4000)},
                         {"D", LogicalType::Date()},
                         {"X", LogicalType::Double()},
                         {"TS", LogicalType::Timestamp()}});
}

std::vector<std::vector<Value>> MixedRows() {
  return {
      {Value::Integer(1), Num("12.34"), Value::Varchar("alpha"), Value::Date(86400),
       Value::Double(1.5), Value::Timestamp(123456789)},
      {Value::Integer(2), Num("-0.05"), Value::Null(), Value::Null(), Value::Null(),
       Value::Null()},  // trailing NULLs
      {Value::Integer(3), Value::Null(), Value::Varchar(std::string(4000, 'q')),
       Value::Date(-86400), Value::Double(-2.25e100), Value::Timestamp(0)},
      {Value::Integer(4), Num("99999999.99"), Value::Varchar(""), Value::Null(), Value::Double(0),
       Value::Null()},
  };
}

void ExpectRowsEqual(const std::vector<std::vector<Value>>& got,
                     const std::vector<std::vector<Value>>& want) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t r = 0; r < got.size(); ++r) {
    ASSERT_EQ(got[r].size(), want[r].size());
    for (size_t c = 0; c < got[r].size(); ++c) {
      bool want_null = want[r][c].is_null() || (want[r][c].type().IsString() &&
                                                want[r][c].str().empty() && got[r][c].is_null());
      if (want_null) {
        EXPECT_TRUE(got[r][c].is_null() || got[r][c].str().empty()) << r << "," << c;
      } else {
        EXPECT_TRUE(got[r][c] == want[r][c])
            << "row " << r << " col " << c << ": " << got[r][c].ToString() << " vs "
            << want[r][c].ToString();
      }
    }
  }
}

TEST(StorageDatabase, ScanReturnsExactlyWhatWasInserted) {
  TempDir dir;
  auto db = Database::Open(dir.db(), SmallCache());
  const TableInfo& t = db->CreateTable(MixedTable());
  Transaction txn;
  SessionStats stats;
  auto ids = InsertRows(*db, t, MixedRows(), txn, stats);
  ASSERT_EQ(ids.size(), 4u);
  std::vector<RowId> scan_ids;
  auto rows = ScanAll(*db, t, stats, &scan_ids);
  ExpectRowsEqual(rows, MixedRows());
  EXPECT_EQ(scan_ids, ids);
  EXPECT_EQ(t.row_count, 4u);
  EXPECT_GE(t.hwm_blocks, 1u);
  EXPECT_GT(stats.Get(Stat::kConsistentGets), 0u);
  EXPECT_EQ(stats.Get(Stat::kTableScanRowsGotten), 4u);
  EXPECT_EQ(stats.Get(Stat::kTableScansShortTables), 1u);
  // Fetch by ROWID and the ROWID pseudo-column.
  auto row = db->Fetch(t, ids[2], stats);
  ASSERT_TRUE(row);
  EXPECT_EQ((*row)[2].str().size(), 4000u);
  EXPECT_EQ(stats.Get(Stat::kTableFetchByRowid), 1u);
  auto scan = db->BeginScan(t, {kRowIdColumn, 0}, stats);
  DataChunk out;
  ASSERT_TRUE(db->ScanNext(*scan, out, nullptr, stats));
  EXPECT_EQ(RowId::Unpack(*out.column(0).GetValue(1).number().ToInt64()), ids[1]);
  EXPECT_EQ(ids[0].ToString(t.object_id).size(), 18u);
}

TEST(StorageDatabase, ConstraintErrors) {
  TempDir dir;
  auto db = Database::Open(dir.db(), SmallCache());
  const TableInfo& t = db->CreateTable(
      MakeTable("T", {{"ID", LogicalType::Integer(), true}, {"S", LogicalType::Varchar(3)}}));
  Transaction txn;
  SessionStats st;
  try {
    InsertRows(*db, t, {{Value::Null(), Value::Varchar("a")}}, txn, st);
    FAIL();
  } catch (const OraError& e) {
    EXPECT_STREQ(e.what(), "ORA-01400: cannot insert NULL into (\"PATHDB\".\"T\".\"ID\")");
  }
  EXPECT_EQ(OraCode([&] {
              InsertRows(*db, t, {{Value::Integer(1), Value::Varchar("abcd")}}, txn, st);
            }),
            12899);
  EXPECT_EQ(OraCode([&] {
              db->CreateTable(MakeTable("T", {{"A", LogicalType::Integer()}}));
            }),
            955);
  db->CreateView({"V", {}, "select 1 from dual"}, false);
  EXPECT_EQ(OraCode([&] {
              db->CreateTable(MakeTable("V", {{"A", LogicalType::Integer()}}));
            }),
            955);
  EXPECT_EQ(OraCode([&] { db->CreateView({"V", {}, "select 2 from dual"}, false); }), 955);
  db->CreateView({"V", {}, "select 2 from dual"}, true);
  EXPECT_EQ(db->FindView("V")->query_text, "select 2 from dual");
  EXPECT_EQ(OraCode([&] { db->DropTable("NOPE"); }), 942);
  EXPECT_EQ(OraCode([&] { db->DropView("NOPE"); }), 942);
  db->DropView("V");
  EXPECT_EQ(db->FindView("V"), nullptr);
}

TEST(StorageDatabase, PersistsAcrossCloseAndReopen) {
  TempDir dir;
  std::vector<RowId> ids;
  {
    auto db = Database::Open(dir.db(), SmallCache());
    TableInfo info = MixedTable();
    info.columns[1].default_value = Num("7.5");
    const TableInfo& t = db->CreateTable(info);
    db->CreateTable(MakeTable("EMPTY", {{"A", LogicalType::Char(5)}}, 20));
    db->CreateView({"V", {"X", "Y"}, "select id, name from t"}, false);
    Transaction txn;
    SessionStats st;
    ids = InsertRows(*db, t, MixedRows(), txn, st);
    db->Commit(txn, st);
    InsertRows(*db, t, {MixedRows()[0]}, txn, st);  // never committed: gone after reopen
  }
  auto db = Database::Open(dir.db(), SmallCache());
  const TableInfo* t = db->FindTable("T");
  ASSERT_NE(t, nullptr);
  ASSERT_EQ(t->columns.size(), 6u);
  EXPECT_TRUE(t->columns[0].not_null);
  EXPECT_EQ(t->columns[1].type, LogicalType::Number(10, 2));
  ASSERT_TRUE(t->columns[1].default_value);
  EXPECT_EQ(t->columns[1].default_value->number().ToString(), "7.5");
  EXPECT_EQ(t->columns[2].type, LogicalType::Varchar(4000));
  EXPECT_EQ(t->row_count, 4u);
  const TableInfo* e = db->FindTable("EMPTY");
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->pctfree, 20u);
  EXPECT_EQ(e->columns[0].type, LogicalType::Char(5));
  ASSERT_NE(db->FindView("V"), nullptr);
  EXPECT_EQ(db->FindView("V")->columns, (std::vector<std::string>{"X", "Y"}));
  SessionStats st;
  auto rows = ScanAll(*db, *t, st);
  ExpectRowsEqual(rows, MixedRows());
  EXPECT_GT(st.Get(Stat::kPhysicalReads), 0u);
  // New objects get fresh ids after reopen.
  const TableInfo& t2 = db->CreateTable(MakeTable("T2", {{"A", LogicalType::Integer()}}));
  EXPECT_GT(t2.object_id, t->object_id);
}

TEST(StorageDatabase, FlippedByteRaisesOra01578) {
  TempDir dir;
  uint32_t block = 0;
  {
    auto db = Database::Open(dir.db(), SmallCache());
    const TableInfo& t = db->CreateTable(MixedTable());
    Transaction txn;
    SessionStats st;
    block = InsertRows(*db, t, MixedRows(), txn, st)[0].block;
    db->Commit(txn, st);
  }
  {
    std::fstream f(dir.db() / "data01.dbf", std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(static_cast<std::streamoff>(block) * kBlockSize + 4000);
    char c = 0;
    f.seekg(static_cast<std::streamoff>(block) * kBlockSize + 4000);
    f.get(c);
    f.seekp(static_cast<std::streamoff>(block) * kBlockSize + 4000);
    f.put(static_cast<char>(c ^ 0x10));
  }
  {
    auto db = Database::Open(dir.db(), SmallCache());
    SessionStats st;
    try {
      ScanAll(*db, *db->FindTable("T"), st);
      FAIL() << "corruption not detected";
    } catch (const OraError& e) {
      EXPECT_EQ(e.code(), 1578);
      EXPECT_EQ(e.message(),
                fmt::format("ORACLE data block corrupted (file # 1, block # {})", block));
    }
  }
  DatabaseOptions no_verify = SmallCache();
  no_verify.verify_checksums = false;
  auto db = Database::Open(dir.db(), no_verify);
  SessionStats st;
  EXPECT_NO_THROW(ScanAll(*db, *db->FindTable("T"), st));
}

TEST(StorageDatabase, DamagedControlOrDictionaryIsAnError) {
  TempDir dir;
  {
    auto db = Database::Open(dir.db(), SmallCache());
    db->CreateTable(MixedTable());
  }
  auto ctl = dir.db() / "control01.ctl";
  std::string saved;
  {
    std::ifstream f(ctl, std::ios::binary);
    saved.assign(std::istreambuf_iterator<char>(f), {});
  }
  std::filesystem::resize_file(ctl, 10);
  EXPECT_EQ(OraCode([&] { Database::Open(dir.db(), SmallCache()); }), 227);
  {
    std::ofstream f(ctl, std::ios::binary | std::ios::trunc);
    f.write(saved.data(), static_cast<std::streamsize>(saved.size()));
  }
  EXPECT_NO_THROW(Database::Open(dir.db(), SmallCache()));
  std::filesystem::resize_file(dir.db() / "data01.dbf", kBlockSize * 2);
  int code = OraCode([&] { Database::Open(dir.db(), SmallCache()); });
  EXPECT_TRUE(code == 1200 || code == 1578) << code;
}

TEST(StorageDatabase, UpdateMigratesAndKeepsRowId) {
  TempDir dir;
  auto db = Database::Open(dir.db(), SmallCache());
  const TableInfo& t = db->CreateTable(
      MakeTable("M", {{"ID", LogicalType::Integer()}, {"S", LogicalType::Varchar(4000)}}, 0));
  Transaction txn;
  SessionStats st;
  std::vector<std::vector<Value>> rows;
  for (int i = 0; i < 200; ++i) rows.push_back({Value::Integer(i), Value::Varchar("small")});
  auto ids = InsertRows(*db, t, rows, txn, st);
  // Grow every row so most of them no longer fit in their block.
  for (int i = 0; i < 200; i += 3) {
    db->Update(t, ids[i], {Value::Integer(i), Value::Varchar(std::string(3000, 'a' + i % 26))}, txn,
               st);
  }
  for (int i = 0; i < 200; i += 3) {
    auto r = db->Fetch(t, ids[i], st);
    ASSERT_TRUE(r);
    EXPECT_EQ((*r)[1].str(), std::string(3000, 'a' + i % 26));
  }
  std::vector<RowId> scan_ids;
  auto all = ScanAll(*db, t, st, &scan_ids);
  ASSERT_EQ(all.size(), 200u);  // migrated bodies are not returned twice
  std::vector<RowId> sorted = scan_ids;
  std::sort(sorted.begin(), sorted.end());
  std::vector<RowId> want = ids;
  std::sort(want.begin(), want.end());
  EXPECT_EQ(sorted, want);
  // Update a migrated row again (body moves or is replaced), then delete one.
  db->Update(t, ids[0], {Value::Integer(0), Value::Varchar(std::string(3500, 'z'))}, txn, st);
  EXPECT_EQ((*db->Fetch(t, ids[0], st))[1].str().size(), 3500u);
  db->Delete(t, ids[0], txn, st);
  EXPECT_FALSE(db->Fetch(t, ids[0], st).has_value());
  EXPECT_EQ(ScanAll(*db, t, st).size(), 199u);
  EXPECT_EQ(t.row_count, 199u);
}

// An update of a migrated row to more than a block fails with ORA-03001 and leaves the row
// as it was: the old body is dropped only once the new one has been placed.
TEST(StorageDatabase, TooLongUpdateOfAMigratedRowChangesNothing) {
  TempDir dir;
  auto db = Database::Open(dir.db(), SmallCache());
  const TableInfo& t = db->CreateTable(MakeTable("M",
                                                 {{"ID", LogicalType::Integer()},
                                                  {"A", LogicalType::Varchar(4000)},
                                                  {"B", LogicalType::Varchar(4000)},
                                                  {"C", LogicalType::Varchar(4000)}},
                                                 0));
  Transaction txn;
  SessionStats st;
  std::vector<std::vector<Value>> rows;
  for (int i = 0; i < 200; ++i) {
    rows.push_back(
        {Value::Integer(i), Value::Varchar(std::string(100, 'x')), Value::Null(), Value::Null()});
  }
  auto ids = InsertRows(*db, t, rows, txn, st);
  const std::vector<Value> grown = {Value::Integer(101), Value::Varchar(std::string(3000, 'y')),
                                    Value::Null(), Value::Null()};
  db->Update(t, ids[101], grown, txn, st);  // migrates: its block is full of 100-byte rows
  db->Commit(txn, st);
  const int code = OraCode([&] {
    db->Update(t, ids[101],
               {Value::Integer(101), Value::Varchar(std::string(3000, 'y')),
                Value::Varchar(std::string(3900, 'z')), Value::Varchar(std::string(3900, 'q'))},
               txn, st);
  });
  EXPECT_EQ(code, 3001);
  db->Rollback(txn, 0, st);
  auto r = db->Fetch(t, ids[101], st);
  ASSERT_TRUE(r);
  EXPECT_EQ((*r)[1].str(), std::string(3000, 'y'));
  EXPECT_EQ(ScanAll(*db, t, st).size(), 200u);
}

TEST(StorageDatabase, RollbackToSavepointRestoresExactly) {
  TempDir dir;
  auto db = Database::Open(dir.db(), SmallCache());
  const TableInfo& t = db->CreateTable(
      MakeTable("R", {{"ID", LogicalType::Integer()}, {"S", LogicalType::Varchar(4000)}}));
  Transaction txn;
  SessionStats st;
  std::vector<std::vector<Value>> rows;
  for (int i = 0; i < 500; ++i)
    rows.push_back({Value::Integer(i), Value::Varchar(fmt::format("v{}", i))});
  auto ids = InsertRows(*db, t, rows, txn, st);
  db->Commit(txn, st);
  std::vector<RowId> before_ids;
  auto before = ScanAll(*db, t, st, &before_ids);
  size_t sp = txn.Savepoint();
  for (int i = 0; i < 500; i += 2) db->Delete(t, ids[i], txn, st);
  for (int i = 1; i < 500; i += 4) {
    db->Update(t, ids[i], {Value::Integer(-i), Value::Varchar(std::string(2000, 'u'))}, txn, st);
  }
  InsertRows(*db, t, {{Value::Integer(9999), Value::Null()}}, txn, st);
  EXPECT_NE(t.row_count, 500u);
  db->Rollback(txn, sp, st);
  EXPECT_TRUE(txn.empty());
  std::vector<RowId> after_ids;
  auto after = ScanAll(*db, t, st, &after_ids);
  ExpectRowsEqual(after, before);
  EXPECT_EQ(after_ids, before_ids);
  EXPECT_EQ(t.row_count, 500u);
}

TEST(StorageDatabase, DropFreesSpaceThatANewTableReuses) {
  TempDir dir;
  auto db = Database::Open(dir.db(), SmallCache());
  Transaction txn;
  SessionStats st;
  std::vector<std::vector<Value>> rows;
  for (int i = 0; i < 20000; ++i)
    rows.push_back({Value::Integer(i), Value::Varchar("row payload text")});
  const TableInfo& a = db->CreateTable(
      MakeTable("A", {{"ID", LogicalType::Integer()}, {"S", LogicalType::Varchar(100)}}));
  InsertRows(*db, a, rows, txn, st);
  db->Commit(txn, st);
  uint64_t size_before = db->DataFileBytes();
  db->DropTable("A");
  EXPECT_EQ(db->FindTable("A"), nullptr);
  const TableInfo& b = db->CreateTable(
      MakeTable("B", {{"ID", LogicalType::Integer()}, {"S", LogicalType::Varchar(100)}}));
  InsertRows(*db, b, rows, txn, st);
  db->Commit(txn, st);
  EXPECT_EQ(db->DataFileBytes(), size_before);
  EXPECT_EQ(ScanAll(*db, b, st).size(), 20000u);
  db->TruncateTable("B");
  EXPECT_EQ(b.row_count, 0u);
  EXPECT_EQ(b.hwm_blocks, 0u);
  EXPECT_TRUE(ScanAll(*db, b, st).empty());
}

}  // namespace
}  // namespace pathdb::storage

namespace pathdb::storage {
namespace {

TEST(StorageDatabase, InsertDuringOpenScanIsNotSeenByIt) {
  TempDir dir;
  auto db = Database::Open(dir.db(), SmallCache());
  const TableInfo& t = db->CreateTable(MakeTable("S", {{"ID", LogicalType::Integer()}}));
  Transaction txn;
  SessionStats st;
  std::vector<std::vector<Value>> rows;
  for (int i = 0; i < 5000; ++i) rows.push_back({Value::Integer(i)});
  InsertRows(*db, t, rows, txn, st);
  // INSERT INTO s SELECT * FROM s: chunk by chunk, the scan must not see the new rows.
  auto scan = db->BeginScan(t, {0}, st);
  DataChunk out;
  size_t seen = 0;
  while (db->ScanNext(*scan, out, nullptr, st)) {
    seen += out.size();
    db->Insert(t, out, txn, st);
  }
  EXPECT_EQ(seen, 5000u);
  scan.reset();
  EXPECT_EQ(ScanAll(*db, t, st).size(), 10000u);
  EXPECT_EQ(t.row_count, 10000u);
}

}  // namespace
}  // namespace pathdb::storage
