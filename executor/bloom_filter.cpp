#include "executor/bloom_filter.h"

#include <bit>
#include <cmath>

#include "executor/cell_ops.h"

namespace pathdb {
namespace {

// The join's key hash combines cell hashes cheaply; a final mix spreads it over all 64 bits
// so that both the block index (high half) and the bit positions (low half) are uniform.
uint64_t Mix(uint64_t h) { return MixHash(h); }

// Odd multipliers, one per word: bit = (low32 * salt) >> 27 (the split-block scheme).
constexpr std::array<uint32_t, 8> kSalt = {0x47b6137bU, 0x44974d91U, 0x8824ad5bU, 0xa2b7289dU,
                                           0x705495c7U, 0x2df1424bU, 0x9efc4947U, 0x5c6bfb31U};

}  // namespace

BloomFilter::BloomFilter(size_t keys) {
  const double bits = std::max(1.0, static_cast<double>(keys)) * kBitsPerKey;
  blocks_.resize(static_cast<size_t>(std::ceil(bits / (8.0 * sizeof(Block)))), Block{});
}

size_t BloomFilter::BlockOf(uint64_t mixed) const {
  // Multiply-shift maps the high 32 bits onto [0, blocks) without a division.
  return static_cast<size_t>(((mixed >> 32) * blocks_.size()) >> 32);
}

BloomFilter::Block BloomFilter::MaskOf(uint64_t mixed) {
  Block m{};
  const auto low = static_cast<uint32_t>(mixed);
  for (size_t i = 0; i < m.size(); ++i) m[i] = 1U << ((low * kSalt[i]) >> 27);
  return m;
}

void BloomFilter::Insert(uint64_t hash) {
  const uint64_t mixed = Mix(hash);
  Block& b = blocks_[BlockOf(mixed)];
  const Block m = MaskOf(mixed);
  for (size_t i = 0; i < b.size(); ++i) b[i] |= m[i];
}

bool BloomFilter::MayContain(uint64_t hash) const {
  const uint64_t mixed = Mix(hash);
  const Block& b = blocks_[BlockOf(mixed)];
  const Block m = MaskOf(mixed);
  uint32_t missing = 0;
  for (size_t i = 0; i < b.size(); ++i) missing |= m[i] & ~b[i];
  return missing == 0;
}

uint64_t BloomFilter::bits_set() const {
  uint64_t n = 0;
  for (const Block& b : blocks_)
    for (uint32_t w : b) n += static_cast<uint64_t>(std::popcount(w));
  return n;
}

}  // namespace pathdb
