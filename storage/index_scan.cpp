// Index reads: range scans in key order (either direction), fast full scans in physical block
// order, and fetching table rows by ROWID (TABLE ACCESS BY INDEX ROWID).
//
// Range semantics: a bound is a prefix of the key columns compared with the index's order
// (NULL above every value). A range predicate never matches NULL, so when the lower bound has
// a non-NULL column beyond the upper bound's columns (e.g. `a = 5 AND b > 3`: lower (5, 3),
// upper (5)), entries whose column at that position is NULL are left out.
#include <algorithm>
#include <cstring>

#include "common/error.h"
#include "storage/database_impl.h"
#include "storage/heap_page.h"

namespace pathdb::storage {

namespace {

// TUNING: like full table scans, a fast full scan of more than 2% of the cache reads its
// blocks into the cold end so it cannot flush the hot set.
constexpr double kSmallSegmentFraction = 0.02;

class BTreeScanState final : public IndexScanState {
 public:
  std::string index_name;  //!< looked up per batch: the index may be dropped meanwhile
  uint32_t index_object_id = 0;
  std::vector<LogicalType> types;  //!< key column types, key order
  // Range scan.
  std::string lower, upper;
  bool has_lower = false, has_upper = false;
  bool lower_inclusive = true, upper_inclusive = true;
  bool descending = false;
  bool started = false;
  bool done = false;
  BufferCache::Pin pin;   //!< current leaf (range) or block (fast full), kept between calls
  size_t pos = 0;         //!< ascending / fast full: next entry; descending: one past it
  uint64_t leaf_scn = 0;  //!< the leaf's change counter when the position was taken
  std::string last_key;   //!< last key returned: where to re-seek if the leaf changed
  uint64_t leaves = 0;    //!< leaves stepped to: more than the segment's blocks is a loop
  // Fast full scan.
  bool fast_full = false;
  std::vector<Extent> runs;  //!< data blocks below the HWM, physical order
  size_t run = 0;
  uint32_t off = 0;
  uint64_t block_pos = 0, prefetch_end = 0;
  AccessType cache_access = AccessType::kNormal;
  std::unique_ptr<DirectBlocks> direct;     //!< a direct path fast full scan's reader
  const std::byte* direct_block = nullptr;  //!< the block being returned (direct)
  size_t issue_run = 0;                     //!< direct: next request's run and offset
  uint32_t issue_off = 0;

  bool SatisfiesLower(std::string_view e) const {
    if (!has_lower) return true;
    int c = ComparePrefix(e, lower);
    return lower_inclusive ? c >= 0 : c > 0;
  }
  bool ExceedsUpper(std::string_view e) const {
    if (!has_upper) return false;
    int c = ComparePrefix(e, upper);
    return upper_inclusive ? c > 0 : c >= 0;
  }
};

uint64_t BlockScn(const BufferCache::Pin& pin) {
  return ReadHeader(pin.data()).scn;
}

//! Encodes a bound's key prefix in the types of the index's leading columns. A TIMESTAMP with
//! a fraction of a second as the last column of a bound on a DATE column is floored, and the
//! bound's inclusiveness adjusted so the range stays exact (x.5 < DATE y <=> x < y).
std::string EncodeBound(const IndexBound& b, const std::vector<LogicalType>& types, bool lower,
                        bool& inclusive) {
  if (b.key.size() > types.size()) {
    ThrowOra(600, "internal error code, arguments: [index-scan], [bound longer than key]");
  }
  std::string out;
  for (size_t i = 0; i < b.key.size(); ++i) AppendKeyValue(out, b.key[i], types[i]);
  inclusive = b.inclusive;
  const Value& last = b.key.back();
  if (types[b.key.size() - 1].id == TypeId::kDate && !last.is_null() &&
      last.type().id == TypeId::kTimestamp && last.timestamp() % 1000000 != 0) {
    inclusive = !lower;
  }
  return out;
}

void PrepareOut(DataChunk& out, const std::vector<LogicalType>& types) {
  if (out.ColumnCount() != types.size() || out.Types() != types) {
    out.Initialize(types);
  } else {
    out.Reset();
  }
}

//! A scan state of `index` with its key types. ORA-01418 when the index is gone, ORA-00942
//! when its table is. (A template so it can take the database's private Impl.)
template <typename DatabaseImpl>
std::unique_ptr<BTreeScanState> NewIndexScanState(DatabaseImpl& m, const IndexInfo& index) {
  auto it = m.indexes.find(index.name);
  if (it == m.indexes.end()) ThrowOra(1418, "specified index does not exist");
  const TableInfo* table = m.TableById(it->second->info.table_object_id);
  if (!table) ThrowOra(942, "table or view does not exist");
  auto st = std::make_unique<BTreeScanState>();
  st->index_name = it->second->info.name;
  st->index_object_id = it->second->info.object_id;
  for (uint32_t c : it->second->info.columns) st->types.push_back(table->columns.at(c).type);
  return st;
}

}  // namespace

std::unique_ptr<IndexScanState> Database::BeginIndexScan(const IndexInfo& index,
                                                         std::optional<IndexBound> lower,
                                                         std::optional<IndexBound> upper,
                                                         bool descending, SessionStats&) {
  auto st = NewIndexScanState(*impl_, index);
  if (lower && !lower->key.empty()) {
    st->has_lower = true;
    st->lower = EncodeBound(*lower, st->types, true, st->lower_inclusive);
  }
  if (upper && !upper->key.empty()) {
    st->has_upper = true;
    st->upper = EncodeBound(*upper, st->types, false, st->upper_inclusive);
  }
  // The range column (lower's first column past upper's) excludes its NULLs: stop below them.
  size_t upper_cols = st->has_upper ? upper->key.size() : 0;
  if (st->has_lower && lower->key.size() > upper_cols && !lower->key[upper_cols].is_null() &&
      (!st->has_upper || st->upper_inclusive)) {
    st->has_upper = true;
    AppendKeyNull(st->upper);
    st->upper_inclusive = false;
  }
  st->descending = descending;
  return st;
}

std::unique_ptr<IndexScanState> Database::BeginIndexFastFullScan(const IndexInfo& index,
                                                                 SessionStats& stats,
                                                                 bool under_dml) {
  Impl& m = *impl_;
  auto st = NewIndexScanState(m, index);
  st->fast_full = true;
  const Segment& seg = m.segments.at(st->index_object_id);
  st->runs = seg.DataRuns();
  bool big = static_cast<double>(seg.data_blocks) >
             kSmallSegmentFraction * static_cast<double>(m.cache->Capacity());
  st->cache_access = big ? AccessType::kScan : AccessType::kShortScan;
  stats.Add(Stat::kIndexFastFullScansFull);
  // The same run-time rule as a full table scan, by the index's LEAF_BLOCKS statistic.
  const uint64_t stat_blocks = index.stats.present ? index.stats.leaf_blocks : 0;
  DirectReadDecision d = m.DecideScan(seg, stat_blocks, "LEAF_BLOCKS", under_dml, false);
  st->access.reason = d.reason;
  if (d.direct) {
    stats.Add(Stat::kIndexFastFullScansDirectRead);
    DirectBlocksSetup setup = m.PrepareDirectRead(seg, BlockType::kIndexLeaf, false, st->access);
    const uint32_t max_req = setup.options.max_request_blocks;
    BTreeScanState* s = st.get();
    st->direct =
        std::make_unique<DirectBlocks>(std::move(setup), [s, max_req](DirectReadRequest& r) {
          while (s->issue_run < s->runs.size()) {
            const Extent& e = s->runs[s->issue_run];
            if (s->issue_off >= e.count) {
              ++s->issue_run;
              s->issue_off = 0;
              continue;
            }
            r.block = e.start + s->issue_off;
            r.count = std::min(max_req, e.count - s->issue_off);
            s->issue_off += r.count;
            return true;
          }
          return false;
        });
    m.NoteReader(st->direct->reader(), st->access);
  }
  return st;
}

bool Database::IndexScanNext(IndexScanState& state, DataChunk& keys, std::vector<RowId>& rowids,
                             SessionStats& stats) {
  Impl& m = *impl_;
  auto& st = static_cast<BTreeScanState&>(state);
  PrepareOut(keys, st.types);
  rowids.clear();
  if (st.done) return false;
  auto found = m.indexes.find(st.index_name);
  if (found == m.indexes.end() || found->second->info.object_id != st.index_object_id) {
    ThrowOra(1418, "specified index does not exist");
  }
  Impl::IndexState& ix = *found->second;
  const size_t cap = st.types.empty() ? kVectorSize : keys.column(0).capacity();
  size_t n = 0;
  const size_t decoded = std::min(st.types.size(), st.decoded_columns);
  auto emit = [&](const Node& node, size_t i) {
    std::string_view key = node.Key(i);
    size_t p = 0;
    for (size_t c = 0; c < decoded; ++c) {
      p = DecodeKeyColumn(key, p, st.types[c], keys.column(c), n);
    }
    rowids.push_back(RowId::Unpack(node.Payload(i)));
    ++n;
  };

  if (st.fast_full) {
    // Join filters on key column 0 with an exact integer key set are tested on the stored
    // bytes: an entry that fails is never decoded (q22's O_CUST_IX keeps 1 entry in 8).
    st.key_filters_tested.assign(st.key_filters.size(), false);
    struct KeyTest {
      const RuntimeFilter* filter;
      const RuntimeFilter::IntegerKeySet* keys;
      uint64_t probed = 0, rejected = 0;
    };
    std::vector<KeyTest> tests;
    if (!st.types.empty() && st.types[0].id == TypeId::kNumber) {
      for (size_t i = 0; i < st.key_filters.size(); ++i) {
        const RuntimeFilter& f = *st.key_filters[i];
        if (!f.published() || f.empty() || !f.ProbesRows({TypeId::kNumber})) continue;
        if (const RuntimeFilter::IntegerKeySet* keys = f.integer_keys()) {
          tests.push_back({&f, keys});
          st.key_filters_tested[i] = true;
        }
      }
    }
    auto passes = [&](std::string_view key) {
      int64_t v = 0;
      const KeyInteger kind = DecodeIntegerKey(key, 0, v);
      for (KeyTest& t : tests) {
        ++t.probed;
        // NULL never joins; a value that is no small integer is let through (a filter may
        // pass rows it could have dropped, never drop one that matches).
        const bool keep =
            kind == KeyInteger::kOther || (kind == KeyInteger::kInteger && t.keys->Contains(v));
        if (!keep) {
          ++t.rejected;
          return false;
        }
      }
      return true;
    };
    while (n < cap && st.run < st.runs.size()) {
      const Extent& r = st.runs[st.run];
      uint32_t block = r.start + st.off;
      const std::byte* data = nullptr;
      if (st.direct) {
        if (st.direct_block == nullptr) {
          st.direct_block = st.direct->Read(block, stats);
          st.pos = 0;
        }
        data = st.direct_block;
      } else if (st.pin && st.pin.block_no() == block) {
        stats.Add(Stat::kBufferIsPinnedCount);
      } else {
        if (st.block_pos >= st.prefetch_end) {
          uint32_t cnt = std::min(r.count - st.off, m.cache->MaxPrefetch());
          m.cache->Prefetch(block, cnt, stats, st.cache_access);
          st.prefetch_end = st.block_pos + cnt;
        }
        st.pin = m.cache->Get(block, AccessMode::kConsistent, stats, st.cache_access);
        st.pos = 0;
      }
      if (!st.direct) data = st.pin.data();
      BlockHeader h = ReadHeader(data);
      if (h.object_id != ix.info.object_id) ThrowCorruptBlock(block);
      if (h.type == BlockType::kIndexLeaf) {
        Node node(const_cast<std::byte*>(data));
        if (tests.empty()) {
          while (st.pos < node.count() && n < cap) emit(node, st.pos++);
        } else {
          for (; st.pos < node.count() && n < cap; ++st.pos) {
            if (passes(node.Key(st.pos))) emit(node, st.pos);
          }
        }
        if (st.pos < node.count()) break;  // batch full, same block next time
      }
      st.pin.Release();
      st.direct_block = nullptr;
      ++st.block_pos;
      if (++st.off >= r.count) {
        st.off = 0;
        ++st.run;
      }
    }
    if (st.run >= st.runs.size()) st.done = true;
    for (const KeyTest& t : tests) t.filter->ObserveRows(t.probed, t.rejected);
    for (size_t c = decoded; c < st.types.size(); ++c) std::memset(keys.column(c).Validity(), 0, n);
    keys.SetSize(n);
    return n > 0;
  }

  BTree tree = m.TreeOf(ix);
  if (!st.started) {
    st.started = true;
    if (!st.descending) {
      if (st.has_lower) {
        auto pred = [&](std::string_view e) { return st.SatisfiesLower(e); };
        st.pin = tree.DescendTo(pred, AccessMode::kConsistent, stats);
        st.pos = Node(st.pin.data()).FirstWhere(pred);
      } else {
        st.pin = tree.EdgeLeaf(false, AccessMode::kConsistent, stats);
        st.pos = 0;
      }
    } else {
      if (st.has_upper) {
        auto pred = [&](std::string_view e) { return st.ExceedsUpper(e); };
        st.pin = tree.DescendTo(pred, AccessMode::kConsistent, stats);
        st.pos = Node(st.pin.data()).FirstWhere(pred);
      } else {
        st.pin = tree.EdgeLeaf(true, AccessMode::kConsistent, stats);
        st.pos = Node(st.pin.data()).count();
      }
    }
  } else if (BlockScn(st.pin) == st.leaf_scn) {
    // Still on the leaf of the last batch, unchanged: Oracle's buffer pinning.
    stats.Add(Stat::kBufferIsPinnedCount);
  } else {
    // The leaf changed under us (DML between batches): find the place again by key.
    const std::string& k = st.last_key;
    if (!st.descending) {
      auto pred = [&](std::string_view e) { return CompareKeys(e, k) > 0; };
      st.pin = tree.DescendTo(pred, AccessMode::kConsistent, stats);
      st.pos = Node(st.pin.data()).FirstWhere(pred);
    } else {
      auto pred = [&](std::string_view e) { return CompareKeys(e, k) >= 0; };
      st.pin = tree.DescendTo(pred, AccessMode::kConsistent, stats);
      st.pos = Node(st.pin.data()).FirstWhere(pred);
    }
  }

  const uint64_t max_leaves = m.segments.at(ix.info.object_id).data_blocks;
  auto step_leaf = [&](uint32_t block) {
    if (++st.leaves > max_leaves) ThrowCorruptBlock(block);
    st.pin = m.cache->Get(block, AccessMode::kConsistent, stats);
    tree.CheckLeaf(st.pin);
  };
  while (n < cap) {
    Node node(st.pin.data());
    if (!st.descending) {
      if (st.pos >= node.count()) {
        uint32_t next = node.next();
        if (next == 0) {
          st.done = true;
          break;
        }
        step_leaf(next);
        st.pos = 0;
        continue;
      }
      if (st.ExceedsUpper(node.Key(st.pos))) {
        st.done = true;
        break;
      }
      emit(node, st.pos++);
    } else {
      if (st.pos == 0) {
        uint32_t prev = node.prev();
        if (prev == 0) {
          st.done = true;
          break;
        }
        step_leaf(prev);
        st.pos = Node(st.pin.data()).count();
        continue;
      }
      if (!st.SatisfiesLower(node.Key(st.pos - 1))) {
        st.done = true;
        break;
      }
      emit(node, --st.pos);
    }
  }
  if (st.done) {
    st.pin.Release();
  } else {
    // The batch filled right after an emit, so the last entry returned is on this leaf, just
    // behind the position in the scan direction.
    Node node(st.pin.data());
    st.last_key.assign(node.Key(st.descending ? st.pos : st.pos - 1));
    st.leaf_scn = BlockScn(st.pin);
  }
  for (size_t c = decoded; c < st.types.size(); ++c) std::memset(keys.column(c).Validity(), 0, n);
  keys.SetSize(n);
  return n > 0;
}

void Database::FetchRows(const TableInfo& table, std::span<const RowId> rowids,
                         const std::vector<uint32_t>& column_ids, DataChunk& out,
                         std::vector<bool>& found, SessionStats& stats) {
  Impl& m = *impl_;
  std::vector<LogicalType> types;
  size_t fields_needed = 0;
  for (uint32_t id : column_ids) {
    if (id == kRowIdColumn) {
      types.push_back(LogicalType::Integer());
    } else if (id < table.columns.size()) {
      types.push_back(table.columns[id].type);
      fields_needed = std::max<size_t>(fields_needed, id + 1);
    } else {
      ThrowOra(904, "\"COLUMN#{}\": invalid identifier", id);
    }
  }
  if (out.ColumnCount() != types.size() || out.Types() != types ||
      (!types.empty() && out.column(0).capacity() < rowids.size())) {
    out.Initialize(types, std::max(kVectorSize, rowids.size()));
  } else {
    out.Reset();
  }
  found.assign(rowids.size(), false);
  struct Field {
    bool is_null = true;
    std::string_view bytes;
  };
  std::vector<Field> fields(fields_needed);
  if (rowids.size() > 1) {
    // The batch's table blocks read together, several in flight, before the rows are visited
    // (Oracle's batched ROWID access: "db file parallel read"). Only valid ROWIDs: a bad one
    // still fails with ORA-01410 below, in its turn.
    std::vector<uint32_t> blocks;
    blocks.reserve(rowids.size());
    uint32_t last = UINT32_MAX;
    for (const RowId& rid : rowids) {
      if (rid.block == last) continue;
      last = rid.block;
      if (m.RowIdInSegment(table, rid)) blocks.push_back(rid.block);
    }
    m.cache->PrefetchBlocks(blocks, stats, AccessType::kNormal);
  }
  BufferCache::Pin pin;
  for (size_t i = 0; i < rowids.size(); ++i) {
    const RowId rid = rowids[i];
    stats.Add(Stat::kTableFetchByRowid);
    if (pin && pin.block_no() == rid.block) {
      stats.Add(Stat::kBufferIsPinnedCount);
    } else {
      pin.Release();
      m.CheckRowId(table, rid);
      pin = m.cache->Get(rid.block, AccessMode::kConsistent, stats);
      BlockHeader h = ReadHeader(pin.data());
      if (h.type != BlockType::kHeapData || h.object_id != table.object_id) {
        ThrowOra(1410, "invalid ROWID");
      }
    }
    auto piece = HeapPage(pin.data()).Row(rid.slot);
    bool present = piece.has_value();
    BufferCache::Pin body_pin;
    std::string_view row;
    if (present) {
      auto flags = static_cast<uint8_t>((*piece)[0]);
      if (flags == kRowMigrated || flags == kRowDeleted) {
        present = false;
      } else if (flags == kRowForward) {
        if (piece->size() < kMinRowPiece) ThrowCorruptBlock(rid.block);
        RowId body_id;
        std::memcpy(&body_id.block, piece->data() + 1, 4);
        std::memcpy(&body_id.slot, piece->data() + 5, 2);
        body_pin = m.cache->Get(body_id.block, AccessMode::kConsistent, stats);
        auto body = HeapPage(body_pin.data()).Row(body_id.slot);
        if (!body) ThrowCorruptBlock(body_id.block);
        row = *body;
      } else {
        row = *piece;
      }
    }
    if (!present) {
      for (size_t c = 0; c < column_ids.size(); ++c) out.column(c).SetNull(i, true);
      continue;
    }
    found[i] = true;
    RowDecoder dec(row);
    for (auto& f : fields) dec.Next(f.is_null, f.bytes);
    for (size_t c = 0; c < column_ids.size(); ++c) {
      Vector& v = out.column(c);
      uint32_t cid = column_ids[c];
      if (cid == kRowIdColumn) {
        v.Data<Decimal>()[i] = Decimal::FromInt(rid.Pack());
        v.SetNull(i, false);
      } else if (fields[cid].is_null) {
        v.SetNull(i, true);
      } else {
        DecodeInto(fields[cid].bytes, v, i);
      }
    }
  }
  out.SetSize(rowids.size());
}

}  // namespace pathdb::storage
