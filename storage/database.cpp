// Database lifetime: open/create, dictionary persistence, checkpoint, cache flush.
#include <algorithm>
#include <tuple>

#include "common/error.h"
#include "storage/block.h"
#include "storage/database_impl.h"
#include "storage/file_header.h"
#include "storage/storage_index_file.h"

namespace pathdb::storage {

namespace fs = std::filesystem;

// ---- small public helpers

std::string RowId::ToString(uint32_t object_id) const {
  static constexpr char kDigits[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  auto put = [&out](uint64_t v, int width) {
    for (int i = width - 1; i >= 0; --i) out.push_back(kDigits[(v >> (6 * i)) & 63]);
  };
  put(object_id, 6);
  put(file, 3);
  put(block, 6);
  put(slot, 3);
  return out;
}

std::optional<size_t> TableInfo::ColumnIndex(std::string_view n) const {
  for (size_t i = 0; i < columns.size(); ++i) {
    if (columns[i].name == n) return i;
  }
  return std::nullopt;
}

const ColumnGroup* TableInfo::FindColumnGroup(std::vector<uint32_t> cols) const {
  std::sort(cols.begin(), cols.end());
  for (const ColumnGroup& g : column_groups) {
    std::vector<uint32_t> mine = g.columns;
    std::sort(mine.begin(), mine.end());
    if (mine == cols) return &g;
  }
  return nullptr;
}

// ---- Impl helpers

Segment& Database::Impl::SegmentOf(const TableInfo& t) {
  auto it = segments.find(t.object_id);
  if (it == segments.end()) ThrowOra(942, "table or view does not exist");
  return it->second;
}

TableInfo* Database::Impl::TableById(uint32_t object_id) {
  for (auto& [name, t] : tables) {
    if (t->object_id == object_id) return t.get();
  }
  return nullptr;
}

void Database::Impl::SyncInfo(TableInfo& t, const Segment& s) {
  t.hwm_blocks = s.data_blocks;
  t.row_count = s.row_count;
}

void Database::Impl::CreateNew() {
  file = std::make_unique<DataFile>(dir / "data01.dbf", true);
  cache = std::make_unique<BufferCache>(*file, CacheOptionsFor(options));
  // Block 0 identifies the file; segments start at block 1.
  WriteFileHeader(*file, FileHeader{});
  space.Reset(1);
  WriteDictionary();
}

void Database::Impl::LoadExisting(const ControlData& c,
                                  const std::optional<std::string>& recovered) {
  if (file->BlockCount() < c.file_blocks) {
    ThrowOra(1200, "actual file size of {} is smaller than correct size of {} blocks",
             file->BlockCount(), c.file_blocks);
  }
  cache = std::make_unique<BufferCache>(*file, CacheOptionsFor(options));
  if (c.dict_blocks == 0 || c.dict_start == 0 ||
      uint64_t{c.dict_start} + c.dict_blocks > c.file_blocks ||
      c.dict_bytes > uint64_t{c.dict_blocks} * kDictPayloadPerBlock) {
    ThrowOra(227, "corrupt block detected in control file: (block 1, # blocks 1)");
  }
  std::string bytes;
  if (recovered) {
    bytes = *recovered;
  } else {
    auto buf = std::make_unique<std::byte[]>(size_t{c.dict_blocks} * kBlockSize);
    file->Read(c.dict_start, c.dict_blocks, buf.get());
    bytes.reserve(c.dict_bytes);
    for (uint32_t i = 0; i < c.dict_blocks; ++i) {
      const std::byte* b = buf.get() + size_t{i} * kBlockSize;
      if (!VerifyBlock(b, c.dict_start + i) || ReadHeader(b).type != BlockType::kDictionary) {
        ThrowCorruptBlock(c.dict_start + i);
      }
      size_t take = std::min(kDictPayloadPerBlock, c.dict_bytes - bytes.size());
      bytes.append(reinterpret_cast<const char*>(b + kBlockHeaderSize), take);
    }
    if (Crc32c(bytes.data(), bytes.size()) != c.dict_crc) {
      ThrowOra(600, "internal error code, arguments: [kqd-dictionary], [checksum mismatch]");
    }
  }
  DictionaryImage img = ParseDictionary(bytes);
  // A recovered dictionary may name extents whose file growth was never synced; the blocks
  // there hold nothing committed, so growing the file is all they need.
  if (recovered && img.file_end > file->BlockCount()) file->Extend(img.file_end);
  if (img.file_end > file->BlockCount()) {
    ThrowOra(1200, "actual file size of {} is smaller than correct size of {} blocks",
             file->BlockCount(), img.file_end);
  }
  dict_extent = {c.dict_start, c.dict_blocks};
  log_generation = c.log_generation;
  next_object_id = img.next_object_id;
  scn = std::max(img.scn, c.scn);
  space.Reset(img.file_end);
  for (const auto& e : img.free_extents) space.Free(e);
  for (auto& te : img.tables) {
    Segment seg = LoadSegment(te.header_block, *cache, internal_stats);
    if (seg.object_id != te.info.object_id) ThrowCorruptBlock(te.header_block);
    auto info = std::make_unique<TableInfo>(std::move(te.info));
    SyncInfo(*info, seg);
    segments[info->object_id] = std::move(seg);
    std::string name = info->name;
    tables[name] = std::move(info);
  }
  for (auto& v : img.views) {
    std::string name = v.name;
    views[name] = std::make_unique<ViewInfo>(std::move(v));
  }
  LoadIndexes(img.indexes);
}

DictionaryImage Database::Impl::Image() {
  DictionaryImage img;
  img.next_object_id = next_object_id;
  img.scn = scn;
  img.file_end = space.end();
  for (auto& [s, n] : space.free_extents()) img.free_extents.push_back({s, n});
  for (auto& [name, t] : tables) {
    img.tables.push_back({*t, segments.at(t->object_id).header_block});
  }
  for (auto& [name, v] : views) img.views.push_back(*v);
  img.indexes = IndexDictEntries();
  return img;
}

void Database::Impl::WriteDictionary() {
  auto image = [this] { return Image(); };
  // Images parked in the redo log are the newest committed copies of blocks not in the
  // cache; cached copies are newer still and go out with FlushDirty below.
  if (redo) {
    auto buf = std::make_unique<std::byte[]>(kBlockSize);
    for (uint32_t b : redo->ParkedBlocks()) {
      if (cache->Contains(b)) continue;
      redo->ReadImage(b, buf.get());
      file->Write(b, 1, buf.get());
      internal_stats.Add(Stat::kPhysicalWrites);
    }
  }
  // Size first, then allocate; one more free extent (the old dictionary) may appear in the
  // final image, so leave slack for it.
  size_t estimate = SerializeDictionary(image()).size() + 64;
  auto nblocks =
      static_cast<uint32_t>((estimate + kDictPayloadPerBlock - 1) / kDictPayloadPerBlock);
  Extent old = dict_extent;
  Extent ext = space.Allocate(nblocks);
  file->Extend(space.end());
  cache->Discard(ext.start, ext.count);
  // The old copy stays intact on disk until the control file points at the new one; it is
  // free space only in the new image.
  space.Free(old);
  std::string bytes = SerializeDictionary(image());
  if (bytes.size() > size_t{nblocks} * kDictPayloadPerBlock) {
    ThrowOra(600, "internal error code, arguments: [kqd-dictionary], [size estimate]");
  }
  auto buf = std::make_unique<std::byte[]>(size_t{nblocks} * kBlockSize);
  for (uint32_t i = 0; i < nblocks; ++i) {
    std::byte* b = buf.get() + size_t{i} * kBlockSize;
    FormatBlock(b, BlockType::kDictionary, kDictionaryObjectId, ext.start + i);
    size_t off = size_t{i} * kDictPayloadPerBlock;
    if (off < bytes.size()) {
      std::memcpy(b + kBlockHeaderSize, bytes.data() + off,
                  std::min(kDictPayloadPerBlock, bytes.size() - off));
    }
    StampChecksum(b);
  }
  file->Write(ext.start, nblocks, buf.get());
  internal_stats.Add(Stat::kPhysicalWrites, nblocks);
  cache->FlushDirty(internal_stats);
  file->Sync();
  ControlData c{};
  c.dict_start = ext.start;
  c.dict_blocks = nblocks;
  c.dict_bytes = static_cast<uint32_t>(bytes.size());
  c.dict_crc = Crc32c(bytes.data(), bytes.size());
  c.scn = scn;
  c.file_blocks = space.end();
  c.log_generation = log_generation + 1;
  WriteControlFile(dir, c);
  dict_extent = ext;
  log_generation = c.log_generation;
  // Every change is in the data file now: the log starts over in the new generation.
  if (redo) redo->Reset(log_generation);
  DictionaryImage unstamped = image();
  unstamped.scn = 0;
  logged_dictionary = SerializeDictionary(unstamped);
}

void Database::Impl::CheckpointAll() {
  uint64_t s = NextScn();
  for (auto& [id, seg] : segments) {
    SaveSegment(seg, *cache, s, internal_stats);
    saved_row_count[id] = seg.row_count;
  }
  WriteDictionary();
  SaveStorageIndexesNow();
}

void Database::Impl::SaveStorageIndexesNow() {
  SaveStorageIndexes(dir, log_generation, segments);
  saved_storage_index_version = StorageIndexVersion();
  saved_storage_index_generation = log_generation;
}

bool Database::Impl::HasStorageIndexes() const {
  for (const auto& [id, seg] : segments) {
    if (seg.storage_index.RegionCount() > 0) return true;
  }
  return false;
}

uint64_t Database::Impl::StorageIndexVersion() const {
  uint64_t v = 0;
  for (const auto& [id, seg] : segments) v += seg.storage_index.version();
  return v;
}

// ---- Database

Database::Database() : impl_(std::make_unique<Impl>()) {}

std::unique_ptr<Database> Database::Open(const fs::path& dir, const DatabaseOptions& options) {
  // The constructor is private; unique_ptr owns the object from the first instruction.
  std::unique_ptr<Database> db(new Database());
  Impl& m = *db->impl_;
  m.dir = dir;
  m.options = options;
  std::vector<std::string> tightened = PrepareDirectory(dir);
  m.lock = std::make_unique<DirectoryLock>(dir);
  for (const auto& t : tightened) m.report.warnings.push_back("private files: " + t);
  std::error_code ec;
  if (auto control = ReadControlFile(dir)) {
    std::error_code ec2;
    if (!fs::exists(dir / "data01.dbf", ec2)) {
      ThrowOra(1157, "cannot identify/lock data file 1 - see DBWR trace file");
    }
    m.file = std::make_unique<DataFile>(dir / "data01.dbf", false);
    // Crash recovery: committed groups of the log since the checkpoint go to the data file.
    RedoLog::Recovery rec = m.RecoverAtOpen(*control);
    m.LoadExisting(*control, rec.dictionary);
    // Region summaries saved by the checkpoint recovery started from, less the regions of
    // every block recovery replayed (storage/storage_index_file.h).
    if (LoadStorageIndexes(dir, control->log_generation, m.segments) > 0) {
      m.saved_storage_index_generation = control->log_generation;
    }
    for (uint32_t b : rec.blocks) {
      for (auto& [id, seg] : m.segments) seg.NoteRowChange(b);
    }
    m.saved_storage_index_version = m.StorageIndexVersion();
    // Before the log is emptied below; after RESETLOGS also so that the damaged log and the
    // old counts of block 0 belong to a generation nobody recovers again.
    if (rec.commits > 0 || !m.report.warnings.empty()) m.CheckpointAll();
  } else {
    if (fs::exists(dir / "data01.dbf", ec) && fs::file_size(dir / "data01.dbf", ec) > 0) {
      ThrowOra(205, "error in identifying control file, check alert log for more info");
    }
    m.CreateNew();
  }
  m.redo = std::make_unique<RedoLog>(dir, m.log_generation, *m.file);
  m.cache->SetRedoSink(m.redo.get());
  // The dictionary on disk is the one just loaded (or checkpointed): the first commit logs
  // it only if it changes, so a session that changes nothing writes no redo.
  if (m.logged_dictionary.empty()) {
    DictionaryImage unstamped = m.Image();
    unstamped.scn = 0;
    m.logged_dictionary = SerializeDictionary(unstamped);
  }
  // Likewise the segment headers: their row counts are those on disk.
  for (const auto& [id, seg] : m.segments) m.saved_row_count.emplace(id, seg.row_count);
  for (const auto& w : m.report.warnings) m.Alert(w);
  return db;
}

Database::~Database() {
  if (!impl_ || !impl_->cache || !impl_->redo) return;
  try {
    // Uncommitted changes must not reach the data file; what was committed is in the log
    // already, and the next open recovers it.
    if (!impl_->cache->HasUnlogged() && !impl_->redo->HasUncommittedParked()) {
      // Nothing logged since the last checkpoint (or the open): the files already hold every
      // committed change, so only region summaries built since are worth writing -- valid
      // for the generation recovery would start from, since no block changed.
      if (impl_->redo->Bytes() > 0) {
        impl_->CheckpointAll();
      } else if (impl_->StorageIndexVersion() != impl_->saved_storage_index_version ||
                 (impl_->saved_storage_index_generation != impl_->log_generation &&
                  impl_->HasStorageIndexes())) {
        impl_->SaveStorageIndexesNow();
      }
    }
  } catch (const std::exception&) {
    // A destructor cannot report; the last successful checkpoint stays valid on disk.
  }
}

const OpenReport& Database::open_report() const {
  return impl_->report;
}

const fs::path& Database::directory() const {
  return impl_->dir;
}
const DatabaseOptions& Database::options() const {
  return impl_->options;
}

void Database::FlushBufferCache() {
  // Segment headers reach their blocks at COMMIT; dirty buffers leave through the redo sink
  // (parked when their changes are not logged yet), so nothing uncommitted hits the file.
  impl_->cache->DropAll(impl_->internal_stats);
}

void Database::Checkpoint() {
  impl_->CheckpointAll();
}

uint64_t Database::DataFileBytes() const {
  return uint64_t{impl_->file->BlockCount()} * kBlockSize;
}

size_t Database::CacheBlocks() const {
  return impl_->cache->Capacity();
}

// ---- cache parameters and statement boundaries (buffer cache work)

void Database::SetVerifyChecksums(bool on) {
  impl_->options.verify_checksums = on;
  impl_->cache->SetVerifyChecksums(on);
}

void Database::SetSmallTableThreshold(size_t blocks) {
  impl_->options.small_table_threshold = blocks;
}

std::vector<StorageIndexRow> Database::StorageIndexRows() const {
  std::vector<StorageIndexRow> rows;
  for (const auto& [name, t] : impl_->tables) {
    auto seg = impl_->segments.find(t->object_id);
    if (seg == impl_->segments.end()) continue;
    seg->second.storage_index.ForEach(
        [&](uint32_t region, uint32_t column, const ColumnRange& range) {
          StorageIndexRow r;
          r.segment_name = name;
          r.object_id = t->object_id;
          r.region = region;
          r.first_data_block = uint64_t{region} * kRegionBlocks;
          r.column_id = column;
          r.column_name = column < t->columns.size() ? t->columns[column].name : "";
          r.min = range.min;
          r.max = range.max;
          r.has_null = range.has_null;
          rows.push_back(std::move(r));
        });
  }
  std::sort(rows.begin(), rows.end(), [](const StorageIndexRow& a, const StorageIndexRow& b) {
    return std::tie(a.segment_name, a.region, a.column_id) <
           std::tie(b.segment_name, b.region, b.column_id);
  });
  return rows;
}

void Database::SetScanOptions(const ScanOptions& scan) {
  impl_->options.scan = scan;
}

void Database::BeginStatement() {
  impl_->cache->BeginStatement();
}

}  // namespace pathdb::storage
