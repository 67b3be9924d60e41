// Full table scan through the buffer cache: extents in physical order, multiblock prefetch of
// uncached runs, one block pinned at a time, rows decoded straight into the output vectors.
#include <algorithm>

#include "common/error.h"
#include "storage/database_impl.h"
#include "storage/heap_page.h"

namespace pathdb::storage {

namespace {

// TUNING: Oracle's default _small_table_threshold is 2% of the buffer cache.
constexpr size_t kSmallTablePercent = 2;

struct Field {
  bool is_null = true;
  std::string_view bytes;
};

class HeapScanState final : public TableScanState {
 public:
  const TableInfo* table = nullptr;
  std::vector<uint32_t> column_ids;
  std::vector<LogicalType> types;
  size_t fields_needed = 0;   //!< columns to decode per row (highest requested + 1)
  std::vector<Extent> runs;   //!< data blocks below the HWM at scan start, in order
  size_t run = 0;             //!< current run
  uint32_t off = 0;           //!< block offset inside the current run
  uint16_t slot = 0;          //!< next slot in the current block
  uint64_t pos = 0;           //!< data blocks passed so far
  uint64_t prefetch_end = 0;  //!< data blocks [pos, prefetch_end) were prefetched
  AccessType access = AccessType::kNormal;
  std::vector<Field> fields;
  BufferCache::Pin body_pin;   //!< block of the last migrated row body (often the next one's)
  std::shared_ptr<int> guard;  //!< keeps Segment::scan_guard alive while the scan is open
};

}  // namespace

std::unique_ptr<TableScanState> Database::BeginScan(const TableInfo& table,
                                                    std::vector<uint32_t> column_ids,
                                                    SessionStats& stats) {
  Impl& m = *impl_;
  Segment& seg = m.SegmentOf(table);
  auto st = std::make_unique<HeapScanState>();
  st->guard = seg.scan_guard.lock();
  if (!st->guard) {
    st->guard = std::make_shared<int>(0);
    seg.scan_guard = st->guard;
    seg.scan_hwm = 0;
  }
  seg.scan_hwm = std::max(seg.scan_hwm, seg.data_blocks);
  st->table = &table;
  for (uint32_t id : column_ids) {
    if (id == kRowIdColumn) {
      st->types.push_back(LogicalType::Integer());
    } else if (id < table.columns.size()) {
      st->types.push_back(table.columns[id].type);
      st->fields_needed = std::max<size_t>(st->fields_needed, id + 1);
    } else {
      ThrowOra(904, "\"COLUMN#{}\": invalid identifier", id);
    }
  }
  st->column_ids = std::move(column_ids);
  st->fields.resize(st->fields_needed);
  // Snapshot of the HWM: rows this statement inserts into new blocks are not seen by it.
  uint64_t left = seg.data_blocks;
  for (size_t i = 0; i < seg.extents.size() && left > 0; ++i) {
    Extent e = seg.extents[i];
    if (i == 0) {
      ++e.start;  // the segment header
      --e.count;
    }
    e.count = static_cast<uint32_t>(std::min<uint64_t>(e.count, left));
    left -= e.count;
    if (e.count > 0) st->runs.push_back(e);
  }
  // Decided per execution from the segment as it is now (Oracle: per segment, at run time).
  size_t stt = m.options.small_table_threshold;
  if (stt == 0) stt = std::max<size_t>(1, m.cache->Capacity() * kSmallTablePercent / 100);
  bool long_table = seg.data_blocks > stt;
  stats.Add(long_table ? Stat::kTableScansLongTables : Stat::kTableScansShortTables);
  // A long table's blocks enter at the cold end and are reused first, so the scan cannot
  // flush the hot set; a short table's enter at the midpoint without a touch.
  st->access = long_table ? AccessType::kScan : AccessType::kShortScan;
  return st;
}

bool Database::ScanNext(TableScanState& state, DataChunk& out, std::vector<RowId>* rowids,
                        SessionStats& stats) {
  Impl& m = *impl_;
  auto& st = static_cast<HeapScanState&>(state);
  if (out.ColumnCount() != st.types.size() || out.Types() != st.types) {
    out.Initialize(st.types);
  } else {
    out.Reset();
  }
  if (rowids) rowids->clear();
  size_t n = 0;
  // No columns at all is legal (COUNT(*)): only the row count matters then.
  const size_t cap =
      st.types.empty() ? kVectorSize : std::min(kVectorSize, out.column(0).capacity());
  while (n < cap && st.run < st.runs.size()) {
    const Extent& r = st.runs[st.run];
    uint32_t block = r.start + st.off;
    if (st.pos >= st.prefetch_end) {
      uint32_t cnt = std::min(r.count - st.off, m.cache->MaxPrefetch());
      m.cache->Prefetch(block, cnt, stats, st.access);
      st.prefetch_end = st.pos + cnt;
    }
    auto pin = m.cache->Get(block, AccessMode::kConsistent, stats, st.access);
    BlockHeader h = ReadHeader(pin.data());
    if (h.type != BlockType::kHeapData || h.object_id != st.table->object_id) {
      ThrowCorruptBlock(block);
    }
    if (st.slot == 0) stats.Add(Stat::kTableScanBlocksGotten);
    HeapPage page(pin.data());
    uint16_t slots = page.SlotCount();
    while (st.slot < slots && n < cap) {
      uint16_t s = st.slot++;
      auto piece = page.Row(s);
      if (!piece) continue;
      auto flags = static_cast<uint8_t>((*piece)[0]);
      // Bodies are reached through their heads; deleted rows wait for commit to free the slot.
      if (flags == kRowMigrated || flags == kRowDeleted) continue;
      std::string_view row = *piece;
      if (flags == kRowForward) {
        RowId body_id;
        std::memcpy(&body_id.block, piece->data() + 1, 4);
        std::memcpy(&body_id.slot, piece->data() + 5, 2);
        m.cache->Repin(st.body_pin, body_id.block, AccessMode::kConsistent, stats);
        auto body = HeapPage(st.body_pin.data()).Row(body_id.slot);
        if (!body) ThrowCorruptBlock(body_id.block);
        row = *body;
      }
      RowDecoder dec(row);
      for (auto& f : st.fields) dec.Next(f.is_null, f.bytes);
      RowId id{1, block, s};
      for (size_t c = 0; c < st.column_ids.size(); ++c) {
        Vector& v = out.column(c);
        uint32_t cid = st.column_ids[c];
        if (cid == kRowIdColumn) {
          v.Data<Decimal>()[n] = Decimal::FromInt(id.Pack());
          v.SetNull(n, false);
        } else if (st.fields[cid].is_null) {
          v.SetNull(n, true);
        } else {
          DecodeInto(st.fields[cid].bytes, v, n);
        }
      }
      if (rowids) rowids->push_back(id);
      ++n;
    }
    if (st.slot >= slots) {
      st.slot = 0;
      ++st.pos;
      if (++st.off >= r.count) {
        st.off = 0;
        ++st.run;
      }
    }
  }
  // A fetch call ends here: no buffer stays pinned across calls (Oracle releases them too).
  st.body_pin.Release();
  stats.Add(Stat::kTableScanRowsGotten, n);
  out.SetSize(n);
  return n > 0;
}

}  // namespace pathdb::storage
