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
#if defined(__AVX2__)
#include <immintrin.h>
#endif

#include "common/hash.h"

namespace pathdb {

class BloomFilter {
 public:
  static constexpr double kBitsPerKey = 10;

  //! Room for `keys` distinct keys (at least one block).
  explicit BloomFilter(size_t keys);

  void Insert(uint64_t hash);
  //! False only when `hash` was never inserted. Inline: a probe-side scan calls it per row.
  bool MayContain(uint64_t hash) const {
    const uint64_t mixed = Mix(hash);
    const Block& b = blocks_[BlockOf(mixed)];
#if defined(__AVX2__)
    // The eight words at once: one multiply, shift and test for the whole block.
    const __m256i words = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b.data()));
    return _mm256_testc_si256(words, MaskOf8(static_cast<uint32_t>(mixed))) != 0;
#else
    const Block m = MaskOf(mixed);
    uint32_t missing = 0;
    for (size_t i = 0; i < b.size(); ++i) missing |= m[i] & ~b[i];
    return missing == 0;
#endif
  }
  //! keep[i] &= MayContain(hashes[i]) for i < n (the rows' probes overlap in the pipeline).
  void MayContainBatch(const uint64_t* hashes, size_t n, uint8_t* keep) const {
    for (size_t i = 0; i < n; ++i) keep[i] &= static_cast<uint8_t>(MayContain(hashes[i]));
  }

  //! Size of the bit array in bytes (V$SQL_JOIN_FILTER.LENGTH).
  uint64_t length_bytes() const {
    return blocks_.size() * sizeof(Block);
  }
  //! Bits set (V$SQL_JOIN_FILTER.BITS_SET).
  uint64_t bits_set() const;

 private:
  using Block = std::array<uint32_t, 8>;
  // Odd multipliers, one per word: bit = (low32 * salt) >> 27 (the split-block scheme).
  static constexpr Block kSalt = {0x47b6137bU, 0x44974d91U, 0x8824ad5bU, 0xa2b7289dU,
                                  0x705495c7U, 0x2df1424bU, 0x9efc4947U, 0x5c6bfb31U};
  // The join's key hash combines cell hashes cheaply; a final mix spreads it over all 64
  // bits so both the block index (high half) and the bit positions (low half) are uniform.
  static uint64_t Mix(uint64_t x) {
    return MixHash(x);
  }
  //! The block of a hash: multiply-shift maps the high 32 bits onto [0, blocks) without a
  //! division.
  size_t BlockOf(uint64_t mixed) const {
    return static_cast<size_t>(((mixed >> 32) * blocks_.size()) >> 32);
  }
  //! The 8-bit-per-word mask within a block.
  static Block MaskOf(uint64_t mixed) {
    Block m{};
    const auto low = static_cast<uint32_t>(mixed);
    for (size_t i = 0; i < m.size(); ++i) m[i] = 1U << ((low * kSalt[i]) >> 27);
    return m;
  }
#if defined(__AVX2__)
  static __m256i MaskOf8(uint32_t low) {
    const __m256i salt = _mm256_setr_epi32(static_cast<int>(kSalt[0]), static_cast<int>(kSalt[1]),
                                           static_cast<int>(kSalt[2]), static_cast<int>(kSalt[3]),
                                           static_cast<int>(kSalt[4]), static_cast<int>(kSalt[5]),
                                           static_cast<int>(kSalt[6]), static_cast<int>(kSalt[7]));
    const __m256i bit =
        _mm256_srli_epi32(_mm256_mullo_epi32(_mm256_set1_epi32(static_cast<int>(low)), salt), 27);
    return _mm256_sllv_epi32(_mm256_set1_epi32(1), bit);
  }
#endif
  std::vector<Block> blocks_;
};

}  // namespace pathdb
