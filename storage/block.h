// Physical block layout shared by every block type: a 24-byte header carrying the checksum,
// the block's type, owning segment, own block number and a change counter (SCN of the last
// change). The checksum covers every byte after itself, so a flipped byte anywhere is caught.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "storage/storage.h"

namespace pathdb::storage {

enum class BlockType : uint8_t {
  kFree = 0,
  kFileHeader = 1,     //!< block 0: identifies the file
  kSegmentHeader = 2,  //!< extent map, high-water mark, insert hint
  kHeapData = 3,       //!< slotted row block
  kDictionary = 4,     //!< serialised dictionary bytes
  kIndexBranch = 5,    //!< B+tree branch: separator keys and child block numbers
  kIndexLeaf = 6,      //!< B+tree leaf: (key, ROWID) entries, chained both ways
};

struct BlockHeader {
  uint32_t checksum;  //!< CRC32C of bytes [4, kBlockSize)
  BlockType type;
  uint8_t reserved[3];
  uint32_t object_id;  //!< owning segment (0 = dictionary / file)
  uint32_t block_no;   //!< where the block belongs: catches misdirected writes
  uint64_t scn;        //!< change counter of the last modification
};
static_assert(sizeof(BlockHeader) == 24);
constexpr size_t kBlockHeaderSize = sizeof(BlockHeader);

//! Object id reserved for the dictionary segment.
constexpr uint32_t kDictionaryObjectId = 0;

inline BlockHeader ReadHeader(const std::byte* block) {
  BlockHeader h;
  std::memcpy(&h, block, sizeof h);
  return h;
}
inline void WriteHeader(std::byte* block, const BlockHeader& h) {
  std::memcpy(block, &h, sizeof h);
}
//! Zeroes a block and stamps a fresh header (checksum is filled when written).
void FormatBlock(std::byte* block, BlockType type, uint32_t object_id, uint32_t block_no);

//! Loads one word of every cache line of bytes [begin, end) of a block, in address order, so
//! a walk of the block that follows finds it in the CPU cache (see HeapPage::Touch for why).
inline void TouchLines(const std::byte* block, size_t begin, size_t end) {
  uint64_t acc = 0;
  for (size_t off = begin & ~size_t{63}; off + 8 <= end; off += 64) {
    uint64_t w;
    std::memcpy(&w, block + off, 8);
    acc += w;
  }
  asm volatile("" : : "r"(acc));  // the loads are the point: keep them
}

//! CRC32C (Castagnoli) with the SSE4.2 instruction.
uint32_t Crc32c(const void* data, size_t size, uint32_t crc = 0);
//! Checksum of a block as stored in its header: the CRC32C of its bytes after the checksum
//! field, by BlockChecksumFolded where the CPU has it, else by three interleaved crc32 streams.
uint32_t BlockChecksum(const std::byte* block);
//! The same value by carry-less-multiply folding (storage/crc32c_fold.cpp).
//! REQUIRES: FoldedChecksumAvailable() (AVX-512F, VPCLMULQDQ).
uint32_t BlockChecksumFolded(const std::byte* block);
bool FoldedChecksumAvailable();
//! The same value by three interleaved crc32 streams (any CPU with SSE4.2).
uint32_t BlockChecksumStriped(const std::byte* block);
//! Stores the block's checksum in its header (just before the block is written).
void StampChecksum(std::byte* block);
//! True when the stored checksum matches and the header names `block_no`.
bool VerifyBlock(const std::byte* block, uint32_t block_no);

//! ORA-01578 for a block that failed verification.
[[noreturn]] void ThrowCorruptBlock(uint32_t block_no);

}  // namespace pathdb::storage
