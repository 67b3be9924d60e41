// Full table scan of a heap segment: region by region in physical order, rows decoded
// straight into the output vectors once they pass the scan's predicates.
#include "storage/heap_scan.h"

#include <algorithm>
#include <cstring>

#include "common/error.h"
#include "common/hash.h"
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
    summary_.Store(seg_.storage_index, static_cast<uint32_t>((pos_ - 1) / kRegionBlocks));
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
        page.Touch();
      }
      uint16_t slots = page.SlotCount();
      const bool probing = !row_probes_.empty();
      if (probing && verdict_block_ != block) ProbeBlock(page, block);
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
          fold_->Add(fields);
          ++folded;
          continue;
        }
        for (size_t c : decoded_) {
          Vector& v = out.column(c);
          uint32_t cid = column_ids_[c];
          if (cid == kRowIdColumn) {
            v.Data<Decimal>()[n] = Decimal::FromInt(RowId{kFileNo, block, s}.Pack());
            v.SetNull(n, false);
          } else if (fields[cid].is_null) {
            v.SetNull(n, true);
          } else {
            DecodeInto(fields[cid].bytes, v, n);
          }
        }
        if (rowids) rowids->push_back(RowId{kFileNo, block, s});
        ++n;
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

void HeapScan::ChooseRowProbes() {
  row_probes_.clear();
  ranges_tested_.clear();
  batch_tested_ = runtime_applied_;
  for (size_t i = 0; i < runtime_.size(); ++i) {
    if (!runtime_applied_[i]) continue;
    std::vector<TypeId> types;
    for (uint32_t col : runtime_[i].columns) types.push_back(table_->columns[col].type.id);
    if (!runtime_[i].filter->ProbesRows(types)) {
      if (!runtime_ranges_[i].empty()) ranges_tested_.push_back(i);
      continue;
    }
    const bool one_number = types.size() == 1 && types[0] == TypeId::kNumber;
    row_probes_.push_back(RowProbe{i, std::move(types), 0, 0, one_number,
                                   one_number ? runtime_[i].filter->integer_keys() : nullptr});
    batch_tested_[i] = false;
  }
}

bool HeapScan::RowKeyHash(const RowProbe& p, uint64_t& hash) const {
  const RuntimeFilterRef& ref = runtime_[p.filter];
  uint64_t h = 0;
  for (size_t k = 0; k < p.types.size(); ++k) {
    const Field& f = fields_[ref.columns[k]];
    if (f.is_null) return false;  // a NULL key never joins
    // The executor's key hash (executor/cell_ops.cpp HashCell) computed from the stored bytes.
    const uint64_t cell = p.types[k] == TypeId::kNumber
                              ? DecodeDecimal(f.bytes).Hash()
                              : MixHash(static_cast<uint64_t>(ReadI64(f.bytes)));
    h = CombineHash(h, cell);
  }
  hash = h;
  return true;
}

bool HeapScan::ProbeRow() {
  for (RowProbe& p : row_probes_) {
    ++p.probed;
    uint64_t h;
    if (!RowKeyHash(p, h) || !runtime_[p.filter].filter->MayContainHash(h)) {
      ++p.rejected;
      return false;
    }
  }
  return true;
}

// Row by row, a row's key hash (several multiplications) and its probe of the Bloom bits (a
// likely cache miss) formed one dependent chain: a LINEITEM scan under a join filter took
// twice a plain one. Here the hashes of a block's rows are computed in one loop and probed in
// another, so consecutive rows' work overlaps, and a rejected row is never split again.
void HeapScan::ProbeBlock(const HeapPage& page, uint32_t block) {
  const uint16_t slots = page.SlotCount();
  verdict_.assign(slots, kReject);
  verdict_block_ = block;
  // The fields the predicates and the probed keys read. Built per block: a run-time filter
  // published meanwhile may have added predicates on columns of its own.
  // Compiled again only when they change (a FieldList per block was two allocations).
  probe_needed_next_.assign(fields_.size(), 0);
  size_t n_fields = 0;
  auto need = [&](uint32_t col) {
    probe_needed_next_[col] = 1;
    n_fields = std::max<size_t>(n_fields, col + 1);
  };
  for (uint32_t col : preds_.columns()) need(col);
  for (size_t i : ranges_tested_) {
    for (uint32_t col : runtime_ranges_[i].columns()) need(col);
  }
  for (const RowProbe& p : row_probes_) {
    for (uint32_t col : runtime_[p.filter].columns) need(col);
  }
  if (probe_needed_next_ != probe_needed_ || probe_list_.end() != n_fields) {
    probe_needed_.swap(probe_needed_next_);
    probe_list_ = FieldList(probe_needed_.data(), n_fields);
  }
  // Often nothing but the probe: then no call per row to find that there is nothing to test.
  const bool test_preds = !preds_.empty() || !ranges_tested_.empty();
  if (row_probes_.size() == 1 && row_probes_[0].exact != nullptr) {
    ProbeBlockExact(page, test_preds);
    return;
  }
  const size_t n_probes = row_probes_.size();
  // Sized for every slot and written by index: a push_back per row and probe (its capacity
  // test through the vector of vectors) was a sixth of this loop's instructions.
  candidates_.resize(slots);
  hashes_.resize(n_probes);
  small_keys_.resize(n_probes);
  hash_at_.resize(n_probes);
  key_at_.resize(n_probes);
  for (size_t i = 0; i < n_probes; ++i) {
    hashes_[i].resize(slots);
    small_keys_[i].resize(row_probes_[i].one_number ? slots : 0);
    hash_at_[i] = hashes_[i].data();
    key_at_[i] = small_keys_[i].data();
  }
  // Two passes: this one splits the rows and keeps each NUMBER key's coefficient; the next
  // hashes them. Hashing inside this loop made each row's hash (a chain of dependent
  // multiplications) wait for the row's splitting, and the next row's splitting for it.
  const char* limit = page.End();
  const Field* one_key = n_probes == 1 && row_probes_[0].one_number
                             ? &fields_[runtime_[row_probes_[0].filter].columns[0]]
                             : nullptr;
  size_t m = 0;  // candidates so far; a rejected row's writes at m are overwritten
  // From the scan's position: a filter published in the middle of a block leaves the rows
  // already returned alone (and out of its counts).
  for (uint16_t s = slot_; s < slots; ++s) {
    auto piece = page.RowInRange(s);
    if (!piece) {
      verdict_[s] = kNotARow;
      continue;
    }
    const auto flags = static_cast<uint8_t>((*piece)[0]);
    if (flags == kRowMigrated || flags == kRowDeleted) {  // never output here
      verdict_[s] = kNotARow;
      continue;
    }
    if (flags == kRowForward) {
      verdict_[s] = kProbeInline;
      continue;
    }
    SplitListed(*piece, fields_.data(), probe_list_);
    if (test_preds && !PassesPredicates(fields_.data())) continue;
    if (one_key != nullptr) {  // the loop below for its most common case, one NUMBER key
      const Field& f = *one_key;
      if (f.is_null) {  // a NULL key never joins
        ++row_probes_[0].probed;
        ++row_probes_[0].rejected;
        continue;
      }
      GatherNumberKey(0, f, m, limit);
      candidates_[m++] = s;
      continue;
    }
    size_t null_at = 0;
    for (; null_at < n_probes; ++null_at) {
      const RowProbe& p = row_probes_[null_at];
      if (!p.one_number) {
        if (!RowKeyHash(p, hash_at_[null_at][m])) break;
        continue;
      }
      const Field& f = fields_[runtime_[p.filter].columns[0]];
      if (f.is_null) break;  // a NULL key never joins
      GatherNumberKey(null_at, f, m, limit);
    }
    if (null_at < n_probes) {  // counted where ProbeRow would reject it
      ++row_probes_[null_at].probed;
      ++row_probes_[null_at].rejected;
      continue;
    }
    candidates_[m++] = s;
  }
  candidates_.resize(m);
  for (size_t i = 0; i < n_probes; ++i) {
    hashes_[i].resize(m);
    if (row_probes_[i].one_number) small_keys_[i].resize(m);
  }
  // The executor's key hash (executor/cell_ops.cpp HashCell, then CombineHash from 0) of
  // every gathered coefficient: rows are independent, so their multiplications overlap.
  for (size_t i = 0; i < n_probes; ++i) {
    if (!row_probes_[i].one_number || row_probes_[i].exact != nullptr) continue;
    uint64_t* h = hashes_[i].data();
    const SmallKey* k = small_keys_[i].data();
    for (size_t j = 0, n = hashes_[i].size(); j < n; ++j) {
      if (k[j].scale != kHashedAlready)
        h[j] = CombineHash(0, Decimal::HashOf(k[j].coef, k[j].scale));
    }
  }
  // Filter by filter over the rows the earlier ones kept, as ProbeRow does row by row.
  size_t n = candidates_.size();
  for (size_t i = 0; i < n_probes && n > 0; ++i) {
    RowProbe& p = row_probes_[i];
    keep_.assign(n, 1);
    if (p.exact != nullptr) {
      // The integer key against the exact key set; only keys beyond 64 bits (hashed above)
      // take the Bloom bits.
      const SmallKey* k = small_keys_[i].data();
      for (size_t j = 0; j < n; ++j) {
        keep_[j] =
            k[j].scale == kHashedAlready
                ? static_cast<uint8_t>(runtime_[p.filter].filter->MayContainHash(hashes_[i][j]))
                : static_cast<uint8_t>(p.exact->ContainsScaled(k[j].coef, k[j].scale));
      }
    } else {
      runtime_[p.filter].filter->MayContainHashes(hashes_[i].data(), n, keep_.data());
    }
    size_t kept = 0;
    for (size_t j = 0; j < n; ++j) {
      if (!keep_[j]) continue;
      candidates_[kept] = candidates_[j];
      for (size_t q = i + 1; q < n_probes; ++q) {
        hashes_[q][kept] = hashes_[q][j];
        if (row_probes_[q].one_number) small_keys_[q][kept] = small_keys_[q][j];
      }
      ++kept;
    }
    p.probed += n;
    p.rejected += n - kept;
    n = kept;
  }
  for (size_t j = 0; j < n; ++j) verdict_[candidates_[j]] = kPass;
}

// ProbeBlock for its commonest join filter: one integer key tested against the build's exact
// key set (Q4's LINEITEM under 57K order keys). There is no hash to compute, so the general
// loop's second pass and its candidate lists only cost (~60 of its ~140 instructions a row):
// here each row's key is tested as soon as it is split.
void HeapScan::ProbeBlockExact(const HeapPage& page, bool test_preds) {
  RowProbe& p = row_probes_[0];
  const RuntimeFilter& filter = *runtime_[p.filter].filter;
  const RuntimeFilter::IntegerKeySet& set = *p.exact;
  const char* limit = page.End();
  const uint16_t slots = page.SlotCount();
  // Nothing but the key to find (no predicate): its field is reached by stepping over the
  // ones before it, without SplitListed's loop over a list of one.
  const uint32_t key_column = runtime_[p.filter].columns[0];
  const bool key_only = !test_preds && probe_list_.steps().size() == 1;
  Field& key_field = fields_[key_column];
  uint64_t probed = 0, rejected = 0;
  for (uint16_t s = slot_; s < slots; ++s) {
    auto piece = page.RowInRange(s);
    if (!piece) {
      verdict_[s] = kNotARow;
      continue;
    }
    const auto flags = static_cast<uint8_t>((*piece)[0]);
    if (flags == kRowMigrated || flags == kRowDeleted) {  // never output here
      verdict_[s] = kNotARow;
      continue;
    }
    if (flags == kRowForward) {
      verdict_[s] = kProbeInline;
      continue;
    }
    if (key_only && StoredColumns(*piece) > key_column) {
      const auto* b = reinterpret_cast<const unsigned char*>(piece->data());
      const size_t size = piece->size();
      size_t pos = 3;
      for (uint32_t k = key_column; k > 0; --k) pos = SkipField(b, size, pos);
      if (ReadField(b, size, pos, key_field) > size) ThrowBadRow();
    } else {
      SplitListed(*piece, fields_.data(), probe_list_);
      if (test_preds && !PassesPredicates(fields_.data())) continue;
    }
    ++probed;
    bool pass = false;  // a NULL key never joins
    if (!key_field.is_null) {
      int64_t coef;
      int32_t scale;
      uint64_t hash;
      if (DecodeSmallNumber(key_field.bytes, limit, coef, scale)) {
        pass = set.ContainsScaled(coef, scale);
      } else {  // wider than 64 bits: only the Bloom bits can tell
        pass = RowKeyHash(p, hash) && filter.MayContainHash(hash);
      }
    }
    if (pass) {
      verdict_[s] = kPass;
    } else {
      ++rejected;
    }
  }
  p.probed += probed;
  p.rejected += rejected;
}

void HeapScan::ApplyMembership(DataChunk& out) {
  for (const RowProbe& p : row_probes_) {
    runtime_[p.filter].filter->ObserveRows(p.probed, p.rejected);
    counters_.rows_rejected_runtime += p.rejected;
  }
  row_probes_.clear();
  counters_.rows_rejected_runtime +=
      ApplyRuntimeMembership(runtime_, batch_tested_, runtime_output_, out);
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
