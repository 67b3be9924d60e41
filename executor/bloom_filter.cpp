#include "executor/bloom_filter.h"

#include <bit>
#include <cmath>

namespace pathdb {

BloomFilter::BloomFilter(size_t keys) {
  const double bits = std::max(1.0, static_cast<double>(keys)) * kBitsPerKey;
  blocks_.resize(static_cast<size_t>(std::ceil(bits / (8.0 * sizeof(Block)))), Block{});
}

void BloomFilter::Insert(uint64_t hash) {
  const uint64_t mixed = Mix(hash);
  Block& b = blocks_[BlockOf(mixed)];
  const Block m = MaskOf(mixed);
  for (size_t i = 0; i < b.size(); ++i) b[i] |= m[i];
}

uint64_t BloomFilter::bits_set() const {
  uint64_t n = 0;
  for (const Block& b : blocks_)
    for (uint32_t w : b) n += static_cast<uint64_t>(std::popcount(w));
  return n;
}

}  // namespace pathdb
