// Slotted heap block: after the block header, a small page header and the row directory
// (slot -> offset, length) grow from the front; row pieces are packed from the end of the
// block. Offset 0 marks an empty slot, so slot numbers (and ROWIDs) never move.
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string_view>

#include "storage/block.h"

namespace pathdb::storage {

class HeapPage {
 public:
  explicit HeapPage(std::byte* block) : b_(block) {}
  //! Formats an empty heap block (the caller has stamped the block header).
  void Init();

  //! Clamped to what fits in a block, so a damaged count can never index outside it.
  uint16_t SlotCount() const {
    return std::min<uint16_t>(Get16(kSlotCountOff), static_cast<uint16_t>(kMaxSlots));
  }
  //! Free bytes in the block if it were compacted.
  size_t FreeSpace() const;
  //! Whether a new row of `len` bytes fits while keeping `reserve` bytes free (pctfree).
  bool CanInsert(size_t len, size_t reserve) const;
  //! Stores a new row in the first empty slot (or a new one); nullopt when it does not fit.
  std::optional<uint16_t> Insert(std::string_view row, size_t reserve);
  //! Stores a new row in a new slot after the last one, without looking for an empty slot:
  //! the fast path for blocks filled in order (direct-path loads); nullopt when it does not fit.
  std::optional<uint16_t> Append(std::string_view row, size_t reserve);
  //! The row piece in `slot`, or nullopt when the slot is empty / out of range.
  // Inline: a full scan calls it once per row.
  std::optional<std::string_view> Row(uint16_t slot) const {
    if (slot >= SlotCount()) return std::nullopt;
    return RowInRange(slot);
  }
  //! Row(slot) for a slot the caller knows is below SlotCount() (a scan's loop bound): the
  //! count is not read again for every row.
  std::optional<std::string_view> RowInRange(uint16_t slot) const {
    const size_t off = SlotOffset(slot), len = SlotLength(slot);
    if (off == 0 || off + len > kBlockSize || off < kDirOff) return std::nullopt;
    return std::string_view(reinterpret_cast<const char*>(b_ + off), len);
  }
  //! Loads, in address order, one word of every cache line that holds the row directory or
  //! rows, so that a scan about to walk the rows finds the block in the CPU cache.
  // Why: the walk is a chain of dependent loads per row (slot entry, row header, field
  // lengths), which keeps only two or three cache misses in flight; these independent loads
  // bring the block in at memory bandwidth. On SF 1 LINEITEM held in the buffer cache:
  // COUNT(*) 0.12 -> 0.065 s, TPC-H Q6 0.19 -> 0.15 s, Q4 0.24 -> 0.17 s. Loads rather than
  // prefetch hints: hints for lines needed at once gained less (the walk waited anyway).
  void Touch() const {
    const size_t dir_end = std::min(kBlockSize, kDirOff + 4 * size_t{SlotCount()});
    const size_t rows = std::clamp<size_t>(Get16(kFreeEndOff), dir_end, kBlockSize);
    TouchLines(b_, 0, dir_end);
    TouchLines(b_, rows, kBlockSize);
  }
  //! Touch for a walk that reads only the first `reach` bytes of each row: the row directory
  //! and, per row, the cache lines of its first `reach` bytes.
  // Why: in rows several cache lines long read only at their start (a join key and a flag
  // before a 200-byte filler), Touch brought every line in -- three of four for nothing,
  // and memory traffic, not instructions, was then a warm scan's cost (adaptive q1's T1).
  void TouchRowHeads(size_t reach) const {
    const size_t n = SlotCount();
    TouchLines(b_, 0, std::min(kBlockSize, kDirOff + 4 * n));
    // Per row: a load every 64 bytes of its head and one at its last byte (a same-line load
    // hits the L1); offsets clamped inside the block. The trip count is the same every row.
    const size_t steps = (reach + 63) / 64;
    uint64_t acc = 0;
    auto load = [&](size_t at) {
      uint64_t w;
      std::memcpy(&w, b_ + std::min(at, kBlockSize - 8), 8);
      acc += w;
    };
    for (size_t s = 0; s < n; ++s) {
      const size_t off = SlotOffset(static_cast<uint16_t>(s));
      for (size_t k = 0; k < steps; ++k) load(off + 64 * k);
      load(off + reach - 1);
    }
    asm volatile("" : : "r"(acc));  // the loads are the point: keep them
  }
  //! The mean length of the block's row pieces (0 when it has no slots).
  size_t MeanRowBytes() const {
    const size_t n = SlotCount();
    if (n == 0) return 0;
    const size_t rows = std::clamp<size_t>(Get16(kFreeEndOff), kDirOff, kBlockSize);
    return (kBlockSize - rows) / n;
  }
  //! One past the block's last byte: a reader may load up to here (row pieces lie inside).
  const char* End() const { return reinterpret_cast<const char*>(b_ + kBlockSize); }
  void Delete(uint16_t slot);
  //! Replaces the row in a used slot; false (page unchanged) when it does not fit.
  bool Replace(uint16_t slot, std::string_view row);
  //! Puts a row into a specific empty slot (undo of a delete); false when it does not fit.
  bool PutAt(uint16_t slot, std::string_view row);
  //! Largest row piece that can ever fit in an empty block.
  static size_t MaxRowSize();

 private:
  static constexpr size_t kSlotCountOff = kBlockHeaderSize;
  static constexpr size_t kFreeEndOff = kBlockHeaderSize + 2;
  static constexpr size_t kUsedOff = kBlockHeaderSize + 4;
  static constexpr size_t kDirOff = kBlockHeaderSize + 8;
  static constexpr size_t kMaxSlots = (kBlockSize - kDirOff) / 4;

  uint16_t Get16(size_t off) const {
    uint16_t v;
    std::memcpy(&v, b_ + off, 2);
    return v;
  }
  void Set16(size_t off, uint16_t v);
  uint16_t SlotOffset(uint16_t s) const { return Get16(kDirOff + 4 * size_t{s}); }
  uint16_t SlotLength(uint16_t s) const { return Get16(kDirOff + 4 * size_t{s} + 2); }
  void SetSlot(uint16_t s, uint16_t off, uint16_t len);
  size_t ContiguousFree() const;
  //! Packs all rows against the end of the block, removing holes.
  void Compact();
  //! Copies a row into the free area (caller checked the space) and returns its offset.
  uint16_t Place(std::string_view row);

  std::byte* b_;
};

}  // namespace pathdb::storage
