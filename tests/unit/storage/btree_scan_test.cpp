// B+tree index reads: bulk build and range scans with every bound kind in both directions,
// fast full scans and FetchRows, a scan resuming after DML between batches, empty indexes and
// DATE bounds with fractional seconds, and damaged index blocks read without crashing.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>

#include "btree_test_util.h"
#include "common/error.h"

// In the helpers' namespace, so they need no using-declarations.
namespace pathdb::storage::testing {
namespace {

TEST(BTreeIndex, BulkBuildAndScansWithEveryBoundKind) {
  TempDir dir;
  auto db = Database::Open(dir.db(), SmallCache());
  const TableInfo& t = db->CreateTable(GroupTable());
  Transaction txn;
  SessionStats st;
  const int n = 20000;
  InsertRows(*db, t, GroupRows(n), txn, st);
  db->Commit(txn, st);
  std::vector<RowId> ids;
  auto rows = ScanAll(*db, t, st, &ids);
  uint64_t reports = 0;
  const IndexInfo& ix = db->CreateIndex(MakeIndex("T_GRP_X", "T", {1, 2}), st,
                                        [&](uint64_t, uint64_t) { ++reports; });
  EXPECT_GE(reports, 1u);
  const IndexInfo& by_name = db->CreateIndex(MakeIndex("T_NAME", "T", {3}, true), st);
  EXPECT_EQ(by_name.stats.blevel, 2u) << "long keys: three levels";
  EXPECT_TRUE(ix.stats.present);
  EXPECT_EQ(ix.stats.num_rows, Expected(rows, ids, {1, 2}, {}, {}, false).size());

  using OB = std::optional<IndexBound>;
  struct Case {
    OB lo, hi;
  };
  std::vector<Case> cases = {
      {{}, {}},
      {B({Value::Integer(10)}, true), B({Value::Integer(20)}, false)},
      {B({Value::Integer(10)}, false), B({Value::Integer(20)}, true)},
      {B({Value::Integer(7)}, true), B({Value::Integer(7)}, true)},
      {B({Value::Integer(7), Num("-100")}, false), B({Value::Integer(7), Num("300")}, true)},
      {B({Value::Integer(7), Num("-100")}, true), B({Value::Integer(7)}, true)},
      {B({Value::Integer(7), Num("-100")}, true), {}},
      {B({Value::Integer(45)}, true), {}},
      {{}, B({Value::Integer(3)}, false)},
      {{}, B({Value::Integer(3), Num("0")}, true)},
      {B({Value::Integer(49)}, false), {}},
      {B({Value::Integer(60)}, true), {}},
      {B({Value::Integer(7), Value::Null()}, true), B({Value::Integer(7), Value::Null()}, true)},
      {B({Num("10.5")}, true), B({Num("12.5")}, true)},
  };
  for (size_t c = 0; c < cases.size(); ++c) {
    for (bool desc : {false, true}) {
      auto got = ScanIndex(*db, ix, cases[c].lo, cases[c].hi, desc, st);
      auto want = Expected(rows, ids, {1, 2}, cases[c].lo, cases[c].hi, desc);
      ExpectSame(got, want, "case " + std::to_string(c) + (desc ? " desc" : " asc"));
    }
  }
  // A three-level unique index over strings.
  auto all_names = ScanIndex(*db, by_name, {}, {}, false, st);
  ExpectSame(all_names, Expected(rows, ids, {3}, {}, {}, false), "names");
  std::string mid = std::string(120, 'n') + "5000";
  auto some = ScanIndex(*db, by_name, B({Value::Varchar(mid)}, true), {}, true, st);
  ExpectSame(some, Expected(rows, ids, {3}, B({Value::Varchar(mid)}, true), {}, true),
             "names desc from");
  // Continuing from a pinned leaf between batches counts `buffer is pinned count`.
  EXPECT_GT(st.Get(Stat::kBufferIsPinnedCount), 0u);
}

TEST(BTreeIndex, FastFullScanAndFetchRows) {
  TempDir dir;
  auto db = Database::Open(dir.db(), SmallCache());
  const TableInfo& t = db->CreateTable(GroupTable());
  Transaction txn;
  SessionStats st;
  InsertRows(*db, t, GroupRows(8000), txn, st);
  db->Commit(txn, st);
  const IndexInfo& ix = db->CreateIndex(MakeIndex("T_GRP_X", "T", {1, 2}), st);
  // Some DML after the build, so leaves split out of physical order.
  std::vector<std::vector<Value>> more;
  for (int i = 0; i < 3000; ++i) {
    more.push_back(
        {Value::Integer(10000 + i), Value::Integer(i % 7), Num("2.5"), Value::Varchar("m")});
  }
  InsertRows(*db, t, more, txn, st);
  db->Commit(txn, st);
  std::vector<RowId> ids;
  auto rows = ScanAll(*db, t, st, &ids);
  SessionStats ffs;
  auto scan = db->BeginIndexFastFullScan(ix, ffs);
  DataChunk keys;
  std::vector<RowId> rids;
  std::vector<Entry> got;
  while (db->IndexScanNext(*scan, keys, rids, ffs)) {
    auto r = keys.ToRows();
    for (size_t i = 0; i < r.size(); ++i) got.push_back({r[i], rids[i]});
  }
  EXPECT_EQ(ffs.Get(Stat::kIndexFastFullScansFull), 1u);
  std::sort(got.begin(), got.end(), [](const Entry& a, const Entry& b) {
    int c = CmpKeyVals(a.key, b.key);
    return c != 0 ? c < 0 : a.rid < b.rid;
  });
  ExpectSame(got, Expected(rows, ids, {1, 2}, {}, {}, false), "fast full scan");

  // FetchRows: rows by ROWID in index order; consecutive rowids in one block reuse the pin.
  auto range =
      ScanIndex(*db, ix, B({Value::Integer(4)}, true), B({Value::Integer(4)}, true), false, st);
  ASSERT_FALSE(range.empty());
  std::vector<RowId> want_ids;
  for (auto& e : range) want_ids.push_back(e.rid);
  std::sort(want_ids.begin(), want_ids.end());  // batched: sorted by block
  SessionStats fs;
  DataChunk out;
  std::vector<bool> found;
  db->FetchRows(t, want_ids, {0, kRowIdColumn, 3}, out, found, fs);
  ASSERT_EQ(out.size(), want_ids.size());
  EXPECT_EQ(fs.Get(Stat::kTableFetchByRowid), want_ids.size());
  EXPECT_GT(fs.Get(Stat::kBufferIsPinnedCount), 0u);
  EXPECT_LT(fs.Get(Stat::kConsistentGets), want_ids.size());
  auto fetched = out.ToRows();
  for (size_t i = 0; i < want_ids.size(); ++i) {
    ASSERT_TRUE(found[i]);
    auto pos = std::find(ids.begin(), ids.end(), want_ids[i]) - ids.begin();
    EXPECT_TRUE(fetched[i][0] == rows[pos][0]);
    EXPECT_TRUE(fetched[i][2] == rows[pos][3]);
    EXPECT_EQ(RowId::Unpack(*fetched[i][1].number().ToInt64()), want_ids[i]);
  }
  // A deleted row is not found.
  db->Delete(t, want_ids[0], txn, st);
  db->Commit(txn, st);
  db->FetchRows(t, std::span<const RowId>(want_ids.data(), 2), {0}, out, found, fs);
  EXPECT_FALSE(found[0]);
  EXPECT_TRUE(found[1]);
}

TEST(BTreeIndex, ScanResumesCorrectlyAfterDmlBetweenBatches) {
  TempDir dir;
  auto db = Database::Open(dir.db(), SmallCache());
  const TableInfo& t = db->CreateTable(GroupTable());
  Transaction txn;
  SessionStats st;
  InsertRows(*db, t, GroupRows(10000), txn, st);
  db->Commit(txn, st);
  const IndexInfo& pk = db->CreateIndex(MakeIndex("T_ID", "T", {0}, true), st);
  auto scan = db->BeginIndexScan(pk, {}, {}, false, st);
  DataChunk keys;
  std::vector<RowId> rids;
  ASSERT_TRUE(db->IndexScanNext(*scan, keys, rids, st));
  int64_t last = *keys.column(0).GetValue(keys.size() - 1).number().ToInt64();
  // Split the leaf the scan stands on and delete the entries right after its position.
  std::vector<std::vector<Value>> more;
  for (int i = 0; i < 500; ++i) {
    more.push_back({Value::Integer(last * 1000 + 1000000 + i), Value::Null(), Value::Null(),
                    Value::Varchar("z")});
  }
  std::vector<RowId> all;
  ScanAll(*db, t, st, &all);
  for (int64_t k = last + 1; k <= last + 5; ++k) db->Delete(t, all[k], txn, st);
  InsertRows(*db, t, more, txn, st);
  int64_t prev = last;
  size_t total = keys.size();
  while (db->IndexScanNext(*scan, keys, rids, st)) {
    for (size_t i = 0; i < keys.size(); ++i) {
      int64_t k = *keys.column(0).GetValue(i).number().ToInt64();
      ASSERT_GT(k, prev);
      ASSERT_FALSE(k > last && k <= last + 5) << "deleted entry returned";
      prev = k;
      ++total;
    }
  }
  EXPECT_EQ(total, 10000u - 5 + 500);
}

TEST(BTreeIndex, EmptyIndexAndDateBoundsWithFractions) {
  TempDir dir;
  auto db = Database::Open(dir.db(), SmallCache());
  const TableInfo& t = db->CreateTable(
      MakeTable("D", {{"ID", LogicalType::Integer(), true}, {"DT", LogicalType::Date()}}));
  SessionStats st;
  const IndexInfo& ix = db->CreateIndex(MakeIndex("D_DT", "D", {1}), st);
  EXPECT_TRUE(ix.stats.present);
  EXPECT_EQ(ix.stats.leaf_blocks, 0u);
  EXPECT_EQ(ix.stats.num_rows, 0u);
  EXPECT_EQ(ix.stats.blevel, 0u);
  EXPECT_TRUE(ScanIndex(*db, ix, {}, {}, false, st).empty());
  EXPECT_TRUE(ScanIndex(*db, ix, {}, {}, true, st).empty());
  Transaction txn;
  std::vector<std::vector<Value>> rows;
  for (int i = 0; i < 10; ++i) rows.push_back({Value::Integer(i), Value::Date(100 + i)});
  InsertRows(*db, t, rows, txn, st);
  db->Commit(txn, st);
  // DT > 102.5s and DT <= 105.5s as TIMESTAMP bounds: dates 103, 104, 105.
  auto got = ScanIndex(*db, ix, B({Value::Timestamp(102500000)}, false),
                       B({Value::Timestamp(105500000)}, true), false, st);
  ASSERT_EQ(got.size(), 3u);
  EXPECT_EQ(got[0].key[0].date(), 103);
  EXPECT_EQ(got[2].key[0].date(), 105);
  // DT >= 102.5s and DT < 105.5s: the same three.
  got = ScanIndex(*db, ix, B({Value::Timestamp(102500000)}, true),
                  B({Value::Timestamp(105500000)}, false), true, st);
  ASSERT_EQ(got.size(), 3u);
  EXPECT_EQ(got[0].key[0].date(), 105);
  EXPECT_EQ(db->ComputeIndexStats(ix, st).leaf_blocks, 1u);
}

// With checksums off a damaged index block gives a result or a clean OraError, never a crash
// or a hang (bad offsets, lengths, child pointers and leaf chains are all checked).
TEST(BTreeIndex, DamagedIndexBlocksNeverCrash) {
  TempDir dir;
  DatabaseOptions o = SmallCache();
  {
    auto db = Database::Open(dir.db(), o);
    const TableInfo& t = db->CreateTable(GroupTable());
    Transaction txn;
    SessionStats st;
    InsertRows(*db, t, GroupRows(3000), txn, st);
    db->Commit(txn, st);
    // Mostly index blocks: long keys, two indexes.
    db->CreateIndex(MakeIndex("T_NAME", "T", {3}), st);
    db->CreateIndex(MakeIndex("T_GRP_X", "T", {1, 2}), st);
  }
  auto data = dir.db() / "data01.dbf";
  auto ctl = dir.db() / "control01.ctl";
  auto pristine = dir.path() / "pristine.dbf";
  auto pristine_ctl = dir.path() / "pristine.ctl";
  std::filesystem::copy_file(data, pristine);
  std::filesystem::copy_file(ctl, pristine_ctl);
  constexpr auto kOverwrite = std::filesystem::copy_options::overwrite_existing;
  const uint64_t size = std::filesystem::file_size(data);
  std::mt19937_64 rng(99);
  int errors = 0;
  for (int iter = 0; iter < 40; ++iter) {
    std::filesystem::copy_file(pristine, data, kOverwrite);
    std::filesystem::copy_file(pristine_ctl, ctl, kOverwrite);
    {
      std::fstream f(data, std::ios::in | std::ios::out | std::ios::binary);
      for (int k = 0; k < 16; ++k) {
        auto off = static_cast<std::streamoff>(kBlockSize + rng() % (size - kBlockSize));
        char c = 0;
        f.seekg(off);
        f.get(c);
        f.seekp(off);
        f.put(static_cast<char>(c ^ (1 << (rng() % 8))));
      }
    }
    DatabaseOptions opt = o;
    opt.verify_checksums = false;
    try {
      auto db = Database::Open(dir.db(), opt);
      SessionStats st;
      for (const IndexInfo* ix : db->Indexes()) {
        ScanIndex(*db, *ix, {}, {}, false, st);
        ScanIndex(*db, *ix, {}, {}, true, st);
        Value lo = ix->columns[0] == 3 ? Value::Varchar("nnnn") : Value::Integer(10);
        Value hi = ix->columns[0] == 3 ? Value::Varchar("nnnnz") : Value::Integer(20);
        ScanIndex(*db, *ix, B({lo}, true), B({hi}, true), false, st);
        db->ComputeIndexStats(*ix, st);
        auto ffs = db->BeginIndexFastFullScan(*ix, st);
        DataChunk keys;
        std::vector<RowId> rids;
        while (db->IndexScanNext(*ffs, keys, rids, st)) {
        }
      }
      Transaction txn;
      InsertRows(*db, *db->FindTable("T"), GroupRows(200), txn, st);
      db->Rollback(txn, 0, st);
    } catch (const OraError&) {
      ++errors;
    }
  }
  EXPECT_GT(errors, 0);
}

}  // namespace
}  // namespace pathdb::storage::testing
