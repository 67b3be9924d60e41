// The storage layer's public face (first cut): a database directory with one data file of
// 8 KiB blocks behind a fixed-size buffer cache, heap segments of slotted row-format blocks,
// ROWIDs, and a dictionary kept in the database itself.
//
// Upper layers see only this header (plus common/). Everything a scan returns comes through
// the buffer cache and is counted in the caller's SessionStats.
//
// Threads: a Database and everything it returns are used by one thread at a time (the
// session's); docs/architecture.md (Threads) says what several workers will need.
#pragma once
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "common/stats.h"
#include "common/types.h"
#include "common/value.h"
#include "common/vector.h"
#include "storage/scan_spec.h"

namespace pathdb::storage {

constexpr size_t kBlockSize = 8192;
//! The redo log buffer: appends are written to the log file once this much has accumulated
//! (a COMMIT writes and forces earlier). SHOW SGA reports it as Redo Buffers.
constexpr size_t kRedoBufferBytes = 1 << 20;

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
  //! NO INMEMORY (c): the column is left out of the table's in-memory copy.
  bool no_inmemory = false;
};

//! One histogram bucket as USER_TAB_HISTOGRAMS shows it: ENDPOINT_NUMBER is cumulative (rows
//! up to and including this endpoint for frequency/hybrid histograms).
struct HistogramBucket {
  Value endpoint;
  uint64_t endpoint_number = 0;
  uint64_t repeat_count = 0;  //!< hybrid: rows equal to the endpoint value
};

enum class HistogramType : uint8_t { kNone, kFrequency, kTopFrequency, kHybrid, kHeightBalanced };

//! Optimizer statistics of one column (USER_TAB_COL_STATISTICS). present=false: never gathered.
struct ColumnStats {
  bool present = false;
  uint64_t num_distinct = 0;
  uint64_t num_nulls = 0;
  std::optional<Value> low_value, high_value;  //!< nullopt when every value is NULL
  double density = 0;
  uint32_t avg_col_len = 0;
  uint64_t sample_size = 0;
  HistogramType histogram = HistogramType::kNone;
  std::vector<HistogramBucket> buckets;
};

//! Optimizer statistics of a table (USER_TABLES). present=false: never gathered.
struct TableStats {
  bool present = false;
  uint64_t num_rows = 0;
  uint64_t blocks = 0;
  uint32_t avg_row_len = 0;
  uint64_t sample_size = 0;
  int64_t last_analyzed = 0;         //!< seconds since the Unix epoch
  std::vector<ColumnStats> columns;  //!< one per table column, same order
  //! Column-group statistics by extension name (TableInfo::column_groups): NUM_DISTINCT of
  //! the combined values, NUM_NULLS (rows whose group columns are all NULL), DENSITY.
  std::map<std::string, ColumnStats> column_groups;
};

//! Optimizer statistics of an index (USER_INDEXES). present=false: never gathered.
struct IndexStats {
  bool present = false;
  uint32_t blevel = 0;  //!< branch levels above the leaves (0: the root is a leaf)
  uint64_t leaf_blocks = 0;
  uint64_t distinct_keys = 0;
  uint64_t clustering_factor = 0;
  uint64_t num_rows = 0;  //!< index entries (rows whose key is not entirely NULL)
  int64_t last_analyzed = 0;
};

//! PRIORITY of an INMEMORY table: NONE populates on the first full scan, the others in the
//! background right after ALTER TABLE or the database open.
enum class InMemoryPriority : uint8_t { kNone, kLow, kMedium, kHigh, kCritical };
//! MEMCOMPRESS level (QUERY LOW is Oracle's default).
enum class InMemoryCompression : uint8_t {
  kQueryLow,
  kNoMemcompress,
  kDml,
  kQueryHigh,
  kCapacityLow,
  kCapacityHigh,
};
//! "NONE", "LOW", ... as USER_TABLES.INMEMORY_PRIORITY shows it.
std::string_view InMemoryPriorityName(InMemoryPriority p);
//! "FOR QUERY LOW", "NO MEMCOMPRESS", ... as USER_TABLES.INMEMORY_COMPRESSION shows it.
std::string_view InMemoryCompressionName(InMemoryCompression c);

//! A column group (DBMS_STATS.CREATE_EXTENDED_STATS): columns whose combined distinct count
//! the optimizer uses instead of the product of their single-column selectivities.
struct ColumnGroup {
  std::string name;               //!< SYS_STU... (USER_STAT_EXTENSIONS.EXTENSION_NAME)
  std::vector<uint32_t> columns;  //!< table column positions, in the order created
};

struct TableInfo {
  uint32_t object_id = 0;
  std::string name;  //!< upper-case as stored in the dictionary
  std::vector<ColumnInfo> columns;
  uint32_t pctfree = 10;
  bool inmemory = false;
  InMemoryPriority inmemory_priority = InMemoryPriority::kNone;
  InMemoryCompression inmemory_compression = InMemoryCompression::kQueryLow;
  //! Segment facts kept by the heap: blocks below the high-water mark, extents, rows.
  uint64_t hwm_blocks = 0;
  uint64_t row_count = 0;                  //!< rows currently in the segment (maintained by DML)
  uint64_t allocated_blocks = 0;           //!< every block of the segment's extents (USER_SEGMENTS)
  TableStats stats;                        //!< DBMS_STATS results, kept in the dictionary
  std::vector<ColumnGroup> column_groups;  //!< extended statistics defined on the table
  std::optional<size_t> ColumnIndex(std::string_view name) const;
  //! The column group over exactly `columns` (any order), or null.
  const ColumnGroup* FindColumnGroup(std::vector<uint32_t> columns) const;
};

//! A B+tree index over (key columns, ROWID). Unique indexes hold one entry per distinct
//! non-NULL key; keys whose columns are all NULL are not indexed (Oracle's rule).
struct IndexInfo {
  uint32_t object_id = 0;
  std::string name;  //!< upper-case
  uint32_t table_object_id = 0;
  std::string table_name;
  std::vector<uint32_t> columns;  //!< table column positions, in key order
  bool unique = false;
  //! Name of the constraint the index enforces (PRIMARY KEY / UNIQUE), empty for a plain index.
  std::string constraint_name;
  bool primary_key = false;
  uint64_t allocated_blocks = 0;  //!< blocks of the index segment (USER_SEGMENTS)
  IndexStats stats;               //!< filled by CREATE INDEX and DBMS_STATS
  //! Its segment header failed verification at open: the optimizer ignores the index, DML on
  //! its table raises ORA-01502, ALTER INDEX ... REBUILD builds it afresh.
  bool unusable = false;
};

//! One end of an index range: a key prefix (1..n leading key columns) and whether rows equal
//! to the prefix are inside the range. An absent bound is open (the index's first/last entry).
struct IndexBound {
  std::vector<Value> key;
  bool inclusive = true;
};

//! Called now and then during long work (index build, load) with done/total units.
using ProgressFn = std::function<void(uint64_t done, uint64_t total)>;

struct ViewInfo {
  std::string name;
  std::vector<std::string> columns;  //!< explicit column names, or empty
  std::string query_text;            //!< the SELECT text, re-parsed when the view is used
};

//! _serial_direct_read: how a serial full scan chooses between the buffer cache and direct
//! path reads (oracle-reference.md 4.1). TRUE means ALWAYS, FALSE means NEVER.
enum class SerialDirectRead : uint8_t { kAuto, kAlways, kNever };

//! How full scans read, set per statement from the session's parameters.
struct ScanOptions {
  SerialDirectRead serial_direct_read = SerialDirectRead::kAuto;
  //! _direct_read_decision_statistics_driven: the segment size the decision uses is the
  //! table's BLOCKS (index LEAF_BLOCKS) statistic when present, else the segment's own size.
  bool statistics_driven = true;
  //! !_kcfis_storageidx_disabled: full scans skip regions by the storage index.
  bool storage_index = true;
  //! disk_asynch_io and filesystemio_options (ASYNCH, SETALL): direct reads use io_uring;
  //! otherwise the reader thread pool.
  bool async_io = true;
  //! filesystemio_options (DIRECTIO, SETALL): direct reads open the file with O_DIRECT.
  bool direct_io = true;
  //! db_big_table_cache_percent_target: the share of the buffer cache (0-90%) that full
  //! scans of big tables may keep their blocks in (Oracle 12.1.0.2's automatic big table
  //! caching); 0 = off.
  uint32_t big_table_cache_percent = 0;
};

//! How the in-memory column store works, set per statement from the session's parameters.
struct InMemoryOptions {
  uint64_t size = 0;  //!< inmemory_size: the In-Memory Area; 0 disables the store
  //! _inmemory_synchronous_population: a first scan (or a scan finding many stale blocks)
  //! populates before it reads instead of leaving it to the background worker.
  bool synchronous = false;
  //! _inmemory_force_encoding: 0 AUTO, 1 PLAIN, 2 DICTIONARY, 3 FOR, 4 RLE (tests).
  uint8_t force_encoding = 0;
  bool simd = true;  //!< _inmemory_simd: AVX2 kernels where the CPU has them
};

//! One row of V$IM_SEGMENTS.
struct InMemorySegmentRow {
  std::string segment_name;
  std::string populate_status;  //!< STARTED, COMPLETED, OUT OF MEMORY
  uint64_t bytes = 0;           //!< on-disk bytes of the segment
  uint64_t inmemory_size = 0;   //!< bytes its IMCUs take
  uint64_t bytes_not_populated = 0;
  InMemoryPriority priority = InMemoryPriority::kNone;
  InMemoryCompression compression = InMemoryCompression::kQueryLow;
  uint64_t imcus = 0;
  uint64_t rows = 0;
  uint64_t stale_blocks = 0;
};

//! ALTER TABLE ... INMEMORY / NO INMEMORY.
struct InMemoryChange {
  bool enable = true;
  std::optional<InMemoryPriority> priority;
  std::optional<InMemoryCompression> compression;
  std::vector<std::string> columns_in;   //!< INMEMORY (a, b)
  std::vector<std::string> columns_out;  //!< NO INMEMORY (c)
};

struct DatabaseOptions {
  size_t cache_size_bytes = 256ull << 20;  //!< --cache-size
  bool verify_checksums = true;            //!< db_block_checksum=TYPICAL
  size_t multiblock_read_count = 128;      //!< db_file_multiblock_read_count
  //! _small_table_threshold in blocks; 0 = 2% of the cache. Full scans of bigger segments
  //! count `table scans (long tables)` and their blocks enter the cache at the cold end.
  size_t small_table_threshold = 0;
  //! _db_aging_touch_time in ms: a buffer's touch count rises at most once per interval.
  uint32_t aging_touch_time_ms = 3000;
  //! Redo bytes after which a COMMIT also checkpoints (keeps recovery short).
  uint64_t checkpoint_redo_bytes = 64ull << 20;
  ScanOptions scan;
  //! --resetlogs: open even when the redo log lost committed transactions (or block 0 of the
  //! data file is corrupt), replaying what is readable; OpenReport says what was lost.
  bool accept_redo_loss = false;
};

//! What Database::Open had to do beyond opening (the shell prints these as warnings).
struct OpenReport {
  uint64_t commits_replayed = 0;      //!< committed transactions crash recovery applied
  uint64_t commits_lost = 0;          //!< committed transactions the damaged log no longer held
  std::vector<std::string> warnings;  //!< one line each; also in DIR/alert_pathdb.log
};

//! One column of one region of a storage index (V$STORAGE_INDEX).
struct StorageIndexRow {
  std::string segment_name;  //!< the table
  uint32_t object_id = 0;
  uint32_t region = 0;            //!< data blocks [128 region, 128 region + 128) of the segment
  uint64_t first_data_block = 0;  //!< 128 region: ordinal of its first data block
  uint32_t column_id = 0;
  std::string column_name;
  std::optional<Value> min, max;  //!< nullopt when the region has no non-NULL value
  bool has_null = false;
};

class BufferCache;
class DataFile;
class Dictionary;

//! Undo record kept by a transaction so ROLLBACK (and a failed statement) can undo its work.
struct UndoRecord {
  //! kDirectPathInsert: one record per direct-path insert (storage/direct_path.cpp); rowid is
  //! its first block, `before` the segment's shape before it (ROLLBACK moves the HWM back).
  enum class Kind : uint8_t { kInsert, kDelete, kUpdate, kDirectPathInsert } kind;
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

//! A running full scan of a heap segment, opened by Database::BeginScan from a ScanSpec.
//! Implementations: the buffer-cache heap scan (storage/heap_scan.cpp) over a block source
//! (storage/heap_scan.h: the buffered reader today; the direct-path reader plugs in there) and,
//! later, the in-memory column store scan as a ScanSource of its own. Database::BeginScan is
//! the one place that chooses. Used by one thread at a time.
class ScanSource {
 public:
  virtual ~ScanSource() = default;
  //! Fills `out` (one vector per requested column, in request order) with the next rows that
  //! pass the spec's predicates and published range filters; membership tests only shrink
  //! the selection. `rowids` (nullable) receives each row's ROWID, one per row of out.size().
  //! Returns false at the end (nothing produced).
  virtual bool Next(DataChunk& out, std::vector<RowId>* rowids, SessionStats& stats) = 0;
  virtual const ScanCounters& counters() const = 0;
  //! How this scan reads its blocks and why, decided when it began (per execution).
  virtual const ScanAccess& access() const = 0;
  //! Computes `aggs` over every row the scan would return, in place of Next (the scan is
  //! consumed): one Value per aggregate (COUNT: INTEGER; SUM: NUMBER, NULL without rows;
  //! MIN/MAX: the column's type, NULL without rows). std::nullopt when this scan cannot
  //! (then nothing was read and Next may still be used). The in-memory scan does it on the
  //! encoded columns. ORA-01426 when a SUM overflows.
  virtual std::optional<std::vector<Value>> Aggregate(const std::vector<ScanAggregate>& aggs,
                                                      SessionStats& stats) {
    (void)aggs;
    (void)stats;
    return std::nullopt;
  }
  //! Computes `spec` over every row the scan would return, in place of Next (the scan is
  //! consumed). std::nullopt when this scan cannot (then nothing was read and Next may still
  //! be used). The in-memory scan does it on the encoded columns.
  virtual std::optional<ScanGroups> GroupAggregate(const ScanGroupBy& spec, SessionStats& stats) {
    (void)spec;
    (void)stats;
    return std::nullopt;
  }
  //! Called by a long Aggregate or GroupAggregate between batches, with nothing pinned, so the
  //! statement can be cancelled (it may throw). Sources that return quickly may ignore it.
  virtual void SetInterruptCheck(std::function<void()> check) { (void)check; }
};

//! Position of an index scan (range, full or fast full). Created by BeginIndexScan /
//! BeginIndexFastFullScan; holds a pin on the current leaf while rows are being returned.
class IndexScanState {
 public:
  virtual ~IndexScanState() = default;
  //! Fast full scans: buffered or direct path, and why (range scans: buffered, no reason).
  ScanAccess access;
  //! How many leading key columns IndexScanNext decodes; the later ones of `keys` are NULL.
  //! A caller that reads none of them (COUNT(*) by a fast full scan, a ROWID list) or only
  //! the first sets it lower: decoding a NUMBER key column costs about a hundred
  //! instructions an entry.
  size_t decoded_columns = SIZE_MAX;
  //! Fast full scans: run-time filters (join filters) on key column 0, set before the first
  //! IndexScanNext. While one is published, probing rows, and holds an exact integer key set
  //! (RuntimeFilter::integer_keys) and column 0 is a NUMBER, the scan tests each entry's
  //! stored key bytes against it and drops the entries that fail before decoding them.
  std::vector<std::shared_ptr<const RuntimeFilter>> key_filters;
  //! Per key_filters entry: true when the last IndexScanNext tested that filter on every
  //! entry it read (and reported them with ObserveRows); the caller applies the others to
  //! the batch itself (ApplyMembership).
  std::vector<bool> key_filters_tested;
};

//! A direct-path insert in progress (INSERT /*+ APPEND */, LOAD): rows are formatted into
//! blocks in private memory and written straight to the data file above the high-water mark,
//! bypassing the buffer cache. Finish() publishes the new HWM as part of the transaction.
class DirectPathInsert {
 public:
  virtual ~DirectPathInsert() = default;
  //! Appends the active rows of `rows` (one vector per table column, already converted).
  //! ORA-01400/ORA-12899 as Database::Insert. Returns the rows written.
  virtual uint64_t Append(const DataChunk& rows, SessionStats& stats) = 0;
  //! Writes the last block, maintains the table's indexes and moves the HWM.
  virtual void Finish(SessionStats& stats) = 0;
};

class Database {
 public:
  //! Opens DIR (creating it and an empty database when missing). Throws OraError when the
  //! files are unreadable or corrupt.
  static std::unique_ptr<Database> Open(const std::filesystem::path& dir,
                                        const DatabaseOptions& options);
  //! Checkpoints (all dirty blocks and the dictionary reach disk) and closes the files.
  ~Database();
  //! What the open recovered, lost or repaired.
  const OpenReport& open_report() const;
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

  // ---- indexes (storage/index_ddl.cpp)
  //! Builds the index bottom-up from the sorted table rows (progress reported on big tables)
  //! and gathers its statistics. ORA-00955 when the name is taken, ORA-01408 when the same
  //! column list is already indexed, ORA-01452 when a UNIQUE index finds duplicate keys.
  const IndexInfo& CreateIndex(IndexInfo info, SessionStats& stats,
                               const ProgressFn& progress = {});
  //! ORA-01418 when missing.
  void DropIndex(std::string_view name);
  const IndexInfo* FindIndex(std::string_view name) const;
  std::vector<const IndexInfo*> Indexes() const;
  std::vector<const IndexInfo*> IndexesOf(const TableInfo& table) const;
  //! The indexes of `table` a plan may use (not UNUSABLE).
  std::vector<const IndexInfo*> UsableIndexesOf(const TableInfo& table) const;
  //! ALTER INDEX ... REBUILD: a fresh segment built from the table; the old one (when it was
  //! readable) is freed. On failure the index stays as it was.
  void RebuildIndex(std::string_view name, SessionStats& stats, const ProgressFn& progress);
  //! Walks the whole index: BLEVEL, LEAF_BLOCKS, DISTINCT_KEYS, NUM_ROWS and the exact
  //! CLUSTERING_FACTOR (table-block changes between consecutive entries in key order).
  IndexStats ComputeIndexStats(const IndexInfo& index, SessionStats& stats);

  // ---- optimizer statistics (stored in the dictionary, survive restarts)
  void SetTableStats(const TableInfo& table, TableStats stats);
  void SetIndexStats(const IndexInfo& index, IndexStats stats);
  //! Adds a column group to the table (its statistics come with the next gathering).
  //! REQUIRES: no group of `table` has the same name or the same set of columns.
  void AddColumnGroup(const TableInfo& table, ColumnGroup group);
  //! Removes the column group and its statistics; false when the table has no such group.
  bool DropColumnGroup(const TableInfo& table, std::string_view name);

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
  //! Makes txn's changes durable: their block images and a commit record reach the redo log,
  //! which is forced (fdatasync) before this returns.
  void Commit(Transaction& txn, SessionStats& stats);

  // ---- reads
  //! Starts a full scan of spec.table's segment in physical block order through the cache.
  //! REQUIRES: every spec.predicates / runtime_filters column is a column of the table and
  //! each predicate satisfies ScanCanEvaluate. Throws ORA-00904 for a bad column id.
  std::unique_ptr<ScanSource> BeginScan(const ScanSpec& spec, SessionStats& stats);
  //! BeginScan when it would read spec.table's in-memory copy (spec.inmemory, the copy
  //! usable for the columns); else nullptr, and no row-store scan was begun (nothing counted,
  //! no checkpoint; a PRIORITY NONE population may have been asked for, as by BeginScan).
  std::unique_ptr<ScanSource> BeginInMemoryScan(const ScanSpec& spec, SessionStats& stats);
  //! The plain scan: `column_ids` of every row.
  std::unique_ptr<ScanSource> BeginScan(const TableInfo& table, std::vector<uint32_t> column_ids,
                                        SessionStats& stats);
  //! source.Next(out, rowids, stats).
  bool ScanNext(ScanSource& source, DataChunk& out, std::vector<RowId>* rowids,
                SessionStats& stats) {
    return source.Next(out, rowids, stats);
  }
  //! Fetches one row by ROWID (all columns). nullopt when the slot is empty.
  std::optional<std::vector<Value>> Fetch(const TableInfo& table, RowId rowid, SessionStats& stats);
  //! Fetches rows by ROWID into `out` (one vector per requested column): row i of `out` is
  //! rowids[i]'s row; `found[i]` false when the slot is empty. Consecutive rowids in the same
  //! block are served from the pinned buffer (`buffer is pinned count`), so callers that sort
  //! a batch by block (TABLE ACCESS BY INDEX ROWID BATCHED) visit each block once.
  void FetchRows(const TableInfo& table, std::span<const RowId> rowids,
                 const std::vector<uint32_t>& column_ids, DataChunk& out, std::vector<bool>& found,
                 SessionStats& stats);

  // ---- index reads (storage/index_scan.cpp)
  //! Range scan in key order (descending when asked) between optional bounds; a bound may be
  //! a prefix of a multi-column key. Entries whose key is entirely NULL are not in the index.
  std::unique_ptr<IndexScanState> BeginIndexScan(const IndexInfo& index,
                                                 std::optional<IndexBound> lower,
                                                 std::optional<IndexBound> upper, bool descending,
                                                 SessionStats& stats);
  //! Every entry in physical block order with multiblock reads (INDEX FAST FULL SCAN),
  //! buffered or direct path by the same run-time rule as a full table scan (`under_dml`: the
  //! statement changes data meanwhile, so the cache is used).
  std::unique_ptr<IndexScanState> BeginIndexFastFullScan(const IndexInfo& index,
                                                         SessionStats& stats,
                                                         bool under_dml = false);
  //! Fills `keys` (one vector per key column, key order) and `rowids` with up to kVectorSize
  //! entries. Returns false when the scan is done and nothing was produced.
  bool IndexScanNext(IndexScanState& state, DataChunk& keys, std::vector<RowId>& rowids,
                     SessionStats& stats);

  // ---- direct path (storage/direct_path.cpp)
  std::unique_ptr<DirectPathInsert> BeginDirectPathInsert(const TableInfo& table, Transaction& txn,
                                                          SessionStats& stats);

  // ---- cache and files
  void FlushBufferCache();  //!< ALTER SYSTEM FLUSH BUFFER_CACHE: write dirty, drop all
  void Checkpoint();
  //! db_block_checksum: TYPICAL (true) verifies every physical read; FALSE skips it.
  void SetVerifyChecksums(bool on);
  //! _small_table_threshold in blocks (0 = 2% of the cache).
  void SetSmallTableThreshold(size_t blocks);
  //! How the next scans read (direct path decision, storage index, asynchronous I/O).
  void SetScanOptions(const ScanOptions& scan);
  // ---- in-memory column store (storage/inmemory/)
  void SetInMemoryOptions(const InMemoryOptions& options);
  //! ALTER TABLE ... [NO] INMEMORY: records the attributes in the dictionary; a table whose
  //! copy no longer matches loses it; PRIORITY other than NONE schedules a population.
  //! ORA-00942 when missing, ORA-00904 for an unknown column.
  void AlterInMemory(std::string_view table, const InMemoryChange& change, SessionStats& stats);
  //! DBMS_INMEMORY.POPULATE / REPOPULATE: populates now (waiting for a background population
  //! of the table to end first). Returns the rows populated. ORA-64353 when the store is off
  //! (INMEMORY_SIZE 0); a table that is not INMEMORY is left alone (returns 0).
  uint64_t PopulateInMemory(const TableInfo& table, bool repopulate, SessionStats& stats,
                            const ProgressFn& progress = {});
  //! V$IM_SEGMENTS: tables with an in-memory copy (or one being built).
  std::vector<InMemorySegmentRow> InMemorySegments() const;
  //! Every storage-index summary, by table name, region and column id.
  std::vector<StorageIndexRow> StorageIndexRows() const;
  //! Called at the start of each statement: `physical re-reads` counts blocks one statement
  //! reads from disk more than once.
  void BeginStatement();
  uint64_t RedoLogBytes() const;
  uint64_t DataFileBytes() const;
  size_t CacheBlocks() const;

 private:
  Database();
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace pathdb::storage
