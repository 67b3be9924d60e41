#include "storage/segment.h"

#include <algorithm>
#include <cstring>

#include "common/error.h"
#include "storage/heap_page.h"
#include "storage/inmemory/im_segment.h"

namespace pathdb::storage {

Extent SpaceMap::Allocate(uint32_t count) {
  for (auto it = free_.begin(); it != free_.end(); ++it) {
    if (it->second < count) continue;
    Extent e{it->first, count};
    uint32_t rest = it->second - count;
    free_.erase(it);
    if (rest > 0) free_[e.start + count] = rest;
    return e;
  }
  Extent e{end_, count};
  end_ += count;
  return e;
}

void SpaceMap::Free(Extent e) {
  if (e.count == 0) return;
  auto next = free_.lower_bound(e.start);
  if (next != free_.begin()) {
    auto prev = std::prev(next);
    if (prev->first + prev->second == e.start) {
      e.start = prev->first;
      e.count += prev->second;
      free_.erase(prev);
    }
  }
  if (next != free_.end() && e.start + e.count == next->first) {
    e.count += next->second;
    free_.erase(next);
  }
  free_[e.start] = e.count;
}

uint64_t SpaceMap::FreeBlocks() const {
  uint64_t n = 0;
  for (auto& [s, c] : free_) n += c;
  return n;
}

uint32_t AutoallocateExtentBlocks(size_t i) {
  // Oracle's AUTOALLOCATE: 16 x 64 KiB, then 63 x 1 MiB, then 8 MiB extents.
  if (i < 16) return 8;
  if (i < 79) return 128;
  return 1024;
}

// Segment header block layout after the block header.
constexpr size_t kExtCountOff = kBlockHeaderSize;
constexpr size_t kDataBlocksOff = kBlockHeaderSize + 4;
constexpr size_t kInsertOff = kBlockHeaderSize + 8;
constexpr size_t kRowCountOff = kBlockHeaderSize + 16;
constexpr size_t kExtentsOff = kBlockHeaderSize + 24;

size_t MaxExtentsPerSegment() {
  return (kBlockSize - kExtentsOff) / 8;
}

uint32_t Segment::DataBlock(uint32_t k) const {
  uint64_t idx = uint64_t{k} + 1;
  for (const auto& e : extents) {
    if (idx < e.count) return e.start + static_cast<uint32_t>(idx);
    idx -= e.count;
  }
  ThrowOra(600, "internal error code, arguments: [segment], [block {} beyond extents]", k);
}

uint64_t Segment::AllocatedBlocks() const {
  uint64_t n = 0;
  for (const auto& e : extents) n += e.count;
  return n;
}

std::vector<Extent> Segment::DataRuns() const {
  std::vector<Extent> runs;
  uint64_t left = data_blocks;
  for (size_t i = 0; i < extents.size() && left > 0; ++i) {
    Extent e = extents[i];
    if (i == 0) {
      ++e.start;  // the segment header
      --e.count;
    }
    e.count = static_cast<uint32_t>(std::min<uint64_t>(e.count, left));
    left -= e.count;
    if (e.count > 0) runs.push_back(e);
  }
  return runs;
}

std::optional<uint64_t> Segment::DataOrdinal(uint32_t block) const {
  // Segment block s (extents in order) is data block s - 1: block 0 is the header.
  uint64_t s = 0;
  for (const Extent& e : extents) {
    if (block >= e.start && block < e.start + e.count) {
      s += block - e.start;
      if (s == 0) return std::nullopt;  // the header
      return s - 1;
    }
    s += e.count;
  }
  return std::nullopt;
}

void Segment::NoteRowChange(uint32_t block) {
  if (storage_index.RegionCount() == 0 && !inmemory) {
    storage_index.NoteChange();
    return;
  }
  const std::optional<uint64_t> ordinal = DataOrdinal(block);
  if (!ordinal) {
    if (!extents.empty() && block == extents[0].start) return;  // the header holds no rows
    storage_index.Clear();                                      // not ours: be safe
    if (inmemory) inmemory->Invalidate();
    return;
  }
  if (inmemory) inmemory->NoteChange(*ordinal);
  if (storage_index.RegionCount() == 0) {
    storage_index.NoteChange();
  } else {
    storage_index.InvalidateRegion(static_cast<uint32_t>(*ordinal / kRegionBlocks));
  }
}

void Segment::NoteRowDelete(uint32_t block) {
  if (!inmemory) return;
  if (const std::optional<uint64_t> ordinal = DataOrdinal(block)) {
    inmemory->NoteChange(*ordinal);
  } else if (extents.empty() || block != extents[0].start) {
    inmemory->Invalidate();
  }
}

void SaveSegment(const Segment& seg, BufferCache& cache, uint64_t scn, SessionStats& stats) {
  auto pin = cache.Get(seg.header_block, AccessMode::kCurrent, stats);
  std::byte* b = pin.data();
  FormatBlock(b, BlockType::kSegmentHeader, seg.object_id, seg.header_block);
  auto n = static_cast<uint32_t>(seg.extents.size());
  std::memcpy(b + kExtCountOff, &n, 4);
  std::memcpy(b + kDataBlocksOff, &seg.data_blocks, 4);
  std::memcpy(b + kInsertOff, &seg.insert_block, 4);
  std::memcpy(b + kRowCountOff, &seg.row_count, 8);
  for (size_t i = 0; i < seg.extents.size(); ++i) {
    std::memcpy(b + kExtentsOff + 8 * i, &seg.extents[i].start, 4);
    std::memcpy(b + kExtentsOff + 8 * i + 4, &seg.extents[i].count, 4);
  }
  pin.MarkDirty(scn);
}

Segment LoadSegment(uint32_t header_block, BufferCache& cache, SessionStats& stats) {
  auto pin = cache.Get(header_block, AccessMode::kConsistent, stats);
  const std::byte* b = pin.data();
  BlockHeader h = ReadHeader(b);
  if (h.type != BlockType::kSegmentHeader) ThrowCorruptBlock(header_block);
  Segment seg;
  seg.object_id = h.object_id;
  seg.header_block = header_block;
  uint32_t n;
  std::memcpy(&n, b + kExtCountOff, 4);
  if (n == 0 || n > MaxExtentsPerSegment()) ThrowCorruptBlock(header_block);
  std::memcpy(&seg.data_blocks, b + kDataBlocksOff, 4);
  std::memcpy(&seg.insert_block, b + kInsertOff, 4);
  std::memcpy(&seg.row_count, b + kRowCountOff, 8);
  seg.extents.resize(n);
  for (size_t i = 0; i < n; ++i) {
    std::memcpy(&seg.extents[i].start, b + kExtentsOff + 8 * i, 4);
    std::memcpy(&seg.extents[i].count, b + kExtentsOff + 8 * i + 4, 4);
  }
  if (seg.extents[0].start != header_block || seg.data_blocks >= seg.AllocatedBlocks()) {
    ThrowCorruptBlock(header_block);
  }
  return seg;
}

Segment CreateSegment(uint32_t object_id, SpaceMap& space, DataFile& file, BufferCache& cache,
                      uint64_t scn, SessionStats& stats) {
  Extent e = space.Allocate(AutoallocateExtentBlocks(0));
  file.Extend(space.end());
  Segment seg;
  seg.object_id = object_id;
  seg.header_block = e.start;
  seg.extents.push_back(e);
  auto pin = cache.New(e.start, stats);
  FormatBlock(pin.data(), BlockType::kSegmentHeader, object_id, e.start);
  pin.Release();
  SaveSegment(seg, cache, scn, stats);
  return seg;
}

BufferCache::Pin ExtendSegment(Segment& seg, SpaceMap& space, DataFile& file, BufferCache& cache,
                               uint64_t scn, SessionStats& stats) {
  if (seg.data_blocks + 1 >= seg.AllocatedBlocks()) {
    if (seg.extents.size() >= MaxExtentsPerSegment()) {
      ThrowOra(1631, "max # extents ({}) reached in table PATHDB.{}", MaxExtentsPerSegment(),
               seg.object_id);
    }
    Extent e = space.Allocate(AutoallocateExtentBlocks(seg.extents.size()));
    file.Extend(space.end());
    seg.extents.push_back(e);
  }
  uint32_t block = seg.DataBlock(seg.data_blocks);
  ++seg.data_blocks;
  seg.insert_block = block;
  SaveSegment(seg, cache, scn, stats);
  auto pin = cache.New(block, stats);
  FormatBlock(pin.data(), BlockType::kHeapData, seg.object_id, block);
  HeapPage(pin.data()).Init();
  pin.MarkDirty(scn);
  return pin;
}

void ResetSegment(Segment& seg, SpaceMap& space, BufferCache& cache) {
  for (size_t i = 1; i < seg.extents.size(); ++i) {
    cache.Discard(seg.extents[i].start, seg.extents[i].count);
    space.Free(seg.extents[i]);
  }
  seg.extents.resize(1);
  cache.Discard(seg.extents[0].start + 1, seg.extents[0].count - 1);
  seg.data_blocks = 0;
  seg.insert_block = 0;
  seg.row_count = 0;
  seg.storage_index.Clear();
}

void FreeSegment(Segment& seg, SpaceMap& space, BufferCache& cache) {
  for (const auto& e : seg.extents) {
    cache.Discard(e.start, e.count);
    space.Free(e);
  }
  seg.extents.clear();
  seg.data_blocks = 0;
  seg.insert_block = 0;
  seg.row_count = 0;
  seg.storage_index.Clear();
}

}  // namespace pathdb::storage
