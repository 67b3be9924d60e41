// The buffer cache: a fixed number of 8 KiB buffers, a hash table from block number to
// buffer, pin counts held by RAII pins, a pluggable replacement policy (touch count with
// mid-point insertion by default), and write-back of dirty buffers on eviction and checkpoint.
// Every access is counted in the caller's stats.
//
// With a RedoSink attached, a dirty buffer never goes from here to the data file except at a
// checkpoint (FlushDirty): eviction hands it to the sink, and a miss on a block the sink holds
// is served from the sink.
// Threads: not thread-safe; used from the thread of the session that owns the Database.
// Parallel query will need bucket latches and atomic pins (docs/architecture.md, Threads).
#pragma once
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <unordered_map>
#include <vector>

#include "common/stats.h"
#include "storage/block.h"
#include "storage/data_file.h"
#include "storage/redo_sink.h"
#include "storage/replacer.h"

namespace pathdb::storage {

//! Consistent (query) or current (DML) mode: decides which logical-read statistic counts.
enum class AccessMode : uint8_t { kConsistent, kCurrent };

struct BufferCacheOptions {
  size_t buffers = 0;                  //!< raised to a small minimum
  bool verify_checksums = true;        //!< db_block_checksum=TYPICAL
  size_t multiblock_read_count = 128;  //!< db_file_multiblock_read_count
  //! _db_aging_touch_time: a buffer's touch count rises at most once per interval (0: always).
  std::chrono::milliseconds aging_touch_time{3000};
  //! Replacement policy; empty = touch count with mid-point insertion.
  ReplacerFactory replacer;
};

//! The cache options a database with `options` uses.
BufferCacheOptions CacheOptionsFor(const DatabaseOptions& options);

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
    //! Records a change: sets the dirty and unlogged flags and stamps the change counter.
    void MarkDirty(uint64_t scn) const;
    void Release();

   private:
    friend class BufferCache;
    BufferCache* cache_ = nullptr;
    uint32_t frame_ = 0;
  };

  BufferCache(DataFile& file, const BufferCacheOptions& options);
  ~BufferCache();
  BufferCache(const BufferCache&) = delete;
  BufferCache& operator=(const BufferCache&) = delete;

  //! Pins a block, reading it (and verifying its checksum) on a miss.
  Pin Get(uint32_t block_no, AccessMode mode, SessionStats& stats,
          AccessType type = AccessType::kNormal);
  //! Makes `pin` hold `block_no`: when it already does, the visit is a `buffer is pinned count`
  //! (no logical read), otherwise the old pin is released and the block is got as by Get.
  void Repin(Pin& pin, uint32_t block_no, AccessMode mode, SessionStats& stats,
             AccessType type = AccessType::kNormal);
  //! Pins a block that is being (re)formatted: no disk read; the caller formats it.
  Pin New(uint32_t block_no, SessionStats& stats);
  //! Reads the uncached blocks of [start, start+count) with as few preads as possible (runs of
  //! up to multiblock_read_count blocks), so that the following Gets hit the cache.
  void Prefetch(uint32_t start, uint32_t count, SessionStats& stats, AccessType type);
  //! Reads the uncached blocks among `blocks` (any order, duplicates allowed) with several
  //! requests in flight (DataFile::ReadBlocks), so the following Gets hit the cache: a batch
  //! of ROWIDs costs about one device latency, not one per block. At most MaxPrefetch()
  //! blocks per call are read; the rest are left to Get.
  void PrefetchBlocks(std::span<const uint32_t> blocks, SessionStats& stats, AccessType type);
  //! Writes every dirty buffer to the data file (checkpoint); clears dirty and unlogged.
  void FlushDirty(SessionStats& stats);
  //! Empties the cache (ALTER SYSTEM FLUSH BUFFER_CACHE). Dirty buffers are written first,
  //! or, with a redo sink, handed to the sink. Pinned buffers stay.
  void DropAll(SessionStats& stats);
  //! Forgets blocks of a freed extent without writing them (and tells the sink to forget).
  void Discard(uint32_t start, uint32_t count);

  //! nullptr: dirty victims are written to the data file (no redo log).
  void SetRedoSink(RedoSink* sink) { sink_ = sink; }
  //! For every buffer with changes the log does not have: stamps its checksum, calls `fn`
  //! and clears its unlogged flag (it stays dirty until a checkpoint writes it).
  void LogUnlogged(const std::function<void(uint32_t block_no, const std::byte* data)>& fn);
  //! How many buffers hold changes not yet handed to the redo log.
  size_t CountUnlogged() const {
    size_t n = 0;
    for (const auto& f : frames_) n += f.valid && f.unlogged;
    return n;
  }
  //! True when some buffer holds changes not yet handed to the redo log (lead: redo).
  bool HasUnlogged() const {
    for (const auto& f : frames_) {
      if (f.valid && f.unlogged) return true;
    }
    return false;
  }

  // ---- for direct path reads (the caller names a segment's blocks by `in_segment`)
  struct SegmentCacheCount {
    uint64_t cached = 0;  //!< buffers holding a block of the segment
    uint64_t dirty = 0;   //!< of those, dirty
  };
  SegmentCacheCount CountCached(const std::function<bool(uint32_t block_no)>& in_segment) const;
  //! Object checkpoint before a direct read: every dirty buffer of the segment whose changes
  //! are all committed is written to the data file (it stays cached, clean, and the redo
  //! sink forgets its older image of the block). Returns the blocks of the segment whose
  //! buffers hold uncommitted changes -- not yet logged, or read back from an uncommitted
  //! image the sink parked (`parked_uncommitted`) -- which may not reach the data file: the
  //! direct reader takes their image from here instead.
  std::vector<uint32_t> CheckpointSegment(
      const std::function<bool(uint32_t block_no)>& in_segment,
      const std::function<bool(uint32_t block_no)>& parked_uncommitted, SessionStats& stats);
  //! Copies the cached image of `block_no` to `out`; false when it is not cached.
  bool CopyCached(uint32_t block_no, std::byte* out) const;

  //! db_block_checksum: verify every block read from the data file (TYPICAL) or not (FALSE).
  void SetVerifyChecksums(bool on) { verify_ = on; }
  bool VerifyChecksums() const { return verify_; }
  //! A new statement starts: `physical re-reads` counts again from an empty set.
  void BeginStatement();

  size_t Capacity() const { return capacity_; }
  //! Buffers handed out at least once (their memory and bookkeeping exist); <= Capacity().
  size_t BuffersUsed() const { return frames_.size(); }
  //! How many blocks one prefetch may bring in without evicting its own earlier blocks.
  uint32_t MaxPrefetch() const;
  bool Contains(uint32_t block_no) const { return map_.count(block_no) != 0; }

 private:
  struct Frame {
    uint32_t block_no = 0;
    uint32_t pins = 0;
    bool valid = false;
    bool dirty = false;
    bool unlogged = false;  //!< holds changes not yet handed to the redo log
    //! Brought in by Prefetch and not yet visited: the first Get is the block's first use,
    //! not a touch, so a prefetched block is not counted twice.
    bool prefetched = false;
  };
  std::byte* FrameData(uint32_t f) const { return memory_->get() + size_t{f} * kBlockSize; }
  //! A frame to (re)use: a free one or a victim (written back first when dirty).
  uint32_t GrabFrame(SessionStats& stats);
  void Install(uint32_t frame, uint32_t block_no, AccessType type);
  void WriteFrame(uint32_t frame, SessionStats& stats);
  //! A dirty frame leaves the cache: to the redo sink when there is one, else to the file.
  void EvictDirty(uint32_t frame, SessionStats& stats);
  //! Counts a block read from disk; a second read of it in one statement is a re-read.
  void CountPhysicalRead(uint32_t block_no, SessionStats& stats);
  //! Returns frames grabbed for a read that failed (entries [from, end)) to the free list.
  void ReleaseFrames(const std::vector<uint32_t>& frames, size_t from);
  //! A pinned frame per block of `blocks`, filled by `read` (the frames' buffers in block
  //! order), counted as physical reads, verified and installed as prefetched; on an error
  //! the frames go back to the free list. The caller counts the I/O requests.
  void FillFrames(std::span<const uint32_t> blocks,
                  const std::function<void(std::span<std::byte* const>)>& read, SessionStats& stats,
                  AccessType type);
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
  uint32_t capacity_ = 0;  //!< buffers in the arena
  //! The frames handed out so far (frame i uses buffer i); the rest of the arena was never
  //! used. Reserved for capacity_, so growing never moves it.
  std::vector<Frame> frames_;
  std::vector<uint32_t> free_;  //!< frames emptied again, reused before a never-used one
  std::unordered_map<uint32_t, uint32_t> map_;
  std::unique_ptr<Replacer> replacer_;
  RedoSink* sink_ = nullptr;
  //! Blocks read from disk by the current statement: one bit per block number, plus the words
  //! set so BeginStatement clears only those (a statement touches few of a big file's words).
  std::vector<uint64_t> read_bits_;
  std::vector<uint32_t> read_words_;
};

}  // namespace pathdb::storage
