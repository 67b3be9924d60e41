// Replacement policies: the touch-count list with mid-point insertion (default) and the
// second-chance clock (kept for comparison in tests).
#include "storage/replacer.h"

#include <time.h>

#include <algorithm>

namespace pathdb::storage {

namespace {

//! The monotonic clock at its tick's resolution (1-4 ms). The touch count's aging is seconds
//! (_db_aging_touch_time), and a buffer get under it is ~100 ns: the precise clock, read on
//! every get of a cached block, was a tenth of a short scan's time on this VM.
TouchCountReplacer::Clock::time_point CoarseNow() {
  timespec ts{};
  ::clock_gettime(CLOCK_MONOTONIC_COARSE, &ts);
  return TouchCountReplacer::Clock::time_point(std::chrono::seconds(ts.tv_sec) +
                                               std::chrono::nanoseconds(ts.tv_nsec));
}

}  // namespace

// ---- clock

std::optional<uint32_t> ClockReplacer::Victim(const std::function<bool(uint32_t)>& evictable) {
  // Two full sweeps: the first clears reference bits, the second must find one unless
  // every frame is pinned.
  size_t n = ref_.size();
  if (n == 0) return std::nullopt;  // nothing admitted yet
  hand_ %= n;
  for (size_t step = 0; step < 2 * n + 1; ++step) {
    auto f = static_cast<uint32_t>(hand_);
    hand_ = (hand_ + 1) % n;
    if (ref_[f] == kAbsent || !evictable(f)) continue;
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

// ---- touch count

TouchCountReplacer::TouchCountReplacer(size_t frames, std::chrono::milliseconds aging_touch_time,
                                       unsigned percent_hot)
    : aging_(aging_touch_time), percent_hot_(std::min(percent_hot, 100u)) {
  nodes_.reserve(frames);
}

void TouchCountReplacer::PushFront(Region r, uint32_t f) {
  List& l = ListOf(r);
  Node& n = nodes_[f];
  n.region = r;
  n.prev = kNil;
  n.next = l.head;
  if (l.head != kNil) nodes_[l.head].prev = f;
  l.head = f;
  if (l.tail == kNil) l.tail = f;
  ++l.size;
}

void TouchCountReplacer::PushBack(Region r, uint32_t f) {
  List& l = ListOf(r);
  Node& n = nodes_[f];
  n.region = r;
  n.next = kNil;
  n.prev = l.tail;
  if (l.tail != kNil) nodes_[l.tail].next = f;
  l.tail = f;
  if (l.head == kNil) l.head = f;
  ++l.size;
}

void TouchCountReplacer::Unlink(uint32_t f) {
  Node& n = nodes_[f];
  if (n.region == Region::kNone) return;
  List& l = ListOf(n.region);
  if (n.prev != kNil)
    nodes_[n.prev].next = n.next;
  else
    l.head = n.next;
  if (n.next != kNil)
    nodes_[n.next].prev = n.prev;
  else
    l.tail = n.prev;
  --l.size;
  n.prev = n.next = kNil;
  n.region = Region::kNone;
}

void TouchCountReplacer::Rebalance() {
  size_t target = (hot_.size + cold_.size) * percent_hot_ / 100;
  while (hot_.size > target) {
    uint32_t f = hot_.tail;
    Unlink(f);
    nodes_[f].touches = kCoolCount;
    PushFront(Region::kCold, f);
  }
}

void TouchCountReplacer::Admit(uint32_t frame, AccessType type) {
  if (frame >= nodes_.size()) nodes_.resize(frame + 1);
  Unlink(frame);
  Node& n = nodes_[frame];
  n.last_touch = CoarseNow();
  switch (type) {
    case AccessType::kNormal:
      n.touches = 1;
      PushFront(Region::kCold, frame);
      break;
    case AccessType::kShortScan:
      n.touches = 0;
      PushFront(Region::kCold, frame);
      break;
    case AccessType::kScan:
      // Next in line for reuse: a long scan cycles through a handful of buffers.
      n.touches = 0;
      PushBack(Region::kCold, frame);
      break;
  }
}

void TouchCountReplacer::Touch(uint32_t frame, AccessType type) {
  // A long scan passes each block once; its visit says nothing about reuse.
  if (type == AccessType::kScan) return;
  if (frame >= nodes_.size()) return;
  Node& n = nodes_[frame];
  if (n.region == Region::kNone) return;
  // Without a clock read when every visit counts (tests): hits are the cache's hot path.
  if (aging_.count() == 0) {
    if (n.touches < UINT16_MAX) ++n.touches;
    return;
  }
  auto now = CoarseNow();
  if (now - n.last_touch < aging_) return;
  n.last_touch = now;
  if (n.touches < UINT16_MAX) ++n.touches;
}

void TouchCountReplacer::Forget(uint32_t frame) {
  if (frame >= nodes_.size()) return;
  Unlink(frame);
  nodes_[frame].touches = 0;
}

std::optional<uint32_t> TouchCountReplacer::Victim(const std::function<bool(uint32_t)>& evictable) {
  Rebalance();
  // Each frame is promoted at most once per search (its count drops to 0, and to 1 if it
  // crosses back), so the walk ends; the bound only guards against a broken list.
  size_t budget = 2 * nodes_.size() + 2;
  uint32_t f = cold_.tail;
  while (f != kNil && budget-- > 0) {
    uint32_t prev = nodes_[f].prev;
    if (evictable(f)) {
      if (nodes_[f].touches < kHotCriteria) return f;
      Unlink(f);
      nodes_[f].touches = kStayCount;
      PushFront(Region::kHot, f);
      Rebalance();
      // A buffer pushed across the midpoint lands at the cold head; visit it too.
      if (prev == kNil) prev = cold_.head;
    }
    f = prev;
  }
  // Every cold buffer is pinned: take the coldest unpinned hot one rather than fail.
  for (f = hot_.tail; f != kNil; f = nodes_[f].prev) {
    if (evictable(f)) return f;
  }
  return std::nullopt;
}

std::unique_ptr<Replacer> MakeTouchCountReplacer(size_t frames,
                                                 std::chrono::milliseconds aging_touch_time) {
  return std::make_unique<TouchCountReplacer>(frames, aging_touch_time);
}

}  // namespace pathdb::storage
