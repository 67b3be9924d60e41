// The data file: raw 8 KiB block I/O by block number (pread/pwrite), growth, fsync.
// Knows nothing about block contents; the buffer cache verifies checksums.
// Threads: the owning database's thread (its session), like the buffer cache above it.
#pragma once
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>

#include "storage/storage.h"

namespace pathdb::storage {

class DataFile {
 public:
  //! Opens (creating when `create`) the file. Throws ORA-01157 when it cannot be opened.
  DataFile(const std::filesystem::path& path, bool create);
  ~DataFile();
  DataFile(const DataFile&) = delete;
  DataFile& operator=(const DataFile&) = delete;

  //! Reads `count` contiguous blocks starting at `block_no`; ORA-01578 for a short read.
  void Read(uint32_t block_no, uint32_t count, std::byte* out) const;
  //! Reads blocks [block_no, block_no + bufs.size()) into separate 8 KiB buffers with one
  //! preadv, so a multiblock read lands straight in buffer-cache frames (no bounce copy).
  void ReadScattered(uint32_t block_no, std::span<std::byte* const> bufs) const;
  //! Reads the (scattered) blocks blocks[i] into bufs[i], several requests in flight
  //! (io_uring; a pread per block where a ring cannot be set up), as Oracle's batched ROWID
  //! access reads a batch's table blocks ("db file parallel read"). ORA-01578 naming the block
  //! for a short or failed read. REQUIRES: blocks.size() == bufs.size(); 8 KiB buffers.
  void ReadBlocks(std::span<const uint32_t> blocks, std::span<std::byte* const> bufs) const;
  void Write(uint32_t block_no, uint32_t count, const std::byte* data);
  //! Grows (never shrinks) the file to `blocks` blocks.
  void Extend(uint32_t blocks);
  void Sync();
  uint32_t BlockCount() const { return blocks_; }
  const std::filesystem::path& path() const { return path_; }

 private:
  struct Ring;  // the io_uring of ReadBlocks, set up at its first call
  std::filesystem::path path_;
  int fd_ = -1;
  mutable std::unique_ptr<Ring> ring_;
  mutable bool ring_failed_ = false;  //!< io_uring unavailable: ReadBlocks preads
  uint32_t blocks_ = 0;
};

}  // namespace pathdb::storage
