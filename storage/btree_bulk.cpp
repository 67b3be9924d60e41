// B+tree bottom-up bulk build (CREATE INDEX over existing rows): sorted entries fill leaves
// to about 90% left to right, chained both ways, then branch levels are built from each
// level's first keys until one node remains, whose contents move into the fixed root block.
#include "common/error.h"
#include "storage/btree.h"

namespace pathdb::storage {

void BTree::BulkBuild(size_t count, const std::function<BulkEntry(size_t)>& at, SessionStats& st) {
  // TUNING: Oracle builds index blocks with PCTFREE 10.
  constexpr size_t kFill = Node::kUsable * 9 / 10;
  const uint32_t obj = seg_.object_id;
  size_t total = 0;
  for (size_t i = 0; i < count && total <= Node::kUsable; ++i) {
    total += Node::EntrySize(at(i).key.size(), true) + 2;
  }
  auto root_pin = cache_.Get(root_, AccessMode::kCurrent, st);
  CheckNode(root_pin);
  if (total <= Node::kUsable) {
    Node::Format(root_pin.data(), obj, root_, 0);
    Node root(root_pin.data());
    for (size_t i = 0; i < count; ++i) {
      BulkEntry e = at(i);
      if (!root.Insert(root.count(), e.key, e.payload)) {
        ThrowOra(600, "internal error code, arguments: [index-build], [root overflow]");
      }
    }
    root_pin.MarkDirty(NextScn());
    height_ = 1;
    return;
  }
  root_pin.Release();
  // Leaves, left to right, chained both ways. `upper` collects (first key, block) per node.
  std::vector<IndexEntryBytes> upper;
  auto cur = NewNode(0, st);
  upper.push_back({std::string(at(0).key), cur.block_no()});
  size_t used = 0;
  for (size_t i = 0; i < count; ++i) {
    BulkEntry e = at(i);
    size_t sz = Node::EntrySize(e.key.size(), true) + 2;
    if (used + sz > kFill && used > 0) {
      auto next = NewNode(0, st);
      Node(cur.data()).set_next(next.block_no());
      Node(next.data()).set_prev(cur.block_no());
      cur.MarkDirty(NextScn());
      cur = std::move(next);
      upper.push_back({std::string(e.key), cur.block_no()});
      used = 0;
    }
    if (!Node(cur.data()).Insert(Node(cur.data()).count(), e.key, e.payload)) {
      ThrowOra(600, "internal error code, arguments: [index-build], [leaf overflow]");
    }
    used += sz;
  }
  cur.MarkDirty(NextScn());
  cur.Release();
  // Branch levels: each node's first child goes to child0, the rest become separators.
  uint16_t level = 0;
  while (upper.size() > 1) {
    ++level;
    std::vector<IndexEntryBytes> next_level;
    BufferCache::Pin node;
    size_t node_used = 0;
    for (const auto& e : upper) {
      size_t sz = Node::EntrySize(e.key.size(), false) + 2;
      if (!node || node_used + sz > kFill) {
        if (node) node.MarkDirty(NextScn());
        node = NewNode(level, st);
        Node(node.data()).set_child0(static_cast<uint32_t>(e.payload));
        next_level.push_back({e.key, node.block_no()});
        node_used = 0;
        continue;
      }
      Node n(node.data());
      if (!n.Insert(n.count(), e.key, e.payload)) {
        ThrowOra(600, "internal error code, arguments: [index-build], [branch overflow]");
      }
      node_used += sz;
    }
    node.MarkDirty(NextScn());
    upper = std::move(next_level);
  }
  // The root block keeps its number: the top node's contents move into it.
  auto top = static_cast<uint32_t>(upper[0].payload);
  auto top_pin = cache_.Get(top, AccessMode::kCurrent, st);
  root_pin = cache_.Get(root_, AccessMode::kCurrent, st);
  Node::Format(root_pin.data(), obj, root_, level);
  std::memcpy(root_pin.data() + Node::kLevelOff, top_pin.data() + Node::kLevelOff,
              kBlockSize - Node::kLevelOff);
  root_pin.MarkDirty(NextScn());
  FormatBlock(top_pin.data(), BlockType::kFree, obj, top);
  top_pin.MarkDirty(NextScn());
  height_ = level + 1u;
}

}  // namespace pathdb::storage
