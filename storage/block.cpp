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

uint32_t BlockChecksum(const std::byte* block) { return Crc32c(block + 4, kBlockSize - 4); }

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
