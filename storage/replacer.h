// Buffer replacement policy behind a small interface, so the cache only reports what happens
// to a frame and the policy alone chooses victims. The default is Oracle's touch-count policy
// with mid-point insertion; the second-chance clock stays for tests that show the difference.
#pragma once
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace pathdb::storage {

//! Why a block is being accessed. Decides where a newly read block enters the list and whether
//! a visit counts as a touch.
enum class AccessType : uint8_t {
  kNormal,     //!< single-block access (DML, rowid fetch, index): midpoint, with a touch
  kScan,       //!< full scan of a LONG table: enters at the cold end, visits are not touches
  kShortScan,  //!< full scan of a short table: enters at the midpoint without a touch
};

class Replacer {
 public:
  virtual ~Replacer() = default;
  //! A frame now holds a block just read (or formatted).
  virtual void Admit(uint32_t frame, AccessType type) = 0;
  //! A cached block was visited again.
  virtual void Touch(uint32_t frame, AccessType type) = 0;
  //! The frame was emptied (block dropped); it is no longer a candidate.
  virtual void Forget(uint32_t frame) = 0;
  //! Picks a frame to reuse among those `evictable` accepts (unpinned); nullopt if none.
  virtual std::optional<uint32_t> Victim(const std::function<bool(uint32_t)>& evictable) = 0;
};

//! Builds the policy for a cache of `frames` buffers. Policies size their per-frame state by
//! the frames admitted so far (a cache of 32,768 buffers whose session reads a few blocks must
//! not write state for all of them at start-up: that was 2 ms of every process), so a frame
//! that was never admitted is not a candidate.
using ReplacerFactory = std::function<std::unique_ptr<Replacer>(size_t frames)>;

//! Second-chance clock; scan blocks enter without their reference bit, so they go first. It
//! has no notion of a hot set: a scan bigger than the cache sweeps everything out. Kept so
//! tests can show what the touch-count policy protects against.
class ClockReplacer final : public Replacer {
 public:
  explicit ClockReplacer(size_t frames) { ref_.reserve(frames); }
  void Admit(uint32_t frame, AccessType type) override {
    if (frame >= ref_.size()) ref_.resize(frame + 1, kAbsent);
    ref_[frame] = type == AccessType::kNormal ? 1 : 0;
  }
  void Touch(uint32_t frame, AccessType type) override {
    if (type != AccessType::kScan && frame < ref_.size() && ref_[frame] != kAbsent) ref_[frame] = 1;
  }
  void Forget(uint32_t frame) override {
    if (frame < ref_.size()) ref_[frame] = kAbsent;
  }
  std::optional<uint32_t> Victim(const std::function<bool(uint32_t)>& evictable) override;

 private:
  static constexpr uint8_t kAbsent = 2;  //!< not admitted (or forgotten): never a victim
  std::vector<uint8_t> ref_;             //!< reference bit per frame admitted so far, or kAbsent
  size_t hand_ = 0;
};

//! Oracle's touch-count replacement (oracle-reference §5). One list split into a hot half and
//! a cold half; the midpoint is the head of the cold half.
//! - A block read for single-block access enters at the midpoint with touch count 1; a short
//!   table's scan block enters there with count 0; a long table's scan block enters at the cold
//!   end, so a long scan recycles its own buffers and cannot flush the hot set.
//! - A visit raises the count, at most once per aging interval (_db_aging_touch_time), and
//!   never moves the buffer: movement happens only while looking for a victim.
//! - The victim search walks from the cold end: a buffer with count >= 2 (_db_aging_hot_criteria)
//!   is moved to the hot end with its count reset to 0 (_db_aging_stay_count) instead of being
//!   reused; the first other unpinned buffer is the victim.
//! - When the hot half outgrows its share (_db_percent_hot_default, 50%), its tail crosses into
//!   the cold half (at the midpoint) with its count reset to 1 (_db_aging_cool_count).
class TouchCountReplacer final : public Replacer {
 public:
  using Clock = std::chrono::steady_clock;
  static constexpr uint16_t kHotCriteria = 2;
  static constexpr uint16_t kStayCount = 0;
  static constexpr uint16_t kCoolCount = 1;

  TouchCountReplacer(size_t frames, std::chrono::milliseconds aging_touch_time,
                     unsigned percent_hot = 50);
  void Admit(uint32_t frame, AccessType type) override;
  void Touch(uint32_t frame, AccessType type) override;
  void Forget(uint32_t frame) override;
  std::optional<uint32_t> Victim(const std::function<bool(uint32_t)>& evictable) override;

  // Introspection for tests.
  uint16_t TouchCount(uint32_t frame) const {
    return frame < nodes_.size() ? nodes_[frame].touches : 0;
  }
  bool IsHot(uint32_t frame) const {
    return frame < nodes_.size() && nodes_[frame].region == Region::kHot;
  }
  size_t HotSize() const { return hot_.size; }
  size_t ColdSize() const { return cold_.size; }

 private:
  static constexpr uint32_t kNil = UINT32_MAX;
  enum class Region : uint8_t { kNone, kHot, kCold };
  struct Node {
    uint32_t prev = kNil;  //!< towards the head (hot end of the list)
    uint32_t next = kNil;  //!< towards the tail (cold end)
    uint16_t touches = 0;
    Region region = Region::kNone;
    Clock::time_point last_touch{};
  };
  //! Head = hotter end, tail = colder end. hot_.tail is followed (logically) by cold_.head.
  struct List {
    uint32_t head = kNil;
    uint32_t tail = kNil;
    size_t size = 0;
  };
  List& ListOf(Region r) { return r == Region::kHot ? hot_ : cold_; }
  void PushFront(Region r, uint32_t f);
  void PushBack(Region r, uint32_t f);
  void Unlink(uint32_t f);
  //! Moves hot tails across the midpoint until the hot half is within its share.
  void Rebalance();

  std::chrono::milliseconds aging_;
  unsigned percent_hot_;
  //! One node per frame admitted so far (reserved for the whole cache, constructed on demand).
  std::vector<Node> nodes_;
  List hot_, cold_;
};

std::unique_ptr<Replacer> MakeClockReplacer(size_t frames);
std::unique_ptr<Replacer> MakeTouchCountReplacer(size_t frames,
                                                 std::chrono::milliseconds aging_touch_time);

}  // namespace pathdb::storage
