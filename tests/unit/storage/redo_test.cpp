// Redo log and crash recovery. A "crash" here is closing a Database that still holds
// uncommitted changes: the destructor then writes nothing (as if the process had died), so
// the next Open must rebuild the committed state from the checkpoint plus the log.
#include <gtest/gtest.h>

#include <fstream>

#include "common/error.h"
#include "storage/redo_log.h"
#include "test_util.h"

namespace pathdb::storage {
namespace {

using testing::InsertRows;
using testing::MakeTable;
using testing::ScanAll;
using testing::TempDir;

DatabaseOptions Tiny() {
  DatabaseOptions o;
  o.cache_size_bytes = 1 << 20;  // 128 buffers: big transactions evict changed blocks
  return o;
}

std::vector<std::vector<Value>> Rows(int64_t from, int64_t to, const std::string& tag) {
  std::vector<std::vector<Value>> rows;
  for (int64_t i = from; i < to; ++i) {
    rows.push_back(
        {Value::Integer(i), Value::Varchar(tag + std::to_string(i) + std::string(40, 'x'))});
  }
  return rows;
}

TableInfo Table() {
  return MakeTable("T", {{"ID", LogicalType::Integer(), true}, {"V", LogicalType::Varchar(200)}});
}

int64_t SumIds(const std::vector<std::vector<Value>>& rows) {
  int64_t s = 0;
  for (const auto& r : rows) s += r[0].number().ToInt64().value();
  return s;
}

//! Leaves an uncommitted change behind, so the destructor must not checkpoint ("crash").
void CrashWithPendingChange(std::unique_ptr<Database>& db, const TableInfo& t, int64_t id) {
  Transaction pending;
  SessionStats st;
  InsertRows(*db, t, Rows(id, id + 1, "pending"), pending, st);
  db.reset();
}

TEST(StorageRedo, CommittedRowsSurviveACrash) {
  TempDir dir;
  {
    auto db = Database::Open(dir.db(), Tiny());
    const TableInfo& t = db->CreateTable(Table());
    Transaction txn;
    SessionStats st;
    InsertRows(*db, t, Rows(0, 20000, "a"), txn, st);  // far more than the cache holds
    db->Commit(txn, st);
    EXPECT_GT(st.Get(Stat::kRedoSize), 0u);
    EXPECT_GT(db->RedoLogBytes(), 0u);
    CrashWithPendingChange(db, t, 1'000'000);
  }
  auto db = Database::Open(dir.db(), Tiny());
  SessionStats st;
  auto rows = ScanAll(*db, *db->FindTable("T"), st);
  ASSERT_EQ(rows.size(), 20000u);
  EXPECT_EQ(SumIds(rows), 19999LL * 20000 / 2);
  EXPECT_EQ(db->FindTable("T")->row_count, 20000u);
}

TEST(StorageRedo, UncommittedBigTransactionLeavesNoTrace) {
  TempDir dir;
  {
    auto db = Database::Open(dir.db(), Tiny());
    const TableInfo& t = db->CreateTable(Table());
    Transaction txn;
    SessionStats st;
    InsertRows(*db, t, Rows(0, 100, "c"), txn, st);
    db->Commit(txn, st);
    // Evicted uncommitted blocks are parked in the log, never in the data file.
    InsertRows(*db, t, Rows(100, 30000, "u"), txn, st);
    db.reset();
  }
  auto db = Database::Open(dir.db(), Tiny());
  SessionStats st;
  auto rows = ScanAll(*db, *db->FindTable("T"), st);
  EXPECT_EQ(rows.size(), 100u);
  EXPECT_EQ(SumIds(rows), 99 * 100 / 2);
}

TEST(StorageRedo, TornLogTailIsIgnored) {
  TempDir dir;
  {
    auto db = Database::Open(dir.db(), Tiny());
    const TableInfo& t = db->CreateTable(Table());
    Transaction txn;
    SessionStats st;
    for (int c = 0; c < 5; ++c) {
      InsertRows(*db, t, Rows(c * 100, c * 100 + 100, "t"), txn, st);
      db->Commit(txn, st);
    }
    CrashWithPendingChange(db, t, 1'000'000);
  }
  // A half-written record after the last commit: garbage appended to the log.
  {
    std::ofstream log(dir.db() / "redo01.log", std::ios::binary | std::ios::app);
    std::string junk(5000, '\x5a');
    log.write(junk.data(), static_cast<std::streamsize>(junk.size()));
  }
  auto db = Database::Open(dir.db(), Tiny());
  SessionStats st;
  EXPECT_EQ(ScanAll(*db, *db->FindTable("T"), st).size(), 500u);
}

TEST(StorageRedo, CutInsideACommitGroupLosesOnlyThatGroup) {
  TempDir dir;
  uint64_t after_first = 0;
  {
    auto db = Database::Open(dir.db(), Tiny());
    const TableInfo& t = db->CreateTable(Table());
    Transaction txn;
    SessionStats st;
    InsertRows(*db, t, Rows(0, 300, "a"), txn, st);
    db->Commit(txn, st);
    after_first = db->RedoLogBytes();
    InsertRows(*db, t, Rows(300, 600, "b"), txn, st);
    db->Commit(txn, st);
    CrashWithPendingChange(db, t, 1'000'000);
  }
  // Tear the second group: cut the file a little after the first commit record. Both commits
  // were forced, so the log header counts two: open refuses the damaged log ...
  std::filesystem::resize_file(dir.db() / "redo01.log",
                               after_first + RedoLog::kRecordsOffset + 100);
  try {
    Database::Open(dir.db(), Tiny());
    ADD_FAILURE() << "a log missing a forced commit was opened";
  } catch (const OraError& e) {
    EXPECT_EQ(e.code(), 354) << e.what();
    EXPECT_NE(std::string(e.what()).find("1 transaction committed"), std::string::npos)
        << e.what();
  }
  // ... and --resetlogs opens it, losing exactly the torn group and saying so.
  DatabaseOptions accept = Tiny();
  accept.accept_redo_loss = true;
  auto db = Database::Open(dir.db(), accept);
  EXPECT_EQ(db->open_report().commits_lost, 1u);
  EXPECT_EQ(db->open_report().commits_replayed, 1u);
  SessionStats st;
  auto rows = ScanAll(*db, *db->FindTable("T"), st);
  EXPECT_EQ(rows.size(), 300u);
  EXPECT_EQ(SumIds(rows), 299 * 300 / 2);
}

TEST(StorageRedo, UpdatesDeletesAndRollbackRecoverExactly) {
  TempDir dir;
  std::vector<std::vector<Value>> expected;
  {
    auto db = Database::Open(dir.db(), Tiny());
    const TableInfo& t = db->CreateTable(Table());
    Transaction txn;
    SessionStats st;
    auto ids = InsertRows(*db, t, Rows(0, 5000, "a"), txn, st);
    db->Commit(txn, st);
    for (size_t i = 0; i < ids.size(); i += 3) db->Delete(t, ids[i], txn, st);
    for (size_t i = 1; i < ids.size(); i += 3) {
      db->Update(t, ids[i], {Value::Integer(static_cast<int64_t>(i)), Value::Varchar("upd")}, txn,
                 st);
    }
    db->Commit(txn, st);
    expected = ScanAll(*db, t, st);
    // A rolled-back transaction in between, then another commit on top of it.
    for (size_t i = 2; i < ids.size(); i += 3) db->Delete(t, ids[i], txn, st);
    db->Rollback(txn, 0, st);
    InsertRows(*db, t, Rows(9000, 9010, "z"), txn, st);
    db->Commit(txn, st);
    expected = ScanAll(*db, t, st);
    CrashWithPendingChange(db, t, 1'000'000);
  }
  auto db = Database::Open(dir.db(), Tiny());
  SessionStats st;
  auto rows = ScanAll(*db, *db->FindTable("T"), st);
  ASSERT_EQ(rows.size(), expected.size());
  for (size_t r = 0; r < rows.size(); ++r) {
    EXPECT_EQ(rows[r][0].number().ToInt64().value(), expected[r][0].number().ToInt64().value());
    EXPECT_EQ(rows[r][1].ToString(), expected[r][1].ToString());
  }
}

TEST(StorageRedo, CheckpointEmptiesTheLog) {
  TempDir dir;
  DatabaseOptions o = Tiny();
  o.checkpoint_redo_bytes = 256 << 10;  // checkpoint after a few commits
  auto db = Database::Open(dir.db(), o);
  const TableInfo& t = db->CreateTable(Table());
  Transaction txn;
  SessionStats st;
  uint64_t peak = 0;
  for (int c = 0; c < 40; ++c) {
    InsertRows(*db, t, Rows(c * 200, c * 200 + 200, "k"), txn, st);
    db->Commit(txn, st);
    peak = std::max(peak, db->RedoLogBytes());
    EXPECT_LE(db->RedoLogBytes(), o.checkpoint_redo_bytes + (2 << 20));
  }
  EXPECT_GT(peak, 0u);
  CrashWithPendingChange(db, t, 1'000'000);
  auto again = Database::Open(dir.db(), o);
  EXPECT_EQ(ScanAll(*again, *again->FindTable("T"), st).size(), 8000u);
}

TEST(StorageRedo, DdlAfterCommitsSurvives) {
  TempDir dir;
  {
    auto db = Database::Open(dir.db(), Tiny());
    const TableInfo& t = db->CreateTable(Table());
    Transaction txn;
    SessionStats st;
    InsertRows(*db, t, Rows(0, 50, "a"), txn, st);
    db->Commit(txn, st);
    TableInfo t2 = Table();
    t2.name = "T2";
    const TableInfo& u = db->CreateTable(t2);
    InsertRows(*db, u, Rows(0, 7, "b"), txn, st);
    db->Commit(txn, st);
    CrashWithPendingChange(db, t, 1'000'000);
  }
  auto db = Database::Open(dir.db(), Tiny());
  SessionStats st;
  ASSERT_NE(db->FindTable("T2"), nullptr);
  EXPECT_EQ(ScanAll(*db, *db->FindTable("T"), st).size(), 50u);
  EXPECT_EQ(ScanAll(*db, *db->FindTable("T2"), st).size(), 7u);
}

}  // namespace
}  // namespace pathdb::storage
