#include "executor/join_filter.h"

#include "executor/join_hash_table.h"

namespace pathdb {

void JoinFilter::PublishFromTable(const JoinHashTable& table, const std::vector<size_t>& keys,
                                  const std::vector<TypeId>& compare_as) {
  bool all_keys = keys.size() == compare_as.size();
  for (size_t k = 0; k < keys.size(); ++k) {
    compare_as_.push_back(compare_as.at(keys[k]));
    all_keys = all_keys && keys[k] == k;
  }
  const ChunkCollection& distinct = table.keys();
  bloom_ = std::make_unique<BloomFilter>(distinct.size());
  std::vector<std::optional<Value>> min(keys.size()), max(keys.size());
  DataChunk chunk(distinct.types());
  std::vector<const Vector*> columns(keys.size());
  for (size_t first = 0; first < distinct.size(); first += kVectorSize) {
    const size_t n = std::min<size_t>(kVectorSize, distinct.size() - first);
    distinct.Scan(first, n, chunk);
    for (size_t k = 0; k < keys.size(); ++k) columns[k] = &chunk.column(keys[k]);
    for (size_t r = 0; r < n; ++r) {
      // Distinct keys are non-NULL tuples; a column of a subset may still be NULL.
      bool null = false;
      for (const Vector* v : columns) null = null || v->IsNull(r);
      if (null) continue;
      bloom_->Insert(all_keys ? table.key_hash(static_cast<uint32_t>(first + r))
                              : JoinHashTable::HashKey(columns, r, compare_as_));
      for (size_t k = 0; k < keys.size(); ++k) {
        Value x = columns[k]->GetValue(r);
        if (!min[k] || x.Compare(*min[k]) < 0) min[k] = x;
        if (!max[k] || x.Compare(*max[k]) > 0) max[k] = x;
      }
    }
  }
  Publish(!min.empty() && !min[0], std::move(min), std::move(max));
}

void JoinFilter::ApplyMembership(const std::vector<const Vector*>& keys, DataChunk& chunk) const {
  const size_t n = chunk.Count();
  if (n == 0 || bloom_ == nullptr) return;
  if (!active_) {
    passed_untested_ += n;
    if (passed_untested_ < kRetryRows) return;
    active_ = true;  // sample one more window: the data may have changed along the segment
    window_probed_ = window_filtered_ = 0;
  }
  SelectionVector keep;
  keep.reserve(n);
  for (size_t i = 0; i < n; ++i) {
    const uint32_t r = chunk.RowIndex(i);
    bool null = false;
    for (const Vector* v : keys) null = null || v->IsNull(r);
    if (!null && bloom_->MayContain(JoinHashTable::HashKey(keys, r, compare_as_)))
      keep.push_back(r);
  }
  const uint64_t rejected = n - keep.size();
  if (rejected > 0) chunk.SetSelection(std::move(keep));
  Observe(n, rejected);
}

void JoinFilter::Observe(uint64_t probed, uint64_t rejected) const {
  probed_ += probed;
  filtered_ += rejected;
  window_probed_ += probed;
  window_filtered_ += rejected;
  if (window_probed_ < kWindowRows) return;
  // Probing costs a hash and a cache miss per row; rejecting under a third does not pay.
  if (window_filtered_ * 3 < window_probed_) {
    active_ = false;
    ++deactivated_;
    passed_untested_ = 0;
  }
  window_probed_ = window_filtered_ = 0;
}

JoinFilter::Counters JoinFilter::counters() const {
  Counters c;
  c.probed = probed_;
  c.filtered = filtered_;
  c.active = active_;
  c.deactivated = deactivated_;
  if (bloom_) {
    c.length = bloom_->length_bytes();
    c.bits_set = bloom_->bits_set();
  }
  return c;
}

}  // namespace pathdb
