// Database::Impl: the state behind the public Database, shared by the files that implement
// it (database.cpp: open/checkpoint; ddl.cpp; dml.cpp; scan.cpp). Not for use outside storage/.
#pragma once
#include <map>
#include <memory>
#include <string>

#include "storage/buffer_cache.h"
#include "storage/data_file.h"
#include "storage/dictionary.h"
#include "storage/row_codec.h"
#include "storage/segment.h"
#include "storage/storage.h"

namespace pathdb::storage {

struct Database::Impl {
  std::filesystem::path dir;
  DatabaseOptions options;
  std::unique_ptr<DataFile> file;
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
  RowEncoder encoder;                    //!< reused row buffer

  uint64_t NextScn() { return ++scn; }
  Segment& SegmentOf(const TableInfo& t);
  TableInfo* TableById(uint32_t object_id);
  //! Mirrors the segment's facts into the TableInfo the upper layers read.
  static void SyncInfo(TableInfo& t, const Segment& s);

  // ---- persistence (database.cpp)
  void CreateNew();
  void LoadExisting(const ControlData& control);
  void WriteDictionary();
  void CheckpointAll();

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
  void CheckRowId(const TableInfo& t, RowId rowid);  //!< ORA-01410 unless RowIdInSegment
  bool RowIdInSegment(const TableInfo& t, RowId rowid);
};

}  // namespace pathdb::storage
