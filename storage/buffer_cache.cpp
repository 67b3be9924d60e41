#include "storage/buffer_cache.h"

#include <sys/mman.h>

#include <algorithm>

#include "common/error.h"

namespace pathdb::storage {

std::optional<uint32_t> ClockReplacer::Victim(const std::function<bool(uint32_t)>& evictable) {
  // Two full sweeps: the first clears reference bits, the second must find one unless
  // every frame is pinned.
  size_t n = ref_.size();
  for (size_t step = 0; step < 2 * n + 1; ++step) {
    auto f = static_cast<uint32_t>(hand_);
    hand_ = (hand_ + 1) % n;
    if (!evictable(f)) continue;
    if (ref_[f]) {
      ref_[f] = 0;
      continue;
    }
    return f;
  }
  return std::nullopt;
}

std::unique_ptr<Replacer> MakeClockReplacer(size_t frames) {
  return std::make_unique<ClockReplacer>(frames);
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

std::byte* BufferCache::Pin::data() const { return cache_->FrameData(frame_); }
uint32_t BufferCache::Pin::block_no() const { return cache_->frames_[frame_].block_no; }

void BufferCache::Pin::MarkDirty(uint64_t scn) const {
  cache_->frames_[frame_].dirty = true;
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

BufferCache::BufferCache(DataFile& file, size_t buffers, bool verify_checksums,
                         size_t multiblock_read_count)
    : file_(file), verify_(verify_checksums), mbrc_(std::max<size_t>(1, multiblock_read_count)) {
  buffers = std::max(buffers, kMinBuffers);
  // Untouched buffers cost no resident memory until first used.
  memory_ = std::make_unique<Arena>(buffers * kBlockSize);
  frames_.resize(buffers);
  free_.reserve(buffers);
  for (size_t i = buffers; i-- > 0;) free_.push_back(static_cast<uint32_t>(i));
  map_.reserve(buffers);
  replacer_ = MakeClockReplacer(buffers);
}

BufferCache::~BufferCache() = default;

BufferCache::Arena::Arena(size_t n) : bytes(n) {
  void* p = mmap(nullptr, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) ThrowOra(4031, "unable to allocate {} bytes of shared memory", n);
  madvise(p, n, MADV_HUGEPAGE);  // advisory: ignored where THP is off
  base = static_cast<std::byte*>(p);
}

BufferCache::Arena::~Arena() { munmap(base, bytes); }

uint32_t BufferCache::MaxPrefetch() const {
  return static_cast<uint32_t>(std::max<size_t>(1, std::min(mbrc_, frames_.size() / 4)));
}

uint32_t BufferCache::GrabFrame(SessionStats& stats) {
  if (!free_.empty()) {
    uint32_t f = free_.back();
    free_.pop_back();
    return f;
  }
  auto victim = replacer_->Victim([this](uint32_t f) { return frames_[f].pins == 0; });
  if (!victim) ThrowOra(4031, "unable to allocate 8192 bytes of shared memory (\"buffer cache\")");
  uint32_t f = *victim;
  if (frames_[f].dirty) WriteFrame(f, stats);
  map_.erase(frames_[f].block_no);
  frames_[f].valid = false;
  replacer_->Forget(f);
  return f;
}

void BufferCache::Install(uint32_t frame, uint32_t block_no, AccessType type) {
  frames_[frame] = Frame{block_no, 0, true, false};
  map_[block_no] = frame;
  replacer_->Admit(frame, type);
}

void BufferCache::WriteFrame(uint32_t frame, SessionStats& stats) {
  StampChecksum(FrameData(frame));
  file_.Write(frames_[frame].block_no, 1, FrameData(frame));
  frames_[frame].dirty = false;
  stats.Add(Stat::kPhysicalWrites);
}

BufferCache::Pin BufferCache::Get(uint32_t block_no, AccessMode mode, SessionStats& stats,
                                  AccessType type) {
  stats.Add(mode == AccessMode::kConsistent ? Stat::kConsistentGets : Stat::kDbBlockGets);
  stats.Add(Stat::kSessionLogicalReads);
  if (auto it = map_.find(block_no); it != map_.end()) {
    ++frames_[it->second].pins;
    replacer_->Touch(it->second, type);
    return Pin(this, it->second);
  }
  uint32_t f = GrabFrame(stats);
  try {
    file_.Read(block_no, 1, FrameData(f));
  } catch (...) {
    free_.push_back(f);
    throw;
  }
  stats.Add(Stat::kPhysicalReads);
  stats.Add(Stat::kPhysicalReadsCache);
  if (verify_ && !VerifyBlock(FrameData(f), block_no)) {
    free_.push_back(f);
    ThrowCorruptBlock(block_no);
  }
  Install(f, block_no, type);
  ++frames_[f].pins;
  return Pin(this, f);
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
  frames_[f].dirty = true;
  ++frames_[f].pins;
  return Pin(this, f);
}

void BufferCache::Prefetch(uint32_t start, uint32_t count, SessionStats& stats,
                           AccessType type) {
  count = std::min(count, MaxPrefetch());
  uint32_t end = start + count;
  uint32_t b = start;
  while (b < end) {
    if (map_.count(b)) {
      ++b;
      continue;
    }
    uint32_t run_end = b;
    while (run_end < end && !map_.count(run_end)) ++run_end;
    uint32_t n = run_end - b;
    // Frames first, then one scattered read straight into them: no bounce buffer, no copy.
    std::vector<uint32_t> frames;
    std::vector<std::byte*> targets;
    frames.reserve(n);
    targets.reserve(n);
    try {
      for (uint32_t i = 0; i < n; ++i) {
        frames.push_back(GrabFrame(stats));
        // Held by a pin until installed, so the next GrabFrame cannot pick it as a victim.
        frames_[frames.back()].pins = 1;
        targets.push_back(FrameData(frames.back()));
      }
      file_.ReadScattered(b, targets);
    } catch (...) {
      ReleaseFrames(frames, 0);
      throw;
    }
    stats.Add(Stat::kPhysicalReads, n);
    stats.Add(Stat::kPhysicalReadsCache, n);
    if (n > 1) stats.Add(Stat::kPhysicalReadTotalMultiBlockRequests);
    for (uint32_t i = 0; i < n; ++i) {
      if (verify_ && !VerifyBlock(targets[i], b + i)) {
        ReleaseFrames(frames, i);
        ThrowCorruptBlock(b + i);
      }
      Install(frames[i], b + i, type);
    }
    b = run_end;
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

void BufferCache::DropAll(SessionStats& stats) {
  FlushDirty(stats);
  for (uint32_t f = 0; f < frames_.size(); ++f) {
    if (!frames_[f].valid || frames_[f].pins != 0) continue;
    map_.erase(frames_[f].block_no);
    frames_[f].valid = false;
    replacer_->Forget(f);
    free_.push_back(f);
  }
}

void BufferCache::Discard(uint32_t start, uint32_t count) {
  for (uint32_t b = start; b < start + count; ++b) {
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
