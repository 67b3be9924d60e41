// The blocks of one segment as one direct path scan reads them: requests go to a DirectReader
// (several in flight), each block is verified (checksum, type, owner) when first handed out,
// and blocks whose current image is not on disk -- an open transaction's changes, which the
// no-steal rule keeps out of the data file -- are taken from the buffer cache or the redo log
// instead. Counts the direct-read statistics. Nothing read here enters the buffer cache.
//
// Threads: one scan's thread.
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "common/stats.h"
#include "storage/block.h"
#include "storage/direct_reader.h"

namespace pathdb::storage {

class BufferCache;
class RedoSink;

struct DirectBlocksSetup {
  std::filesystem::path file;
  DirectReadOptions options;
  uint32_t object_id = 0;
  BlockType type = BlockType::kHeapData;  //!< blocks of other types are passed through unchecked
  bool strict_type = true;                //!< heap scans: every block must be of `type`
  bool verify_checksums = true;
  //! Sorted: blocks whose latest image lives in `cache` or `sink`, not in the data file.
  std::vector<uint32_t> current_images;
  const BufferCache* cache = nullptr;
  RedoSink* sink = nullptr;
  //! A heap scan that will read at most this many blocks (what is left after the storage
  //! index and join filters) reads them through the OS page cache, not O_DIRECT; 0: never.
  uint64_t page_cache_blocks = 0;
};

class DirectBlocks {
 public:
  DirectBlocks(DirectBlocksSetup setup, DirectReader::NextRequest next);

  //! The bytes of block `block`, valid until a later call asks for a block of another request.
  //! REQUIRES: calls ask for blocks in the order of the requests `next` produced (blocks may be
  //! passed over, never revisited once a later request was reached). ORA-01578 for a block
  //! that fails verification, ORA-00600 for a block no request covers.
  std::byte* Read(uint32_t block, SessionStats& stats);

  const DirectReader& reader() const { return reader_; }
  //! See DirectReader::ReadThroughPageCache. REQUIRES: before the first Read.
  void ReadThroughPageCache() { reader_.ReadThroughPageCache(); }

 private:
  DirectBlocksSetup setup_;
  DirectReader reader_;
  DirectReader::Completed cur_;
  bool have_ = false;
  uint32_t next_unverified_ = 0;        //!< offset in cur_ of the first block not yet checked
  std::unique_ptr<std::byte[]> image_;  //!< a current image copied from the cache or the log
};

}  // namespace pathdb::storage
