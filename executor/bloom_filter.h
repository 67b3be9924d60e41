// BloomFilter: the bits of a join filter (:BF0000). A split-block Bloom filter: each key sets
// 8 bits in one 32-byte block, one bit per 32-bit word, so a probe touches one cache line and
// needs no loop over hash functions. Hand-written rather than taken from a library because the
// bits must be filled from the join's own key hashes (JoinHashTable::HashKey), which Boost's
// bloom filter (1.89+, not in Debian's Boost) would hash again.
//
// Sized from the number of distinct keys actually built (never from an estimate): at least
// kBitsPerKey bits per key, which gives about 1% false positives.
//
// Threads: filled by one thread before publication; read-only afterwards (any thread).
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace pathdb {

class BloomFilter {
 public:
  static constexpr double kBitsPerKey = 10;

  //! Room for `keys` distinct keys (at least one block).
  explicit BloomFilter(size_t keys);

  void Insert(uint64_t hash);
  //! False only when `hash` was never inserted.
  bool MayContain(uint64_t hash) const;

  //! Size of the bit array in bytes (V$SQL_JOIN_FILTER.LENGTH).
  uint64_t length_bytes() const { return blocks_.size() * sizeof(Block); }
  //! Bits set (V$SQL_JOIN_FILTER.BITS_SET).
  uint64_t bits_set() const;

 private:
  using Block = std::array<uint32_t, 8>;
  //! The block of a hash and the 8-bit-per-word mask within it.
  size_t BlockOf(uint64_t mixed) const;
  static Block MaskOf(uint64_t mixed);
  std::vector<Block> blocks_;
};

}  // namespace pathdb
