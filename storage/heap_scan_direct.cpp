// The direct path block source of a heap scan: reads ahead the regions the scan will read,
// one request per piece of a data run inside a region (at most 1 MiB), so a region the
// storage index or a join filter rules out is never requested.
#include <algorithm>

#include "common/error.h"
#include "storage/direct_blocks.h"
#include "storage/heap_page.h"
#include "storage/heap_scan.h"
#include "storage/storage_index.h"

namespace pathdb::storage {

namespace {

class DirectBlockSource final : public HeapBlockSource {
 public:
  DirectBlockSource(DirectBlocksSetup setup, const ScanReadPlan& plan, BufferCache& cache)
      : plan_(plan), cache_(cache), max_request_(setup.options.max_request_blocks) {
    Skip(plan_.begin);
    blocks_ = std::make_unique<DirectBlocks>(
        std::move(setup), [this](DirectReadRequest& req) { return NextRequest(req); });
  }

  std::byte* Read(uint32_t block, uint32_t /*run_left*/, SessionStats& stats) override {
    return blocks_->Read(block, stats);
  }

  std::string_view MigratedBody(RowId body, SessionStats& stats) override {
    // Continued rows are fetched through the cache (Oracle's `table fetch continued row`):
    // the body may live in any block, read or not by this scan.
    cache_.Repin(body_pin_, body.block, AccessMode::kConsistent, stats);
    auto row = HeapPage(body_pin_.data()).Row(body.slot);
    if (!row) ThrowCorruptBlock(body.block);
    return *row;
  }

  void Release() override { body_pin_.Release(); }
  const DirectReader& reader() const { return blocks_->reader(); }

 private:
  //! Moves the issue position to data block ordinal `to`.
  void Skip(uint64_t to) {
    const auto& runs = *plan_.runs;
    uint64_t n = to - pos_;
    pos_ = to;
    while (n > 0 && run_ < runs.size()) {
      uint64_t step = std::min<uint64_t>(n, runs[run_].count - off_);
      off_ += static_cast<uint32_t>(step);
      n -= step;
      if (off_ >= runs[run_].count) {
        off_ = 0;
        ++run_;
      }
    }
  }

  bool NextRequest(DirectReadRequest& req) {
    const auto& runs = *plan_.runs;
    while (pos_ < plan_.end && run_ < runs.size()) {
      const auto region = static_cast<uint32_t>(pos_ / kRegionBlocks);
      const uint64_t region_end =
          std::min<uint64_t>((uint64_t{region} + 1) * kRegionBlocks, plan_.end);
      if (!plan_.region_wanted(region)) {
        Skip(region_end);
        continue;
      }
      const uint64_t n = std::min<uint64_t>(
          {uint64_t{runs[run_].count - off_}, region_end - pos_, uint64_t{max_request_}});
      req.block = runs[run_].start + off_;
      req.count = static_cast<uint32_t>(n);
      Skip(pos_ + n);
      return true;
    }
    return false;
  }

  ScanReadPlan plan_;
  BufferCache& cache_;
  uint32_t max_request_;
  size_t run_ = 0;
  uint32_t off_ = 0;
  uint64_t pos_ = 0;  //!< data block ordinal of the next block to request
  std::unique_ptr<DirectBlocks> blocks_;
  BufferCache::Pin body_pin_;
};

}  // namespace

std::unique_ptr<HeapBlockSource> MakeDirectBlockSource(DirectBlocksSetup setup,
                                                       const ScanReadPlan& plan, BufferCache& cache,
                                                       const DirectReader** reader) {
  auto src = std::make_unique<DirectBlockSource>(std::move(setup), plan, cache);
  if (reader != nullptr) *reader = &src->reader();
  return src;
}

}  // namespace pathdb::storage
