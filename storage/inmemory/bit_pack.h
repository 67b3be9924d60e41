// Bit-packed codes: the frame-of-reference offsets and dictionary codes of a column unit stored
// at exactly as many bits per row as its largest code needs (0..kMaxPackedBits), the form of
// the MEMCOMPRESS FOR QUERY HIGH and CAPACITY levels. Scans unpack a batch at a time into
// whole-byte lanes (1, 2, 4 or 8 bytes: LaneWidth) and run the byte-aligned kernels
// (kernels.h) on them.
//
// Layout: code i occupies bits [i * bits, (i + 1) * bits) of the array, little-endian; the
// array has kPackPadding bytes past its last code, so every code is read with one unaligned
// 8-byte load.
//
// Threads: pure functions.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

namespace pathdb::storage::im {

//! Widest code that is bit-packed (a code plus its bit offset in a byte fit one 8-byte load).
inline constexpr int kMaxPackedBits = 56;
inline constexpr size_t kPackPadding = 8;

//! Bits the codes 0..max_code need (0 when every code is 0).
inline int BitsFor(uint64_t max_code) {
  return max_code == 0 ? 0 : 64 - __builtin_clzll(max_code);
}
//! Bytes per code once unpacked: the narrowest of 1, 2, 4, 8 that holds `bits`.
inline int LaneWidth(int bits) {
  return bits <= 8 ? 1 : bits <= 16 ? 2 : bits <= 32 ? 4 : 8;
}

//! An array of n zero codes of `bits` bits (with its padding). REQUIRES: bits <= kMaxPackedBits.
inline std::vector<uint8_t> PackedArray(size_t n, int bits) {
  return std::vector<uint8_t>((n * static_cast<size_t>(bits) + 7) / 8 + kPackPadding, 0);
}

//! Sets code i (REQUIRES: the slot holds 0, code < 2^bits).
inline void PutPacked(uint8_t* packed, int bits, size_t i, uint64_t code) {
  const size_t bit = i * static_cast<size_t>(bits);
  uint64_t w;
  std::memcpy(&w, packed + bit / 8, 8);
  w |= code << (bit % 8);
  std::memcpy(packed + bit / 8, &w, 8);
}

//! Code i.
inline uint64_t GetPacked(const uint8_t* packed, int bits, size_t i) {
  if (bits == 0) return 0;
  const size_t bit = i * static_cast<size_t>(bits);
  uint64_t w;
  std::memcpy(&w, packed + bit / 8, 8);
  return (w >> (bit % 8)) & ((uint64_t{1} << bits) - 1);
}

//! Codes [first, first + n) into out[0, n), each LaneWidth(bits) bytes.
void UnpackBits(const uint8_t* packed, int bits, size_t first, size_t n, void* out);

}  // namespace pathdb::storage::im
