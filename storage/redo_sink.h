// What the buffer cache needs from the redo log. The cache never writes a block holding
// changes that are not yet in the log to the data file: such a block, when evicted, goes to
// the log instead (no-steal to the data file, so recovery never has to undo anything), and a
// later miss on it is served from the log. Blocks whose changes are all in the log
// ("logged") may be written in place, because the log already holds their image.
#pragma once
#include <cstddef>
#include <cstdint>

namespace pathdb::storage {

class RedoSink {
 public:
  virtual ~RedoSink() = default;
  //! A dirty frame leaves the cache. `unlogged`: it holds changes the log does not have yet.
  //! The sink stores the image (log) or writes it to the data file, as it sees fit; the cache
  //! does not write it itself.
  virtual void Evict(uint32_t block_no, const std::byte* data, bool unlogged) = 0;
  //! True when the block's latest image lives in the log rather than the data file.
  virtual bool Holds(uint32_t block_no) const = 0;
  //! Copies that latest image into `out` (verified by the sink). Only when Holds().
  virtual void ReadImage(uint32_t block_no, std::byte* out) = 0;
  //! The block was freed (segment dropped or truncated): forget any image of it.
  virtual void Forget(uint32_t block_no) = 0;
};

}  // namespace pathdb::storage
