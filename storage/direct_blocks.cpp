#include "storage/direct_blocks.h"

#include <algorithm>

#include "common/error.h"
#include "storage/buffer_cache.h"
#include "storage/redo_sink.h"

namespace pathdb::storage {

DirectBlocks::DirectBlocks(DirectBlocksSetup setup, DirectReader::NextRequest next)
    : setup_(std::move(setup)), reader_(setup_.file, setup_.options, std::move(next)) {}

std::byte* DirectBlocks::Read(uint32_t block, SessionStats& stats) {
  // Requests follow the segment's runs, whose block numbers need not ascend (an extent freed
  // by a dropped table is reused by a later one): a block outside the current request is in
  // a later one, never compared by number with this one's.
  while (!have_ || block < cur_.block || block >= cur_.block + cur_.count) {
    if (!reader_.Next(cur_)) {
      have_ = false;
      ThrowOra(600, "internal error code, arguments: [direct read], [block {} not requested]",
               block);
    }
    have_ = true;
    next_unverified_ = 0;
    // What the device delivered: Oracle counts a direct read's blocks as physical reads direct
    // and its requests as physical read requests (multiblock when more than one block).
    stats.Add(Stat::kPhysicalReads, cur_.count);
    stats.Add(Stat::kPhysicalReadsDirect, cur_.count);
    stats.Add(Stat::kPhysicalReadBytes, uint64_t{cur_.count} * kBlockSize);
    stats.Add(Stat::kPhysicalReadRequests);
    if (cur_.count > 1) stats.Add(Stat::kPhysicalReadTotalMultiBlockRequests);
  }
  const uint32_t off = block - cur_.block;
  std::byte* data = cur_.data + size_t{off} * kBlockSize;
  stats.Add(Stat::kConsistentGets);
  stats.Add(Stat::kConsistentGetsDirect);
  stats.Add(Stat::kSessionLogicalReads);
  if (std::binary_search(setup_.current_images.begin(), setup_.current_images.end(), block)) {
    // Changed by an open transaction: the data file's copy is stale, the current image lives
    // in the cache (or, evicted, in the log). Copied, so the cache stays as it was.
    if (!image_) image_ = std::make_unique<std::byte[]>(kBlockSize);
    if (!setup_.cache->CopyCached(block, image_.get())) {
      if (setup_.sink == nullptr || !setup_.sink->Holds(block)) ThrowCorruptBlock(block);
      setup_.sink->ReadImage(block, image_.get());
    }
    return image_.get();
  }
  if (off >= next_unverified_) {
    if (setup_.verify_checksums && !VerifyBlock(data, block)) ThrowCorruptBlock(block);
    BlockHeader h = ReadHeader(data);
    if (h.object_id != setup_.object_id || (setup_.strict_type && h.type != setup_.type)) {
      ThrowCorruptBlock(block);
    }
    next_unverified_ = off + 1;
  }
  return data;
}

}  // namespace pathdb::storage
