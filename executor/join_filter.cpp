#include "executor/join_filter.h"

#include <algorithm>
#include <cmath>

#include "executor/cell_ops.h"
#include "executor/join_hash_table.h"

namespace pathdb {

void JoinFilter::PublishFromTable(const JoinHashTable& table, const std::vector<size_t>& keys,
                                  const std::vector<TypeId>& compare_as) {
  // A join restarted inside a correlated subquery publishes again into the same filter.
  compare_as_.clear();
  bool all_keys = keys.size() == compare_as.size();
  for (size_t k = 0; k < keys.size(); ++k) {
    compare_as_.push_back(compare_as.at(keys[k]));
    all_keys = all_keys && keys[k] == k;
  }
  const ChunkCollection& distinct = table.keys();
  bloom_ = std::make_unique<BloomFilter>(distinct.size());
  std::vector<std::optional<Value>> min(keys.size()), max(keys.size());
  // A NUMBER key column (flat Decimals: what ChunkCollection::Scan gives) is summarised on
  // its Decimals; building a Value per key and comparing Values was half of publishing
  // (adaptive q1: 500 instructions a key, as many as inserting the 2,001 build rows).
  std::vector<std::optional<Decimal>> min_num(keys.size()), max_num(keys.size());
  std::vector<LogicalType> num_type(keys.size());
  DataChunk chunk(distinct.types());
  std::vector<const Vector*> columns(keys.size());
  // One NUMBER key whose values are all integers: candidates for the exact IntegerKeySet.
  bool integers = keys.size() == 1 && compare_as_[0] == TypeId::kNumber;
  std::vector<int64_t> ints;
  auto note_integer = [&](const Decimal& d) {
    const std::optional<int64_t> i = d.ToInt64();
    integers = i && Decimal{*i, 0} == d;
    if (integers) ints.push_back(*i);
  };
  std::vector<uint32_t> rows;  // the chunk's rows whose key columns are all non-NULL
  for (size_t first = 0; first < distinct.size(); first += kVectorSize) {
    const size_t n = std::min<size_t>(kVectorSize, distinct.size() - first);
    distinct.Scan(first, n, chunk);
    for (size_t k = 0; k < keys.size(); ++k) columns[k] = &chunk.column(keys[k]);
    rows.clear();
    for (size_t r = 0; r < n; ++r) {
      // Distinct keys are non-NULL tuples; a column of a subset may still be NULL.
      bool null = false;
      for (const Vector* v : columns) null = null || v->IsNull(r);
      if (null) continue;
      rows.push_back(static_cast<uint32_t>(r));
      bloom_->Insert(all_keys ? table.key_hash(static_cast<uint32_t>(first + r))
                              : JoinHashTable::HashKey(columns, r, compare_as_));
    }
    for (size_t k = 0; k < keys.size(); ++k) {
      const Vector& v = *columns[k];
      if (v.type().id == TypeId::kNumber && v.kind() == Vector::Kind::kFlat) {
        num_type[k] = v.type();
        const Decimal* d = v.Data<Decimal>();
        std::optional<Decimal>& lo = min_num[k];
        std::optional<Decimal>& hi = max_num[k];
        for (uint32_t r : rows) {
          if (integers) note_integer(d[r]);
          if (!lo || d[r] < *lo) lo = d[r];
          if (!hi || d[r] > *hi) hi = d[r];
        }
        continue;
      }
      for (uint32_t r : rows) {
        Value x = v.GetValue(r);
        if (integers) {
          if (x.type().id == TypeId::kNumber) {
            note_integer(x.number());
          } else {
            integers = false;
          }
        }
        if (!min[k] || x.Compare(*min[k]) < 0) min[k] = x;
        if (!max[k] || x.Compare(*max[k]) > 0) max[k] = x;
      }
    }
  }
  for (size_t k = 0; k < keys.size(); ++k) {
    if (!min_num[k]) continue;
    const Value lo = Value::Number(*min_num[k], num_type[k]);
    const Value hi = Value::Number(*max_num[k], num_type[k]);
    if (!min[k] || lo.Compare(*min[k]) < 0) min[k] = lo;
    if (!max[k] || hi.Compare(*max[k]) > 0) max[k] = hi;
  }
  // Key-range summaries, from a second pass now that min and max are known.
  ranges_.assign(keys.size(), RangeSummary{});
  for (size_t k = 0; k < keys.size(); ++k) {
    if (!min[k] || min[k]->type().id != TypeId::kNumber) continue;
    RangeSummary& s = ranges_[k];
    s.lo = min[k]->number().ToDouble();
    s.hi = max[k]->number().ToDouble();
    // Doubles place a NUMBER within a bucket only while the range is wide against the
    // magnitude of its bounds (bucket + 1 of slack covers the rounding).
    const double magnitude = std::max(std::fabs(s.lo), std::fabs(s.hi));
    if (!(s.hi > s.lo) || magnitude > 1e15 || s.hi - s.lo < 1e-9 * std::max(1.0, magnitude))
      continue;
    s.buckets.assign(kRangeBuckets, false);
  }
  for (size_t first = 0; first < distinct.size(); first += kVectorSize) {
    const size_t n = std::min<size_t>(kVectorSize, distinct.size() - first);
    distinct.Scan(first, n, chunk);
    for (size_t k = 0; k < keys.size(); ++k) {
      if (ranges_[k].buckets.empty()) continue;
      const Vector& v = chunk.column(keys[k]);
      const bool flat = v.kind() == Vector::Kind::kFlat;
      for (size_t r = 0; r < n; ++r) {
        if (v.IsNull(r)) continue;
        const double x = flat ? v.Data<Decimal>()[r].ToDouble() : v.GetValue(r).number().ToDouble();
        ranges_[k].buckets[BucketOf(k, x)] = true;
      }
    }
  }
  integer_keys_ = IntegerKeySet{};
  if (integers && !ints.empty()) BuildIntegerKeys(ints);
  // Counted once: the bits never change after publication, and the Note of a JOIN FILTER USE
  // line reads the count every batch (a popcount of the whole filter each time was 3% of Q4).
  bits_set_ = bloom_->bits_set();
  Publish(!min.empty() && !min[0], std::move(min), std::move(max));
}

void JoinFilter::BuildIntegerKeys(const std::vector<int64_t>& keys) {
  const auto [lo, hi] = std::minmax_element(keys.begin(), keys.end());
  const uint64_t span = static_cast<uint64_t>(*hi) - static_cast<uint64_t>(*lo) + 1;
  const uint64_t limit = std::min(
      kIntegerSetMaxBits,
      std::max({kIntegerSetMinBits, kIntegerSetBitsPerKey * keys.size(),
                std::min(kIntegerSetCacheBitsPerKey * keys.size(), kIntegerSetCacheBits)}));
  if (span == 0 || span > limit) return;  // span == 0: the whole 64-bit range wrapped
  integer_keys_.lo = *lo;
  integer_keys_.bits = span;
  integer_keys_.words.assign((span + 63) / 64, 0);
  for (int64_t v : keys) {
    const uint64_t at = static_cast<uint64_t>(v) - static_cast<uint64_t>(*lo);
    integer_keys_.words[at >> 6] |= uint64_t{1} << (at & 63);
  }
}

size_t JoinFilter::BucketOf(size_t k, double x) const {
  const RangeSummary& s = ranges_[k];
  const double at = (x - s.lo) / (s.hi - s.lo) * static_cast<double>(kRangeBuckets);
  if (!(at > 0)) return 0;
  return std::min(kRangeBuckets - 1, static_cast<size_t>(at));
}

bool JoinFilter::MayMatchRange(size_t k, const Value& lo, const Value& hi) const {
  if (k >= ranges_.size() || ranges_[k].buckets.empty() || lo.type().id != TypeId::kNumber ||
      hi.type().id != TypeId::kNumber)
    return true;
  const RangeSummary& s = ranges_[k];
  const double a = lo.number().ToDouble(), b = hi.number().ToDouble();
  if (b < s.lo || a > s.hi) return true;  // outside [min, max]: the range predicates decide
  // One bucket of slack on each side: doubles round NUMBERs, never by a whole bucket.
  const size_t first = BucketOf(k, std::max(a, s.lo)), last = BucketOf(k, std::min(b, s.hi));
  for (size_t i = first == 0 ? 0 : first - 1; i <= std::min(kRangeBuckets - 1, last + 1); ++i)
    if (s.buckets[i]) return true;
  return false;
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
  if (integer_keys_.bits > 0 && keys.size() == 1 && keys[0]->type().id == TypeId::kNumber &&
      keys[0]->kind() == Vector::Kind::kFlat) {
    // The exact key set: a NUMBER with a 64-bit coefficient needs no hash.
    const Vector& v = *keys[0];
    const Decimal* d = v.Data<Decimal>();
    SelectionVector keep;
    keep.reserve(n);
    for (size_t i = 0; i < n; ++i) {
      const uint32_t r = chunk.RowIndex(i);
      if (v.IsNull(r)) continue;
      const bool small = d[r].coef >= INT64_MIN && d[r].coef <= INT64_MAX;
      if (small ? integer_keys_.ContainsScaled(static_cast<int64_t>(d[r].coef), d[r].scale)
                : bloom_->MayContain(CombineHash(0, d[r].Hash())))
        keep.push_back(r);
    }
    const uint64_t rejected = n - keep.size();
    if (rejected > 0) chunk.SetSelection(std::move(keep));
    Observe(n, rejected);
    return;
  }
  // The batch's key hashes first (the join's own, column by column), then the probes.
  hashes_.assign(n, 0);
  nulls_.assign(n, 0);
  for (size_t k = 0; k < keys.size(); ++k)
    HashColumn(*keys[k], chunk, compare_as_[k], hashes_.data(), nulls_.data());
  SelectionVector keep;
  keep.reserve(n);
  for (size_t i = 0; i < n; ++i) {
    if (!nulls_[i] && bloom_->MayContain(hashes_[i])) keep.push_back(chunk.RowIndex(i));
  }
  const uint64_t rejected = n - keep.size();
  if (rejected > 0) chunk.SetSelection(std::move(keep));
  Observe(n, rejected);
}

bool JoinFilter::ProbesRows(const std::vector<TypeId>& column_types) const {
  // While switched off, batches count the rows passed untested (ApplyMembership) until the
  // next sample window.
  if (bloom_ == nullptr || !active_ || column_types.size() != compare_as_.size()) return false;
  for (size_t k = 0; k < column_types.size(); ++k) {
    const TypeId t = column_types[k];
    if (t != compare_as_[k]) return false;  // e.g. NUMBER hashed as BINARY_DOUBLE
    if (t != TypeId::kNumber && t != TypeId::kDate && t != TypeId::kIntervalYM &&
        t != TypeId::kIntervalDS)
      return false;
  }
  return true;
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
    c.bits_set = bits_set_;
  }
  return c;
}

}  // namespace pathdb
