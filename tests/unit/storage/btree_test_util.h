// Shared helpers for the B+tree index tests: a small buffer cache, an index scan collected
// into (key, ROWID) entries, the brute-force expected entries of an index over table rows in
// the index's order (NULL high), and the GROUP table whose long names make three-level trees.
#pragma once
#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "test_util.h"

namespace pathdb::storage::testing {

inline DatabaseOptions SmallCache() {
  DatabaseOptions o;
  o.cache_size_bytes = 2 << 20;
  return o;
}

inline int Sign(int c) {
  return c < 0 ? -1 : (c > 0 ? 1 : 0);
}

struct Entry {
  std::vector<Value> key;
  RowId rid;
};

inline std::vector<Entry> ScanIndex(Database& db, const IndexInfo& ix, std::optional<IndexBound> lo,
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
inline int CmpNullHigh(const Value& a, const Value& b) {
  if (a.is_null() || b.is_null()) return a.is_null() == b.is_null() ? 0 : (a.is_null() ? 1 : -1);
  return Sign(a.Compare(b));
}

inline int CmpKeyVals(const std::vector<Value>& a, const std::vector<Value>& b) {
  for (size_t i = 0; i < std::min(a.size(), b.size()); ++i) {
    if (int c = CmpNullHigh(a[i], b[i])) return c;
  }
  return 0;
}

//! Brute force: the expected entries of an index over `cols` from the table rows.
inline std::vector<Entry> Expected(const std::vector<std::vector<Value>>& rows,
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

inline void ExpectSame(const std::vector<Entry>& got, const std::vector<Entry>& want,
                       const std::string& what) {
  ASSERT_EQ(got.size(), want.size()) << what;
  for (size_t i = 0; i < got.size(); ++i) {
    ASSERT_EQ(CmpKeyVals(got[i].key, want[i].key), 0) << what << " entry " << i;
    ASSERT_EQ(got[i].key.size(), want[i].key.size());
    ASSERT_EQ(got[i].rid, want[i].rid) << what << " entry " << i;
  }
}

inline TableInfo GroupTable() {
  return MakeTable("T", {{"ID", LogicalType::Integer(), true},
                         {"GRP", LogicalType::Number()},
                         {"X", LogicalType::Number(10, 2)},
                         {"NAME", LogicalType::Varchar(200)}});
}

inline std::vector<std::vector<Value>> GroupRows(int n) {
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

inline IndexInfo MakeIndex(std::string name, std::string table, std::vector<uint32_t> cols,
                           bool unique = false) {
  IndexInfo ix;
  ix.name = std::move(name);
  ix.table_name = std::move(table);
  ix.columns = std::move(cols);
  ix.unique = unique;
  return ix;
}

inline IndexBound B(std::vector<Value> key, bool inclusive) {
  return {std::move(key), inclusive};
}

}  // namespace pathdb::storage::testing
