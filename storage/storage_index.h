// Storage index: per region of a heap segment, the min and max (and whether a NULL was
// seen) of some columns, so a scan whose predicate or run-time filter cannot match inside
// [min, max] skips the region without reading it. A region is 1 MiB of the segment:
// kRegionBlocks consecutive data blocks in scan order (region r = data blocks
// [128 r, 128 r + 128)), so a scan meets each region once and in one piece, and a block range
// (a parallel granule) is a whole number of regions.
//
// Summaries are built by a full scan from the rows it decodes (only for the columns its
// predicates and filters read) and only when no change reached the segment while the region
// was read; any change to a block drops its region's summary. Written at every checkpoint and
// loaded at open (storage/storage_index_file.h says when a saved summary is trusted).
//
// Threads: owned by its Segment; the same rules as the segment (the session's thread).
#pragma once
#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

#include "common/value.h"

namespace pathdb::storage {

constexpr uint32_t kRegionBlocks = 128;  //!< 1 MiB of 8 KiB blocks

//! What a region holds in one column.
struct ColumnRange {
  bool has_null = false;
  std::optional<Value> min, max;  //!< nullopt when every row is NULL (or the region is empty)
};

class StorageIndex {
 public:
  //! The summary of `column` in `region`, or null when none is kept.
  const ColumnRange* Find(uint32_t region, uint32_t column) const;
  //! Stores summaries for `region`: ranges[i] for columns[i].
  void Store(uint32_t region, const std::vector<uint32_t>& columns,
             const std::vector<ColumnRange>& ranges);
  //! A row of `region` changed (insert, update, undo): its summary goes. Deletes need not
  //! call this: a summary wider than the rows left is still correct.
  void InvalidateRegion(uint32_t region) {
    ++changes_;
    regions_.erase(region);
  }
  //! A change where no summary exists yet: only a region being summarised must notice.
  void NoteChange() { ++changes_; }
  void Clear() {
    ++changes_;
    regions_.clear();
  }
  //! Changes so far: a scan stores a region's summary only if this did not move while it
  //! read the region.
  uint64_t changes() const { return changes_; }
  //! Moves with every change and every stored summary: whether the summaries on disk are
  //! still those in memory (storage/storage_index_file.h).
  uint64_t version() const { return changes_ + stores_; }
  size_t RegionCount() const { return regions_.size(); }
  using Regions = std::unordered_map<uint32_t, std::unordered_map<uint32_t, ColumnRange>>;
  //! Every summary: region -> column -> range (storage_index_file.cpp, V$STORAGE_INDEX).
  const Regions& regions() const { return regions_; }

 private:
  Regions regions_;
  uint64_t changes_ = 0;
  uint64_t stores_ = 0;
};

}  // namespace pathdb::storage
