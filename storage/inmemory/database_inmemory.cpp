// The Database's side of the in-memory column store: ALTER TABLE ... INMEMORY, population
// requests, the choice of the in-memory scan in BeginScan, V$IM_SEGMENTS.
#include <fmt/format.h>

#include <algorithm>

#include "common/error.h"
#include "storage/database_impl.h"
#include "storage/heap_scan.h"
#include "storage/inmemory/im_scan.h"

namespace pathdb::storage {

namespace {

// TUNING: a scan asks for a repopulation once this share (percent) of the populated blocks
// is stale (Oracle's threshold-based repopulation).
constexpr uint64_t kRepopulateStalePercent = 10;

}  // namespace

std::string_view InMemoryPriorityName(InMemoryPriority p) {
  switch (p) {
    case InMemoryPriority::kNone:
      return "NONE";
    case InMemoryPriority::kLow:
      return "LOW";
    case InMemoryPriority::kMedium:
      return "MEDIUM";
    case InMemoryPriority::kHigh:
      return "HIGH";
    case InMemoryPriority::kCritical:
      return "CRITICAL";
  }
  return "NONE";
}

std::string_view InMemoryCompressionName(InMemoryCompression c) {
  switch (c) {
    case InMemoryCompression::kQueryLow:
      return "FOR QUERY LOW";
    case InMemoryCompression::kNoMemcompress:
      return "NO MEMCOMPRESS";
    case InMemoryCompression::kDml:
      return "FOR DML";
    case InMemoryCompression::kQueryHigh:
      return "FOR QUERY HIGH";
    case InMemoryCompression::kCapacityLow:
      return "FOR CAPACITY LOW";
    case InMemoryCompression::kCapacityHigh:
      return "FOR CAPACITY HIGH";
  }
  return "FOR QUERY LOW";
}

void Database::Impl::DropInMemory(uint32_t object_id) {
  inmemory->Drop(object_id);
  auto it = segments.find(object_id);
  if (it != segments.end()) it->second.inmemory.reset();
}

std::optional<im::PopulateJob> Database::Impl::PreparePopulation(const TableInfo& t,
                                                                 bool synchronous) {
  if (im_options.size == 0 || !t.inmemory) return std::nullopt;
  Segment& seg = SegmentOf(t);
  std::shared_ptr<im::ImSegment> ims = inmemory->GetOrCreate(t.object_id, t.name);
  if (ims->populating()) return std::nullopt;
  im::PopulateJob job;
  std::vector<uint64_t> stale;
  if (synchronous) {
    auto pin = std::make_shared<BufferCache::Pin>();
    const uint32_t object_id = t.object_id;
    job.read_block = [this, pin, object_id](uint32_t block) -> const std::byte* {
      pin->Release();
      *pin = cache->Get(block, AccessMode::kConsistent, internal_stats, AccessType::kScan);
      const BlockHeader h = ReadHeader(pin->data());
      if (h.type != BlockType::kHeapData || h.object_id != object_id) return nullptr;
      return pin->data();
    };
  } else {
    // Object checkpoint, as before a direct path read: the worker reads the data file. Blocks
    // whose file image is older than the cache's (an open transaction's) are left stale.
    ScanAccess access;
    DirectBlocksSetup setup = PrepareDirectRead(seg, BlockType::kHeapData, true, access);
    for (uint32_t b : setup.current_images) {
      if (auto o = seg.DataOrdinal(b)) stale.push_back(*o);
    }
  }
  for (const Extent& r : seg.DataRuns()) {
    for (uint32_t k = 0; k < r.count; ++k) job.blocks.push_back(r.start + k);
  }
  if (!ims->BeginPopulation(job.blocks.size(), stale)) return std::nullopt;
  seg.inmemory = ims;
  job.segment = ims;
  job.file = file->path();
  job.object_id = t.object_id;
  for (const ColumnInfo& c : t.columns) {
    job.types.push_back(c.type);
    job.populated.push_back(!c.no_inmemory);
  }
  job.compression = t.inmemory_compression;
  job.encoding = static_cast<im::EncodingChoice>(std::min<uint8_t>(im_options.force_encoding, 4));
  job.segment_bytes = seg.AllocatedBlocks() * kBlockSize;
  return job;
}

std::unique_ptr<ScanSource> Database::Impl::BeginInMemoryScan(const ScanSpec& spec,
                                                              SessionStats& stats) {
  const TableInfo& t = *spec.table;
  if (im_options.size == 0 || spec.under_dml || !t.inmemory) return nullptr;
  auto left_out = [&](uint32_t id) {
    return id != kRowIdColumn && id < t.columns.size() && t.columns[id].no_inmemory;
  };
  for (uint32_t id : spec.column_ids) {
    if (left_out(id)) return nullptr;
  }
  for (const ScanPredicate& p : spec.predicates) {
    if (left_out(p.column)) return nullptr;
  }
  for (const RuntimeFilterRef& r : spec.runtime_filters) {
    for (uint32_t c : r.columns) {
      if (left_out(c)) return nullptr;
    }
  }
  stats.Add(Stat::kImPopulateRows, inmemory->TakeBackgroundRows());
  auto populate = [&] {
    if (auto job = PreparePopulation(t, im_options.synchronous)) {
      if (im_options.synchronous) {
        stats.Add(Stat::kImPopulateRows, inmemory->Run(std::move(*job), {}));
      } else {
        inmemory->Schedule(std::move(*job));
      }
    }
  };
  std::shared_ptr<im::ImSegment> ims = inmemory->Find(t.object_id);
  // PRIORITY NONE: the first full scan asks for the population (and reads the row store
  // meanwhile unless population is synchronous).
  if (!ims || ims->info().status == im::PopulateStatus::kNone) {
    populate();
    ims = inmemory->Find(t.object_id);
  }
  if (!ims) return nullptr;
  im::ImSegment::Snapshot snap = ims->Take();
  const uint64_t covered = snap.covered();
  const auto stale = static_cast<uint64_t>(std::count(snap.stale.begin(), snap.stale.end(), 1));
  if (covered > 0 && stale * 100 > covered * kRepopulateStalePercent && !ims->populating()) {
    populate();
    if (im_options.synchronous) snap = ims->Take();
  }
  if (snap.imcus.empty()) return nullptr;
  Segment& seg = SegmentOf(t);
  const uint32_t object_id = t.object_id;
  auto row_store = [this, spec, &seg, object_id](BlockRange range) -> std::unique_ptr<ScanSource> {
    ScanSpec s = spec;
    s.inmemory = false;
    s.blocks = range;
    auto scan = std::make_unique<HeapScan>(
        s, seg, MakeBufferedBlockSource(*cache, object_id, AccessType::kShortScan));
    scan->SetStorageIndexUse(options.scan.storage_index);
    return scan;
  };
  const im::Simd simd = im_options.simd && im::CpuHasAvx2() ? im::Simd::kAvx2 : im::Simd::kScalar;
  uint64_t stale_now = 0;
  for (uint8_t s : snap.stale) stale_now += s;
  const size_t imcus = snap.imcus.size();
  const uint64_t populated = snap.covered();
  auto scan = std::make_unique<im::ImScan>(spec, std::move(snap), seg.data_blocks, row_store, simd);
  ScanAccess how;
  how.reason = fmt::format("in-memory: {} IMCU{}, {} of {} blocks stale, {} not populated{}", imcus,
                           imcus == 1 ? "" : "s", stale_now, populated,
                           seg.data_blocks > populated ? seg.data_blocks - populated : 0,
                           simd == im::Simd::kAvx2 ? "" : " (scalar kernels)");
  scan->SetAccess(std::move(how));
  return scan;
}

void Database::SetInMemoryOptions(const InMemoryOptions& o) {
  Impl& m = *impl_;
  const bool was_off = m.im_options.size == 0;
  m.im_options = o;
  m.inmemory->SetLimit(o.size);
  if (!was_off || o.size == 0) return;
  // The store came on (first statement after open): PRIORITY LOW..CRITICAL tables populate
  // in the background, most urgent first.
  std::vector<const TableInfo*> due;
  for (const auto& [name, t] : m.tables) {
    if (t->inmemory && t->inmemory_priority != InMemoryPriority::kNone) due.push_back(t.get());
  }
  std::stable_sort(due.begin(), due.end(), [](const TableInfo* a, const TableInfo* b) {
    return a->inmemory_priority > b->inmemory_priority;
  });
  for (const TableInfo* t : due) {
    if (auto job = m.PreparePopulation(*t, false)) m.inmemory->Schedule(std::move(*job));
  }
}

void Database::AlterInMemory(std::string_view name, const InMemoryChange& change,
                             SessionStats& stats) {
  (void)stats;
  Impl& m = *impl_;
  auto it = m.tables.find(name);
  if (it == m.tables.end()) ThrowOra(942, "table or view does not exist");
  TableInfo& t = *it->second;
  TableInfo before = t;
  if (!change.enable) {
    t.inmemory = false;
    t.inmemory_priority = InMemoryPriority::kNone;
    t.inmemory_compression = InMemoryCompression::kQueryLow;
    for (ColumnInfo& c : t.columns) c.no_inmemory = false;
  } else {
    auto column = [&](const std::string& c) -> ColumnInfo& {
      auto ix = t.ColumnIndex(c);
      if (!ix) ThrowOra(904, "\"{}\": invalid identifier", c);
      return t.columns[*ix];
    };
    // Validate every name before changing anything.
    for (const auto& c : change.columns_in) (void)column(c);
    for (const auto& c : change.columns_out) (void)column(c);
    if (!t.inmemory) {
      t.inmemory_priority = InMemoryPriority::kNone;
      t.inmemory_compression = InMemoryCompression::kQueryLow;
    }
    t.inmemory = true;
    if (change.priority) t.inmemory_priority = *change.priority;
    if (change.compression) t.inmemory_compression = *change.compression;
    for (const auto& c : change.columns_in) column(c).no_inmemory = false;
    for (const auto& c : change.columns_out) column(c).no_inmemory = true;
  }
  bool same_copy =
      t.inmemory && before.inmemory && t.inmemory_compression == before.inmemory_compression;
  for (size_t i = 0; same_copy && i < t.columns.size(); ++i) {
    same_copy = t.columns[i].no_inmemory == before.columns[i].no_inmemory;
  }
  if (!same_copy) m.DropInMemory(t.object_id);
  m.WriteDictionary();
  if (t.inmemory && t.inmemory_priority != InMemoryPriority::kNone &&
      !m.inmemory->Find(t.object_id)) {
    if (auto job = m.PreparePopulation(t, false)) m.inmemory->Schedule(std::move(*job));
  }
}

uint64_t Database::PopulateInMemory(const TableInfo& table, bool repopulate, SessionStats& stats,
                                    const ProgressFn& progress) {
  Impl& m = *impl_;
  if (m.im_options.size == 0) {
    ThrowOra(64353, "in-memory area is not configured (INMEMORY_SIZE is 0)");
  }
  if (!table.inmemory) return 0;
  m.inmemory->WaitIdle(table.object_id);
  if (!repopulate) {
    if (auto ims = m.inmemory->Find(table.object_id)) {
      const auto info = ims->info();
      if (info.status == im::PopulateStatus::kCompleted && info.stale_blocks == 0 &&
          info.covered_blocks == m.SegmentOf(table).data_blocks) {
        return 0;  // populated and current
      }
    }
  }
  auto job = m.PreparePopulation(table, true);
  if (!job) return 0;
  const uint64_t rows = m.inmemory->Run(std::move(*job), progress);
  stats.Add(Stat::kImPopulateRows, rows);
  return rows;
}

std::vector<InMemorySegmentRow> Database::InMemorySegments() const {
  const Impl& m = *impl_;
  std::vector<InMemorySegmentRow> out;
  for (const auto& ims : m.inmemory->Segments()) {
    const im::ImSegment::Info info = ims->info();
    if (info.status == im::PopulateStatus::kNone) continue;
    const TableInfo* t = nullptr;
    for (const auto& [name, ti] : m.tables) {
      if (ti->object_id == ims->object_id()) t = ti.get();
    }
    if (!t) continue;
    InMemorySegmentRow r;
    r.segment_name = t->name;
    switch (info.status) {
      case im::PopulateStatus::kStarted:
        r.populate_status = "STARTED";
        break;
      case im::PopulateStatus::kOutOfMemory:
        r.populate_status = "OUT OF MEMORY";
        break;
      default:
        r.populate_status = "COMPLETED";
        break;
    }
    auto seg = m.segments.find(t->object_id);
    r.bytes = seg == m.segments.end() ? 0 : seg->second.AllocatedBlocks() * kBlockSize;
    r.inmemory_size = info.inmemory_bytes;
    r.bytes_not_populated = info.bytes_not_populated;
    r.priority = t->inmemory_priority;
    r.compression = t->inmemory_compression;
    r.imcus = info.imcus;
    r.rows = info.rows;
    r.stale_blocks = info.stale_blocks;
    out.push_back(std::move(r));
  }
  return out;
}

}  // namespace pathdb::storage
