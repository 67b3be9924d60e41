#include "storage/inmemory/im_segment.h"

namespace pathdb::storage::im {

void Imcu::DropDenseSlots() {
  for (size_t b = 0; b + 1 < row_start.size(); ++b) {
    for (uint32_t r = row_start[b]; r < row_start[b + 1]; ++r) {
      if (slots[r] != r - row_start[b]) return;
    }
  }
  slots.clear();
  slots.shrink_to_fit();
}

ImSegment::Snapshot ImSegment::Take() const {
  std::lock_guard lock(mu_);
  Snapshot s;
  s.imcus = imcus_;
  const uint64_t covered = s.covered();
  s.stale.assign(stale_.begin(), stale_.begin() + static_cast<std::ptrdiff_t>(
                                                      std::min<uint64_t>(covered, stale_.size())));
  s.stale.resize(covered, 0);
  return s;
}

void ImSegment::NoteChange(uint64_t ordinal) {
  std::lock_guard lock(mu_);
  if (ordinal < stale_.size()) stale_[ordinal] = 1;
  if (repopulating_ && ordinal < next_stale_.size()) next_stale_[ordinal] = 1;
}

void ImSegment::Invalidate() {
  std::lock_guard lock(mu_);
  imcus_.clear();
  stale_.clear();
  next_imcus_.clear();
  next_stale_.clear();
  status_ = PopulateStatus::kNone;
  cancelled_.store(true);  // a running population read blocks that may no longer be ours
}

bool ImSegment::BeginPopulation(uint64_t blocks, const std::vector<uint64_t>& initially_stale) {
  std::lock_guard lock(mu_);
  if (populating_) return false;
  populating_ = true;
  cancelled_.store(false);
  std::vector<uint8_t> stale(blocks, 0);
  for (uint64_t b : initially_stale) {
    if (b < blocks) stale[b] = 1;
  }
  if (imcus_.empty()) {
    // First population: IMCUs are used as soon as each is published.
    repopulating_ = false;
    stale_ = std::move(stale);
  } else {
    repopulating_ = true;
    next_stale_ = std::move(stale);
    next_imcus_.clear();
  }
  status_ = PopulateStatus::kStarted;
  return true;
}

void ImSegment::Publish(std::shared_ptr<const Imcu> imcu) {
  std::lock_guard lock(mu_);
  (repopulating_ ? next_imcus_ : imcus_).push_back(std::move(imcu));
}

void ImSegment::EndPopulation(PopulateStatus status, uint64_t bytes_not_populated) {
  std::lock_guard lock(mu_);
  if (repopulating_ && !cancelled_.load() && status == PopulateStatus::kCompleted) {
    imcus_ = std::move(next_imcus_);
    stale_ = std::move(next_stale_);
  }
  next_imcus_.clear();
  next_stale_.clear();
  populating_ = false;
  repopulating_ = false;
  if (cancelled_.load()) return;
  status_ = status;
  bytes_not_populated_ = bytes_not_populated;
}

bool ImSegment::populating() const {
  std::lock_guard lock(mu_);
  return populating_;
}

ImSegment::Info ImSegment::info() const {
  std::lock_guard lock(mu_);
  Info i;
  i.status = status_;
  i.bytes_not_populated = bytes_not_populated_;
  i.imcus = imcus_.size();
  for (const auto& u : imcus_) {
    i.inmemory_bytes += u->bytes;
    i.rows += u->rows();
  }
  i.covered_blocks = imcus_.empty() ? 0 : imcus_.back()->end_block;
  for (uint64_t b = 0; b < i.covered_blocks && b < stale_.size(); ++b) i.stale_blocks += stale_[b];
  return i;
}

}  // namespace pathdb::storage::im
