// B+tree index maintenance and lifecycle: DML (with splits and rollback) keeping indexes in
// step with the table, unique violations leaving indexes unchanged, CREATE/DROP INDEX errors,
// persistence across reopen and TRUNCATE, and the statistics (clustering factor, distinct keys).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include "btree_test_util.h"
#include "common/error.h"

// In the helpers' namespace, so they need no using-declarations.
namespace pathdb::storage::testing {
namespace {

TEST(BTreeIndex, DmlMaintenanceAndRollback) {
  TempDir dir;
  auto db = Database::Open(dir.db(), SmallCache());
  const TableInfo& t = db->CreateTable(GroupTable());
  Transaction txn;
  SessionStats st;
  // Index first, so every entry arrives through DML (splits, root splits).
  const IndexInfo& ix = db->CreateIndex(MakeIndex("T_GRP_X", "T", {1, 2}), st);
  const IndexInfo& pk = db->CreateIndex(MakeIndex("T_ID", "T", {0}, true), st);
  auto ids = InsertRows(*db, t, GroupRows(6000), txn, st);
  db->Commit(txn, st);
  auto check = [&](const std::string& what) {
    std::vector<RowId> now_ids;
    auto rows = ScanAll(*db, t, st, &now_ids);
    ExpectSame(ScanIndex(*db, ix, {}, {}, false, st),
               Expected(rows, now_ids, {1, 2}, {}, {}, false), what + " grp");
    ExpectSame(ScanIndex(*db, pk, {}, {}, true, st), Expected(rows, now_ids, {0}, {}, {}, true),
               what + " pk");
  };
  check("after inserts");
  EXPECT_GE(db->ComputeIndexStats(pk, st).blevel, 1u);
  // Delete every third row, update every fifth (key change), then roll it all back.
  for (size_t i = 0; i < ids.size(); i += 3) db->Delete(t, ids[i], txn, st);
  for (size_t i = 1; i < ids.size(); i += 6) {  // rows not deleted above
    db->Update(t, ids[i],
               {Value::Integer(100000 + static_cast<int64_t>(i)), Value::Integer(3), Num("1.25"),
                Value::Varchar("u")},
               txn, st);
  }
  check("after delete+update");
  db->Rollback(txn, 0, st);
  check("after rollback");
  for (size_t i = 0; i < ids.size(); i += 2) db->Delete(t, ids[i], txn, st);
  db->Commit(txn, st);
  check("after committed deletes");
}

TEST(BTreeIndex, UniqueViolationLeavesIndexesUnchanged) {
  TempDir dir;
  auto db = Database::Open(dir.db(), SmallCache());
  const TableInfo& t = db->CreateTable(
      MakeTable("T", {{"ID", LogicalType::Integer(), true}, {"CODE", LogicalType::Varchar(10)}}));
  Transaction txn;
  SessionStats st;
  IndexInfo pk_def = MakeIndex("SYS_C0010", "T", {0}, true);
  pk_def.constraint_name = "T_PK";
  pk_def.primary_key = true;
  const IndexInfo& pk = db->CreateIndex(pk_def, st);
  const IndexInfo& code = db->CreateIndex(MakeIndex("T_CODE", "T", {1}, true), st);
  std::vector<std::vector<Value>> rows;
  for (int i = 0; i < 1000; ++i) {
    rows.push_back({Value::Integer(i), Value::Varchar(fmt::format("c{}", i))});
  }
  InsertRows(*db, t, rows, txn, st);
  db->Commit(txn, st);
  auto before_pk = ScanIndex(*db, pk, {}, {}, false, st);
  auto before_code = ScanIndex(*db, code, {}, {}, false, st);
  auto same = [&] {
    ExpectSame(ScanIndex(*db, pk, {}, {}, false, st), before_pk, "pk");
    ExpectSame(ScanIndex(*db, code, {}, {}, false, st), before_code, "code");
  };
  // Duplicate primary key: message names the constraint.
  size_t sp = txn.Savepoint();
  try {
    InsertRows(*db, t, {{Value::Integer(5), Value::Varchar("new")}}, txn, st);
    FAIL() << "no ORA-00001";
  } catch (const OraError& e) {
    EXPECT_STREQ(e.what(), "ORA-00001: unique constraint (PATHDB.T_PK) violated");
  }
  db->Rollback(txn, sp, st);
  same();
  // New id, duplicate code: the pk entry made for the row is taken back at once.
  sp = txn.Savepoint();
  try {
    InsertRows(*db, t, {{Value::Integer(5000), Value::Varchar("c7")}}, txn, st);
    FAIL() << "no ORA-00001";
  } catch (const OraError& e) {
    EXPECT_STREQ(e.what(), "ORA-00001: unique constraint (PATHDB.T_CODE) violated");
  }
  auto probe = ScanIndex(*db, pk, B({Value::Integer(5000)}, true), B({Value::Integer(5000)}, true),
                         false, st);
  EXPECT_TRUE(probe.empty());
  db->Rollback(txn, sp, st);
  same();
  // An UPDATE onto an existing key.
  std::vector<RowId> ids;
  ScanAll(*db, t, st, &ids);
  sp = txn.Savepoint();
  EXPECT_EQ(OraCode([&] {
              db->Update(t, ids[10], {Value::Integer(10), Value::Varchar("c11")}, txn, st);
            }),
            1);
  db->Rollback(txn, sp, st);
  same();
  // Delete then re-insert the same key in one transaction is fine.
  db->Delete(t, ids[3], txn, st);
  InsertRows(*db, t, {{Value::Integer(3), Value::Varchar("c3")}}, txn, st);
  db->Commit(txn, st);
  EXPECT_EQ(ScanIndex(*db, pk, {}, {}, false, st).size(), 1000u);
  // CREATE UNIQUE INDEX over duplicates fails and leaves nothing behind.
  db->DropIndex("T_CODE");
  InsertRows(*db, t, {{Value::Integer(2000), Value::Varchar("c1")}}, txn, st);
  db->Commit(txn, st);
  EXPECT_EQ(OraCode([&] { db->CreateIndex(MakeIndex("T_CODE2", "T", {1}, true), st); }), 1452);
  EXPECT_EQ(db->FindIndex("T_CODE2"), nullptr);
  EXPECT_EQ(db->IndexesOf(t).size(), 1u);
}

TEST(BTreeIndex, DdlErrorsAndDrop) {
  TempDir dir;
  auto db = Database::Open(dir.db(), SmallCache());
  db->CreateTable(GroupTable());
  SessionStats st;
  db->CreateIndex(MakeIndex("T_GRP", "T", {1}), st);
  EXPECT_EQ(OraCode([&] { db->CreateIndex(MakeIndex("T", "T", {0}), st); }), 955);
  EXPECT_EQ(OraCode([&] { db->CreateIndex(MakeIndex("T_GRP", "T", {0}), st); }), 955);
  EXPECT_EQ(OraCode([&] {
              db->CreateTable(MakeTable("T_GRP", {{"A", LogicalType::Integer()}}));
            }),
            955);
  EXPECT_EQ(OraCode([&] { db->CreateIndex(MakeIndex("T_GRP2", "T", {1}), st); }), 1408);
  EXPECT_EQ(OraCode([&] { db->CreateIndex(MakeIndex("X", "NOPE", {0}), st); }), 942);
  EXPECT_EQ(OraCode([&] { db->DropIndex("NOPE"); }), 1418);
  db->CreateIndex(MakeIndex("T_GRP_ID", "T", {1, 0}), st);
  EXPECT_EQ(db->Indexes().size(), 2u);
  db->DropIndex("T_GRP");
  EXPECT_EQ(db->FindIndex("T_GRP"), nullptr);
  EXPECT_EQ(OraCode([&] { db->DropIndex("T_GRP"); }), 1418);
  // The column list is free again; DROP TABLE drops the table's indexes.
  db->CreateIndex(MakeIndex("T_GRP", "T", {1}), st);
  db->DropTable("T");
  EXPECT_TRUE(db->Indexes().empty());
}

TEST(BTreeIndex, SurvivesReopenAndTruncate) {
  TempDir dir;
  std::vector<std::vector<Value>> rows;
  std::vector<RowId> ids;
  {
    auto db = Database::Open(dir.db(), SmallCache());
    const TableInfo& t = db->CreateTable(GroupTable());
    Transaction txn;
    SessionStats st;
    InsertRows(*db, t, GroupRows(3000), txn, st);
    db->Commit(txn, st);
    db->CreateIndex(MakeIndex("T_GRP_X", "T", {1, 2}), st);
    // More rows through DML after the build: leaf and root splits reach disk too.
    auto more = GroupRows(9000);
    more.erase(more.begin(), more.begin() + 3000);
    InsertRows(*db, t, more, txn, st);
    db->Commit(txn, st);
    rows = ScanAll(*db, t, st, &ids);
  }
  auto db = Database::Open(dir.db(), SmallCache());
  SessionStats st;
  const IndexInfo* ix = db->FindIndex("T_GRP_X");
  ASSERT_NE(ix, nullptr);
  EXPECT_TRUE(ix->stats.present);
  EXPECT_EQ(ix->columns, (std::vector<uint32_t>{1, 2}));
  ExpectSame(ScanIndex(*db, *ix, {}, {}, false, st), Expected(rows, ids, {1, 2}, {}, {}, false),
             "reopened");
  IndexBound lo = B({Value::Integer(20)}, true), hi = B({Value::Integer(22)}, false);
  ExpectSame(ScanIndex(*db, *ix, lo, hi, true, st), Expected(rows, ids, {1, 2}, lo, hi, true),
             "reopened range");
  IndexStats s = db->ComputeIndexStats(*ix, st);
  EXPECT_EQ(s.num_rows, Expected(rows, ids, {1, 2}, {}, {}, false).size());
  EXPECT_GE(s.blevel, 1u);
  db->SetIndexStats(*ix, s);
  // TRUNCATE empties the index; it keeps working afterwards.
  const TableInfo& t = *db->FindTable("T");
  db->TruncateTable("T");
  EXPECT_TRUE(ScanIndex(*db, *ix, {}, {}, false, st).empty());
  Transaction txn;
  InsertRows(*db, t, GroupRows(500), txn, st);
  db->Commit(txn, st);
  std::vector<RowId> ids2;
  auto rows2 = ScanAll(*db, t, st, &ids2);
  ExpectSame(ScanIndex(*db, *ix, {}, {}, false, st), Expected(rows2, ids2, {1, 2}, {}, {}, false),
             "after truncate");
}

// Brute force clustering factor: entries in key order, count table-block changes.
uint64_t BruteForceCf(const std::vector<std::vector<Value>>& rows, const std::vector<RowId>& ids,
                      uint32_t col) {
  auto e = Expected(rows, ids, {col}, {}, {}, false);
  uint64_t cf = 0;
  for (size_t i = 0; i < e.size(); ++i) {
    if (i == 0 || e[i].rid.block != e[i - 1].rid.block) ++cf;
  }
  return cf;
}

TEST(BTreeIndex, ClusteringFactorAndStats) {
  TempDir dir;
  auto db = Database::Open(dir.db(), SmallCache());
  const TableInfo& t = db->CreateTable(MakeTable("T", {{"ID", LogicalType::Integer(), true},
                                                       {"SCAT", LogicalType::Integer()},
                                                       {"PAD", LogicalType::Varchar(100)}}));
  Transaction txn;
  SessionStats st;
  const int n = 20000;
  std::vector<std::vector<Value>> in;
  for (int i = 0; i < n; ++i) {
    in.push_back({Value::Integer(i), Value::Integer((int64_t{i} * 7919) % n),
                  Value::Varchar(std::string(60, 'p'))});
  }
  InsertRows(*db, t, in, txn, st);
  db->Commit(txn, st);
  std::vector<RowId> ids;
  auto rows = ScanAll(*db, t, st, &ids);
  const IndexInfo& ordered = db->CreateIndex(MakeIndex("T_ID", "T", {0}, true), st);
  const IndexInfo& scattered = db->CreateIndex(MakeIndex("T_SCAT", "T", {1}), st);
  uint64_t cf_ordered = BruteForceCf(rows, ids, 0);
  uint64_t cf_scattered = BruteForceCf(rows, ids, 1);
  EXPECT_EQ(ordered.stats.clustering_factor, cf_ordered);
  EXPECT_EQ(scattered.stats.clustering_factor, cf_scattered);
  EXPECT_LE(cf_ordered, t.hwm_blocks);
  EXPECT_GE(cf_ordered, t.hwm_blocks - 1);
  EXPECT_GT(cf_scattered, uint64_t{n} * 9 / 10);
  EXPECT_EQ(ordered.stats.num_rows, uint64_t{n});
  EXPECT_EQ(ordered.stats.distinct_keys, uint64_t{n});
  EXPECT_EQ(scattered.stats.distinct_keys, uint64_t{n});
  EXPECT_GT(ordered.stats.leaf_blocks, 1u);
  EXPECT_EQ(ordered.stats.blevel + 1, ordered.stats.leaf_blocks > 1 ? 2u : 1u);
  // Non-unique with duplicates: DISTINCT_KEYS counts key values, not entries.
  const IndexInfo& dup = db->CreateIndex(MakeIndex("T_PAD", "T", {2}), st);
  EXPECT_EQ(dup.stats.distinct_keys, 1u);
  EXPECT_EQ(dup.stats.num_rows, uint64_t{n});
  EXPECT_EQ(dup.stats.clustering_factor, t.hwm_blocks) << "entries of one key are in rowid order";
}

}  // namespace
}  // namespace pathdb::storage::testing
