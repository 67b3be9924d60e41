// Randomised index maintenance: tens of thousands of INSERT/DELETE/UPDATE statements through the
// Database API, with commits and rollbacks, checked after every transaction end against
// std::multimap reference models of four indexes (unique and non-unique, one and two columns).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>

#include "common/error.h"
#include "test_util.h"

namespace pathdb::storage {
namespace {

using testing::MakeTable;
using testing::ScanAll;
using testing::TempDir;

using Row = std::vector<Value>;
using Key = std::vector<Value>;

int CmpNullHigh(const Value& a, const Value& b) {
  if (a.is_null() || b.is_null()) return a.is_null() == b.is_null() ? 0 : (a.is_null() ? 1 : -1);
  int c = a.Compare(b);
  return c < 0 ? -1 : (c > 0 ? 1 : 0);
}

struct KeyLess {
  bool operator()(const Key& a, const Key& b) const {
    for (size_t i = 0; i < a.size(); ++i) {
      if (int c = CmpNullHigh(a[i], b[i])) return c < 0;
    }
    return false;
  }
};

struct IndexModel {
  std::string name;
  std::vector<uint32_t> cols;
  bool unique;
  std::multimap<Key, RowId, KeyLess> entries;

  //! The row's key, or nullopt when every key column is NULL (no entry).
  std::optional<Key> KeyOf(const Row& r) const {
    Key k;
    bool all_null = true;
    for (uint32_t c : cols) {
      k.push_back(r[c]);
      all_null = all_null && r[c].is_null();
    }
    if (all_null) return std::nullopt;
    return k;
  }
  void Add(const Row& r, RowId id) {
    if (auto k = KeyOf(r)) entries.emplace(*k, id);
  }
  void Remove(const Row& r, RowId id) {
    auto k = KeyOf(r);
    if (!k) return;
    auto [lo, hi] = entries.equal_range(*k);
    for (auto it = lo; it != hi; ++it) {
      if (it->second == id) {
        entries.erase(it);
        return;
      }
    }
    ADD_FAILURE() << "model entry missing in " << name;
  }
  //! Would `r` (as row `self`, which may be absent) violate this unique index?
  bool Conflicts(const Row& r, std::optional<RowId> self) const {
    if (!unique) return false;
    auto k = KeyOf(r);
    if (!k) return false;
    auto [lo, hi] = entries.equal_range(*k);
    for (auto it = lo; it != hi; ++it) {
      if (!self || it->second != *self) return true;
    }
    return false;
  }
};

class Model {
 public:
  std::map<RowId, Row> rows;
  std::vector<IndexModel> indexes;

  void Insert(RowId id, const Row& r) {
    rows[id] = r;
    for (auto& ix : indexes) ix.Add(r, id);
  }
  void Delete(RowId id) {
    for (auto& ix : indexes) ix.Remove(rows.at(id), id);
    rows.erase(id);
  }
  void Update(RowId id, const Row& r) {
    Delete(id);
    Insert(id, r);
  }
  void Rebuild(const std::map<RowId, Row>& snapshot) {
    rows.clear();
    for (auto& ix : indexes) ix.entries.clear();
    for (auto& [id, r] : snapshot) Insert(id, r);
  }
  bool Conflicts(const Row& r, std::optional<RowId> self) const {
    for (auto& ix : indexes) {
      if (ix.Conflicts(r, self)) return true;
    }
    return false;
  }
};

struct Got {
  Key key;
  RowId rid;
};

std::vector<Got> ScanIndex(Database& db, const IndexInfo& ix, std::optional<IndexBound> lo,
                           std::optional<IndexBound> hi, bool desc, SessionStats& st) {
  auto scan = db.BeginIndexScan(ix, std::move(lo), std::move(hi), desc, st);
  DataChunk keys;
  std::vector<RowId> rids;
  std::vector<Got> out;
  while (db.IndexScanNext(*scan, keys, rids, st)) {
    auto r = keys.ToRows();
    for (size_t i = 0; i < r.size(); ++i) out.push_back({r[i], rids[i]});
  }
  return out;
}

void Verify(Database& db, const TableInfo& t, const Model& model, SessionStats& st,
            std::mt19937_64& rng, const std::string& when) {
  std::vector<RowId> ids;
  auto rows = ScanAll(db, t, st, &ids);
  ASSERT_EQ(rows.size(), model.rows.size()) << when;
  for (size_t i = 0; i < ids.size(); ++i) {
    auto it = model.rows.find(ids[i]);
    ASSERT_NE(it, model.rows.end()) << when;
    for (size_t c = 0; c < rows[i].size(); ++c) {
      ASSERT_EQ(CmpNullHigh(rows[i][c], it->second[c]), 0) << when;
    }
  }
  for (const auto& m : model.indexes) {
    const IndexInfo* ix = db.FindIndex(m.name);
    ASSERT_NE(ix, nullptr);
    std::vector<Got> want;
    for (auto& [k, id] : m.entries) want.push_back({k, id});
    std::stable_sort(want.begin(), want.end(), [](const Got& a, const Got& b) {
      if (KeyLess{}(a.key, b.key)) return true;
      if (KeyLess{}(b.key, a.key)) return false;
      return a.rid < b.rid;
    });
    if (m.unique) {
      for (size_t i = 1; i < want.size(); ++i) {
        ASSERT_TRUE(KeyLess{}(want[i - 1].key, want[i].key)) << m.name << " model not unique";
      }
    }
    bool desc = rng() % 2 == 0;
    auto got = ScanIndex(db, *ix, {}, {}, desc, st);
    if (desc) std::reverse(got.begin(), got.end());
    ASSERT_EQ(got.size(), want.size()) << when << " " << m.name;
    for (size_t i = 0; i < got.size(); ++i) {
      ASSERT_FALSE(KeyLess{}(got[i].key, want[i].key) || KeyLess{}(want[i].key, got[i].key))
          << when << " " << m.name << " entry " << i;
      ASSERT_EQ(got[i].rid, want[i].rid) << when << " " << m.name << " entry " << i;
    }
    // A random range on the first key column, checked against the model.
    if (want.empty()) continue;
    Value a = want[rng() % want.size()].key[0], b = want[rng() % want.size()].key[0];
    if (a.is_null() || b.is_null()) continue;
    if (CmpNullHigh(a, b) > 0) std::swap(a, b);
    bool a_inc = rng() % 2 == 0, b_inc = rng() % 2 == 0;
    std::vector<Got> in_range;
    for (auto& g : want) {
      int ca = CmpNullHigh(g.key[0], a), cb = CmpNullHigh(g.key[0], b);
      if ((ca > 0 || (ca == 0 && a_inc)) && (cb < 0 || (cb == 0 && b_inc))) in_range.push_back(g);
    }
    auto ranged = ScanIndex(db, *ix, IndexBound{{a}, a_inc}, IndexBound{{b}, b_inc}, false, st);
    ASSERT_EQ(ranged.size(), in_range.size()) << when << " range " << m.name;
    for (size_t i = 0; i < ranged.size(); ++i) ASSERT_EQ(ranged[i].rid, in_range[i].rid);
  }
}

void RunRandom(uint64_t seed, int ops) {
  TempDir dir;
  DatabaseOptions opts;
  opts.cache_size_bytes = 1 << 20;  // 128 buffers: index and table blocks get evicted
  auto db = Database::Open(dir.db(), opts);
  const TableInfo& t = db->CreateTable(MakeTable("R", {{"ID", LogicalType::Integer(), true},
                                                       {"A", LogicalType::Number()},
                                                       {"B", LogicalType::Varchar(12)},
                                                       {"C", LogicalType::Number()}}));
  SessionStats st;
  Model model;
  auto add_index = [&](std::string name, std::vector<uint32_t> cols, bool unique) {
    IndexInfo ix;
    ix.name = name;
    ix.table_name = "R";
    ix.columns = cols;
    ix.unique = unique;
    db->CreateIndex(ix, st);
    model.indexes.push_back({name, cols, unique, {}});
  };
  add_index("R_ID", {0}, true);
  add_index("R_A", {1}, false);
  add_index("R_BC", {2, 3}, true);
  add_index("R_AB", {1, 2}, false);

  std::mt19937_64 rng(seed);
  auto pick = [&](uint64_t n) { return rng() % n; };
  auto random_row = [&]() -> Row {
    Value a = pick(10) == 0 ? Value::Null() : Value::Integer(static_cast<int64_t>(pick(60)) - 20);
    Value b = pick(7) == 0 ? Value::Null() : Value::Varchar(fmt::format("b{}", pick(150)));
    Value c = pick(7) == 0 ? Value::Null()
                           : Value::Number(Decimal{static_cast<int64_t>(pick(400)) - 100, 1});
    return {Value::Integer(static_cast<int64_t>(pick(60000))), a, b, c};
  };
  Transaction txn;
  std::map<RowId, Row> committed;
  int violations = 0, commits = 0, rollbacks = 0;
  for (int op = 1; op <= ops; ++op) {
    uint64_t kind = pick(100);
    size_t sp = txn.Savepoint();
    if (kind < 45 || model.rows.empty()) {
      // INSERT of 1..4 rows in one statement: all or nothing.
      size_t n = 1 + pick(4);
      std::vector<Row> batch;
      Model in_batch;  // rows of this statement: duplicates among them violate too
      for (auto& ix : model.indexes) in_batch.indexes.push_back({ix.name, ix.cols, ix.unique, {}});
      bool expect_violation = false;
      for (size_t i = 0; i < n; ++i) {
        Row r = random_row();
        if (model.Conflicts(r, std::nullopt) || in_batch.Conflicts(r, std::nullopt)) {
          expect_violation = true;
        }
        in_batch.Insert(RowId{0, 0, static_cast<uint16_t>(i)}, r);
        batch.push_back(std::move(r));
      }
      DataChunk chunk(testing::TypesOf(t));
      for (size_t i = 0; i < batch.size(); ++i) {
        for (size_t c = 0; c < 4; ++c) chunk.column(c).SetValue(i, batch[i][c]);
      }
      chunk.SetSize(batch.size());
      try {
        auto ids = db->Insert(t, chunk, txn, st);
        ASSERT_FALSE(expect_violation) << "op " << op << ": no ORA-00001";
        for (size_t i = 0; i < ids.size(); ++i) model.Insert(ids[i], batch[i]);
      } catch (const OraError& e) {
        ASSERT_EQ(e.code(), 1) << e.what();
        ASSERT_TRUE(expect_violation) << "op " << op << ": unexpected " << e.what();
        ++violations;
        db->Rollback(txn, sp, st);
      }
    } else {
      auto it = model.rows.begin();
      std::advance(it, static_cast<std::ptrdiff_t>(pick(model.rows.size())));
      RowId id = it->first;
      if (kind < 70) {
        db->Delete(t, id, txn, st);
        model.Delete(id);
      } else {
        Row r = it->second;
        Row fresh = random_row();
        for (size_t c = 0; c < 4; ++c) {
          if (pick(3) == 0) r[c] = fresh[c];
        }
        bool expect_violation = model.Conflicts(r, id);
        try {
          db->Update(t, id, r, txn, st);
          ASSERT_FALSE(expect_violation) << "op " << op << ": no ORA-00001 on update";
          model.Update(id, r);
        } catch (const OraError& e) {
          ASSERT_EQ(e.code(), 1) << e.what();
          ASSERT_TRUE(expect_violation) << "op " << op << ": unexpected " << e.what();
          ++violations;
          db->Rollback(txn, sp, st);
        }
      }
    }
    if (op % 150 == 0 || op == ops) {
      if (pick(5) == 0) {
        db->Rollback(txn, 0, st);
        model.Rebuild(committed);
        ++rollbacks;
      } else {
        db->Commit(txn, st);
        committed = model.rows;
        ++commits;
      }
      Verify(*db, t, model, st, rng, "op " + std::to_string(op));
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
  EXPECT_GT(violations, 100) << "the run should exercise ORA-00001";
  EXPECT_GT(rollbacks, 5);
  EXPECT_GT(commits, 40);
  EXPECT_GT(model.rows.size(), 1000u);
  // The trees built by DML persist.
  db.reset();
  db = Database::Open(dir.db(), opts);
  const TableInfo& t2 = *db->FindTable("R");
  Verify(*db, t2, model, st, rng, "after reopen");
  for (const auto& m : model.indexes) {
    IndexStats s = db->ComputeIndexStats(*db->FindIndex(m.name), st);
    EXPECT_EQ(s.num_rows, m.entries.size()) << m.name;
  }
}

TEST(IndexRandom, MixedDmlSeed1) {
  RunRandom(1, 12000);
}
TEST(IndexRandom, MixedDmlSeed2) {
  RunRandom(20261202, 12000);
}

}  // namespace
}  // namespace pathdb::storage
