// Buffer replacement policy behind a small interface so the touch-count/mid-point policy of
// the next issue can replace the clock without touching the cache. The cache tells the policy
// what happens to a frame; the policy only chooses victims.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace pathdb::storage {

//! Why a block is being accessed: a big scan's blocks should not push out the hot set.
enum class AccessType : uint8_t { kNormal, kScan };

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

//! Second-chance clock; scan blocks enter without their reference bit, so they go first.
class ClockReplacer final : public Replacer {
 public:
  explicit ClockReplacer(size_t frames) : ref_(frames, 0) {}
  void Admit(uint32_t frame, AccessType type) override {
    ref_[frame] = type == AccessType::kScan ? 0 : 1;
  }
  void Touch(uint32_t frame, AccessType type) override {
    if (type == AccessType::kNormal) ref_[frame] = 1;
  }
  void Forget(uint32_t frame) override { ref_[frame] = 0; }
  std::optional<uint32_t> Victim(const std::function<bool(uint32_t)>& evictable) override;

 private:
  std::vector<uint8_t> ref_;
  size_t hand_ = 0;
};

std::unique_ptr<Replacer> MakeClockReplacer(size_t frames);

}  // namespace pathdb::storage
