// Index DDL: CREATE INDEX (bottom-up bulk build from the sorted table rows), DROP INDEX, the
// index dictionary, index statistics (DBMS_STATS) and table statistics storage.
#include <fmt/format.h>

#include <algorithm>
#include <ctime>

#include "common/error.h"
#include "storage/database_impl.h"

namespace pathdb::storage {

namespace {

// TUNING: how many table rows between two progress reports of an index build.
constexpr uint64_t kProgressRows = 65536;

//! Bytes of the key columns in an entry key (a non-unique key ends with the 8-byte ROWID).
std::string_view KeyColumnsPart(std::string_view key, bool unique) {
  return unique ? key : key.substr(0, key.size() >= 8 ? key.size() - 8 : 0);
}

}  // namespace

// ---- Impl helpers

[[noreturn]] static void ThrowUnusable(const IndexInfo& ix) {
  ThrowOra(1502, "index 'PATHDB.{}' or partition of such index is in unusable state", ix.name);
}

bool Database::Impl::HasIndexes(const TableInfo& t) const {
  bool any = false;
  for (const auto& [name, ix] : indexes) {
    if (ix->info.table_object_id != t.object_id) continue;
    if (ix->info.unusable) ThrowUnusable(ix->info);
    any = true;
  }
  return any;
}

BTree Database::Impl::TreeOf(IndexState& ix) {
  if (ix.info.unusable) ThrowUnusable(ix.info);
  return BTree(*cache, *file, space, segments.at(ix.info.object_id), ix.root, ix.height, scn);
}

bool Database::Impl::BuildIndexKey(const IndexState& ix, const TableInfo& t,
                                   const std::vector<Value>& row, RowId rid,
                                   std::string& out) const {
  out.clear();
  bool all_null = true;
  for (uint32_t c : ix.info.columns) {
    AppendKeyValue(out, row.at(c), t.columns.at(c).type);
    all_null = all_null && row[c].is_null();
  }
  if (all_null) return false;
  if (!ix.info.unique) AppendKeyRowId(out, rid.Pack());
  return true;
}

std::vector<IndexEntry> Database::Impl::IndexDictEntries() {
  std::vector<IndexEntry> out;
  for (auto& [name, ix] : indexes) {
    IndexEntry e;
    e.info = ix->info;
    e.info.unusable = false;  // found again (or not) by the next open
    auto seg = segments.find(ix->info.object_id);
    if (seg != segments.end()) {
      e.info.allocated_blocks = seg->second.AllocatedBlocks();
      e.header_block = seg->second.header_block;
    } else {
      e.header_block = ix->header_block;
    }
    e.root_block = ix->root;
    e.height = ix->height;
    out.push_back(std::move(e));
  }
  return out;
}

void Database::Impl::LoadIndexes(std::vector<IndexEntry>& entries) {
  for (auto& e : entries) {
    auto ix = std::make_unique<IndexState>();
    ix->info = std::move(e.info);
    ix->root = e.root_block;
    ix->height = std::max<uint32_t>(e.height, 1);
    ix->header_block = e.header_block;
    // An index is redundant data: a damaged one must not keep the table from opening. It
    // stays UNUSABLE until REBUILD (its old extents stay allocated: without the header nobody
    // can tell which they are).
    std::optional<Segment> seg;
    try {
      seg = LoadSegment(e.header_block, *cache, internal_stats);
      if (seg->object_id != ix->info.object_id) seg.reset();
    } catch (const OraError&) {
      seg.reset();
    }
    if (seg) {
      ix->info.allocated_blocks = seg->AllocatedBlocks();
      segments[ix->info.object_id] = std::move(*seg);
    } else {
      ix->info.unusable = true;
      report.warnings.push_back(fmt::format(
          "index {} is UNUSABLE: its segment header (block {}) is corrupt; ALTER INDEX {} "
          "REBUILD repairs it",
          ix->info.name, e.header_block, ix->info.name));
    }
    std::string name = ix->info.name;
    indexes[name] = std::move(ix);
  }
}

void Database::Impl::DropIndexesOf(uint32_t table_object_id) {
  for (auto it = indexes.begin(); it != indexes.end();) {
    if (it->second->info.table_object_id != table_object_id) {
      ++it;
      continue;
    }
    uint32_t id = it->second->info.object_id;
    if (auto seg = segments.find(id); seg != segments.end()) {
      FreeSegment(seg->second, space, *cache);
      segments.erase(seg);
    }
    it = indexes.erase(it);
  }
}

void Database::Impl::TruncateIndexesOf(uint32_t table_object_id) {
  for (auto& [name, ix] : indexes) {
    if (ix->info.table_object_id != table_object_id || ix->info.unusable) continue;
    Segment& seg = segments.at(ix->info.object_id);
    ResetSegment(seg, space, *cache);
    // The first data block comes back, so the root keeps its number.
    ix->root = BTree::CreateRoot(*cache, *file, space, seg, scn, internal_stats);
    ix->height = 1;
    SaveSegment(seg, *cache, NextScn(), internal_stats);
    ix->info.allocated_blocks = seg.AllocatedBlocks();
  }
}

// ---- DDL

const IndexInfo& Database::CreateIndex(IndexInfo info, SessionStats& stats,
                                       const ProgressFn& progress) {
  Impl& m = *impl_;
  if (FindTable(info.name) || FindView(info.name) || FindIndex(info.name)) {
    ThrowOra(955, "name is already used by an existing object");
  }
  const TableInfo* table =
      info.table_name.empty() ? m.TableById(info.table_object_id) : FindTable(info.table_name);
  if (!table) ThrowOra(942, "table or view does not exist");
  info.table_object_id = table->object_id;
  info.table_name = table->name;
  if (info.columns.empty()) ThrowOra(936, "missing expression");
  for (size_t i = 0; i < info.columns.size(); ++i) {
    if (info.columns[i] >= table->columns.size()) {
      ThrowOra(904, "\"COLUMN#{}\": invalid identifier", info.columns[i]);
    }
    for (size_t j = 0; j < i; ++j) {
      if (info.columns[i] == info.columns[j]) ThrowOra(957, "duplicate column name");
    }
  }
  for (const IndexInfo* other : IndexesOf(*table)) {
    if (other->columns == info.columns) ThrowOra(1408, "such column list already indexed");
  }
  info.object_id = m.next_object_id++;
  const uint32_t id = info.object_id;
  m.segments[id] = CreateSegment(id, m.space, *m.file, *m.cache, m.NextScn(), m.internal_stats);
  try {
    auto ix = std::make_unique<Impl::IndexState>();
    ix->root =
        BTree::CreateRoot(*m.cache, *m.file, m.space, m.segments.at(id), m.scn, m.internal_stats);
    ix->info = std::move(info);
    const IndexInfo& def = ix->info;

    // Entries from a full scan of the table, then sorted. Keys live in one arena; the sort
    // moves 32-byte records and settles most comparisons on a 16-byte key prefix (two
    // low-cardinality columns fill 8 bytes, and memcmp of whole keys was half the build).
    struct SortEntry {
      uint64_t prefix;   //!< key bytes 0-7, big-endian, zero padded
      uint64_t prefix2;  //!< key bytes 8-15
      uint32_t off, len;
      int64_t payload;
    };
    std::string arena;
    std::vector<SortEntry> entries;
    entries.reserve(table->row_count);
    std::vector<LogicalType> types;
    for (uint32_t c : def.columns) types.push_back(table->columns[c].type);
    auto scan = BeginScan(*table, def.columns, stats);
    DataChunk chunk;
    std::vector<RowId> rowids;
    std::string key;
    uint64_t done = 0, next_report = kProgressRows;
    while (ScanNext(*scan, chunk, &rowids, stats)) {
      for (size_t r = 0; r < chunk.size(); ++r) {
        key.clear();
        bool all_null = true;
        for (size_t c = 0; c < types.size(); ++c) {
          AppendKeyFromVector(key, chunk.column(c), r, types[c]);
          all_null = all_null && chunk.column(c).IsNull(r);
        }
        if (all_null) continue;
        int64_t payload = rowids[r].Pack();
        if (!def.unique) AppendKeyRowId(key, payload);
        // The same limit as BTree::Insert, so DML accepts what the build accepted.
        if (key.size() > kMaxIndexKey) {
          ThrowOra(1450, "maximum key length ({}) exceeded", kMaxIndexKey);
        }
        uint64_t prefix = 0, prefix2 = 0;
        for (size_t b = 0; b < 8; ++b) {
          prefix = (prefix << 8) | (b < key.size() ? static_cast<uint8_t>(key[b]) : 0);
          prefix2 = (prefix2 << 8) | (b + 8 < key.size() ? static_cast<uint8_t>(key[b + 8]) : 0);
        }
        entries.push_back({prefix, prefix2, static_cast<uint32_t>(arena.size()),
                           static_cast<uint32_t>(key.size()), payload});
        arena += key;
      }
      if (done == 0 && !entries.empty()) {
        // Size the arena once from the first batch's keys instead of regrowing it.
        arena.reserve(arena.size() / entries.size() * (table->row_count + 1) * 11 / 10);
      }
      done += chunk.size();
      if (progress && done >= next_report) {
        progress(done, std::max(done, table->row_count));
        next_report = done + kProgressRows;
      }
    }
    scan.reset();
    if (arena.size() > UINT32_MAX) {
      ThrowUnimplemented("index builds of more than 4 GiB of keys");
    }
    auto key_of = [&arena](const SortEntry& e) {
      return std::string_view(arena.data() + e.off, e.len);
    };
    std::sort(entries.begin(), entries.end(), [&](const SortEntry& a, const SortEntry& b) {
      if (a.prefix != b.prefix) return a.prefix < b.prefix;
      if (a.prefix2 != b.prefix2) return a.prefix2 < b.prefix2;
      return CompareKeys(key_of(a), key_of(b)) < 0;
    });
    if (def.unique) {
      for (size_t i = 1; i < entries.size(); ++i) {
        if (entries[i].prefix == entries[i - 1].prefix &&
            entries[i].prefix2 == entries[i - 1].prefix2 &&
            key_of(entries[i]) == key_of(entries[i - 1])) {
          ThrowOra(1452, "cannot CREATE UNIQUE INDEX; duplicate keys found");
        }
      }
    }
    m.TreeOf(*ix).BulkBuild(
        entries.size(),
        [&](size_t i) {
          return BTree::BulkEntry{key_of(entries[i]), entries[i].payload};
        },
        stats);
    entries = {};
    arena = {};
    if (progress) progress(done, done);
    Impl::IndexState& ref = *ix;
    m.indexes[ref.info.name] = std::move(ix);
    ref.info.allocated_blocks = m.segments.at(id).AllocatedBlocks();
    ref.info.stats = ComputeIndexStats(ref.info, stats);
    m.WriteDictionary();
    return ref.info;
  } catch (...) {
    for (auto it = m.indexes.begin(); it != m.indexes.end(); ++it) {
      if (it->second->info.object_id == id) {
        m.indexes.erase(it);
        break;
      }
    }
    FreeSegment(m.segments.at(id), m.space, *m.cache);
    m.segments.erase(id);
    throw;
  }
}

void Database::DropIndex(std::string_view name) {
  Impl& m = *impl_;
  auto it = m.indexes.find(name);
  if (it == m.indexes.end()) ThrowOra(1418, "specified index does not exist");
  uint32_t id = it->second->info.object_id;
  if (auto seg = m.segments.find(id); seg != m.segments.end()) {
    FreeSegment(seg->second, m.space, *m.cache);
    m.segments.erase(seg);
  }
  m.indexes.erase(it);
  m.WriteDictionary();
}

void Database::RebuildIndex(std::string_view name, SessionStats& stats,
                            const ProgressFn& progress) {
  Impl& m = *impl_;
  auto it = m.indexes.find(name);
  if (it == m.indexes.end()) ThrowOra(1418, "specified index does not exist");
  std::unique_ptr<Impl::IndexState> old = std::move(it->second);
  m.indexes.erase(it);
  IndexInfo info = old->info;
  info.unusable = false;
  info.object_id = 0;
  info.stats = {};
  try {
    CreateIndex(std::move(info), stats, progress);
  } catch (...) {
    std::string key = old->info.name;
    m.indexes[key] = std::move(old);
    throw;
  }
  if (auto seg = m.segments.find(old->info.object_id); seg != m.segments.end()) {
    FreeSegment(seg->second, m.space, *m.cache);
    m.segments.erase(seg);
    m.WriteDictionary();
  }
}

const IndexInfo* Database::FindIndex(std::string_view name) const {
  auto it = impl_->indexes.find(name);
  return it == impl_->indexes.end() ? nullptr : &it->second->info;
}

std::vector<const IndexInfo*> Database::Indexes() const {
  std::vector<const IndexInfo*> out;
  for (auto& [name, ix] : impl_->indexes) out.push_back(&ix->info);
  return out;
}

std::vector<const IndexInfo*> Database::UsableIndexesOf(const TableInfo& table) const {
  std::vector<const IndexInfo*> out;
  for (const IndexInfo* ix : IndexesOf(table)) {
    if (!ix->unusable) out.push_back(ix);
  }
  return out;
}

std::vector<const IndexInfo*> Database::IndexesOf(const TableInfo& table) const {
  std::vector<const IndexInfo*> out;
  for (auto& [name, ix] : impl_->indexes) {
    if (ix->info.table_object_id == table.object_id) out.push_back(&ix->info);
  }
  return out;
}

// ---- statistics

IndexStats Database::ComputeIndexStats(const IndexInfo& index, SessionStats& stats) {
  Impl& m = *impl_;
  auto it = m.indexes.find(index.name);
  if (it == m.indexes.end()) ThrowOra(1418, "specified index does not exist");
  Impl::IndexState& ix = *it->second;
  BTree tree = m.TreeOf(ix);
  IndexStats out;
  out.present = true;
  out.blevel = tree.Height(stats) - 1;
  // Leaves in key order: entries, distinct key-column values, and the table-block changes
  // between consecutive entries (the first entry counts one).
  auto pin = tree.EdgeLeaf(false, AccessMode::kConsistent, stats);
  // A damaged chain could loop: there are never more leaves than blocks.
  const uint64_t max_leaves = m.segments.at(ix.info.object_id).data_blocks;
  std::string prev_key;
  bool have_prev = false;
  uint32_t prev_block = 0;
  for (;;) {
    ++out.leaf_blocks;
    Node n(pin.data());
    for (size_t i = 0; i < n.count(); ++i) {
      std::string_view k = KeyColumnsPart(n.Key(i), ix.info.unique);
      uint32_t block = RowId::Unpack(n.Payload(i)).block;
      if (!have_prev || k != prev_key) ++out.distinct_keys;
      if (!have_prev || block != prev_block) ++out.clustering_factor;
      ++out.num_rows;
      prev_key.assign(k);
      prev_block = block;
      have_prev = true;
    }
    uint32_t next = n.next();
    if (next == 0) break;
    if (out.leaf_blocks >= max_leaves) ThrowCorruptBlock(next);
    pin = m.cache->Get(next, AccessMode::kConsistent, stats);
    tree.CheckLeaf(pin);
  }
  // An index without entries has only its (empty) root: Oracle reports no leaf blocks.
  if (out.num_rows == 0 && out.blevel == 0) out.leaf_blocks = 0;
  out.last_analyzed = static_cast<int64_t>(std::time(nullptr));
  return out;
}

void Database::SetIndexStats(const IndexInfo& index, IndexStats stats) {
  Impl& m = *impl_;
  auto it = m.indexes.find(index.name);
  if (it == m.indexes.end()) ThrowOra(1418, "specified index does not exist");
  it->second->info.stats = std::move(stats);
  m.WriteDictionary();
}

void Database::SetTableStats(const TableInfo& table, TableStats stats) {
  Impl& m = *impl_;
  TableInfo* t = m.TableById(table.object_id);
  if (!t) ThrowOra(942, "table or view does not exist");
  t->stats = std::move(stats);
  m.WriteDictionary();
}

void Database::AddColumnGroup(const TableInfo& table, ColumnGroup group) {
  Impl& m = *impl_;
  TableInfo* t = m.TableById(table.object_id);
  if (!t) ThrowOra(942, "table or view does not exist");
  t->column_groups.push_back(std::move(group));
  m.WriteDictionary();
}

bool Database::DropColumnGroup(const TableInfo& table, std::string_view name) {
  Impl& m = *impl_;
  TableInfo* t = m.TableById(table.object_id);
  if (!t) ThrowOra(942, "table or view does not exist");
  auto& groups = t->column_groups;
  auto it = std::find_if(groups.begin(), groups.end(),
                         [&](const ColumnGroup& g) { return g.name == name; });
  if (it == groups.end()) return false;
  t->stats.column_groups.erase(std::string(name));
  groups.erase(it);
  m.WriteDictionary();
  return true;
}

}  // namespace pathdb::storage
