// The storage layer's public face (first cut): a database directory with one data file of
// 8 KiB blocks behind a fixed-size buffer cache, heap segments of slotted row-format blocks,
// ROWIDs, and a dictionary kept in the database itself.
//
// Upper layers see only this header (plus common/). Everything a scan returns comes through
// the buffer cache and is counted in the caller's SessionStats.
#pragma once
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/stats.h"
#include "common/types.h"
#include "common/value.h"
#include "common/vector.h"

namespace pathdb::storage {

constexpr size_t kBlockSize = 8192;

//! (file, block, slot): stable for the row's life.
struct RowId {
  uint32_t file = 0;
  uint32_t block = 0;
  uint16_t slot = 0;
  //! Oracle-style 18-character extended ROWID text (OOOOOOFFFBBBBBBRRR, base-64 digits).
  std::string ToString(uint32_t object_id) const;
  auto operator<=>(const RowId&) const = default;
  //! Packs into one integer (file:16 | block:32 | slot:16) so a ROWID can travel in a vector
  //! column of type INTEGER (the executor's hidden ROWID column for UPDATE/DELETE).
  int64_t Pack() const {
    return static_cast<int64_t>((uint64_t{file} << 48) | (uint64_t{block} << 16) | slot);
  }
  static RowId Unpack(int64_t v) {
    auto u = static_cast<uint64_t>(v);
    return {static_cast<uint32_t>(u >> 48), static_cast<uint32_t>((u >> 16) & 0xffffffffu),
            static_cast<uint16_t>(u & 0xffffu)};
  }
};

//! Column id that asks a scan for the row's packed ROWID (RowId::Pack, type INTEGER).
constexpr uint32_t kRowIdColumn = 0xffffffffu;

struct ColumnInfo {
  std::string name;
  LogicalType type;
  bool not_null = false;
  std::optional<Value> default_value;
};

struct TableInfo {
  uint32_t object_id = 0;
  std::string name;  //!< upper-case as stored in the dictionary
  std::vector<ColumnInfo> columns;
  uint32_t pctfree = 10;
  bool inmemory = false;
  //! Segment facts kept by the heap: blocks below the high-water mark, extents, rows.
  uint64_t hwm_blocks = 0;
  uint64_t row_count = 0;  //!< rows currently in the segment (maintained by DML)
  std::optional<size_t> ColumnIndex(std::string_view name) const;
};

struct ViewInfo {
  std::string name;
  std::vector<std::string> columns;  //!< explicit column names, or empty
  std::string query_text;            //!< the SELECT text, re-parsed when the view is used
};

struct DatabaseOptions {
  size_t cache_size_bytes = 256ull << 20;  //!< --cache-size
  bool verify_checksums = true;            //!< db_block_checksum=TYPICAL
  size_t multiblock_read_count = 128;      //!< db_file_multiblock_read_count
};

class BufferCache;
class DataFile;
class Dictionary;

//! Undo record kept by a transaction so ROLLBACK (and a failed statement) can undo its work.
struct UndoRecord {
  enum class Kind : uint8_t { kInsert, kDelete, kUpdate } kind;
  uint32_t object_id;
  RowId rowid;
  std::vector<Value> before;  //!< kDelete/kUpdate: the row as it was
};

//! A transaction's undo list. Savepoint() marks a position; RollbackTo() undoes back to it.
class Transaction {
 public:
  size_t Savepoint() const { return undo_.size(); }
  void Record(UndoRecord r) { undo_.push_back(std::move(r)); }
  std::vector<UndoRecord>& records() { return undo_; }
  bool empty() const { return undo_.empty(); }

 private:
  std::vector<UndoRecord> undo_;
};

//! Scan position over a heap segment. Created by Database::BeginScan; run-time filters and
//! region skipping attach here later (storage index, join filter min/max).
class TableScanState {
 public:
  virtual ~TableScanState() = default;
};

class Database {
 public:
  //! Opens DIR (creating it and an empty database when missing). Throws OraError when the
  //! files are unreadable or corrupt.
  static std::unique_ptr<Database> Open(const std::filesystem::path& dir,
                                        const DatabaseOptions& options);
  //! Checkpoints (all dirty blocks and the dictionary reach disk) and closes the files.
  ~Database();
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  const std::filesystem::path& directory() const;
  const DatabaseOptions& options() const;

  // ---- dictionary (names are compared as given: callers pass normalised upper-case names)
  const TableInfo* FindTable(std::string_view name) const;
  std::vector<const TableInfo*> Tables() const;
  //! ORA-00955 when the name is taken by a table or a view.
  const TableInfo& CreateTable(TableInfo info);
  //! Drops the table and frees its segment. ORA-00942 when missing.
  void DropTable(std::string_view name);
  //! Removes every row, resetting the high-water mark.
  void TruncateTable(std::string_view name);
  const ViewInfo* FindView(std::string_view name) const;
  std::vector<const ViewInfo*> Views() const;
  void CreateView(ViewInfo info, bool or_replace);
  void DropView(std::string_view name);

  // ---- heap DML. Every row change is recorded in `txn` for rollback.
  //! Appends the active rows of `rows` (one vector per table column, in table order) to the
  //! segment; returns the ROWIDs. ORA-01400 for a NULL in a NOT NULL column; values must
  //! already be converted to the column types (ORA-12899 when a string is too long).
  std::vector<RowId> Insert(const TableInfo& table, const DataChunk& rows, Transaction& txn,
                            SessionStats& stats);
  void Delete(const TableInfo& table, RowId rowid, Transaction& txn, SessionStats& stats);
  //! Replaces a row in place (or migrates it inside the segment when it no longer fits; the
  //! ROWID stays valid). `values` holds every column.
  void Update(const TableInfo& table, RowId rowid, const std::vector<Value>& values,
              Transaction& txn, SessionStats& stats);
  //! Undoes txn's records from the end back to `savepoint`, then drops them.
  void Rollback(Transaction& txn, size_t savepoint, SessionStats& stats);
  //! Makes txn's changes durable (first cut: checkpoint of dirty blocks and dictionary).
  void Commit(Transaction& txn, SessionStats& stats);

  // ---- reads
  //! Starts a full scan of the table's segment in physical block order through the cache.
  std::unique_ptr<TableScanState> BeginScan(const TableInfo& table,
                                            std::vector<uint32_t> column_ids,
                                            SessionStats& stats);
  //! Fills `out` (one vector per requested column, in request order) with up to kVectorSize
  //! rows; if `rowids` is non-null it receives each row's ROWID. Returns false at the end.
  bool ScanNext(TableScanState& state, DataChunk& out, std::vector<RowId>* rowids,
                SessionStats& stats);
  //! Fetches one row by ROWID (all columns). nullopt when the slot is empty.
  std::optional<std::vector<Value>> Fetch(const TableInfo& table, RowId rowid,
                                          SessionStats& stats);

  // ---- cache and files
  void FlushBufferCache();  //!< ALTER SYSTEM FLUSH BUFFER_CACHE: write dirty, drop all
  void Checkpoint();
  uint64_t DataFileBytes() const;
  size_t CacheBlocks() const;

 private:
  Database();
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace pathdb::storage
