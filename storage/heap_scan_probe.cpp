// The join-filter probes of a full table scan (HeapScan, storage/heap_scan.h): which
// published filters are tested on the stored rows, and the per-block probe that judges every
// slot of a block before any row of it is decoded.
#include <algorithm>

#include "common/hash.h"
#include "storage/heap_page.h"
#include "storage/heap_scan.h"
#include "storage/row_codec.h"

namespace pathdb::storage {

// Defined here, ahead of its two callers, so both inline it (once per row).
std::optional<std::string_view> HeapScan::ProbedRow(const HeapPage& page, uint16_t s) {
  auto piece = page.RowInRange(s);
  if (!piece) {
    verdict_[s] = kNotARow;
    return std::nullopt;
  }
  const auto flags = static_cast<uint8_t>((*piece)[0]);
  if (flags == kRowMigrated || flags == kRowDeleted) {  // never output here
    verdict_[s] = kNotARow;
    return std::nullopt;
  }
  if (flags == kRowForward) {
    verdict_[s] = kProbeInline;
    return std::nullopt;
  }
  return piece;
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
    const auto piece = ProbedRow(page, s);
    if (!piece) continue;
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
    const auto piece = ProbedRow(page, s);
    if (!piece) continue;
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

}  // namespace pathdb::storage
