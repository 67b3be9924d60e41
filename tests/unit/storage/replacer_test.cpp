// Replacement policies on their own (storage/replacer.h): the touch-count list with mid-point
// insertion and the second-chance clock, without a cache around them (cache_test.cpp).
#include "storage/replacer.h"

#include <gtest/gtest.h>

#include <thread>

namespace pathdb::storage {
namespace {

using std::chrono::milliseconds;

// ---------------------------------------------------------------- the policy on its own

TEST(TouchCountReplacer, LongScanBlocksAreReusedFirst) {
  TouchCountReplacer r(8, milliseconds(0));
  for (uint32_t f = 0; f < 4; ++f) r.Admit(f, AccessType::kNormal);
  r.Admit(4, AccessType::kScan);
  r.Admit(5, AccessType::kScan);
  auto any = [](uint32_t) { return true; };
  // The cold end holds the scan's most recent block: it goes first, then the other one.
  EXPECT_EQ(r.Victim(any), 5u);
  r.Forget(5);
  EXPECT_EQ(r.Victim(any), 4u);
  r.Forget(4);
  // Then the oldest single-block read (admitted first, so nearest the cold end).
  EXPECT_EQ(r.Victim(any), 0u);
}

TEST(TouchCountReplacer, TouchCountRisesOncePerAgingInterval) {
  TouchCountReplacer slow(4, milliseconds(3'600'000));
  slow.Admit(0, AccessType::kNormal);
  for (int i = 0; i < 10; ++i) slow.Touch(0, AccessType::kNormal);
  EXPECT_EQ(slow.TouchCount(0), 1u);  // all within one interval

  TouchCountReplacer fast(4, milliseconds(0));
  fast.Admit(0, AccessType::kNormal);
  fast.Admit(1, AccessType::kShortScan);
  fast.Admit(2, AccessType::kScan);
  EXPECT_EQ(fast.TouchCount(0), 1u);
  EXPECT_EQ(fast.TouchCount(1), 0u);  // short-table scan: no touch on the way in
  for (int i = 0; i < 3; ++i) {
    fast.Touch(0, AccessType::kNormal);
    fast.Touch(1, AccessType::kShortScan);
    fast.Touch(2, AccessType::kScan);
  }
  EXPECT_EQ(fast.TouchCount(0), 4u);
  EXPECT_EQ(fast.TouchCount(1), 3u);
  EXPECT_EQ(fast.TouchCount(2), 0u);  // long-scan visits are not touches

  // A touch counts again once the interval has passed (the clock read is coarse: a tick of
  // at most a few milliseconds).
  TouchCountReplacer timed(4, milliseconds(40));
  timed.Admit(0, AccessType::kNormal);
  timed.Touch(0, AccessType::kNormal);
  EXPECT_EQ(timed.TouchCount(0), 1u);
  std::this_thread::sleep_for(milliseconds(80));
  timed.Touch(0, AccessType::kNormal);
  timed.Touch(0, AccessType::kNormal);
  EXPECT_EQ(timed.TouchCount(0), 2u);
}

TEST(TouchCountReplacer, VictimSearchMovesWarmBuffersToTheHotEnd) {
  TouchCountReplacer r(4, milliseconds(0));
  for (uint32_t f = 0; f < 4; ++f) r.Admit(f, AccessType::kNormal);
  r.Touch(0, AccessType::kNormal);  // count 2: hot criteria
  auto any = [](uint32_t) { return true; };
  // Frame 0 is at the cold end but warm: it moves to the hot end (count reset to 0) and
  // frame 1 is the victim.
  EXPECT_EQ(r.Victim(any), 1u);
  EXPECT_TRUE(r.IsHot(0));
  EXPECT_EQ(r.TouchCount(0), TouchCountReplacer::kStayCount);
  // Pinned frames are passed over.
  EXPECT_EQ(r.Victim([](uint32_t f) { return f != 1 && f != 2; }), 3u);
}

TEST(TouchCountReplacer, HotTailCrossesIntoColdWithCoolCount) {
  TouchCountReplacer r(4, milliseconds(0));
  for (uint32_t f = 0; f < 4; ++f) {
    r.Admit(f, AccessType::kNormal);
    r.Touch(f, AccessType::kNormal);
  }
  // Every buffer is warm. The search promotes them one by one; once the hot half exceeds 50%
  // its tail crosses the midpoint with count 1, reaches the cold end again and is reused.
  auto v = r.Victim([](uint32_t) { return true; });
  ASSERT_TRUE(v.has_value());
  EXPECT_EQ(r.TouchCount(*v), TouchCountReplacer::kCoolCount);
  EXPECT_LE(r.HotSize(), 2u);
  EXPECT_EQ(r.HotSize() + r.ColdSize(), 4u);
}

TEST(TouchCountReplacer, AllPinnedGivesNothing) {
  TouchCountReplacer r(3, milliseconds(0));
  for (uint32_t f = 0; f < 3; ++f) r.Admit(f, AccessType::kNormal);
  EXPECT_FALSE(r.Victim([](uint32_t) { return false; }).has_value());
}

TEST(Replacers, OnlyAdmittedFramesAreCandidates) {
  // Per-frame state exists only for frames admitted so far (a big cache's start-up must not
  // write it for every buffer): frames never admitted are never victims, and touching or
  // forgetting them changes nothing.
  for (bool clock : {false, true}) {
    std::unique_ptr<Replacer> r =
        clock ? MakeClockReplacer(100000) : MakeTouchCountReplacer(100000, milliseconds(0));
    r->Touch(99999, AccessType::kNormal);
    r->Forget(50000);
    EXPECT_FALSE(r->Victim([](uint32_t) { return true; }).has_value()) << clock;
    r->Admit(7, AccessType::kNormal);  // out of order: frames 0..6 stay unadmitted
    r->Admit(3, AccessType::kScan);
    for (int round = 0; round < 4; ++round) {
      auto v = r->Victim([](uint32_t) { return true; });
      ASSERT_TRUE(v.has_value()) << clock;
      EXPECT_TRUE(*v == 3 || *v == 7) << clock << " " << *v;
    }
    r->Forget(3);
    r->Forget(7);
    EXPECT_FALSE(r->Victim([](uint32_t) { return true; }).has_value()) << clock;
  }
  TouchCountReplacer t(1000, milliseconds(0));
  EXPECT_EQ(t.TouchCount(999), 0u);
  EXPECT_FALSE(t.IsHot(999));
}

}  // namespace
}  // namespace pathdb::storage
