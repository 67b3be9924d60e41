// The buffer cache: a fixed number of 8 KiB buffers, a hash table from block number to
// buffer, pin counts held by RAII pins, a pluggable replacement policy, and write-back of
// dirty buffers on eviction and checkpoint. Every access is counted in the caller's stats.
#pragma once
#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

#include "common/stats.h"
#include "storage/block.h"
#include "storage/data_file.h"
#include "storage/replacer.h"

namespace pathdb::storage {

//! Consistent (query) or current (DML) mode: decides which logical-read statistic counts.
enum class AccessMode : uint8_t { kConsistent, kCurrent };

class BufferCache {
 public:
  //! A pinned buffer: the block cannot be evicted while this lives.
  class Pin {
   public:
    Pin() = default;
    Pin(BufferCache* cache, uint32_t frame) : cache_(cache), frame_(frame) {}
    Pin(Pin&& o) noexcept : cache_(o.cache_), frame_(o.frame_) { o.cache_ = nullptr; }
    Pin& operator=(Pin&& o) noexcept;
    ~Pin() { Release(); }
    Pin(const Pin&) = delete;
    Pin& operator=(const Pin&) = delete;

    explicit operator bool() const { return cache_ != nullptr; }
    std::byte* data() const;
    uint32_t block_no() const;
    //! Records a change: sets the dirty flag and stamps the change counter.
    void MarkDirty(uint64_t scn) const;
    void Release();

   private:
    BufferCache* cache_ = nullptr;
    uint32_t frame_ = 0;
  };

  BufferCache(DataFile& file, size_t buffers, bool verify_checksums,
              size_t multiblock_read_count);
  ~BufferCache();
  BufferCache(const BufferCache&) = delete;
  BufferCache& operator=(const BufferCache&) = delete;

  //! Pins a block, reading it (and verifying its checksum) on a miss.
  Pin Get(uint32_t block_no, AccessMode mode, SessionStats& stats,
          AccessType type = AccessType::kNormal);
  //! Pins a block that is being (re)formatted: no disk read; the caller formats it.
  Pin New(uint32_t block_no, SessionStats& stats);
  //! Reads the uncached blocks of [start, start+count) with as few preads as possible (runs of
  //! up to multiblock_read_count blocks), so that the following Gets hit the cache.
  void Prefetch(uint32_t start, uint32_t count, SessionStats& stats, AccessType type);
  //! Writes every dirty buffer (checkpoint).
  void FlushDirty(SessionStats& stats);
  //! Writes dirty buffers and empties the cache (ALTER SYSTEM FLUSH BUFFER_CACHE).
  void DropAll(SessionStats& stats);
  //! Forgets blocks of a freed extent without writing them.
  void Discard(uint32_t start, uint32_t count);

  size_t Capacity() const { return frames_.size(); }
  //! How many blocks one prefetch may bring in without evicting its own earlier blocks.
  uint32_t MaxPrefetch() const;
  bool Contains(uint32_t block_no) const { return map_.count(block_no) != 0; }

 private:
  struct Frame {
    uint32_t block_no = 0;
    uint32_t pins = 0;
    bool valid = false;
    bool dirty = false;
  };
  std::byte* FrameData(uint32_t f) const { return memory_->get() + size_t{f} * kBlockSize; }
  //! A frame to (re)use: a free one or a victim (written back first when dirty).
  uint32_t GrabFrame(SessionStats& stats);
  void Install(uint32_t frame, uint32_t block_no, AccessType type);
  void WriteFrame(uint32_t frame, SessionStats& stats);
  //! Returns frames grabbed for a read that failed (entries [from, end)) to the free list.
  void ReleaseFrames(const std::vector<uint32_t>& frames, size_t from);
  void Unpin(uint32_t frame) { --frames_[frame].pins; }

  DataFile& file_;
  bool verify_;
  size_t mbrc_;
  //! The buffers' memory: one anonymous mapping backed by transparent huge pages where the
  //! kernel allows, because faulting in a cache 4 KiB at a time dominated a cold scan's cost.
  struct Arena {
    std::byte* base = nullptr;
    size_t bytes = 0;
    explicit Arena(size_t n);
    ~Arena();
    Arena(const Arena&) = delete;
    Arena& operator=(const Arena&) = delete;
    std::byte* get() const { return base; }
  };
  std::unique_ptr<Arena> memory_;
  std::vector<Frame> frames_;
  std::vector<uint32_t> free_;
  std::unordered_map<uint32_t, uint32_t> map_;
  std::unique_ptr<Replacer> replacer_;
};

}  // namespace pathdb::storage
