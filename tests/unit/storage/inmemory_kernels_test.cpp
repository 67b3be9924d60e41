// The in-memory scan's predicate kernels: the AVX2 bodies and the scalar ones give the same
// mask as a plain loop for every code width, range (empty, full, edges, wrapping spans) and
// length (tails shorter than one vector); the AVX2 tests run only on a CPU that has it.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "storage/inmemory/kernels.h"

namespace pathdb::storage::im {
namespace {

template <typename T>
std::vector<uint8_t> Naive(const std::vector<T>& c, uint64_t lo, uint64_t hi,
                           const std::vector<uint8_t>& in) {
  std::vector<uint8_t> m = in;
  for (size_t i = 0; i < c.size(); ++i) m[i] &= static_cast<uint8_t>(c[i] >= lo && c[i] <= hi);
  return m;
}

template <typename T>
void CheckWidth(Simd simd) {
  std::mt19937_64 rng(sizeof(T) * 31 + static_cast<int>(simd));
  const uint64_t top = sizeof(T) == 8 ? ~0ull : (1ull << (8 * sizeof(T))) - 1;
  for (int round = 0; round < 300; ++round) {
    const size_t n = rng() % 300;
    std::vector<T> codes(n);
    // Codes near the type's ends too: an unsigned trick that wraps would show there.
    for (auto& c : codes)
      c = static_cast<T>(rng() % 4 == 0 ? top - rng() % 3 : rng() % (top / 2 + 7));
    std::vector<uint8_t> in(n);
    for (auto& b : in) b = static_cast<uint8_t>(rng() % 5 != 0);
    uint64_t lo = rng() & top, hi = rng() & top;
    if (round % 7 == 0) lo = 0;
    if (round % 11 == 0) hi = top;
    if (round % 13 == 0) std::swap(lo, hi);  // empty ranges too
    std::vector<uint8_t> mask = in;
    AndRange(codes.data(), sizeof(T), n, lo, hi, mask.data(), simd);
    ASSERT_EQ(mask, Naive(codes, lo, hi, in))
        << "width " << sizeof(T) << " lo " << lo << " hi " << hi;
    // The first test of a batch writes the mask whatever it held.
    mask = in;
    AndRange(codes.data(), sizeof(T), n, lo, hi, mask.data(), simd, /*assign=*/true);
    ASSERT_EQ(mask, Naive(codes, lo, hi, std::vector<uint8_t>(n, 1))) << "assign " << sizeof(T);
    mask = in;
    const uint64_t k = n > 0 ? codes[rng() % n] : 0;
    AndNotEqual(codes.data(), sizeof(T), n, k, mask.data(), simd);
    for (size_t i = 0; i < n; ++i) ASSERT_EQ(mask[i], in[i] & (codes[i] != k ? 1 : 0));
    size_t expect = 0;
    for (uint8_t b : in) expect += b;
    ASSERT_EQ(CountMask(in.data(), n, simd), expect);
    std::vector<uint32_t> sel(n);
    const size_t got = MaskToSelection(in.data(), n, 100, sel.data());
    ASSERT_EQ(got, expect);
    for (size_t i = 0, j = 0; i < n; ++i) {
      if (in[i]) {
        ASSERT_EQ(sel[j++], 100 + i);
      }
    }
  }
}

TEST(InMemoryKernels, ScalarMatchesPlainLoops) {
  CheckWidth<uint8_t>(Simd::kScalar);
  CheckWidth<uint16_t>(Simd::kScalar);
  CheckWidth<uint32_t>(Simd::kScalar);
  CheckWidth<uint64_t>(Simd::kScalar);
}

TEST(InMemoryKernels, Avx2MatchesPlainLoops) {
  if (!CpuHasAvx2()) GTEST_SKIP() << "this CPU has no AVX2";
  CheckWidth<uint8_t>(Simd::kAvx2);
  CheckWidth<uint16_t>(Simd::kAvx2);
  CheckWidth<uint32_t>(Simd::kAvx2);
  CheckWidth<uint64_t>(Simd::kAvx2);
}

}  // namespace
}  // namespace pathdb::storage::im
