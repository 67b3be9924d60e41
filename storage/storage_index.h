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
#include <functional>
#include <optional>
#include <utility>
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
             std::vector<ColumnRange> ranges);
  //! A row of `region` changed (insert, update, undo): its summary goes. Deletes need not
  //! call this: a summary wider than the rows left is still correct.
  void InvalidateRegion(uint32_t region);
  //! A change where no summary exists yet: only a region being summarised must notice.
  void NoteChange() { ++changes_; }
  void Clear();
  //! Changes so far: a scan stores a region's summary only if this did not move while it
  //! read the region.
  uint64_t changes() const { return changes_; }
  //! Moves with every change and every stored summary: whether the summaries on disk are
  //! still those in memory (storage/storage_index_file.h).
  uint64_t version() const { return changes_ + stores_; }
  //! Regions with a summary (pending ones included, without decoding them).
  size_t RegionCount() const { return pending_ ? pending_regions_ : count_; }
  //! Calls fn(region, column, range) for every summary, by region and then by column.
  void ForEach(const std::function<void(uint32_t, uint32_t, const ColumnRange&)>& fn) const;

  //! Summaries read from disk and decoded at the first use of the index: most statements
  //! scan few of the tables, and decoding every table's summaries at open was most of the
  //! shell's start-up. `load` puts the `regions` regions in with Restore. Neither changes()
  //! nor version() moves when it runs: the summaries are those on disk.
  void SetPending(size_t regions, std::function<void(StorageIndex&)> load);
  //! For a pending load: one summary as it was saved.
  void Restore(uint32_t region, uint32_t column, ColumnRange range);

 private:
  //! Runs a pending load. Const because Find and ForEach call it: decoding what was loaded
  //! is not a change of the index.
  void Materialize() const;

  //! The summaries of one region, sorted by column; empty = no summary.
  using Region = std::vector<std::pair<uint32_t, ColumnRange>>;
  // Indexed by region number (a region is 1 MiB of the segment, so the vector stays small)
  // rather than a hash map of hash maps: one allocation per region, found in two steps.
  mutable std::vector<Region> regions_;
  mutable size_t count_ = 0;  //!< non-empty entries of regions_
  mutable std::function<void(StorageIndex&)> pending_;
  size_t pending_regions_ = 0;
  uint64_t changes_ = 0;
  uint64_t stores_ = 0;
};

}  // namespace pathdb::storage
