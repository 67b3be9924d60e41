// Database::Impl: the state behind the public Database, shared by the files that implement
// it (database.cpp: open/checkpoint; ddl.cpp; dml.cpp; scan.cpp). Not for use outside storage/.
#pragma once
#include <map>
#include <memory>
#include <set>
#include <string>

#include "storage/btree.h"
#include "storage/buffer_cache.h"
#include "storage/data_file.h"
#include "storage/dictionary.h"
#include "storage/direct_blocks.h"
#include "storage/direct_read_decision.h"
#include "storage/inmemory/im_store.h"
#include "storage/private_files.h"
#include "storage/redo_log.h"
#include "storage/row_codec.h"
#include "storage/segment.h"
#include "storage/storage.h"

namespace pathdb::storage {

//! Encodes active row `r` of `rows` (one vector per table column) into `enc` with the checks
//! every insert path makes: ORA-01400 for a NULL in a NOT NULL column, ORA-12899 for a string
//! longer than its column. Shared by conventional (dml.cpp) and direct-path inserts.
const std::string& EncodeInsertRow(const TableInfo& table, const DataChunk& rows, uint32_t r,
                                   RowEncoder& enc);

struct Database::Impl {
  //! The exclusive open of `dir`; first member, so it is released after everything else.
  std::unique_ptr<DirectoryLock> lock;
  std::filesystem::path dir;
  DatabaseOptions options;
  std::unique_ptr<DataFile> file;
  //! Rings and buffers of direct path reads, kept between scans.
  DirectReadPool direct_pool;
  //! The redo log (null while opening and recovering). Declared between file and cache: the
  //! cache holds a raw pointer to it as its RedoSink and must go first.
  std::unique_ptr<RedoLog> redo;
  std::unique_ptr<BufferCache> cache;
  SpaceMap space;
  Extent dict_extent;  //!< where the dictionary on disk lives now
  uint32_t next_object_id = 1;
  uint64_t scn = 1;
  //! Stable storage: FindTable's pointers survive other tables being created or dropped.
  std::map<std::string, std::unique_ptr<TableInfo>, std::less<>> tables;
  std::map<std::string, std::unique_ptr<ViewInfo>, std::less<>> views;
  std::map<uint32_t, Segment> segments;  //!< by object id
  SessionStats internal_stats;           //!< I/O done on nobody's behalf (checkpoint, open)
  uint64_t log_generation = 0;
  //! The dictionary as of the last commit record or checkpoint (serialised with scn 0), so a
  //! commit logs it only when it changed.
  std::string logged_dictionary;
  //! Sum of the segments' StorageIndex::version() when the summaries were last loaded or
  //! saved: a close that finds it unchanged need not write them again.
  uint64_t saved_storage_index_version = 0;
  //! The log generation storage_index.dat was written for (0: none usable). A DDL statement
  //! checkpoints the dictionary into a new generation without rewriting the summaries; a
  //! close must then carry them over, or the next open drops them all and every table's next
  //! full scan rebuilds them (twice the scan's time).
  uint64_t saved_storage_index_generation = 0;
  uint64_t StorageIndexVersion() const;
  //! Whether any segment holds a region summary.
  bool HasStorageIndexes() const;
  //! Writes storage_index.dat for the current generation and notes it saved.
  void SaveStorageIndexesNow();
  //! Segment row counts as last saved in their header blocks.
  std::map<uint32_t, uint64_t> saved_row_count;
  RowEncoder encoder;  //!< reused row buffer

  uint64_t NextScn() { return ++scn; }
  Segment& SegmentOf(const TableInfo& t);
  TableInfo* TableById(uint32_t object_id);
  //! Mirrors the segment's facts into the TableInfo the upper layers read.
  static void SyncInfo(TableInfo& t, const Segment& s);

  // ---- persistence (database.cpp)
  void CreateNew();
  //! `dictionary`: the dictionary recovered from the redo log, newer than the control file's.
  void LoadExisting(const ControlData& control, const std::optional<std::string>& dictionary);
  DictionaryImage Image();
  //! Checkpoint: parked log images and dirty buffers reach the data file, the dictionary is
  //! written to a fresh extent, the control file moves to it and a new log generation, and
  //! the log is emptied. Only with no uncommitted changes in the cache.
  void WriteDictionary();
  void CheckpointAll();
  //! Crash recovery at open (open_recovery.cpp): inspects the log, refuses one that lost
  //! committed transactions unless options.accept_redo_loss, replays the rest.
  RedoLog::Recovery RecoverAtOpen(const ControlData& control);
  OpenReport report;
  //! Logs every changed block and a commit record, forces the log (redo.cpp).
  void LogCommit(SessionStats& st);
  //! Reserves the redo space LogCommit may need for `txn` (ORA-00345 when it cannot).
  void ReserveCommitRedo(Transaction& txn);

  // ---- full scans (scan_begin.cpp)
  //! _small_table_threshold in blocks: the parameter, or 2% of the cache.
  size_t SmallTableThreshold() const;
  //! The direct path decision for a full scan of `seg` (`stats_blocks`: BLOCKS or LEAF_BLOCKS
  //! from the statistics, 0 when none). `table`: a table's segment, which the big table
  //! cache may hold (an index's may not, as in Oracle).
  DirectReadDecision DecideScan(const Segment& seg, uint64_t stats_blocks, const char* statistic,
                                bool under_dml, bool table);
  //! Object checkpoint of `seg` and the setup of its direct reads; sets access.direct.
  DirectBlocksSetup PrepareDirectRead(const Segment& seg, BlockType type, bool strict_type,
                                      ScanAccess& access);
  //! Records the reader used in `access`; its fallbacks go to the alert log once.
  void NoteReader(const DirectReader& reader, ScanAccess& access);
  //! Appends a line to DIR/alert_pathdb.log, each distinct message once per open database.
  void Alert(const std::string& message);
  std::set<std::string> alerted;

  // ---- row operations (dml.cpp), all in current mode
  //! Stores a row in the segment (insert block, else a new block); returns its ROWID.
  //! `hold`, when given, keeps the insert block pinned between calls of one statement.
  RowId InsertRow(const TableInfo& t, Segment& seg, const std::string& row, SessionStats& st,
                  BufferCache::Pin* hold = nullptr);
  //! Puts `values` as the row at `rowid`: in place, or migrated with a forwarding head.
  //! The slot must be in use unless `restore` (undo of a delete).
  void PutRow(const TableInfo& t, Segment& seg, RowId rowid, const std::vector<Value>& values,
              bool restore, SessionStats& st);
  //! Removes a row (and its migrated body); false when the slot is empty. `keep_marker`
  //! leaves a deleted-row marker reserving the slot until commit.
  bool RemoveRow(const TableInfo& t, RowId rowid, bool keep_marker, SessionStats& st);
  //! Frees the slots that committed deletes left reserved.
  void CleanupDeletes(Transaction& txn, SessionStats& st);
  //! Reads a row (following a forwarding head) in the given mode.
  std::optional<std::vector<Value>> ReadRow(const TableInfo& t, RowId rowid, AccessMode mode,
                                            SessionStats& st);
  //! ROLLBACK of a published direct-path insert: index entries of its rows go, its extents
  //! return to the free space, HWM and row count move back (direct_path.cpp).
  void UndoDirectPathInsert(Database& db, const UndoRecord& rec, SessionStats& st);
  void CheckRowId(const TableInfo& t, RowId rowid);  //!< ORA-01410 unless RowIdInSegment
  bool RowIdInSegment(const TableInfo& t, RowId rowid);

  // ---- indexes (owned by the B+tree work: index_ddl.cpp, index_maintain.cpp, btree.*).
  // Called by every heap change so each index of `t` stays in step. IndexInsert throws
  // ORA-00001 (and inserts nothing) when a unique key already exists; IndexDelete tolerates a
  // missing entry (undo of a partly done row).
  void IndexInsert(const TableInfo& t, const std::vector<Value>& row, RowId rid, SessionStats& st);
  void IndexDelete(const TableInfo& t, const std::vector<Value>& row, RowId rid, SessionStats& st);
  //! BEGIN index state (B+tree helper adds members here)
  //! An index while the database is open: its dictionary facts and its tree's root block
  //! (fixed for the index's life; the segment lives in `segments` under the index's id).
  struct IndexState {
    IndexInfo info;
    uint32_t root = 0;
    uint32_t height = 1;  //!< kept by the tree (root splits); the root block is authoritative
    //! Where the segment header is; kept for an UNUSABLE index, which has no Segment.
    uint32_t header_block = 0;
  };
  std::map<std::string, std::unique_ptr<IndexState>, std::less<>> indexes;
  std::string key_buffer;  //!< reused by index maintenance
  //! True when some index is defined on `t` (DML skips all index work otherwise). Throws
  //! ORA-01502 when one of them is UNUSABLE: DML would leave it behind the table.
  bool HasIndexes(const TableInfo& t) const;
  BTree TreeOf(IndexState& ix);
  //! The entry key of `row` in `ix` (ROWID appended for non-unique indexes); false when every
  //! key column is NULL (no entry).
  bool BuildIndexKey(const IndexState& ix, const TableInfo& t, const std::vector<Value>& row,
                     RowId rid, std::string& out) const;
  //! Dictionary entries of every index with its current root and height (WriteDictionary).
  std::vector<IndexEntry> IndexDictEntries();
  //! Moves the row's entries from `before`'s keys to `after`'s where they differ (UPDATE and
  //! its undo). ORA-00001 as IndexInsert; the caller's undo record repairs a partial update.
  void IndexUpdate(const TableInfo& t, const std::vector<Value>& before,
                   const std::vector<Value>& after, RowId rid, SessionStats& st);
  //! Re-creates the index state from the dictionary (LoadExisting).
  void LoadIndexes(std::vector<IndexEntry>& entries);
  //! Drops every index of the table (DropTable) or empties them (TruncateTable).
  void DropIndexesOf(uint32_t table_object_id);
  void TruncateIndexesOf(uint32_t table_object_id);
  //! END index state

  // ---- in-memory column store (storage/inmemory/database_inmemory.cpp)
  InMemoryOptions im_options;
  //! Starts a population of `t`'s segment: object checkpoint, stale marks for blocks whose
  //! file image is older than the cache's, the job. nullopt when the store is off or a
  //! population of the table is running already.
  //! `synchronous`: the job will run on this thread and read through the buffer cache (no
  //! checkpoint needed, uncommitted changes included).
  std::optional<im::PopulateJob> PreparePopulation(const TableInfo& t, bool synchronous);
  //! The in-memory scan of spec.table, or nullptr when the row store must do (store off, no
  //! copy yet, a column left out). Schedules the first population of a PRIORITY NONE table
  //! and a repopulation when too much of the copy is stale.
  std::unique_ptr<ScanSource> BeginInMemoryScan(const ScanSpec& spec, SessionStats& stats);
  //! Forgets `object_id`'s in-memory copy (DROP, TRUNCATE, NO INMEMORY).
  void DropInMemory(uint32_t object_id);
  //! Last member: destroyed first, so its worker stops before anything else goes.
  std::unique_ptr<im::ImStore> inmemory = std::make_unique<im::ImStore>();
};

}  // namespace pathdb::storage
