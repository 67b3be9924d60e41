#include "storage/heap_page.h"

#include <algorithm>
#include <cstring>
#include <vector>

namespace pathdb::storage {

void HeapPage::Set16(size_t off, uint16_t v) {
  std::memcpy(b_ + off, &v, 2);
}

void HeapPage::SetSlot(uint16_t s, uint16_t off, uint16_t len) {
  Set16(kDirOff + 4 * size_t{s}, off);
  Set16(kDirOff + 4 * size_t{s} + 2, len);
}

void HeapPage::Init() {
  Set16(kSlotCountOff, 0);
  Set16(kFreeEndOff, static_cast<uint16_t>(kBlockSize));
  Set16(kUsedOff, 0);
}

size_t HeapPage::MaxRowSize() {
  return kBlockSize - kDirOff - 4;
}

size_t HeapPage::FreeSpace() const {
  size_t used = kDirOff + 4 * size_t{SlotCount()} + Get16(kUsedOff);
  return used >= kBlockSize ? 0 : kBlockSize - used;
}

size_t HeapPage::ContiguousFree() const {
  size_t dir_end = kDirOff + 4 * size_t{SlotCount()};
  size_t free_end = Get16(kFreeEndOff);
  return free_end > dir_end ? free_end - dir_end : 0;
}

bool HeapPage::CanInsert(size_t len, size_t reserve) const {
  bool need_slot = true;
  for (uint16_t s = 0; s < SlotCount(); ++s) {
    if (SlotOffset(s) == 0) {
      need_slot = false;
      break;
    }
  }
  size_t need = len + (need_slot ? 4 : 0) + reserve;
  return FreeSpace() >= need;
}

void HeapPage::Compact() {
  struct Piece {
    uint16_t slot, off, len;
  };
  std::vector<Piece> pieces;
  for (uint16_t s = 0; s < SlotCount(); ++s) {
    if (SlotOffset(s) != 0) pieces.push_back({s, SlotOffset(s), SlotLength(s)});
  }
  // Highest offsets first: moving each piece toward the end never overwrites one not yet moved.
  std::sort(pieces.begin(), pieces.end(), [](auto& a, auto& b) { return a.off > b.off; });
  size_t end = kBlockSize;
  for (auto& p : pieces) {
    end -= p.len;
    if (end != p.off) std::memmove(b_ + end, b_ + p.off, p.len);
    SetSlot(p.slot, static_cast<uint16_t>(end), p.len);
  }
  Set16(kFreeEndOff, static_cast<uint16_t>(end));
}

uint16_t HeapPage::Place(std::string_view row) {
  if (ContiguousFree() < row.size()) Compact();
  auto off = static_cast<uint16_t>(Get16(kFreeEndOff) - row.size());
  std::memcpy(b_ + off, row.data(), row.size());
  Set16(kFreeEndOff, off);
  Set16(kUsedOff, static_cast<uint16_t>(Get16(kUsedOff) + row.size()));
  return off;
}

std::optional<uint16_t> HeapPage::Insert(std::string_view row, size_t reserve) {
  if (!CanInsert(row.size(), reserve)) return std::nullopt;
  uint16_t slot = SlotCount();
  for (uint16_t s = 0; s < SlotCount(); ++s) {
    if (SlotOffset(s) == 0) {
      slot = s;
      break;
    }
  }
  if (slot == SlotCount()) {
    // The new directory entry may overlap the lowest row: compact first so it does not.
    if (ContiguousFree() < 4 + row.size()) Compact();
    Set16(kSlotCountOff, static_cast<uint16_t>(slot + 1));
    SetSlot(slot, 0, 0);
  }
  uint16_t off = Place(row);
  SetSlot(slot, off, static_cast<uint16_t>(row.size()));
  return slot;
}

std::optional<uint16_t> HeapPage::Append(std::string_view row, size_t reserve) {
  uint16_t slot = SlotCount();
  if (slot >= kMaxSlots || FreeSpace() < row.size() + 4 + reserve) return std::nullopt;
  if (ContiguousFree() < 4 + row.size()) Compact();
  Set16(kSlotCountOff, static_cast<uint16_t>(slot + 1));
  uint16_t off = Place(row);
  SetSlot(slot, off, static_cast<uint16_t>(row.size()));
  return slot;
}

void HeapPage::Delete(uint16_t slot) {
  if (slot >= SlotCount() || SlotOffset(slot) == 0) return;
  Set16(kUsedOff, static_cast<uint16_t>(Get16(kUsedOff) - SlotLength(slot)));
  SetSlot(slot, 0, 0);
}

bool HeapPage::Replace(uint16_t slot, std::string_view row) {
  if (slot >= SlotCount() || SlotOffset(slot) == 0) return false;
  uint16_t old_len = SlotLength(slot);
  if (row.size() <= old_len) {
    std::memcpy(b_ + SlotOffset(slot), row.data(), row.size());
    Set16(kUsedOff, static_cast<uint16_t>(Get16(kUsedOff) - old_len + row.size()));
    SetSlot(slot, SlotOffset(slot), static_cast<uint16_t>(row.size()));
    return true;
  }
  if (FreeSpace() + old_len < row.size()) return false;
  Delete(slot);
  uint16_t off = Place(row);
  SetSlot(slot, off, static_cast<uint16_t>(row.size()));
  return true;
}

bool HeapPage::PutAt(uint16_t slot, std::string_view row) {
  if (slot < SlotCount() && SlotOffset(slot) != 0) return false;
  size_t extra_slots = slot >= SlotCount() ? size_t{slot} + 1 - SlotCount() : 0;
  if (FreeSpace() < row.size() + 4 * extra_slots) return false;
  if (extra_slots > 0) {
    if (ContiguousFree() < 4 * extra_slots + row.size()) Compact();
    uint16_t old = SlotCount();
    Set16(kSlotCountOff, static_cast<uint16_t>(slot + 1));
    for (uint16_t s = old; s <= slot; ++s) SetSlot(s, 0, 0);
  }
  uint16_t off = Place(row);
  SetSlot(slot, off, static_cast<uint16_t>(row.size()));
  return true;
}

}  // namespace pathdb::storage
