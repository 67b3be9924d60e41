#include "storage/buffer_cache.h"

#include <sys/mman.h>

#include <algorithm>
#include <cstring>

#include "common/error.h"

namespace pathdb::storage {

BufferCacheOptions CacheOptionsFor(const DatabaseOptions& options) {
  BufferCacheOptions o;
  o.buffers = options.cache_size_bytes / kBlockSize;
  o.verify_checksums = options.verify_checksums;
  o.multiblock_read_count = options.multiblock_read_count;
  o.aging_touch_time = std::chrono::milliseconds(options.aging_touch_time_ms);
  return o;
}

BufferCache::Pin& BufferCache::Pin::operator=(Pin&& o) noexcept {
  if (this != &o) {
    Release();
    cache_ = o.cache_;
    frame_ = o.frame_;
    o.cache_ = nullptr;
  }
  return *this;
}

std::byte* BufferCache::Pin::data() const {
  return cache_->FrameData(frame_);
}
uint32_t BufferCache::Pin::block_no() const {
  return cache_->frames_[frame_].block_no;
}

void BufferCache::Pin::MarkDirty(uint64_t scn) const {
  cache_->frames_[frame_].dirty = true;
  cache_->frames_[frame_].unlogged = true;
  BlockHeader h = ReadHeader(data());
  h.scn = scn;
  WriteHeader(data(), h);
}

void BufferCache::Pin::Release() {
  if (cache_) cache_->Unpin(frame_);
  cache_ = nullptr;
}

// TUNING: below 16 buffers a scan's prefetch and a DML statement's pins could starve.
constexpr size_t kMinBuffers = 16;

BufferCache::BufferCache(DataFile& file, const BufferCacheOptions& options)
    : file_(file),
      verify_(options.verify_checksums),
      mbrc_(std::max<size_t>(1, options.multiblock_read_count)) {
  size_t buffers = std::max(options.buffers, kMinBuffers);
  capacity_ = static_cast<uint32_t>(buffers);
  // Untouched buffers cost no resident memory until first used, and neither does their
  // bookkeeping: frames_ is reserved (not written) for all of them and grows as frames are
  // first handed out, so a session that reads a few blocks does not pay for 32,768 buffers.
  memory_ = std::make_unique<Arena>(buffers * kBlockSize);
  frames_.reserve(buffers);
  replacer_ = options.replacer ? options.replacer(buffers)
                               : MakeTouchCountReplacer(buffers, options.aging_touch_time);
}

BufferCache::~BufferCache() = default;

BufferCache::Arena::Arena(size_t n) : bytes(n) {
  void* p = mmap(nullptr, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) ThrowOra(4031, "unable to allocate {} bytes of shared memory", n);
  madvise(p, n, MADV_HUGEPAGE);  // advisory: ignored where THP is off
  base = static_cast<std::byte*>(p);
}

BufferCache::Arena::~Arena() {
  munmap(base, bytes);
}

uint32_t BufferCache::MaxPrefetch() const {
  return static_cast<uint32_t>(std::max<size_t>(1, std::min<size_t>(mbrc_, capacity_ / 4)));
}

uint32_t BufferCache::GrabFrame(SessionStats& stats) {
  if (!free_.empty()) {
    uint32_t f = free_.back();
    free_.pop_back();
    return f;
  }
  if (frames_.size() < capacity_) {
    // Never used: within the reservation, so references to other frames stay valid.
    frames_.emplace_back();
    return static_cast<uint32_t>(frames_.size() - 1);
  }
  // Blocks prefetched but not yet visited are spared while anything else can go: a long scan's
  // run sits at the cold end, and reading its next run must not evict the blocks it is about
  // to visit.
  auto victim = replacer_->Victim(
      [this](uint32_t f) { return frames_[f].pins == 0 && !frames_[f].prefetched; });
  if (!victim) victim = replacer_->Victim([this](uint32_t f) { return frames_[f].pins == 0; });
  if (!victim) ThrowOra(4031, "unable to allocate 8192 bytes of shared memory (\"buffer cache\")");
  uint32_t f = *victim;
  if (frames_[f].dirty) EvictDirty(f, stats);
  map_.erase(frames_[f].block_no);
  frames_[f].valid = false;
  replacer_->Forget(f);
  return f;
}

void BufferCache::Install(uint32_t frame, uint32_t block_no, AccessType type) {
  frames_[frame] = Frame{block_no, 0, true, false, false, false};
  map_[block_no] = frame;
  replacer_->Admit(frame, type);
}

void BufferCache::WriteFrame(uint32_t frame, SessionStats& stats) {
  StampChecksum(FrameData(frame));
  file_.Write(frames_[frame].block_no, 1, FrameData(frame));
  frames_[frame].dirty = false;
  frames_[frame].unlogged = false;
  stats.Add(Stat::kPhysicalWrites);
}

void BufferCache::EvictDirty(uint32_t frame, SessionStats& stats) {
  if (!sink_) {
    WriteFrame(frame, stats);
    return;
  }
  // No-steal to the data file: the sink decides where the image goes (log or file).
  Frame& fr = frames_[frame];
  StampChecksum(FrameData(frame));
  sink_->Evict(fr.block_no, FrameData(frame), fr.unlogged);
  fr.dirty = false;
  fr.unlogged = false;
}

void BufferCache::CountPhysicalRead(uint32_t block_no, SessionStats& stats) {
  stats.Add(Stat::kPhysicalReads);
  stats.Add(Stat::kPhysicalReadsCache);
  stats.Add(Stat::kPhysicalReadBytes, kBlockSize);
  size_t word = block_no / 64;
  uint64_t bit = uint64_t{1} << (block_no % 64);
  if (word >= read_bits_.size()) read_bits_.resize(std::max(word + 1, read_bits_.size() * 2));
  if (read_bits_[word] & bit) {
    stats.Add(Stat::kPhysicalReReads);
    return;
  }
  if (read_bits_[word] == 0) read_words_.push_back(static_cast<uint32_t>(word));
  read_bits_[word] |= bit;
}

void BufferCache::BeginStatement() {
  for (uint32_t w : read_words_) read_bits_[w] = 0;
  read_words_.clear();
}

BufferCache::Pin BufferCache::Get(uint32_t block_no, AccessMode mode, SessionStats& stats,
                                  AccessType type) {
  stats.Add(mode == AccessMode::kConsistent ? Stat::kConsistentGets : Stat::kDbBlockGets);
  stats.Add(Stat::kSessionLogicalReads);
  if (auto it = map_.find(block_no); it != map_.end()) {
    Frame& fr = frames_[it->second];
    ++fr.pins;
    if (fr.prefetched) {
      fr.prefetched = false;  // first use of a prefetched block: admitted already, not a touch
    } else {
      replacer_->Touch(it->second, type);
    }
    return Pin(this, it->second);
  }
  uint32_t f = GrabFrame(stats);
  if (sink_ && sink_->Holds(block_no)) {
    // The latest image is in the log: the data file's copy is stale.
    try {
      sink_->ReadImage(block_no, FrameData(f));
    } catch (...) {
      free_.push_back(f);
      throw;
    }
    CountPhysicalRead(block_no, stats);
    Install(f, block_no, type);
    // Must be written (or logged again) before its log image may be dropped.
    frames_[f].dirty = true;
    ++frames_[f].pins;
    return Pin(this, f);
  }
  try {
    file_.Read(block_no, 1, FrameData(f));
  } catch (...) {
    free_.push_back(f);
    throw;
  }
  CountPhysicalRead(block_no, stats);
  stats.Add(Stat::kPhysicalReadRequests);
  if (verify_ && !VerifyBlock(FrameData(f), block_no)) {
    free_.push_back(f);
    ThrowCorruptBlock(block_no);
  }
  Install(f, block_no, type);
  ++frames_[f].pins;
  return Pin(this, f);
}

void BufferCache::Repin(Pin& pin, uint32_t block_no, AccessMode mode, SessionStats& stats,
                        AccessType type) {
  if (pin && pin.cache_ == this && frames_[pin.frame_].block_no == block_no) {
    stats.Add(Stat::kBufferIsPinnedCount);
    return;
  }
  pin.Release();
  pin = Get(block_no, mode, stats, type);
}

BufferCache::Pin BufferCache::New(uint32_t block_no, SessionStats& stats) {
  stats.Add(Stat::kDbBlockGets);
  stats.Add(Stat::kSessionLogicalReads);
  uint32_t f;
  if (auto it = map_.find(block_no); it != map_.end()) {
    f = it->second;
  } else {
    f = GrabFrame(stats);
    Install(f, block_no, AccessType::kNormal);
  }
  // A freshly formatted image is a change the log has not seen.
  frames_[f].dirty = true;
  frames_[f].unlogged = true;
  frames_[f].prefetched = false;
  ++frames_[f].pins;
  return Pin(this, f);
}

void BufferCache::Prefetch(uint32_t start, uint32_t count, SessionStats& stats, AccessType type) {
  count = std::min(count, MaxPrefetch());
  uint32_t end = start + count;
  uint32_t b = start;
  // Blocks the redo sink holds are left out: a later Get reads them singly from the sink.
  auto skip = [this](uint32_t blk) { return map_.count(blk) != 0 || (sink_ && sink_->Holds(blk)); };
  while (b < end) {
    if (skip(b)) {
      ++b;
      continue;
    }
    uint32_t run_end = b;
    while (run_end < end && !skip(run_end)) ++run_end;
    uint32_t n = run_end - b;
    std::vector<uint32_t> blocks(n);
    for (uint32_t i = 0; i < n; ++i) blocks[i] = b + i;
    // One scattered read straight into the frames: no bounce buffer, no copy.
    FillFrames(
        blocks, [&](std::span<std::byte* const> targets) { file_.ReadScattered(b, targets); },
        stats, type);
    if (n > 1) stats.Add(Stat::kPhysicalReadTotalMultiBlockRequests);
    stats.Add(Stat::kPhysicalReadRequests);
    b = run_end;
  }
}

void BufferCache::PrefetchBlocks(std::span<const uint32_t> blocks, SessionStats& stats,
                                 AccessType type) {
  std::vector<uint32_t> want;
  for (uint32_t b : blocks) {
    if (map_.count(b) != 0 || (sink_ && sink_->Holds(b))) continue;
    want.push_back(b);
  }
  std::sort(want.begin(), want.end());
  want.erase(std::unique(want.begin(), want.end()), want.end());
  want.resize(std::min<size_t>(want.size(), MaxPrefetch()));
  if (want.size() < 2) return;  // one block: Get reads it as it would anyway
  FillFrames(
      want, [&](std::span<std::byte* const> targets) { file_.ReadBlocks(want, targets); }, stats,
      type);
  stats.Add(Stat::kPhysicalReadRequests, want.size());  // single-block requests
}

void BufferCache::FillFrames(std::span<const uint32_t> blocks,
                             const std::function<void(std::span<std::byte* const>)>& read,
                             SessionStats& stats, AccessType type) {
  std::vector<uint32_t> frames;
  std::vector<std::byte*> targets;
  frames.reserve(blocks.size());
  targets.reserve(blocks.size());
  try {
    for (size_t i = 0; i < blocks.size(); ++i) {
      frames.push_back(GrabFrame(stats));
      // Held by a pin until installed, so the next GrabFrame cannot pick it as a victim.
      frames_[frames.back()].pins = 1;
      targets.push_back(FrameData(frames.back()));
    }
    read(targets);
  } catch (...) {
    ReleaseFrames(frames, 0);
    throw;
  }
  for (uint32_t b : blocks) CountPhysicalRead(b, stats);
  for (size_t i = 0; i < blocks.size(); ++i) {
    if (verify_ && !VerifyBlock(targets[i], blocks[i])) {
      ReleaseFrames(frames, i);
      ThrowCorruptBlock(blocks[i]);
    }
    Install(frames[i], blocks[i], type);
    frames_[frames[i]].prefetched = true;
  }
}

void BufferCache::ReleaseFrames(const std::vector<uint32_t>& frames, size_t from) {
  for (size_t i = from; i < frames.size(); ++i) {
    frames_[frames[i]] = Frame{};
    free_.push_back(frames[i]);
  }
}

void BufferCache::FlushDirty(SessionStats& stats) {
  std::vector<uint32_t> dirty;
  for (uint32_t f = 0; f < frames_.size(); ++f) {
    if (frames_[f].valid && frames_[f].dirty) dirty.push_back(f);
  }
  std::sort(dirty.begin(), dirty.end(),
            [this](uint32_t a, uint32_t b) { return frames_[a].block_no < frames_[b].block_no; });
  for (uint32_t f : dirty) WriteFrame(f, stats);
}

BufferCache::SegmentCacheCount BufferCache::CountCached(
    const std::function<bool(uint32_t)>& in_segment) const {
  SegmentCacheCount c;
  for (const Frame& f : frames_) {
    if (!f.valid || !in_segment(f.block_no)) continue;
    ++c.cached;
    if (f.dirty) ++c.dirty;
  }
  return c;
}

std::vector<uint32_t> BufferCache::CheckpointSegment(
    const std::function<bool(uint32_t)>& in_segment,
    const std::function<bool(uint32_t)>& parked_uncommitted, SessionStats& stats) {
  std::vector<uint32_t> held;
  for (uint32_t f = 0; f < frames_.size(); ++f) {
    const Frame& fr = frames_[f];
    if (!fr.valid || !fr.dirty || !in_segment(fr.block_no)) continue;
    if (sink_ != nullptr && (fr.unlogged || parked_uncommitted(fr.block_no))) {
      held.push_back(fr.block_no);
      continue;
    }
    WriteFrame(f, stats);
    // The file has the newest image now; a parked one is older and must not serve a miss.
    if (sink_ != nullptr && sink_->Holds(fr.block_no)) sink_->Forget(fr.block_no);
  }
  std::sort(held.begin(), held.end());
  return held;
}

bool BufferCache::CopyCached(uint32_t block_no, std::byte* out) const {
  auto it = map_.find(block_no);
  if (it == map_.end()) return false;
  std::memcpy(out, FrameData(it->second), kBlockSize);
  return true;
}

void BufferCache::LogUnlogged(
    const std::function<void(uint32_t block_no, const std::byte* data)>& fn) {
  std::vector<uint32_t> todo;
  for (uint32_t f = 0; f < frames_.size(); ++f) {
    if (frames_[f].valid && frames_[f].unlogged) todo.push_back(f);
  }
  std::sort(todo.begin(), todo.end(),
            [this](uint32_t a, uint32_t b) { return frames_[a].block_no < frames_[b].block_no; });
  for (uint32_t f : todo) {
    StampChecksum(FrameData(f));
    fn(frames_[f].block_no, FrameData(f));
    frames_[f].unlogged = false;
  }
}

void BufferCache::DropAll(SessionStats& stats) {
  if (!sink_) FlushDirty(stats);
  for (uint32_t f = 0; f < frames_.size(); ++f) {
    if (!frames_[f].valid || frames_[f].pins != 0) continue;
    if (frames_[f].dirty) EvictDirty(f, stats);
    map_.erase(frames_[f].block_no);
    frames_[f].valid = false;
    replacer_->Forget(f);
    free_.push_back(f);
  }
}

void BufferCache::Discard(uint32_t start, uint32_t count) {
  for (uint32_t b = start; b < start + count; ++b) {
    if (sink_) sink_->Forget(b);
    auto it = map_.find(b);
    if (it == map_.end()) continue;
    uint32_t f = it->second;
    if (frames_[f].pins != 0) continue;  // still in use by the caller; stays valid
    map_.erase(it);
    frames_[f] = Frame{};
    replacer_->Forget(f);
    free_.push_back(f);
  }
}

}  // namespace pathdb::storage
