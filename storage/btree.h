// B+tree indexes: memcomparable key encoding, the node format of index blocks, and the tree
// operations (search, insert with splits, delete, bottom-up bulk build).
//
// Keys are byte strings whose memcmp order is the SQL order of the key columns (NULL sorts
// high, as in Oracle's ascending indexes), so nodes compare keys with memcmp only. A non-unique
// index appends the big-endian packed ROWID to the key, making every entry unique; a unique
// index keeps the key alone and carries the ROWID as payload.
//
// The root block never moves (a root split copies the root into two new children), so the
// dictionary's root block number stays right whatever the redo log replays; the height is the
// root's level + 1 and is read from the root itself.
//
// Deletes never merge nodes: a leaf emptied by deletes stays in the chain (scans step over it)
// and its space serves later inserts into the same key range.
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "common/stats.h"
#include "common/value.h"
#include "common/vector.h"
#include "storage/block.h"
#include "storage/buffer_cache.h"
#include "storage/segment.h"

namespace pathdb::storage {

// ---- key encoding

//! The one byte a NULL key column encodes to: above every non-NULL column's first byte.
constexpr uint8_t kKeyNull = 0xFF;

//! Appends one key column: `v` converted to the column type (ORA-00932 when it cannot be).
void AppendKeyValue(std::string& out, const Value& v, const LogicalType& column_type);
//! Appends row `row` of vector `v` (a column of type `column_type`).
void AppendKeyFromVector(std::string& out, const Vector& v, size_t row,
                         const LogicalType& column_type);
void AppendKeyNull(std::string& out);
//! Appends the big-endian packed ROWID (the tiebreak of non-unique entries).
void AppendKeyRowId(std::string& out, int64_t packed_rowid);
//! Decodes the key column at `pos` into row `row` of `v` (type `t`); returns the next position.
//! ORA-00600 on malformed bytes.
size_t DecodeKeyColumn(std::string_view key, size_t pos, const LogicalType& t, Vector& v,
                       size_t row);
//! Same, as a Value.
Value DecodeKeyValue(std::string_view key, size_t& pos, const LogicalType& t);
//! What DecodeIntegerKey found.
enum class KeyInteger : uint8_t { kNull, kInteger, kOther };
//! Reads the NUMBER key column at `pos` as a 64-bit integer without building a Decimal (an
//! index fast full scan tests a join filter's exact integer key set on every entry):
//! kInteger with `out` set for an integer of at most 18 digits, kNull for a NULL column,
//! kOther for anything else (a fraction, a larger number, malformed bytes: DecodeKeyColumn
//! tells them apart).
KeyInteger DecodeIntegerKey(std::string_view key, size_t pos, int64_t& out);
//! True when the key column at `pos` is NULL.
inline bool KeyColumnIsNull(std::string_view key, size_t pos) {
  return pos < key.size() && static_cast<uint8_t>(key[pos]) == kKeyNull;
}

//! memcmp order with the shorter string first on a common prefix.
inline int CompareKeys(std::string_view a, std::string_view b) {
  size_t n = std::min(a.size(), b.size());
  int c = n == 0 ? 0 : std::memcmp(a.data(), b.data(), n);
  if (c != 0) return c < 0 ? -1 : 1;
  return a.size() < b.size() ? -1 : (a.size() > b.size() ? 1 : 0);
}
//! Compares `entry` cut to the length of `prefix` with `prefix`: 0 when the entry's leading
//! key columns equal the (encoded, self-delimiting) prefix columns.
inline int ComparePrefix(std::string_view entry, std::string_view prefix) {
  return CompareKeys(entry.substr(0, prefix.size()), prefix);
}

//! Longest key an entry may have; ORA-01450 beyond it. A node then holds at least 4 entries.
constexpr size_t kMaxIndexKey = 1900;

// ---- node format (after the 24-byte block header)
//   u16 level (0 = leaf), u16 count, u16 heap top, u16 fragmented bytes,
//   u32 prev (leaf) / leftmost child (branch), u32 next (leaf), then the slot array
//   (u16 entry offsets in key order) growing up and entries packed from the block end:
//   u16 key length, key bytes, payload (leaf: 8-byte packed ROWID; branch: u32 child).
class Node {
 public:
  static constexpr size_t kLevelOff = kBlockHeaderSize;
  static constexpr size_t kCountOff = kBlockHeaderSize + 2;
  static constexpr size_t kHeapOff = kBlockHeaderSize + 4;
  static constexpr size_t kFragOff = kBlockHeaderSize + 6;
  static constexpr size_t kPrevOff = kBlockHeaderSize + 8;
  static constexpr size_t kNextOff = kBlockHeaderSize + 12;
  static constexpr size_t kSlotsOff = kBlockHeaderSize + 16;
  //! Bytes a node offers to slots and entries.
  static constexpr size_t kUsable = kBlockSize - kSlotsOff;

  explicit Node(std::byte* b) : b_(b) {}
  //! Whether the node's header is self-consistent (level, count and free space in range).
  bool HeaderValid() const;
  //! Stamps a fresh block header and an empty node of `level`.
  static void Format(std::byte* b, uint32_t object_id, uint32_t block_no, uint16_t level);

  uint16_t level() const { return Get16(kLevelOff); }
  bool is_leaf() const { return level() == 0; }
  uint16_t count() const { return Get16(kCountOff); }
  uint32_t prev() const { return Get32(kPrevOff); }
  uint32_t next() const { return Get32(kNextOff); }
  uint32_t child0() const { return Get32(kPrevOff); }
  void set_prev(uint32_t v) { Put32(kPrevOff, v); }
  void set_next(uint32_t v) { Put32(kNextOff, v); }
  void set_child0(uint32_t v) { Put32(kPrevOff, v); }

  std::string_view Key(size_t i) const {
    size_t off = Slot(i);
    return {reinterpret_cast<const char*>(b_ + off + 2), Get16(off)};
  }
  //! Leaf: packed ROWID; branch: child block number.
  int64_t Payload(size_t i) const {
    size_t off = Slot(i);
    size_t p = off + 2 + Get16(off);  // Slot() checked that the entry lies inside the block
    if (is_leaf()) {
      int64_t v;
      std::memcpy(&v, b_ + p, 8);
      return v;
    }
    return Get32(p);
  }
  //! Child i of a branch: 0 is the leftmost child, i >= 1 the child right of key i-1.
  uint32_t Child(size_t i) const {
    return i == 0 ? child0() : static_cast<uint32_t>(Payload(i - 1));
  }
  size_t PayloadSize() const { return is_leaf() ? 8 : 4; }
  static size_t EntrySize(size_t key_len, bool leaf) { return 2 + key_len + (leaf ? 8 : 4); }
  //! Bytes used by slots and entries (what a fill-factor or split decision weighs).
  size_t UsedBytes() const;
  //! Inserts at position `pos`; false (node unchanged) when it does not fit.
  bool Insert(size_t pos, std::string_view key, int64_t payload);
  void Erase(size_t pos);
  //! First position whose key satisfies the monotone predicate (count() when none).
  template <typename Pred>
  size_t FirstWhere(Pred pred) const {
    size_t lo = 0, hi = count();
    while (lo < hi) {
      size_t mid = (lo + hi) / 2;
      if (pred(Key(mid))) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    return lo;
  }

 private:
  uint16_t Get16(size_t off) const {
    uint16_t v;
    std::memcpy(&v, b_ + off, 2);
    return v;
  }
  uint32_t Get32(size_t off) const {
    uint32_t v;
    std::memcpy(&v, b_ + off, 4);
    return v;
  }
  void Put16(size_t off, uint16_t v) { std::memcpy(b_ + off, &v, 2); }
  void Put32(size_t off, uint32_t v) { std::memcpy(b_ + off, &v, 4); }
  //! Offset of entry i, checked to lie inside the block: with checksums off a damaged node
  //! must raise ORA-01578, never read outside its buffer.
  size_t Slot(size_t i) const {
    size_t off = Get16(kSlotsOff + 2 * i);
    if (off < kSlotsOff || off + 2 > kBlockSize ||
        off + EntrySize(Get16(off), is_leaf()) > kBlockSize) [[unlikely]] {
      ThrowDamaged();
    }
    return off;
  }
  [[noreturn]] void ThrowDamaged() const;
  void Compact();

  std::byte* b_;
};

//! One index entry outside a node (bulk build, splits).
struct IndexEntryBytes {
  std::string key;
  int64_t payload = 0;
};

//! The tree of one index over its segment. Cheap to construct per operation.
class BTree {
 public:
  //! `height` is the caller's copy of the tree height, kept up to date by root splits and
  //! builds; `scn` the database's change counter.
  BTree(BufferCache& cache, DataFile& file, SpaceMap& space, Segment& seg, uint32_t root,
        uint32_t& height, uint64_t& scn)
      : cache_(cache),
        file_(file),
        space_(space),
        seg_(seg),
        root_(root),
        height_(height),
        scn_(scn) {}

  //! Formats a new empty root leaf in `seg` (the segment's first data block) and returns it.
  static uint32_t CreateRoot(BufferCache& cache, DataFile& file, SpaceMap& space, Segment& seg,
                             uint64_t& scn, SessionStats& st);

  //! Inserts an entry. With `unique`, an entry whose key equals `key` and has another payload
  //! makes it return false (nothing changed); an identical entry is left alone (true).
  bool Insert(std::string_view key, int64_t payload, bool unique, SessionStats& st);
  //! Removes the entry with this key (and, for unique indexes, this payload); false if absent.
  bool Remove(std::string_view key, int64_t payload, bool unique, SessionStats& st);
  //! One entry of a bulk build, as the caller's sorted storage holds it.
  struct BulkEntry {
    std::string_view key;
    int64_t payload;
  };
  //! Replaces the (empty) tree by one built from `count` entries, `at(i)` being the i-th in key
  //! order (unique keys): leaves filled to about 90%, then branch levels bottom-up; the top
  //! node is written to the root.
  void BulkBuild(size_t count, const std::function<BulkEntry(size_t)>& at, SessionStats& st);

  //! Levels including the leaves, read from the root block (and stored in the caller's copy).
  uint32_t Height(SessionStats& st, AccessMode mode = AccessMode::kConsistent);
  //! Descends to the leaf holding the first entry for which `pred` holds (pred monotone in key
  //! order). The entry may also be in a later leaf when this one has none.
  template <typename Pred>
  BufferCache::Pin DescendTo(Pred pred, AccessMode mode, SessionStats& st) {
    auto pin = cache_.Get(root_, mode, st);
    for (;;) {
      Node n(pin.data());
      CheckNode(pin);
      if (n.is_leaf()) return pin;
      // Separators failing pred: the first satisfying entry is in the child right of the
      // last of them.
      size_t j = n.FirstWhere(pred);
      uint32_t child = n.Child(j);
      uint16_t level = n.level();
      pin = cache_.Get(child, mode, st);
      CheckChild(pin, level);
    }
  }
  //! The leftmost or rightmost leaf.
  BufferCache::Pin EdgeLeaf(bool rightmost, AccessMode mode, SessionStats& st);
  //! ORA-01578 (corrupt block) unless the pinned block is a node of this index.
  void CheckNode(const BufferCache::Pin& pin) const;
  //! CheckNode, and the node is one level below its parent (a damaged pointer cannot loop).
  void CheckChild(const BufferCache::Pin& pin, uint16_t parent_level) const;
  //! CheckNode, and the node is a leaf (leaf chain pointers).
  void CheckLeaf(const BufferCache::Pin& pin) const;
  uint32_t root() const { return root_; }

 private:
  struct PathStep {
    uint32_t block;
    size_t child_index;  //!< which child of this branch the descent took
  };
  //! Descends to the leaf where `key` belongs (current mode), recording the branches passed.
  BufferCache::Pin DescendForKey(std::string_view key, std::vector<PathStep>& path,
                                 SessionStats& st);
  //! Inserts into the node of `pin` at `pos`, splitting (recursively up `path`) when full.
  void InsertAt(BufferCache::Pin pin, std::vector<PathStep>& path, size_t pos, std::string_view key,
                int64_t payload, SessionStats& st);
  BufferCache::Pin NewNode(uint16_t level, SessionStats& st);
  //! Writes `entries` into an emptied node (keeps prev/next/child0 as set by the caller).
  static void Fill(Node n, const std::vector<IndexEntryBytes>& entries, size_t from, size_t to);
  uint64_t NextScn() { return ++scn_; }

  BufferCache& cache_;
  DataFile& file_;
  SpaceMap& space_;
  Segment& seg_;
  uint32_t root_;
  uint32_t& height_;
  uint64_t& scn_;
};

}  // namespace pathdb::storage
