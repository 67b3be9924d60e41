// Full table scan of a heap segment: region by region in physical order, rows decoded
// straight into the output vectors once they pass the scan's predicates.
#include "storage/heap_scan.h"

#include <algorithm>
#include <cstring>

#include "common/error.h"
#include "storage/database_impl.h"
#include "storage/heap_page.h"
#include "storage/heap_scan_fold.h"
#include "storage/row_codec.h"

namespace pathdb::storage {

namespace {

class BufferedBlockSource final : public HeapBlockSource {
 public:
  BufferedBlockSource(BufferCache& cache, uint32_t object_id, AccessType access)
      : cache_(cache), object_id_(object_id), access_(access) {}

  std::byte* Read(uint32_t block, uint32_t run_left, SessionStats& stats) override {
    // Uncached blocks of the run ahead come in with one multiblock read.
    if (block < prefetch_begin_ || block >= prefetch_end_) {
      uint32_t cnt = std::min(run_left, cache_.MaxPrefetch());
      cache_.Prefetch(block, cnt, stats, access_);
      prefetch_begin_ = block;
      prefetch_end_ = block + cnt;
    }
    pin_ = cache_.Get(block, AccessMode::kConsistent, stats, access_);
    BlockHeader h = ReadHeader(pin_.data());
    if (h.type != BlockType::kHeapData || h.object_id != object_id_) ThrowCorruptBlock(block);
    return pin_.data();
  }

  std::string_view MigratedBody(RowId body, SessionStats& stats) override {
    cache_.Repin(body_pin_, body.block, AccessMode::kConsistent, stats);
    auto row = HeapPage(body_pin_.data()).Row(body.slot);
    if (!row) ThrowCorruptBlock(body.block);
    return *row;
  }

  void Release() override {
    pin_.Release();
    body_pin_.Release();
  }

 private:
  BufferCache& cache_;
  uint32_t object_id_;
  AccessType access_;
  uint32_t prefetch_begin_ = 0, prefetch_end_ = 0;  //!< blocks of the last multiblock read
  BufferCache::Pin pin_;
  BufferCache::Pin body_pin_;  //!< block of the last migrated row body (often the next one's)
};

}  // namespace

std::unique_ptr<HeapBlockSource> MakeBufferedBlockSource(BufferCache& cache, uint32_t object_id,
                                                         AccessType access) {
  return std::make_unique<BufferedBlockSource>(cache, object_id, access);
}

HeapScan::HeapScan(const ScanSpec& spec, Segment& seg, std::unique_ptr<HeapBlockSource> blocks)
    : seg_(seg), blocks_(std::move(blocks)), table_(spec.table), column_ids_(spec.column_ids) {
  const TableInfo& table = *spec.table;
  auto check = [&](uint32_t id) {
    if (id >= table.columns.size()) ThrowOra(904, "\"COLUMN#{}\": invalid identifier", id);
  };
  // Fields a row is split into: up to the highest one read; needed_ marks those read.
  auto need = [&](uint32_t id) {
    check(id);
    if (needed_.size() <= id) needed_.resize(id + 1, 0);
    needed_[id] = 1;
  };
  runtime_ = spec.runtime_filters;
  runtime_applied_.assign(runtime_.size(), false);
  runtime_ranges_.assign(runtime_.size(), ScanPredicates{});
  runtime_output_.assign(runtime_.size(), {});
  for (size_t i = 0; i < runtime_.size(); ++i) {
    for (uint32_t col : runtime_[i].columns) {
      auto at = std::find(column_ids_.begin(), column_ids_.end(), col);
      if (at == column_ids_.end()) {
        runtime_output_[i].clear();
        break;
      }
      runtime_output_[i].push_back(static_cast<size_t>(at - column_ids_.begin()));
    }
  }
  for (size_t c = 0; c < column_ids_.size(); ++c) {
    const uint32_t id = column_ids_[c];
    if (id != kRowIdColumn) check(id);
    types_.push_back(id == kRowIdColumn ? LogicalType::Integer() : table.columns[id].type);
    bool tested = false;  // a membership test reads this output vector
    for (const auto& outputs : runtime_output_)
      tested = tested || std::find(outputs.begin(), outputs.end(), c) != outputs.end();
    if (!tested && c < spec.skip_output.size() && spec.skip_output[c]) {
      skipped_.push_back(c);
      continue;
    }
    decoded_.push_back(c);
    if (id != kRowIdColumn) need(id);
  }
  for (const ScanPredicate& p : spec.predicates) {
    need(p.column);
    preds_.Add(p, table.columns[p.column].type);
  }
  for (const RuntimeFilterRef& r : runtime_)
    for (uint32_t col : r.columns) need(col);
  needed_all_.assign(table.columns.size(), 1);
  fields_.resize(std::max(needed_.size(), needed_all_.size()));
  read_list_ = FieldList(needed_.data(), needed_.size());
  // Snapshot of the HWM: rows this statement inserts into new blocks are not seen by it.
  guard_ = seg.scan_guard.lock();
  if (!guard_) {
    guard_ = std::make_shared<int>(0);
    seg.scan_guard = guard_;
    seg.scan_hwm = 0;
  }
  seg.scan_hwm = std::max(seg.scan_hwm, seg.data_blocks);
  runs_ = seg.DataRuns();
  end_ = std::min<uint64_t>(spec.blocks.end, seg.data_blocks);
  whole_segment_ = spec.blocks.begin == 0 && spec.blocks.end >= seg.data_blocks;
  begin_ = std::min(spec.blocks.begin, end_);
  region_decision_.assign((end_ + kRegionBlocks - 1) / kRegionBlocks - begin_ / kRegionBlocks, 0);
  Advance(begin_);
}

void HeapScan::SetBlockSource(
    const std::function<std::unique_ptr<HeapBlockSource>(const ScanReadPlan&)>& make) {
  ScanReadPlan plan;
  plan.runs = &runs_;
  plan.begin = begin_;
  plan.end = end_;
  plan.region_wanted = [this](uint32_t region) { return RegionWanted(region); };
  plan.access = &access_;
  blocks_ = make(plan);
}

bool HeapScan::RegionWanted(uint32_t region) {
  const size_t i = region - begin_ / kRegionBlocks;
  if (i >= region_decision_.size()) return false;
  if (region_decision_[i] == 0) {
    bool skip =
        use_storage_index_ && !preds_.empty() && !preds_.MayMatch(seg_.storage_index, region);
    // A published run-time filter's min/max, then its key-range summary, which skips the
    // gaps between the build's key ranges.
    for (size_t i = 0; use_storage_index_ && !skip && i < runtime_.size(); ++i) {
      if (!runtime_applied_[i]) continue;
      const ScanPredicates& ranges = runtime_ranges_[i];
      if (!ranges.empty() && !ranges.MayMatch(seg_.storage_index, region)) {
        skip = true;
        break;
      }
      const RuntimeFilter& f = *runtime_[i].filter;
      for (size_t k = 0; !skip && k < runtime_[i].columns.size(); ++k) {
        const ColumnRange* r = seg_.storage_index.Find(region, runtime_[i].columns[k]);
        if (r != nullptr && r->min && !f.MayMatchRange(k, *r->min, *r->max)) skip = true;
      }
    }
    region_decision_[i] = skip ? 2 : 1;
  }
  return region_decision_[i] == 1;
}

void HeapScan::Advance(uint64_t n) {
  pos_ += n;
  while (n > 0 && run_ < runs_.size()) {
    uint64_t step = std::min<uint64_t>(n, runs_[run_].count - off_);
    off_ += static_cast<uint32_t>(step);
    n -= step;
    if (off_ >= runs_[run_].count) {
      off_ = 0;
      ++run_;
    }
  }
}

void HeapScan::RefreshRuntimeFilters() {
  for (size_t i = 0; i < runtime_.size(); ++i) {
    if (runtime_applied_[i] || !runtime_[i].filter->published()) continue;
    runtime_applied_[i] = true;
    const RuntimeFilter& f = *runtime_[i].filter;
    if (f.empty()) {
      done_ = true;  // nothing can match: the rest of the segment is never read
      continue;
    }
    for (const ScanPredicate& p : PublishedRanges(runtime_[i], *table_)) {
      runtime_ranges_[i].Add(p, table_->columns[p.column].type);
    }
    // Not row-probed before the next ChooseRowProbes: its ranges are tested on each row.
    if (!runtime_ranges_[i].empty()) ranges_tested_.push_back(i);
  }
}

bool HeapScan::SkipRegion(SessionStats& stats) {
  const auto region = static_cast<uint32_t>(pos_ / kRegionBlocks);
  const uint64_t region_end = std::min<uint64_t>((uint64_t{region} + 1) * kRegionBlocks, end_);
  ++counters_.regions;
  if (!RegionWanted(region)) {
    ++counters_.regions_skipped;
    counters_.bytes_skipped += (region_end - pos_) * kBlockSize;
    stats.Add(Stat::kCellPhysicalIoBytesSavedByStorageIndex, (region_end - pos_) * kBlockSize);
    Advance(region_end - pos_);
    return true;
  }
  summary_.Cancel();
  if (whole_segment_ && pos_ % kRegionBlocks == 0) {
    // Summarised: every column the region has no summary of yet (Exadata keeps 8 and
    // only for columns predicates used; any later predicate or join filter may need one).
    // The first scan of a region pays for decoding every field once.
    std::vector<uint32_t> columns;
    std::vector<LogicalType> types;
    for (uint32_t c = 0; c < table_->columns.size(); ++c) {
      if (seg_.storage_index.Find(region, c) != nullptr) continue;
      columns.push_back(c);
      types.push_back(table_->columns[c].type);
    }
    if (!columns.empty()) summary_.Begin(columns, types, seg_.storage_index.changes());
  }
  return false;
}

void HeapScan::FinishBlock() {
  slot_ = 0;
  Advance(1);
  if (summary_.active() && (pos_ % kRegionBlocks == 0 || pos_ >= end_)) {
    // A region the scan's end cuts short is summarised only if it still ends there: rows
    // this statement inserted into blocks added since (past the scan's HWM, where it does
    // not look) belong to the same region and are not in the summary.
    if (pos_ % kRegionBlocks == 0 || seg_.data_blocks <= end_) {
      summary_.Store(seg_.storage_index, static_cast<uint32_t>((pos_ - 1) / kRegionBlocks));
    }
    summary_.Cancel();
  }
}

bool HeapScan::Next(DataChunk& out, std::vector<RowId>* rowids, SessionStats& stats) {
  if (out.ColumnCount() != types_.size() || out.Types() != types_) {
    out.Initialize(types_);
  } else {
    out.Reset();
  }
  if (rowids) rowids->clear();
  RefreshRuntimeFilters();
  ChooseRowProbes();
  size_t n = 0;
  // No columns at all is legal (COUNT(*)): only the row count matters then.
  const size_t cap = types_.empty() ? kVectorSize : std::min(kVectorSize, out.column(0).capacity());
  // A pass examines at most `cap` rows and ends with nothing pinned, so a block is got as
  // often as when the executor filtered: buffer gets do not depend on the predicates.
  size_t folded = 0;
  while (n == 0 && !done_ && pos_ < end_) {
    // Between batches nothing is pinned: an Aggregate (which never returns rows) may be
    // cancelled here.
    if (fold_ && interrupt_) interrupt_();
    size_t examined = 0;
    while (examined < cap && !done_ && pos_ < end_) {
      if (slot_ == 0 && (pos_ % kRegionBlocks == 0 || counters_.regions == 0)) {
        RefreshRuntimeFilters();
        if (done_ || SkipRegion(stats)) continue;
      }
      const Extent& r = runs_[run_];
      uint32_t block = r.start + off_;
      HeapPage page(blocks_->Read(block, r.count - off_, stats));
      if (slot_ == 0) {
        stats.Add(Stat::kTableScanBlocksGotten);
        // Only the heads of long rows when the batch walk reads just their start (a probe
        // or a region summary reads other fields).
        const size_t mean = page.MeanRowBytes();
        if (touch_reach_ > 0 && row_probes_.empty() && !summary_.active() &&
            (touch_reach_ + 64) * 3 < mean * 2) {
          page.TouchRowHeads(touch_reach_);
        } else {
          page.Touch();
        }
      }
      uint16_t slots = page.SlotCount();
      const bool probing = !row_probes_.empty();
      if (probing && verdict_block_ != block) ProbeBlock(page, block);
      while (!probing && !summary_.active() && slot_ < slots && examined < cap) {
        n = NextBatch(page, block, slots, cap, examined, n, folded, out, rowids, stats);
      }
      while (slot_ < slots && examined < cap) {
        if (probing && !summary_.active()) {
          // ProbeBlock judged every slot from here on: rejected rows (most, under a selective
          // filter) and empty slots are passed over without touching the row again.
          while (slot_ < slots && examined < cap) {
            const uint8_t v = verdict_[slot_];
            if (v == kReject) {
              ++examined;
            } else if (v != kNotARow) {
              break;
            }
            ++slot_;
          }
          if (slot_ >= slots || examined >= cap) break;
        }
        uint16_t s = slot_++;
        auto piece = page.RowInRange(s);
        if (!piece) continue;
        auto flags = static_cast<uint8_t>((*piece)[0]);
        // Bodies are reached through their heads; deleted rows wait for commit to free it.
        if (flags == kRowMigrated || flags == kRowDeleted) continue;
        // Rejected by ProbeBlock (the predicates or a filter's bits): not split again unless
        // a region summary needs every row.
        const uint8_t verdict = probing ? verdict_[s] : kPass;
        if (verdict == kReject && !summary_.active()) {
          ++examined;
          continue;
        }
        std::string_view row = *piece;
        if (flags == kRowForward) row = blocks_->MigratedBody(StubTarget(row), stats);
        if (summary_.active()) {
          SplitFields(row, fields_.data(), needed_all_.data(), needed_all_.size());
        } else {
          SplitListed(row, fields_.data(), read_list_);
        }
        const Field* fields = fields_.data();
        ++examined;
        if (summary_.active()) summary_.Add(fields_);
        // A row ProbeBlock passed has passed the predicates there already.
        const bool tested = probing && verdict == kPass;
        if (verdict == kReject || (!tested && !PassesPredicates(fields))) continue;
        if (verdict == kProbeInline && !ProbeRow()) continue;
        if (fold_) {
          fold_->Add(fields, flags == kRowForward ? row.data() + row.size() : page.End());
          ++folded;
          continue;
        }
        OutputRow(fields, block, s, out, n++, rowids);
      }
      if (slot_ >= slots) FinishBlock();
    }
    // A fetch call ends here: no buffer stays pinned across calls (Oracle releases them too).
    blocks_->Release();
    stats.Add(Stat::kTableScanRowsGotten, examined);
    counters_.rows_read += examined;
  }
  // Columns nobody above reads are NULL: valid data, never decoded.
  for (size_t c : skipped_) std::memset(out.column(c).Validity(), 0, n);
  counters_.rows_returned += n + folded;
  out.SetSize(n);
  ApplyMembership(out);
  return n > 0;
}

std::unique_ptr<ScanSource> Database::BeginScan(const TableInfo& table,
                                                std::vector<uint32_t> column_ids,
                                                SessionStats& stats) {
  ScanSpec spec;
  spec.table = &table;
  spec.column_ids = std::move(column_ids);
  return BeginScan(spec, stats);
}

}  // namespace pathdb::storage
