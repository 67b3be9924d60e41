#include "storage/inmemory/im_store.h"

#include <fcntl.h>
#include <unistd.h>

#include <cstring>

#include "storage/block.h"
#include "storage/heap_page.h"
#include "storage/row_codec.h"
#include "storage/scan_predicates.h"

namespace pathdb::storage::im {

namespace {

// TUNING: blocks per progress report of a population.
constexpr uint64_t kProgressBlocks = 1024;

//! Reads data blocks from the data file with a descriptor of its own (the worker's reads
//! never touch the session's buffer cache or file objects).
class FileBlocks {
 public:
  explicit FileBlocks(const std::filesystem::path& file)
      : fd_(::open(file.c_str(), O_RDONLY | O_CLOEXEC)) {}
  ~FileBlocks() {
    if (fd_ >= 0) ::close(fd_);
  }
  FileBlocks(const FileBlocks&) = delete;
  FileBlocks& operator=(const FileBlocks&) = delete;
  //! The block, verified as a heap data block of `object_id`; nullptr when it is not (the
  //! caller takes that block's rows from the row store instead).
  const std::byte* Read(uint32_t block, uint32_t object_id) {
    if (fd_ < 0) return nullptr;
    const auto off = static_cast<off_t>(block) * static_cast<off_t>(kBlockSize);
    if (::pread(fd_, buf_, kBlockSize, off) != static_cast<ssize_t>(kBlockSize)) return nullptr;
    if (!VerifyBlock(buf_, block)) return nullptr;
    BlockHeader h = ReadHeader(buf_);
    if (h.type != BlockType::kHeapData || h.object_id != object_id) return nullptr;
    return buf_;
  }

 private:
  int fd_;
  alignas(64) std::byte buf_[kBlockSize];
};

}  // namespace

ImStore::ImStore() : worker_([this] { WorkerLoop(); }) {}

ImStore::~ImStore() {
  {
    std::lock_guard lock(mu_);
    stop_ = true;
    for (auto& [id, seg] : segments_) seg->Cancel();
  }
  cv_.notify_all();
  worker_.join();
}

std::shared_ptr<ImSegment> ImStore::Find(uint32_t object_id) const {
  std::lock_guard lock(mu_);
  auto it = segments_.find(object_id);
  return it == segments_.end() ? nullptr : it->second;
}

std::shared_ptr<ImSegment> ImStore::GetOrCreate(uint32_t object_id, const std::string& name) {
  std::lock_guard lock(mu_);
  auto& seg = segments_[object_id];
  if (!seg) seg = std::make_shared<ImSegment>(object_id, name);
  return seg;
}

void ImStore::Drop(uint32_t object_id) {
  std::unique_lock lock(mu_);
  auto it = segments_.find(object_id);
  if (it == segments_.end()) return;
  it->second->Cancel();
  segments_.erase(it);
  std::erase_if(queue_, [&](const PopulateJob& j) { return j.object_id == object_id; });
  // The worker may be reading blocks the caller is about to free: wait until it lets go.
  done_cv_.wait(lock, [&] { return running_ != object_id; });
}

std::vector<std::shared_ptr<ImSegment>> ImStore::Segments() const {
  std::lock_guard lock(mu_);
  std::vector<std::shared_ptr<ImSegment>> out;
  for (const auto& [id, seg] : segments_) out.push_back(seg);
  return out;
}

void ImStore::Schedule(PopulateJob job) {
  {
    std::lock_guard lock(mu_);
    for (const PopulateJob& q : queue_) {
      if (q.object_id == job.object_id) return;  // already waiting
    }
    queue_.push_back(std::move(job));
  }
  cv_.notify_all();
}

void ImStore::WaitIdle(uint32_t object_id) {
  std::unique_lock lock(mu_);
  done_cv_.wait(lock, [&] {
    if (running_ == object_id) return false;
    for (const PopulateJob& q : queue_) {
      if (q.object_id == object_id) return false;
    }
    return true;
  });
}

uint64_t ImStore::Run(PopulateJob job, const ProgressFn& progress) {
  WaitIdle(job.object_id);
  {
    std::lock_guard lock(mu_);
    running_ = job.object_id;  // Drop waits for this too
  }
  uint64_t rows = 0;
  try {
    rows = Populate(job, progress);
  } catch (...) {
    std::lock_guard lock(mu_);
    running_ = 0;
    done_cv_.notify_all();
    throw;
  }
  std::lock_guard lock(mu_);
  running_ = 0;
  done_cv_.notify_all();
  return rows;
}

void ImStore::WorkerLoop() {
  std::unique_lock lock(mu_);
  for (;;) {
    cv_.wait(lock, [&] { return stop_ || (!queue_.empty() && running_ == 0); });
    if (stop_) return;
    PopulateJob job = std::move(queue_.front());
    queue_.pop_front();
    running_ = job.object_id;
    lock.unlock();
    try {
      background_rows_ += Populate(job, {});
    } catch (...) {
      // A background population that fails leaves the table on the row store; scans are
      // unaffected. Nothing to report to: no session is waiting.
      job.segment->EndPopulation(PopulateStatus::kNone, 0);
    }
    lock.lock();
    running_ = 0;
    done_cv_.notify_all();
    cv_.notify_all();
  }
}

bool ImStore::Reserve(size_t bytes) {
  uint64_t used = 0;
  for (const auto& seg : Segments()) used += seg->info().inmemory_bytes;
  used_.store(used);
  return used + bytes <= limit_.load();
}

uint64_t ImStore::Populate(PopulateJob& job, const ProgressFn& progress) {
  ImSegment& seg = *job.segment;
  const uint64_t nblocks = job.blocks.size();
  FileBlocks file(job.read_block ? std::filesystem::path() : job.file);
  const size_t ncols = job.types.size();
  std::vector<uint8_t> needed(ncols, 0);
  for (size_t c = 0; c < ncols; ++c) needed[c] = job.populated[c] ? 1 : 0;
  std::vector<Field> fields(ncols);

  // `rows`: what the IMCU is expected to hold (the previous one's rows): staging vectors
  // grown by doubling were a tenth of the population (copies and fresh pages).
  auto fresh_buffers = [&](size_t rows) {
    std::vector<ColumnBuffer> b;
    b.reserve(ncols);
    for (size_t c = 0; c < ncols; ++c) {
      b.emplace_back(job.types[c]);
      if (job.populated[c]) b.back().Reserve(rows);
    }
    return b;
  };
  std::vector<ColumnBuffer> buffers = fresh_buffers(0);
  auto imcu = std::make_shared<Imcu>();
  imcu->compression = job.compression;
  uint64_t rows_total = 0;
  size_t reserved = 0;  //!< bytes of this job's IMCUs not yet counted by the segment
  uint64_t published_end = 0;
  const bool repopulating = seg.info().imcus > 0;
  bool out_of_memory = false;
  const EncodingChoice choice = job.compression == InMemoryCompression::kNoMemcompress
                                    ? EncodingChoice::kPlain
                                    : job.encoding;
  // The levels above QUERY LOW trade scan speed for space: codes at the bits they need.
  const bool bit_pack = job.compression == InMemoryCompression::kQueryHigh ||
                        job.compression == InMemoryCompression::kCapacityLow ||
                        job.compression == InMemoryCompression::kCapacityHigh;

  auto finish_imcu = [&](uint64_t end_block) -> bool {
    const size_t rows_done = imcu->rows();
    imcu->end_block = end_block;
    imcu->row_start.push_back(imcu->rows());
    imcu->DropDenseSlots();
    imcu->columns.resize(ncols);
    size_t bytes = sizeof(Imcu) + imcu->physical.size() * 4 + imcu->row_start.size() * 4 +
                   imcu->slots.size() * 2;
    for (size_t c = 0; c < ncols; ++c) {
      if (!job.populated[c]) continue;
      imcu->columns[c] = ColumnCU::Build(std::move(buffers[c]), choice, bit_pack);
      bytes += imcu->columns[c]->bytes();
    }
    imcu->bytes = bytes;
    if (!Reserve(reserved + bytes)) return false;
    if (repopulating) reserved += bytes;  // the old IMCUs stay counted until the swap
    published_end = end_block;
    seg.Publish(std::move(imcu));
    imcu = std::make_shared<Imcu>();
    imcu->compression = job.compression;
    imcu->first_block = end_block;
    imcu->slots.reserve(rows_done);
    buffers = fresh_buffers(rows_done);
    return true;
  };

  std::vector<std::pair<uint16_t, std::string_view>> rows;  // of one block, reused
  uint64_t b = 0;
  for (; b < nblocks; ++b) {
    if (seg.cancelled()) break;
    if (progress && b % kProgressBlocks == 0) progress(b, nblocks);
    const std::byte* data =
        job.read_block ? job.read_block(job.blocks[b]) : file.Read(job.blocks[b], job.object_id);
    // Fields lie in the block's image: NUMBERs may be read 8 bytes at a time up to its end.
    const char* limit = reinterpret_cast<const char*>(data) + kBlockSize;
    // Rows of this block: a block the file cannot give us as it is (a write racing the read,
    // a migrated row whose body lives elsewhere) is left to the row store.
    rows.clear();
    bool usable = data != nullptr;
    if (usable) {
      HeapPage page(const_cast<std::byte*>(data));
      for (uint16_t s = 0, n = page.SlotCount(); s < n && usable; ++s) {
        auto piece = page.Row(s);
        if (!piece) continue;
        const auto flags = static_cast<uint8_t>((*piece)[0]);
        if (flags == kRowMigrated || flags == kRowDeleted) continue;
        if (flags == kRowForward) usable = false;
        rows.emplace_back(s, *piece);
      }
    }
    if (!usable) {
      rows.clear();
      seg.NoteChange(b);
    }
    if (imcu->rows() > 0 && imcu->rows() + rows.size() > job.imcu_rows) {
      if (!finish_imcu(b)) {
        out_of_memory = true;
        break;
      }
    }
    if (imcu->physical.empty()) imcu->first_block = b;
    imcu->physical.push_back(job.blocks[b]);
    imcu->row_start.push_back(imcu->rows());
    for (const auto& [slot, row] : rows) {
      SplitFields(row, fields.data(), needed.data(), ncols);
      for (size_t c = 0; c < ncols; ++c) {
        if (needed[c]) buffers[c].AppendField(fields[c].is_null, fields[c].bytes, limit);
      }
      imcu->slots.push_back(slot);
    }
    imcu->row_count += static_cast<uint32_t>(rows.size());
    rows_total += rows.size();
  }
  if (!out_of_memory && !seg.cancelled() && !imcu->physical.empty()) {
    out_of_memory = !finish_imcu(b);
  }
  if (progress) progress(nblocks, nblocks);
  seg.EndPopulation(out_of_memory ? PopulateStatus::kOutOfMemory : PopulateStatus::kCompleted,
                    out_of_memory ? (nblocks - published_end) * kBlockSize : 0);
  return rows_total;
}

}  // namespace pathdb::storage::im
