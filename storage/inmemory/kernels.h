// Predicate kernels of the in-memory scan: they test fixed-width codes (1, 2, 4 or 8 bytes per
// row: dictionary codes or frame-of-reference offsets) and AND the answer into a byte mask,
// one byte per row (1 = the row may still pass). Each has a scalar body and, for 1/2/4-byte
// codes, an AVX2 body testing 32/16/8 codes per instruction; which one runs is the caller's
// choice (`Simd`), made once per scan from the CPU check and `_inmemory_simd`.
//
// Threads: pure functions.
#pragma once
#include <cstddef>
#include <cstdint>

namespace pathdb::storage::im {

enum class Simd : uint8_t { kScalar, kAvx2 };

//! True when this CPU executes AVX2 (checked once per call; cheap).
bool CpuHasAvx2();

//! mask[i] &= lo <= codes[i] <= hi (unsigned), for i in [0, n). `width` is 1, 2, 4 or 8.
//! `assign`: mask[i] = (the test) instead — the first test of a batch writes the mask, so it
//! need not be filled with ones first.
void AndRange(const void* codes, int width, size_t n, uint64_t lo, uint64_t hi, uint8_t* mask,
              Simd simd, bool assign = false);
//! mask[i] &= codes[i] != k.
void AndNotEqual(const void* codes, int width, size_t n, uint64_t k, uint8_t* mask, Simd simd);
//! mask[i] &= codes[i] is one of set[0..m) (m small; an IN list).
void AndInSet(const void* codes, int width, size_t n, const uint64_t* set, size_t m, uint8_t* mask);
//! mask[i] &= bits[i] == 0 (bits: 1 = NULL). A NULL never passes a comparison.
void AndNotNull(const uint8_t* nulls, size_t n, uint8_t* mask);
//! mask[i] &= bits[i] != 0.
void AndNull(const uint8_t* nulls, size_t n, uint8_t* mask);
//! Rows whose mask byte is set, as indices (base + i), ascending; returns how many.
size_t MaskToSelection(const uint8_t* mask, size_t n, uint32_t base, uint32_t* sel);
//! How many mask bytes are set.
size_t CountMask(const uint8_t* mask, size_t n, Simd simd);

}  // namespace pathdb::storage::im
