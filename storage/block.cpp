#include "storage/block.h"

#include <nmmintrin.h>

#include "common/error.h"

namespace pathdb::storage {

void FormatBlock(std::byte* block, BlockType type, uint32_t object_id, uint32_t block_no) {
  std::memset(block, 0, kBlockSize);
  BlockHeader h{};
  h.type = type;
  h.object_id = object_id;
  h.block_no = block_no;
  WriteHeader(block, h);
}

uint32_t Crc32c(const void* data, size_t size, uint32_t crc) {
  const auto* p = static_cast<const unsigned char*>(data);
  uint64_t c = ~crc;
  while (size >= 8) {
    uint64_t w;
    std::memcpy(&w, p, 8);
    c = _mm_crc32_u64(c, w);
    p += 8;
    size -= 8;
  }
  auto c32 = static_cast<uint32_t>(c);
  while (size > 0) {
    c32 = _mm_crc32_u8(c32, *p++);
    --size;
  }
  return ~c32;
}

namespace {

// A block's checksum covers 8188 bytes. One crc32 instruction stream is bound by the
// instruction's 3-cycle latency, so the block is cut into three stripes whose CRCs run
// interleaved (three independent dependency chains), then joined with the identity
// raw(r, A || B) = raw(raw(r, A), zeros(|B|)) ^ raw(0, B); shifting a register over a fixed
// run of zero bytes is linear, so it is a table lookup per byte of the register. Measured in
// benchmarks/checksum_scan.cpp: the checksum was half of a warm full scan's time before.
constexpr size_t kChecksummed = kBlockSize - 4;
constexpr size_t kStripe = 2728;  // 3 x 2728 = 8184, a multiple of 8; 4 tail bytes
static_assert(3 * kStripe <= kChecksummed && kStripe % 8 == 0);

//! raw CRC32C register advanced over `zero_bytes` zero bytes, as a per-byte lookup.
struct ZeroShift {
  uint32_t table[4][256];
  explicit ZeroShift(size_t zero_bytes) {
    // Advancing over zeros is linear over GF(2): shift the 32 one-bit registers, then each
    // entry is the XOR of its bits' images (32 shifts instead of 1024; this runs at open).
    uint32_t bit[32];
    for (int j = 0; j < 32; ++j) {
      uint64_t reg = uint64_t{1} << j;
      for (size_t i = 0; i < zero_bytes; i += 8) reg = _mm_crc32_u64(reg, 0);
      bit[j] = static_cast<uint32_t>(reg);
    }
    for (int k = 0; k < 4; ++k) {
      for (uint32_t b = 0; b < 256; ++b) {
        uint32_t v = 0;
        for (int j = 0; j < 8; ++j)
          if ((b >> j) & 1) v ^= bit[8 * k + j];
        table[k][b] = v;
      }
    }
  }
  uint32_t operator()(uint32_t x) const {
    return table[0][x & 255] ^ table[1][(x >> 8) & 255] ^ table[2][(x >> 16) & 255] ^
           table[3][x >> 24];
  }
};

}  // namespace

uint32_t BlockChecksum(const std::byte* block) {
  return FoldedChecksumAvailable() ? BlockChecksumFolded(block) : BlockChecksumStriped(block);
}

uint32_t BlockChecksumStriped(const std::byte* block) {
  // Immutable once built (thread-safe static initialisation); no mutable global state.
  static const ZeroShift shift1(kStripe), shift2(2 * kStripe);
  const auto* p = reinterpret_cast<const unsigned char*>(block) + 4;
  uint64_t c0 = 0xffffffffu, c1 = 0, c2 = 0;
  for (size_t i = 0; i < kStripe; i += 8) {
    uint64_t w0, w1, w2;
    std::memcpy(&w0, p + i, 8);
    std::memcpy(&w1, p + kStripe + i, 8);
    std::memcpy(&w2, p + 2 * kStripe + i, 8);
    c0 = _mm_crc32_u64(c0, w0);
    c1 = _mm_crc32_u64(c1, w1);
    c2 = _mm_crc32_u64(c2, w2);
  }
  uint32_t r = shift2(static_cast<uint32_t>(c0)) ^ shift1(static_cast<uint32_t>(c1)) ^
               static_cast<uint32_t>(c2);
  for (size_t j = 3 * kStripe; j < kChecksummed; ++j) r = _mm_crc32_u8(r, p[j]);
  return ~r;
}

void StampChecksum(std::byte* block) {
  uint32_t c = BlockChecksum(block);
  std::memcpy(block, &c, 4);
}

bool VerifyBlock(const std::byte* block, uint32_t block_no) {
  BlockHeader h = ReadHeader(block);
  return h.checksum == BlockChecksum(block) && h.block_no == block_no;
}

void ThrowCorruptBlock(uint32_t block_no) {
  ThrowOra(1578, "ORACLE data block corrupted (file # 1, block # {})", block_no);
}

}  // namespace pathdb::storage
