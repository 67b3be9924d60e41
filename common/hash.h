// The hash functions every layer must agree on: the executor hashes join and group keys with
// them, and a scan that tests a join filter's bits on stored rows (storage/heap_scan.cpp)
// must produce the very same values from the encoded fields.
// Threads: pure functions.
#pragma once
#include <cstdint>
#include <cstring>
#include <functional>
#include <string_view>

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

//! Hash of a string key. Keys of up to 16 bytes (codes, flags, names: what GROUP BY and joins
//! mostly meet) are read as two possibly overlapping words and mixed once with their length
//! -- a few instructions instead of a call to the library's byte-wise hash, which longer
//! strings still take. Distinct strings of one length give distinct word pairs.
inline uint64_t HashString(std::string_view s) {
  const size_t n = s.size();
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  uint64_t a, b;
  if (n >= 8) {
    if (n > 16) return std::hash<std::string_view>{}(s);
    std::memcpy(&a, p, 8);
    std::memcpy(&b, p + n - 8, 8);
  } else if (n >= 4) {
    uint32_t x, y;
    std::memcpy(&x, p, 4);
    std::memcpy(&y, p + n - 4, 4);
    a = x;
    b = y;
  } else if (n > 0) {
    a = (uint64_t{p[0]} << 16) | (uint64_t{p[n / 2]} << 8) | p[n - 1];
    b = 0;
  } else {
    a = b = 0;
  }
  return MixHash(a ^ MixHash(b ^ (n * 0x9e3779b97f4a7c15ULL)));
}

}  // namespace pathdb
