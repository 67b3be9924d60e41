// The direct path block source of a heap scan: reads ahead the regions the scan will read,
// one request per piece of a data run inside a region (at most 1 MiB), so a region the
// storage index or a join filter rules out is never requested.
//
// O_DIRECT is for reads too big to keep: a scan whose storage index or join filters leave at
// most DirectBlocksSetup::page_cache_blocks to read (a join-filtered probe that wants two
// regions of a long table, run again and again) reads them through the OS page cache
// instead, where the next execution finds them, not from the device every time. The blocks
// still never enter the buffer cache, and the statistics are those of a direct read.
#include <fmt/format.h>

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
      : plan_(plan),
        cache_(cache),
        max_request_(setup.options.max_request_blocks),
        page_cache_blocks_(setup.options.o_direct ? setup.page_cache_blocks : 0) {
    Skip(plan_.begin);
    blocks_ = std::make_unique<DirectBlocks>(
        std::move(setup), [this](DirectReadRequest& req) { return NextRequest(req); });
  }

  std::byte* Read(uint32_t block, uint32_t /*run_left*/, SessionStats& stats) override {
    if (page_cache_blocks_ > 0) ChooseFileReads();
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

  //! At the first read, when the scan's run-time filters are published: the blocks of the
  //! regions still wanted decide between O_DIRECT and the page cache.
  void ChooseFileReads() {
    const uint64_t limit = page_cache_blocks_;
    page_cache_blocks_ = 0;
    uint64_t wanted = 0;
    for (uint64_t r = plan_.begin / kRegionBlocks; r * kRegionBlocks < plan_.end; ++r) {
      const uint64_t lo = std::max(plan_.begin, r * kRegionBlocks);
      const uint64_t hi = std::min(plan_.end, (r + 1) * kRegionBlocks);
      if (plan_.region_wanted(static_cast<uint32_t>(r))) wanted += hi - lo;
      if (wanted > limit) return;
    }
    if (wanted == plan_.end - plan_.begin) return;  // nothing pruned: read as asked
    blocks_->ReadThroughPageCache();
    if (plan_.access != nullptr) {
      const DirectReader& r = blocks_->reader();
      plan_.access->reader = fmt::format("{}{}", r.engine(), r.o_direct() ? ", O_DIRECT" : "");
      plan_.access->reason +=
          fmt::format("; {} of {} blocks to read (<= {}): OS page cache, not O_DIRECT", wanted,
                      plan_.end - plan_.begin, limit);
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
  uint64_t page_cache_blocks_;  //!< still to choose at the first read when > 0
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
