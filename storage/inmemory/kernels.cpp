#include "storage/inmemory/kernels.h"

#include <immintrin.h>

#include <cstring>

namespace pathdb::storage::im {

namespace {

template <typename T>
void RangeScalar(const T* c, size_t n, T lo, T span, uint8_t* mask, bool assign) {
  // One unsigned compare: lo <= x <= hi  <=>  x - lo <= hi - lo.
  if (assign) {
    for (size_t i = 0; i < n; ++i)
      mask[i] = static_cast<uint8_t>(static_cast<T>(c[i] - lo) <= span);
    return;
  }
  for (size_t i = 0; i < n; ++i) mask[i] &= static_cast<uint8_t>(static_cast<T>(c[i] - lo) <= span);
}

template <typename T>
void NotEqualScalar(const T* c, size_t n, T k, uint8_t* mask) {
  for (size_t i = 0; i < n; ++i) mask[i] &= static_cast<uint8_t>(c[i] != k);
}

// The AVX2 bodies: x - lo <= span as min_epu(x - lo, span) == x - lo. Each produces a lane
// mask that is narrowed to one byte per row and ANDed into `mask`.
__attribute__((target("avx2"))) size_t Range8Avx2(const uint8_t* c, size_t n, uint8_t lo,
                                                  uint8_t span, uint8_t* mask, bool assign) {
  const __m256i vlo = _mm256_set1_epi8(static_cast<char>(lo));
  const __m256i vspan = _mm256_set1_epi8(static_cast<char>(span));
  const __m256i one = _mm256_set1_epi8(1);
  size_t i = 0;
  for (; i + 32 <= n; i += 32) {
    __m256i x = _mm256_sub_epi8(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(c + i)), vlo);
    __m256i ok = _mm256_and_si256(_mm256_cmpeq_epi8(_mm256_min_epu8(x, vspan), x), one);
    __m256i m = assign ? ok
                       : _mm256_and_si256(
                             _mm256_loadu_si256(reinterpret_cast<const __m256i*>(mask + i)), ok);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(mask + i), m);
  }
  return i;
}

__attribute__((target("avx2"))) size_t Range16Avx2(const uint16_t* c, size_t n, uint16_t lo,
                                                   uint16_t span, uint8_t* mask, bool assign) {
  const __m256i vlo = _mm256_set1_epi16(static_cast<short>(lo));
  const __m256i vspan = _mm256_set1_epi16(static_cast<short>(span));
  const __m128i one = _mm_set1_epi8(1);
  size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    __m256i x = _mm256_sub_epi16(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(c + i)), vlo);
    __m256i ok = _mm256_cmpeq_epi16(_mm256_min_epu16(x, vspan), x);
    // 16 lanes of 0/-1 to 16 bytes: saturating pack keeps -1 and 0.
    __m128i b = _mm_packs_epi16(_mm256_castsi256_si128(ok), _mm256_extracti128_si256(ok, 1));
    __m128i r = _mm_and_si128(b, one);
    if (!assign) r = _mm_and_si128(r, _mm_loadu_si128(reinterpret_cast<const __m128i*>(mask + i)));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(mask + i), r);
  }
  return i;
}

__attribute__((target("avx2"))) size_t Range32Avx2(const uint32_t* c, size_t n, uint32_t lo,
                                                   uint32_t span, uint8_t* mask, bool assign) {
  const __m256i vlo = _mm256_set1_epi32(static_cast<int>(lo));
  const __m256i vspan = _mm256_set1_epi32(static_cast<int>(span));
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    __m256i x = _mm256_sub_epi32(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(c + i)), vlo);
    __m256i ok = _mm256_cmpeq_epi32(_mm256_min_epu32(x, vspan), x);
    // 8 lanes of 0/-1 to 8 bytes of 0/1: two saturating packs, then the low 8 bytes.
    __m128i w = _mm_packs_epi32(_mm256_castsi256_si128(ok), _mm256_extracti128_si256(ok, 1));
    __m128i b = _mm_and_si128(_mm_packs_epi16(w, w), _mm_set1_epi8(1));
    uint64_t bytes = static_cast<uint64_t>(_mm_cvtsi128_si64(b));
    if (!assign) {
      uint64_t old;
      std::memcpy(&old, mask + i, 8);
      bytes &= old;
    }
    std::memcpy(mask + i, &bytes, 8);
  }
  return i;
}

__attribute__((target("avx2"))) size_t Count8Avx2(const uint8_t* mask, size_t n, size_t& count) {
  __m256i acc = _mm256_setzero_si256();
  const __m256i zero = _mm256_setzero_si256();
  size_t i = 0;
  for (; i + 32 <= n; i += 32) {
    // Mask bytes are 0 or 1: a sum of absolute differences adds them 8 at a time.
    acc = _mm256_add_epi64(
        acc, _mm256_sad_epu8(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(mask + i)), zero));
  }
  alignas(32) uint64_t lanes[4];
  _mm256_store_si256(reinterpret_cast<__m256i*>(lanes), acc);
  count = lanes[0] + lanes[1] + lanes[2] + lanes[3];
  return i;
}

}  // namespace

bool CpuHasAvx2() {
  return __builtin_cpu_supports("avx2");
}

void AndRange(const void* codes, int width, size_t n, uint64_t lo, uint64_t hi, uint8_t* mask,
              Simd simd, bool assign) {
  if (n == 0) return;  // (mask may be null then)
  if (lo > hi) {
    std::memset(mask, 0, n);
    return;
  }
  const uint64_t span = hi - lo;
  size_t done = 0;
  switch (width) {
    case 1: {
      const auto* c = static_cast<const uint8_t*>(codes);
      if (simd == Simd::kAvx2) {
        done = Range8Avx2(c, n, static_cast<uint8_t>(lo), static_cast<uint8_t>(span), mask, assign);
      }
      RangeScalar<uint8_t>(c + done, n - done, static_cast<uint8_t>(lo), static_cast<uint8_t>(span),
                           mask + done, assign);
      return;
    }
    case 2: {
      const auto* c = static_cast<const uint16_t*>(codes);
      if (simd == Simd::kAvx2) {
        done =
            Range16Avx2(c, n, static_cast<uint16_t>(lo), static_cast<uint16_t>(span), mask, assign);
      }
      RangeScalar<uint16_t>(c + done, n - done, static_cast<uint16_t>(lo),
                            static_cast<uint16_t>(span), mask + done, assign);
      return;
    }
    case 4: {
      const auto* c = static_cast<const uint32_t*>(codes);
      if (simd == Simd::kAvx2) {
        done =
            Range32Avx2(c, n, static_cast<uint32_t>(lo), static_cast<uint32_t>(span), mask, assign);
      }
      RangeScalar<uint32_t>(c + done, n - done, static_cast<uint32_t>(lo),
                            static_cast<uint32_t>(span), mask + done, assign);
      return;
    }
    default:
      RangeScalar<uint64_t>(static_cast<const uint64_t*>(codes), n, lo, span, mask, assign);
      return;
  }
}

void AndNotEqual(const void* codes, int width, size_t n, uint64_t k, uint8_t* mask, Simd simd) {
  (void)simd;  // the compiler vectorises these loops on its own; equality needs no unsigned trick
  switch (width) {
    case 1:
      NotEqualScalar<uint8_t>(static_cast<const uint8_t*>(codes), n, static_cast<uint8_t>(k), mask);
      return;
    case 2:
      NotEqualScalar<uint16_t>(static_cast<const uint16_t*>(codes), n, static_cast<uint16_t>(k),
                               mask);
      return;
    case 4:
      NotEqualScalar<uint32_t>(static_cast<const uint32_t*>(codes), n, static_cast<uint32_t>(k),
                               mask);
      return;
    default:
      NotEqualScalar<uint64_t>(static_cast<const uint64_t*>(codes), n, k, mask);
      return;
  }
}

void AndInSet(const void* codes, int width, size_t n, const uint64_t* set, size_t m,
              uint8_t* mask) {
  auto code = [&](size_t i) -> uint64_t {
    switch (width) {
      case 1:
        return static_cast<const uint8_t*>(codes)[i];
      case 2:
        return static_cast<const uint16_t*>(codes)[i];
      case 4:
        return static_cast<const uint32_t*>(codes)[i];
      default:
        return static_cast<const uint64_t*>(codes)[i];
    }
  };
  for (size_t i = 0; i < n; ++i) {
    if (!mask[i]) continue;
    const uint64_t c = code(i);
    uint8_t hit = 0;
    for (size_t j = 0; j < m; ++j) hit |= static_cast<uint8_t>(set[j] == c);
    mask[i] = hit;
  }
}

void AndNotNull(const uint8_t* nulls, size_t n, uint8_t* mask) {
  for (size_t i = 0; i < n; ++i) mask[i] &= static_cast<uint8_t>(nulls[i] == 0);
}

void AndNull(const uint8_t* nulls, size_t n, uint8_t* mask) {
  for (size_t i = 0; i < n; ++i) mask[i] &= static_cast<uint8_t>(nulls[i] != 0);
}

size_t MaskToSelection(const uint8_t* mask, size_t n, uint32_t base, uint32_t* sel) {
  // Branch-free: write every index, advance only past the selected ones.
  size_t k = 0;
  for (size_t i = 0; i < n; ++i) {
    sel[k] = base + static_cast<uint32_t>(i);
    k += mask[i];
  }
  return k;
}

size_t CountMask(const uint8_t* mask, size_t n, Simd simd) {
  size_t count = 0, done = 0;
  if (simd == Simd::kAvx2) done = Count8Avx2(mask, n, count);
  for (size_t i = done; i < n; ++i) count += mask[i];
  return count;
}

}  // namespace pathdb::storage::im
