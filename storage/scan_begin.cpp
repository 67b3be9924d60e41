// Database::BeginScan: where a full scan's access path is decided, per segment and per
// execution (oracle-reference.md 4.1): the buffer cache or direct path reads.
#include <fcntl.h>
#include <fmt/chrono.h>
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>

#include "storage/database_impl.h"
#include "storage/direct_blocks.h"
#include "storage/direct_read_decision.h"
#include "storage/heap_scan.h"
#include "storage/private_files.h"

namespace pathdb::storage {

namespace {

// TUNING: Oracle's default _small_table_threshold is 2% of the buffer cache.
constexpr size_t kSmallTablePercent = 2;

//! Membership of a block number in a segment's extents (sorted by start).
std::function<bool(uint32_t)> InSegment(const Segment& seg) {
  std::vector<Extent> ext = seg.extents;
  std::sort(ext.begin(), ext.end(),
            [](const Extent& a, const Extent& b) { return a.start < b.start; });
  return [ext = std::move(ext)](uint32_t b) {
    auto it = std::upper_bound(ext.begin(), ext.end(), b,
                               [](uint32_t v, const Extent& e) { return v < e.start; });
    if (it == ext.begin()) return false;
    --it;
    return b < it->start + it->count;
  };
}

}  // namespace

size_t Database::Impl::SmallTableThreshold() const {
  size_t stt = options.small_table_threshold;
  if (stt == 0) stt = std::max<size_t>(1, cache->Capacity() * kSmallTablePercent / 100);
  return stt;
}

void Database::Impl::Alert(const std::string& message) {
  if (!alerted.insert(message).second) return;  // once per open database
  int fd = OpenPrivate(dir / "alert_pathdb.log", O_WRONLY | O_CREAT | O_APPEND);
  if (fd < 0) return;  // the alert log is a diagnostic; the operation itself goes on
  auto now = std::chrono::system_clock::now();
  std::string line = fmt::format("{:%Y-%m-%dT%H:%M:%S}Z {}\n",
                                 fmt::gmtime(std::chrono::system_clock::to_time_t(now)), message);
  if (::write(fd, line.data(), line.size()) < 0) {
    // as above: a lost diagnostic line is not an error of the statement
  }
  ::close(fd);
}

DirectReadDecision Database::Impl::DecideScan(const Segment& seg, uint64_t stats_blocks,
                                              const char* statistic, bool under_dml, bool table) {
  DirectReadInputs in;
  in.mode = options.scan.serial_direct_read;
  in.statistic = statistic;
  in.segment_blocks = seg.data_blocks;
  in.blocks = seg.data_blocks;
  if (options.scan.statistics_driven && stats_blocks > 0) {
    in.blocks = stats_blocks;
    in.blocks_from_statistics = true;
  }
  in.small_table_threshold = SmallTableThreshold();
  in.under_dml = under_dml;
  if (table) {
    in.big_table_cache_percent = std::min<uint32_t>(options.scan.big_table_cache_percent, 90);
    in.big_table_cache_blocks = cache->Capacity() * in.big_table_cache_percent / 100;
  }
  if (DirectReadNeedsCacheCounts(in)) {
    BufferCache::SegmentCacheCount c = cache->CountCached(InSegment(seg));
    in.cached = c.cached;
    in.dirty = c.dirty;
  }
  return DecideDirectRead(in);
}

DirectBlocksSetup Database::Impl::PrepareDirectRead(const Segment& seg, BlockType type,
                                                    bool strict_type, ScanAccess& access) {
  // Object checkpoint (Oracle's `enq: KO - fast object checkpoint`): what the log already
  // holds reaches the data file, so the reader sees current committed data. An open
  // transaction's changes may not go there (no-steal); their blocks are read from the cache
  // or the log instead.
  auto in_seg = InSegment(seg);
  DirectBlocksSetup setup;
  auto parked_uncommitted = [this](uint32_t b) {
    return redo && redo->Holds(b) && !redo->ParkedCommitted(b);
  };
  setup.current_images = cache->CheckpointSegment(in_seg, parked_uncommitted, internal_stats);
  if (redo) {
    auto buf = std::make_unique<std::byte[]>(kBlockSize);
    for (uint32_t b : redo->ParkedBlocks()) {
      if (!in_seg(b) || cache->Contains(b)) continue;
      if (redo->ParkedCommitted(b)) {
        redo->ReadImage(b, buf.get());
        file->Write(b, 1, buf.get());
        internal_stats.Add(Stat::kPhysicalWrites);
        redo->Forget(b);  // the file holds the latest image now
      } else {
        setup.current_images.push_back(b);
      }
    }
    std::sort(setup.current_images.begin(), setup.current_images.end());
  }
  setup.file = file->path();
  setup.options.async = options.scan.async_io;
  setup.options.o_direct = options.scan.direct_io;
  setup.options.pool = &direct_pool;
  setup.options.max_request_blocks =
      static_cast<uint32_t>(std::clamp<size_t>(options.multiblock_read_count, 1, kRegionBlocks));
  setup.object_id = seg.object_id;
  setup.type = type;
  setup.strict_type = strict_type;
  setup.verify_checksums = cache->VerifyChecksums();
  setup.cache = cache.get();
  setup.sink = redo.get();
  access.direct = true;
  return setup;
}

void Database::Impl::NoteReader(const DirectReader& reader, ScanAccess& access) {
  access.reader = fmt::format("{}{}", reader.engine(), reader.o_direct() ? ", O_DIRECT" : "");
  if (!reader.notes().empty()) Alert("direct path read: " + reader.notes());
}

std::unique_ptr<ScanSource> Database::BeginInMemoryScan(const ScanSpec& spec, SessionStats& stats) {
  return spec.inmemory ? impl_->BeginInMemoryScan(spec, stats) : nullptr;
}

std::unique_ptr<ScanSource> Database::BeginScan(const ScanSpec& spec, SessionStats& stats) {
  Impl& m = *impl_;
  if (spec.inmemory) {
    if (auto scan = m.BeginInMemoryScan(spec, stats)) return scan;
  }
  Segment& seg = m.SegmentOf(*spec.table);
  const uint64_t stat_blocks = spec.table->stats.present ? spec.table->stats.blocks : 0;
  DirectReadDecision d = m.DecideScan(seg, stat_blocks, "BLOCKS", spec.under_dml, true);
  stats.Add(d.long_table ? Stat::kTableScansLongTables : Stat::kTableScansShortTables);
  // A long table's blocks enter at the cold end and are reused first, so the scan cannot
  // flush the hot set; a short table's, and a table's in the big table cache, enter at the
  // midpoint without a touch.
  AccessType access = d.long_table && !d.keep_cached ? AccessType::kScan : AccessType::kShortScan;
  auto scan = std::make_unique<HeapScan>(
      spec, seg, MakeBufferedBlockSource(*m.cache, spec.table->object_id, access));
  scan->SetStorageIndexUse(m.options.scan.storage_index);
  ScanAccess how;
  how.reason = d.reason;
  if (d.direct) {
    stats.Add(Stat::kTableScansDirectRead);
    DirectBlocksSetup setup = m.PrepareDirectRead(seg, BlockType::kHeapData, true, how);
    setup.page_cache_blocks = MediumTableBlocks(m.SmallTableThreshold());
    const DirectReader* reader = nullptr;
    scan->SetBlockSource([&](const ScanReadPlan& plan) {
      return MakeDirectBlockSource(std::move(setup), plan, *m.cache, &reader);
    });
    if (reader != nullptr) m.NoteReader(*reader, how);
  }
  scan->SetAccess(std::move(how));
  // Offload eligible bytes: what a smart scan could filter in the storage layer.
  if (d.direct && !spec.predicates.empty()) {
    stats.Add(Stat::kCellPhysicalIoBytesEligibleForPredicateOffload,
              uint64_t{seg.data_blocks} * kBlockSize);
  }
  return scan;
}

}  // namespace pathdb::storage
