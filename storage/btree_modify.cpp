// B+tree entry maintenance: the descent that records the path of branches, single-entry
// insert (with the unique-key check) and delete, and node splits that propagate up the
// recorded path, a root split keeping the root block in place by moving its halves into two
// new children. Deletes never merge nodes (see btree.h).
#include "common/error.h"
#include "storage/btree.h"

namespace pathdb::storage {

BufferCache::Pin BTree::DescendForKey(std::string_view key, std::vector<PathStep>& path,
                                      SessionStats& st) {
  auto pin = cache_.Get(root_, AccessMode::kCurrent, st);
  for (;;) {
    CheckNode(pin);
    Node n(pin.data());
    if (n.is_leaf()) return pin;
    // Child j holds the keys in [sep j-1, sep j): j = number of separators <= key.
    size_t j = n.FirstWhere([&](std::string_view s) { return CompareKeys(s, key) > 0; });
    path.push_back({pin.block_no(), j});
    uint16_t level = n.level();
    pin = cache_.Get(n.Child(j), AccessMode::kCurrent, st);
    CheckChild(pin, level);
  }
}

bool BTree::Insert(std::string_view key, int64_t payload, bool unique, SessionStats& st) {
  if (key.size() > kMaxIndexKey) {
    ThrowOra(1450, "maximum key length ({}) exceeded", kMaxIndexKey);
  }
  std::vector<PathStep> path;
  auto pin = DescendForKey(key, path, st);
  Node n(pin.data());
  size_t pos = n.FirstWhere([&](std::string_view e) { return CompareKeys(e, key) >= 0; });
  if (pos < n.count() && n.Key(pos) == key) {
    // Non-unique keys carry the ROWID, so equality there means this very entry.
    return n.Payload(pos) == payload || !unique;
  }
  InsertAt(std::move(pin), path, pos, key, payload, st);
  return true;
}

bool BTree::Remove(std::string_view key, int64_t payload, bool unique, SessionStats& st) {
  std::vector<PathStep> path;
  auto pin = DescendForKey(key, path, st);
  Node n(pin.data());
  size_t pos = n.FirstWhere([&](std::string_view e) { return CompareKeys(e, key) >= 0; });
  if (pos >= n.count() || n.Key(pos) != key) return false;
  // A unique key may belong to another row (undo of an insert that failed on it): keep it.
  if (unique && n.Payload(pos) != payload) return false;
  n.Erase(pos);
  pin.MarkDirty(NextScn());
  return true;
}

void BTree::Fill(Node n, const std::vector<IndexEntryBytes>& entries, size_t from, size_t to) {
  for (size_t i = from; i < to; ++i) {
    if (!n.Insert(n.count(), entries[i].key, entries[i].payload)) {
      ThrowOra(600, "internal error code, arguments: [index-split], [node overflow]");
    }
  }
}

void BTree::InsertAt(BufferCache::Pin pin, std::vector<PathStep>& path, size_t pos,
                     std::string_view key, int64_t payload, SessionStats& st) {
  Node n(pin.data());
  if (n.Insert(pos, key, payload)) {
    pin.MarkDirty(NextScn());
    return;
  }
  // Split. Gather the node's entries with the new one in place.
  const uint16_t level = n.level();
  const bool leaf = level == 0;
  const size_t old_count = n.count();
  std::vector<IndexEntryBytes> entries;
  entries.reserve(old_count + 1);
  for (size_t i = 0; i < old_count; ++i) {
    if (i == pos) entries.push_back({std::string(key), payload});
    entries.push_back({std::string(n.Key(i)), n.Payload(i)});
  }
  if (pos == old_count) entries.push_back({std::string(key), payload});
  // Left part [0, m). A leaf keeps [m, size) on the right and m's key goes up; a branch moves
  // entry m up (its child becomes the right node's leftmost child).
  size_t m;
  if (pos == old_count) {
    // Appending at the end (ascending keys, e.g. sequence values): keep the node full and
    // start the right one with the new entry, as Oracle's 90/10 split does.
    m = entries.size() - 1;
  } else {
    size_t total = 0;
    for (const auto& e : entries) total += Node::EntrySize(e.key.size(), leaf) + 2;
    size_t acc = 0;
    m = 0;
    while (m < entries.size() && acc < total / 2) {
      acc += Node::EntrySize(entries[m].key.size(), leaf) + 2;
      ++m;
    }
    m = std::clamp<size_t>(m, 1, entries.size() - 1);
  }
  std::string sep = entries[m].key;
  size_t right_from = leaf ? m : m + 1;
  const uint32_t obj = seg_.object_id;

  if (pin.block_no() == root_) {
    // The root stays where it is: its halves move to two new nodes below it.
    auto left_pin = NewNode(level, st);
    auto right_pin = NewNode(level, st);
    Node l(left_pin.data()), r(right_pin.data());
    if (leaf) {
      l.set_next(right_pin.block_no());
      r.set_prev(left_pin.block_no());
    } else {
      l.set_child0(n.child0());
      r.set_child0(static_cast<uint32_t>(entries[m].payload));
    }
    Fill(l, entries, 0, m);
    Fill(r, entries, right_from, entries.size());
    Node::Format(pin.data(), obj, root_, static_cast<uint16_t>(level + 1));
    Node root(pin.data());
    root.set_child0(left_pin.block_no());
    if (!root.Insert(0, sep, right_pin.block_no())) {
      ThrowOra(600, "internal error code, arguments: [index-split], [root overflow]");
    }
    left_pin.MarkDirty(NextScn());
    right_pin.MarkDirty(NextScn());
    pin.MarkDirty(NextScn());
    height_ = level + 2u;
    return;
  }

  auto right_pin = NewNode(level, st);
  Node r(right_pin.data());
  const uint32_t old_prev = n.prev();  // child0 for a branch
  const uint32_t old_next = n.next();
  Node::Format(pin.data(), obj, pin.block_no(), level);
  n.set_prev(old_prev);
  if (leaf) {
    n.set_next(right_pin.block_no());
    r.set_prev(pin.block_no());
    r.set_next(old_next);
    if (old_next != 0) {
      auto next_pin = cache_.Get(old_next, AccessMode::kCurrent, st);
      CheckLeaf(next_pin);
      Node(next_pin.data()).set_prev(right_pin.block_no());
      next_pin.MarkDirty(NextScn());
    }
  } else {
    r.set_child0(static_cast<uint32_t>(entries[m].payload));
  }
  Fill(n, entries, 0, m);
  Fill(r, entries, right_from, entries.size());
  pin.MarkDirty(NextScn());
  right_pin.MarkDirty(NextScn());
  uint32_t right_block = right_pin.block_no();
  pin.Release();
  right_pin.Release();
  PathStep parent = path.back();
  path.pop_back();
  auto parent_pin = cache_.Get(parent.block, AccessMode::kCurrent, st);
  CheckNode(parent_pin);
  // Separator j sits between child j and child j+1: the new node becomes child j+1.
  InsertAt(std::move(parent_pin), path, parent.child_index, sep, right_block, st);
}

}  // namespace pathdb::storage
