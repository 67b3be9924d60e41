// Space management: the file's free-extent map and heap segments (extents + high-water mark).
// A segment's first block is its header: the extent map, the high-water mark, the insert
// hint and the row count. The in-memory Segment is authoritative while the database is open
// and is written to the header block whenever it changes shape and at every checkpoint.
// Threads: as the Database that owns it (one thread at a time).
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <vector>

#include "common/stats.h"
#include "storage/buffer_cache.h"
#include "storage/storage_index.h"

namespace pathdb::storage::im {
class ImSegment;
}

namespace pathdb::storage {

struct Extent {
  uint32_t start = 0;
  uint32_t count = 0;
};

//! Free extents of the data file; allocation is first fit, then growth at the end.
class SpaceMap {
 public:
  //! Blocks [0, first_free) are in use by the file header.
  void Reset(uint32_t file_blocks) {
    free_.clear();
    end_ = file_blocks;
  }
  Extent Allocate(uint32_t count);
  void Free(Extent e);
  uint32_t end() const { return end_; }  //!< blocks the file must have
  const std::map<uint32_t, uint32_t>& free_extents() const { return free_; }
  void AddFree(uint32_t start, uint32_t count) { Free({start, count}); }
  void SetEnd(uint32_t end) { end_ = end; }
  uint64_t FreeBlocks() const;

 private:
  std::map<uint32_t, uint32_t> free_;  //!< start -> count, merged
  uint32_t end_ = 1;
};

//! Extent size for the n-th extent (0-based) of a segment, as Oracle's AUTOALLOCATE grows them.
uint32_t AutoallocateExtentBlocks(size_t extent_index);

//! Most extents a segment header block can map.
size_t MaxExtentsPerSegment();

struct Segment {
  uint32_t object_id = 0;
  uint32_t header_block = 0;
  std::vector<Extent> extents;  //!< extents[0].start == header_block
  uint32_t data_blocks = 0;     //!< formatted data blocks (below the HWM), header excluded
  uint32_t insert_block = 0;    //!< physical block taking new rows (0 = none yet)
  uint64_t row_count = 0;
  //! Alive while a scan of this segment is open; such scans see blocks below scan_hwm, so
  //! inserts meanwhile go to a block above it (INSERT INTO t SELECT ... FROM t terminates and
  //! does not see its own rows).
  std::weak_ptr<int> scan_guard;
  uint32_t scan_hwm = 0;
  //! Region min/max summaries built by scans (storage/storage_index.h); memory only.
  StorageIndex storage_index;
  //! The table's in-memory copy, when it has one: told of every changed data block.
  std::shared_ptr<im::ImSegment> inmemory;

  //! Physical block of data block k (0-based; segment block k+1 since block 0 is the header).
  uint32_t DataBlock(uint32_t k) const;
  //! Total blocks allocated to the segment.
  uint64_t AllocatedBlocks() const;
  //! The data blocks below the HWM as runs of physically contiguous blocks, in scan order
  //! (the header block left out). Every scan of the segment walks these.
  std::vector<Extent> DataRuns() const;
  //! A row of physical block `block` was written (insert, update, undo): the storage-index
  //! region holding it loses its summary. Cheap when no summary exists.
  void NoteRowChange(uint32_t block);
  //! A row of physical block `block` was deleted: only the in-memory copy cares.
  void NoteRowDelete(uint32_t block);
  //! Data block ordinal of physical block `block`; nullopt when not a data block of ours.
  std::optional<uint64_t> DataOrdinal(uint32_t block) const;
};

//! Creates a segment: allocates its first extent, formats the header block.
Segment CreateSegment(uint32_t object_id, SpaceMap& space, DataFile& file, BufferCache& cache,
                      uint64_t scn, SessionStats& stats);
//! Reads a segment's header block (at Open). ORA-01578 on a bad header.
Segment LoadSegment(uint32_t header_block, BufferCache& cache, SessionStats& stats);
//! Writes the in-memory segment state into its header block.
void SaveSegment(const Segment& seg, BufferCache& cache, uint64_t scn, SessionStats& stats);
//! Formats the next data block above the HWM (allocating an extent when needed) and returns
//! a pin on it. ORA-01631 when the header's extent map is full.
BufferCache::Pin ExtendSegment(Segment& seg, SpaceMap& space, DataFile& file, BufferCache& cache,
                               uint64_t scn, SessionStats& stats);
//! Returns every extent but the first to the space map; the segment is empty afterwards.
void ResetSegment(Segment& seg, SpaceMap& space, BufferCache& cache);
//! Returns all extents (drop).
void FreeSegment(Segment& seg, SpaceMap& space, BufferCache& cache);

}  // namespace pathdb::storage
