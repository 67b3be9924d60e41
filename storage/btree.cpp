// B+tree nodes and navigation: the node format of index blocks (header checks, insert and
// erase of entries, compaction), node allocation, the corruption checks every descent applies,
// and the read-side descents (tree height, leftmost/rightmost leaf). Inserts, deletes and
// splits are in btree_modify.cpp, the bottom-up bulk build in btree_bulk.cpp, the key encoding
// in btree_key.cpp (see btree.h for the formats).
#include "storage/btree.h"

#include <array>

namespace pathdb::storage {

// ---- Node

void Node::ThrowDamaged() const {
  ThrowCorruptBlock(ReadHeader(b_).block_no);
}

bool Node::HeaderValid() const {
  // TUNING: far above any real height (an 8 KiB node has at least 4 children).
  constexpr uint16_t kMaxLevel = 32;
  size_t n = count(), heap = Get16(kHeapOff);
  BlockType type = ReadHeader(b_).type;
  return level() <= kMaxLevel && (type == BlockType::kIndexLeaf) == (level() == 0) &&
         kSlotsOff + 2 * n <= heap && heap <= kBlockSize && Get16(kFragOff) <= kBlockSize;
}

void Node::Format(std::byte* b, uint32_t object_id, uint32_t block_no, uint16_t level) {
  FormatBlock(b, level == 0 ? BlockType::kIndexLeaf : BlockType::kIndexBranch, object_id, block_no);
  Node n(b);
  n.Put16(kLevelOff, level);
  n.Put16(kCountOff, 0);
  n.Put16(kHeapOff, static_cast<uint16_t>(kBlockSize));
  n.Put16(kFragOff, 0);
  n.Put32(kPrevOff, 0);
  n.Put32(kNextOff, 0);
}

size_t Node::UsedBytes() const {
  return 2 * size_t{count()} + (kBlockSize - Get16(kHeapOff)) - Get16(kFragOff);
}

bool Node::Insert(size_t pos, std::string_view key, int64_t payload) {
  size_t n = count();
  size_t esize = EntrySize(key.size(), is_leaf());
  size_t need = esize + 2;
  size_t heap = Get16(kHeapOff);
  size_t contiguous = heap - (kSlotsOff + 2 * n);
  if (contiguous < need) {
    if (contiguous + Get16(kFragOff) < need) return false;
    Compact();
    heap = Get16(kHeapOff);
  }
  heap -= esize;
  Put16(heap, static_cast<uint16_t>(key.size()));
  std::memcpy(b_ + heap + 2, key.data(), key.size());
  if (is_leaf()) {
    std::memcpy(b_ + heap + 2 + key.size(), &payload, 8);
  } else {
    Put32(heap + 2 + key.size(), static_cast<uint32_t>(payload));
  }
  std::byte* slots = b_ + kSlotsOff;
  std::memmove(slots + 2 * (pos + 1), slots + 2 * pos, 2 * (n - pos));
  Put16(kSlotsOff + 2 * pos, static_cast<uint16_t>(heap));
  Put16(kHeapOff, static_cast<uint16_t>(heap));
  Put16(kCountOff, static_cast<uint16_t>(n + 1));
  return true;
}

void Node::Erase(size_t pos) {
  size_t n = count();
  size_t off = Slot(pos);
  size_t esize = EntrySize(Get16(off), is_leaf());
  if (off == Get16(kHeapOff)) {
    Put16(kHeapOff, static_cast<uint16_t>(off + esize));
  } else {
    Put16(kFragOff, static_cast<uint16_t>(Get16(kFragOff) + esize));
  }
  std::byte* slots = b_ + kSlotsOff;
  std::memmove(slots + 2 * pos, slots + 2 * (pos + 1), 2 * (n - pos - 1));
  Put16(kCountOff, static_cast<uint16_t>(n - 1));
  if (n == 1) {
    Put16(kHeapOff, static_cast<uint16_t>(kBlockSize));
    Put16(kFragOff, 0);
  }
}

void Node::Compact() {
  std::array<std::byte, kBlockSize> copy;
  std::memcpy(copy.data(), b_, kBlockSize);
  Node old(copy.data());
  size_t heap = kBlockSize;
  size_t psize = PayloadSize();
  for (size_t i = 0; i < old.count(); ++i) {
    size_t off = old.Slot(i);
    size_t esize = 2 + old.Get16(off) + psize;
    if (heap < kSlotsOff + 2 * old.count() + esize) ThrowDamaged();  // overlapping entries
    heap -= esize;
    std::memcpy(b_ + heap, copy.data() + off, esize);
    Put16(kSlotsOff + 2 * i, static_cast<uint16_t>(heap));
  }
  Put16(kHeapOff, static_cast<uint16_t>(heap));
  Put16(kFragOff, 0);
}

// ---- BTree

uint32_t BTree::CreateRoot(BufferCache& cache, DataFile& file, SpaceMap& space, Segment& seg,
                           uint64_t& scn, SessionStats& st) {
  auto pin = ExtendSegment(seg, space, file, cache, ++scn, st);
  Node::Format(pin.data(), seg.object_id, pin.block_no(), 0);
  pin.MarkDirty(++scn);
  return pin.block_no();
}

void BTree::CheckNode(const BufferCache::Pin& pin) const {
  BlockHeader h = ReadHeader(pin.data());
  if ((h.type != BlockType::kIndexLeaf && h.type != BlockType::kIndexBranch) ||
      h.object_id != seg_.object_id || !Node(pin.data()).HeaderValid()) {
    ThrowCorruptBlock(pin.block_no());
  }
}

void BTree::CheckChild(const BufferCache::Pin& pin, uint16_t parent_level) const {
  CheckNode(pin);
  if (Node(pin.data()).level() + 1u != parent_level) ThrowCorruptBlock(pin.block_no());
}

void BTree::CheckLeaf(const BufferCache::Pin& pin) const {
  CheckChild(pin, 1);
}

uint32_t BTree::Height(SessionStats& st, AccessMode mode) {
  auto pin = cache_.Get(root_, mode, st);
  CheckNode(pin);
  height_ = Node(pin.data()).level() + 1u;
  return height_;
}

BufferCache::Pin BTree::EdgeLeaf(bool rightmost, AccessMode mode, SessionStats& st) {
  auto pin = cache_.Get(root_, mode, st);
  for (;;) {
    CheckNode(pin);
    Node n(pin.data());
    if (n.is_leaf()) return pin;
    uint16_t level = n.level();
    pin = cache_.Get(n.Child(rightmost ? n.count() : 0), mode, st);
    CheckChild(pin, level);
  }
}

BufferCache::Pin BTree::NewNode(uint16_t level, SessionStats& st) {
  auto pin = ExtendSegment(seg_, space_, file_, cache_, NextScn(), st);
  Node::Format(pin.data(), seg_.object_id, pin.block_no(), level);
  return pin;
}

}  // namespace pathdb::storage
