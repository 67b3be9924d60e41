// Shared helpers for storage tests: a scratch directory and chunk/scan conveniences.
#pragma once
#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "common/error.h"
#include "storage/storage.h"

namespace pathdb::storage::testing {

//! The ORA code `f` throws, or 0 when it returns normally.
inline int OraCode(const std::function<void()>& f) {
  try {
    f();
  } catch (const OraError& e) {
    return e.code();
  }
  return 0;
}

class TempDir {
 public:
  TempDir() {
    std::string tmpl = (std::filesystem::temp_directory_path() / "pathdb-storage-XXXXXX").string();
    path_ = mkdtemp(tmpl.data());
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  const std::filesystem::path& path() const { return path_; }
  std::filesystem::path db() const { return path_ / "db"; }

 private:
  std::filesystem::path path_;
};

inline std::vector<LogicalType> TypesOf(const TableInfo& t) {
  std::vector<LogicalType> out;
  for (auto& c : t.columns) out.push_back(c.type);
  return out;
}

//! Inserts `rows` (each a full row of Values) in chunks of kVectorSize.
inline std::vector<RowId> InsertRows(Database& db, const TableInfo& t,
                                     const std::vector<std::vector<Value>>& rows, Transaction& txn,
                                     SessionStats& stats) {
  std::vector<RowId> ids;
  DataChunk chunk(TypesOf(t));
  size_t i = 0;
  while (i < rows.size()) {
    chunk.Reset();
    size_t n = 0;
    for (; n < kVectorSize && i < rows.size(); ++n, ++i) {
      for (size_t c = 0; c < t.columns.size(); ++c) chunk.column(c).SetValue(n, rows[i][c]);
    }
    chunk.SetSize(n);
    auto got = db.Insert(t, chunk, txn, stats);
    ids.insert(ids.end(), got.begin(), got.end());
  }
  return ids;
}

//! All rows of a table via a full scan (all columns), optionally with ROWIDs.
inline std::vector<std::vector<Value>> ScanAll(Database& db, const TableInfo& t,
                                               SessionStats& stats,
                                               std::vector<RowId>* ids = nullptr) {
  std::vector<uint32_t> cols;
  for (uint32_t c = 0; c < t.columns.size(); ++c) cols.push_back(c);
  auto scan = db.BeginScan(t, cols, stats);
  DataChunk out;
  std::vector<std::vector<Value>> rows;
  std::vector<RowId> chunk_ids;
  while (db.ScanNext(*scan, out, &chunk_ids, stats)) {
    auto r = out.ToRows();
    rows.insert(rows.end(), r.begin(), r.end());
    if (ids) ids->insert(ids->end(), chunk_ids.begin(), chunk_ids.end());
  }
  return rows;
}

//! Column spec with a constructor, so brace lists need not name every ColumnInfo member.
struct ColSpec {
  ColSpec(std::string n, LogicalType t, bool nn = false)
      : name(std::move(n)), type(t), not_null(nn) {}
  std::string name;
  LogicalType type;
  bool not_null;
};

inline TableInfo MakeTable(std::string name, std::vector<ColSpec> cols, uint32_t pctfree = 10) {
  TableInfo t;
  t.name = std::move(name);
  for (auto& c : cols) {
    ColumnInfo ci;
    ci.name = c.name;
    ci.type = c.type;
    ci.not_null = c.not_null;
    t.columns.push_back(std::move(ci));
  }
  t.pctfree = pctfree;
  return t;
}

inline Value Num(const char* text) {
  return Value::Number(*Decimal::Parse(text));
}

}  // namespace pathdb::storage::testing
