// B+tree indexes: key encoding order, bulk build, range scans with every bound kind, DML
// maintenance, unique violations, DROP INDEX, persistence, statistics, fast full scan and
// FetchRows.
#include "storage/btree.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <random>

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
  o.cache_size_bytes = 2 << 20;
  return o;
}

int Sign(int c) {
  return c < 0 ? -1 : (c > 0 ? 1 : 0);
}

std::string Enc(const Value& v, const LogicalType& t) {
  std::string s;
  AppendKeyValue(s, v, t);
  return s;
}

// Every pair of values: memcmp order of the encodings is Value::Compare's order (NULL high),
// and every encoding decodes back to an equal value.
void CheckOrder(const std::vector<Value>& values, const LogicalType& t) {
  for (const Value& a : values) {
    std::string ea = Enc(a, t);
    size_t pos = 0;
    Value back = DecodeKeyValue(ea, pos, t);
    EXPECT_EQ(pos, ea.size());
    EXPECT_TRUE(back == a) << a.ToString() << " decoded as " << back.ToString();
    for (const Value& b : values) {
      int want = Sign(a.Compare(b));
      int got = Sign(CompareKeys(ea, Enc(b, t)));
      EXPECT_EQ(got, want) << a.ToString() << " vs " << b.ToString();
    }
  }
}

TEST(BTreeKey, NumberOrderAndRoundTrip) {
  std::vector<Value> v;
  for (const char* s : {"0",
                        "1",
                        "-1",
                        "1.5",
                        "1.50",
                        "-1.5",
                        "10",
                        "100",
                        "101",
                        "99",
                        "9.99",
                        "10.01",
                        ".1",
                        ".10000001",
                        "-.1",
                        "-.10000001",
                        ".05",
                        "-.05",
                        ".0001",
                        "-.0001",
                        "123.45",
                        "-123.45",
                        "1e30",
                        "-1e30",
                        "1e-30",
                        "-1e-30",
                        "12345678901234567890123456789012345678",
                        "-12345678901234567890123456789012345678",
                        "1234567890.123456789",
                        "7",
                        "70",
                        "700.5"}) {
    v.push_back(Num(s));
  }
  v.push_back(Value::Null(LogicalType::Number()));
  CheckOrder(v, LogicalType::Number());
  // Random decimals with random scales: sorted by key, they are sorted by value.
  std::mt19937_64 rng(7);
  std::vector<std::pair<std::string, Decimal>> keyed;
  for (int i = 0; i < 3000; ++i) {
    Decimal d{static_cast<int64_t>(rng() % 2000001) - 1000000, static_cast<int32_t>(rng() % 8)};
    keyed.push_back({Enc(Value::Number(d), LogicalType::Number()), d});
  }
  std::sort(keyed.begin(), keyed.end(),
            [](auto& a, auto& b) { return CompareKeys(a.first, b.first) < 0; });
  for (size_t i = 1; i < keyed.size(); ++i) {
    ASSERT_TRUE((keyed[i - 1].second <=> keyed[i].second) <= 0) << i;
    ASSERT_EQ(keyed[i - 1].first == keyed[i].first, keyed[i - 1].second == keyed[i].second);
  }
}

TEST(BTreeKey, OtherTypesOrderAndRoundTrip) {
  CheckOrder(
      {Value::Double(-1e300), Value::Double(-1), Value::Double(-0.5), Value::Double(0),
       Value::Double(1e-300), Value::Double(2), Value::Double(1e300),
       Value::Double(-std::numeric_limits<double>::infinity()),
       Value::Double(std::numeric_limits<double>::infinity()), Value::Null(LogicalType::Double())},
      LogicalType::Double());
  CheckOrder({Value::Varchar("a"), Value::Varchar(std::string("a\0", 2)),
              Value::Varchar(std::string("a\0b", 3)), Value::Varchar("ab"), Value::Varchar("b"),
              Value::Varchar("\xff"), Value::Varchar("abc"), Value::Varchar("B"),
              Value::Null(LogicalType::Varchar())},
             LogicalType::Varchar());
  CheckOrder({Value::Date(-86400 * 400), Value::Date(-1), Value::Date(0), Value::Date(1),
              Value::Date(86400 * 20000), Value::Null(LogicalType::Date())},
             LogicalType::Date());
  CheckOrder({Value::Timestamp(-5), Value::Timestamp(0), Value::Timestamp(123456789),
              Value::Null(LogicalType::Timestamp())},
             LogicalType::Timestamp());
  // CHAR compares blank-padded: 'a' and 'a  ' are one key; decoding pads to the length.
  LogicalType c3 = LogicalType::Char(3);
  EXPECT_EQ(Enc(Value::Varchar("a", c3), c3), Enc(Value::Varchar("a  ", c3), c3));
  std::string k = Enc(Value::Varchar("a", c3), c3);
  size_t pos = 0;
  EXPECT_EQ(DecodeKeyValue(k, pos, c3).str(), "a  ");
  // A two-column key is ordered column by column (a prefix is self-delimiting).
  std::string ab = Enc(Value::Varchar("a"), LogicalType::Varchar()) +
                   Enc(Value::Varchar("zz"), LogicalType::Varchar());
  std::string aab = Enc(Value::Varchar("aa"), LogicalType::Varchar()) +
                    Enc(Value::Varchar("a"), LogicalType::Varchar());
  EXPECT_LT(CompareKeys(ab, aab), 0);
}

// ---- index helpers

struct Entry {
  std::vector<Value> key;
  RowId rid;
};

std::vector<Entry> ScanIndex(Database& db, const IndexInfo& ix, std::optional<IndexBound> lo,
                             std::optional<IndexBound> hi, bool desc, SessionStats& st) {
  auto scan = db.BeginIndexScan(ix, std::move(lo), std::move(hi), desc, st);
  DataChunk keys;
  std::vector<RowId> rids;
  std::vector<Entry> out;
  while (db.IndexScanNext(*scan, keys, rids, st)) {
    auto rows = keys.ToRows();
    EXPECT_EQ(rows.size(), rids.size());
    for (size_t i = 0; i < rows.size(); ++i) out.push_back({rows[i], rids[i]});
  }
  return out;
}

// NULL above every value, as in the index.
int CmpNullHigh(const Value& a, const Value& b) {
  if (a.is_null() || b.is_null()) return a.is_null() == b.is_null() ? 0 : (a.is_null() ? 1 : -1);
  return Sign(a.Compare(b));
}

int CmpKeyVals(const std::vector<Value>& a, const std::vector<Value>& b) {
  for (size_t i = 0; i < std::min(a.size(), b.size()); ++i) {
    if (int c = CmpNullHigh(a[i], b[i])) return c;
  }
  return 0;
}

//! Brute force: the expected entries of an index over `cols` from the table rows.
std::vector<Entry> Expected(const std::vector<std::vector<Value>>& rows,
                            const std::vector<RowId>& ids, const std::vector<uint32_t>& cols,
                            const std::optional<IndexBound>& lo,
                            const std::optional<IndexBound>& hi, bool desc) {
  std::vector<Entry> out;
  for (size_t r = 0; r < rows.size(); ++r) {
    Entry e;
    bool all_null = true;
    for (uint32_t c : cols) {
      e.key.push_back(rows[r][c]);
      all_null = all_null && rows[r][c].is_null();
    }
    if (all_null) continue;
    e.rid = ids[r];
    if (lo) {
      int c = CmpKeyVals(e.key, lo->key);
      if (c < 0 || (c == 0 && !lo->inclusive)) continue;
      // A range column never matches NULL.
      size_t hi_cols = hi ? hi->key.size() : 0;
      if (lo->key.size() > hi_cols && !lo->key[hi_cols].is_null() && e.key[hi_cols].is_null()) {
        continue;
      }
    }
    if (hi) {
      int c = CmpKeyVals(e.key, hi->key);
      if (c > 0 || (c == 0 && !hi->inclusive)) continue;
    }
    out.push_back(std::move(e));
  }
  std::sort(out.begin(), out.end(), [](const Entry& a, const Entry& b) {
    int c = CmpKeyVals(a.key, b.key);
    return c != 0 ? c < 0 : a.rid < b.rid;
  });
  if (desc) std::reverse(out.begin(), out.end());
  return out;
}

void ExpectSame(const std::vector<Entry>& got, const std::vector<Entry>& want,
                const std::string& what) {
  ASSERT_EQ(got.size(), want.size()) << what;
  for (size_t i = 0; i < got.size(); ++i) {
    ASSERT_EQ(CmpKeyVals(got[i].key, want[i].key), 0) << what << " entry " << i;
    ASSERT_EQ(got[i].key.size(), want[i].key.size());
    ASSERT_EQ(got[i].rid, want[i].rid) << what << " entry " << i;
  }
}

TableInfo GroupTable() {
  return MakeTable("T", {{"ID", LogicalType::Integer(), true},
                         {"GRP", LogicalType::Number()},
                         {"X", LogicalType::Number(10, 2)},
                         {"NAME", LogicalType::Varchar(200)}});
}

std::vector<std::vector<Value>> GroupRows(int n) {
  std::vector<std::vector<Value>> rows;
  for (int i = 0; i < n; ++i) {
    Value grp = i % 97 == 0 ? Value::Null() : Value::Integer(i % 50);
    Value x = i % 13 == 0 ? Value::Null() : Num(std::to_string((i * 37) % 1000 - 500).c_str());
    // Long names make a tree of three levels from a few thousand rows.
    std::string name = std::string(120, 'n') + std::to_string((i * 7919) % n);
    rows.push_back({Value::Integer(i), grp, x, Value::Varchar(name)});
  }
  return rows;
}

IndexInfo MakeIndex(std::string name, std::string table, std::vector<uint32_t> cols,
                    bool unique = false) {
  IndexInfo ix;
  ix.name = std::move(name);
  ix.table_name = std::move(table);
  ix.columns = std::move(cols);
  ix.unique = unique;
  return ix;
}

IndexBound B(std::vector<Value> key, bool inclusive) {
  return {std::move(key), inclusive};
}

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
}  // namespace pathdb::storage
