// JoinFilter: a run-time filter a HASH JOIN publishes from its build side for a scan of its
// probe side (Oracle's :BF0000). It carries, per key column, the build keys' min and max (the
// scan skips storage-index regions and rows outside them) and Bloom bits over the key tuples,
// filled from the hashes the join's own table computed (JoinHashTable::HashKey), so no build
// key is hashed twice and a probe key hashes exactly as the join would compare it. Sized from
// the build's actual distinct count. Safe only where dropping a probe row without a match
// cannot change the result (inner joins, semi joins testing the probe side); a NULL key never
// matches and never enters the filter.
//
// Beyond Oracle, the filter watches itself: over each window of kWindowRows probed rows, when
// it rejected less than a third it stops probing (ACTIVE = NO: rows pass untested, the min/max
// ranges stay) and after kRetryRows more rows it samples one window again.
//
// Threads: published once by the join's thread; probed by one scan at a time (the counters
// are plain members of this execution's state), read for V$SQL_JOIN_FILTER afterwards.
#pragma once
#include <memory>
#include <optional>

#include "executor/bloom_filter.h"
#include "storage/scan_spec.h"

namespace pathdb {

class JoinHashTable;

class JoinFilter final : public storage::RuntimeFilter {
 public:
  static constexpr uint64_t kWindowRows = 65536;
  static constexpr uint64_t kRetryRows = 1 << 20;

  //! Publishes the filter over join keys `keys` (positions among the join's keys, in the
  //! order the probe side passes them) of `table`'s distinct keys, compare_as = the join's
  //! per-key compare types. When `keys` covers every join key in order, the table's own key
  //! hashes are used.
  void PublishFromTable(const JoinHashTable& table, const std::vector<size_t>& keys,
                        const std::vector<TypeId>& compare_as);
  void ApplyMembership(const std::vector<const Vector*>& keys, DataChunk& chunk) const override;
  bool ProbesRows(const std::vector<TypeId>& column_types) const override;
  bool MayContainHash(uint64_t hash) const override { return bloom_->MayContain(hash); }
  void MayContainHashes(const uint64_t* hashes, size_t n, uint8_t* keep) const override {
    bloom_->MayContainBatch(hashes, n, keep);
  }
  void ObserveRows(uint64_t probed, uint64_t rejected) const override { Observe(probed, rejected); }
  const IntegerKeySet* integer_keys() const override {
    return integer_keys_.bits > 0 ? &integer_keys_ : nullptr;
  }
  //! An IntegerKeySet is kept while its span is at most max(kIntegerSetMinBits,
  //! kIntegerSetBitsPerKey x keys, min(kIntegerSetCacheBitsPerKey x keys,
  //! kIntegerSetCacheBits)) bits (and at most kIntegerSetMaxBits): ids of a selective
  //! dimension spread over a million-id table take 128 KiB, under the L2 cache; a sparser
  //! set still fits a 1 MiB L2 (TPC-H Q4: 57,218 orders over 6,000,000 order keys, 732 KiB),
  //! where one bit test a row costs less than a hash and a Bloom probe and passes no false
  //! positives.
  static constexpr uint64_t kIntegerSetMinBits = uint64_t{1} << 21;
  static constexpr uint64_t kIntegerSetBitsPerKey = 64;
  static constexpr uint64_t kIntegerSetCacheBitsPerKey = 128;
  static constexpr uint64_t kIntegerSetCacheBits = uint64_t{1} << 23;
  static constexpr uint64_t kIntegerSetMaxBits = uint64_t{1} << 27;
  //! NUMBER keys: the key-range summary (kRangeBuckets equal buckets over [min, max], a bit
  //! per bucket holding a build key) answers whether [lo, hi] meets a bucket with keys.
  bool MayMatchRange(size_t k, const Value& lo, const Value& hi) const override;
  static constexpr size_t kRangeBuckets = 4096;

  //! What V$SQL_JOIN_FILTER and the session statistics show.
  struct Counters {
    uint64_t probed = 0;    //!< rows tested against the bits
    uint64_t filtered = 0;  //!< rows the bits rejected
    uint64_t length = 0;    //!< bytes of Bloom bits
    uint64_t bits_set = 0;
    bool active = true;        //!< still probing
    uint32_t deactivated = 0;  //!< times it stopped probing for filtering too little
  };
  Counters counters() const;

 private:
  //! Window bookkeeping after `probed` rows of which `rejected` failed the bits.
  void Observe(uint64_t probed, uint64_t rejected) const;

  //! Bucket of `x` in key column k's summary (REQUIRES: its summary exists, x within range).
  size_t BucketOf(size_t k, double x) const;

  std::vector<TypeId> compare_as_;  //!< per filter key column
  std::unique_ptr<BloomFilter> bloom_;
  //! Per key column: the range summary (empty when the column is not a NUMBER, or the keys
  //! are one value) and its bounds as doubles.
  struct RangeSummary {
    std::vector<bool> buckets;
    double lo = 0, hi = 0;
  };
  std::vector<RangeSummary> ranges_;
  IntegerKeySet integer_keys_;  //!< bits == 0: none
  uint64_t bits_set_ = 0;       //!< of bloom_, counted at publication
  //! Builds integer_keys_ from the keys' integer values when they qualify.
  void BuildIntegerKeys(const std::vector<int64_t>& keys);
  // Probe-side statistics and the self-disable state: mutable because probing is logically
  // const (it never changes which rows may match); one scan probes at a time.
  mutable uint64_t probed_ = 0, filtered_ = 0;
  mutable uint64_t window_probed_ = 0, window_filtered_ = 0, passed_untested_ = 0;
  mutable bool active_ = true;
  //! Per-batch scratch of ApplyMembership (kept to avoid an allocation per batch).
  mutable std::vector<uint64_t> hashes_;
  mutable std::vector<uint8_t> nulls_;
  mutable uint32_t deactivated_ = 0;
};

}  // namespace pathdb
