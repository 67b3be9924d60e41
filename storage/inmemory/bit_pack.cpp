#include "storage/inmemory/bit_pack.h"

#include <array>
#include <utility>

namespace pathdb::storage::im {

namespace {

template <int B>
using Lane = std::conditional_t<
    (B <= 8), uint8_t,
    std::conditional_t<(B <= 16), uint16_t, std::conditional_t<(B <= 32), uint32_t, uint64_t>>>;

// Eight codes of B bits are exactly B bytes, so from a multiple of 8 on, every code's byte and
// shift within its group are compile-time constants: an unrolled load, shift, mask and store.
// Written by hand rather than taken from a library: Debian packages no bit-unpacking library
// for arbitrary widths that writes 1/2/4-byte lanes, and this is the scan's inner loop.
template <int B>
void Unpack(const uint8_t* packed, size_t first, size_t n, void* out_v) {
  using C = Lane<B>;
  C* out = static_cast<C*>(out_v);
  if constexpr (B == 0) {
    std::memset(out, 0, n * sizeof(C));
  } else {
    size_t i = 0;
    for (; i < n && (first + i) % 8 != 0; ++i)
      out[i] = static_cast<C>(GetPacked(packed, B, first + i));
    constexpr uint64_t kMask = (uint64_t{1} << B) - 1;
    for (; i + 8 <= n; i += 8) {
      const uint8_t* g = packed + (first + i) / 8 * B;
      [&]<size_t... J>(std::index_sequence<J...>) {
        ((out[i + J] = static_cast<C>([&] {
            uint64_t w;
            std::memcpy(&w, g + J * B / 8, 8);
            return (w >> (J * B % 8)) & kMask;
          }())),
         ...);
      }
      (std::make_index_sequence<8>{});
    }
    for (; i < n; ++i) out[i] = static_cast<C>(GetPacked(packed, B, first + i));
  }
}

using UnpackFn = void (*)(const uint8_t*, size_t, size_t, void*);

template <size_t... B>
constexpr std::array<UnpackFn, sizeof...(B)> Table(std::index_sequence<B...>) {
  return {&Unpack<static_cast<int>(B)>...};
}

constexpr auto kUnpack = Table(std::make_index_sequence<kMaxPackedBits + 1>{});

}  // namespace

void UnpackBits(const uint8_t* packed, int bits, size_t first, size_t n, void* out) {
  kUnpack[static_cast<size_t>(bits)](packed, first, n, out);
}

}  // namespace pathdb::storage::im
