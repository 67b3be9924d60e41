// The hash functions every layer must agree on: the executor hashes join and group keys with
// them, and a scan that tests a join filter's bits on stored rows (storage/heap_scan.cpp)
// must produce the very same values from the encoded fields.
// Threads: pure functions.
#pragma once
#include <cstdint>

namespace pathdb {

//! A 64-bit finalizer (murmur3's fmix64): spreads every input bit over the whole result.
inline uint64_t MixHash(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  x ^= x >> 33;
  return x;
}

//! Mixes a cell hash into a running row hash (the row hash of a key tuple starts at 0).
inline uint64_t CombineHash(uint64_t h, uint64_t cell) {
  h ^= cell + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
  return h;
}

}  // namespace pathdb
