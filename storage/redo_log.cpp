#include "storage/redo_log.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "common/error.h"
#include "storage/block.h"

namespace pathdb::storage {

namespace {

constexpr uint32_t kRedoMagic = 0x4f444552;  // "REDO"
constexpr uint8_t kImage = 1;
constexpr uint8_t kCommit = 2;
//! Buffered appends are written once this much has accumulated (a commit forces earlier).
constexpr size_t kWriteChunk = kRedoBufferBytes;
//! Largest record payload recovery believes (a dictionary far beyond this is a torn length).
constexpr uint32_t kMaxPayload = 1u << 30;

struct RecordHeader {
  uint32_t magic;
  uint8_t type;
  uint8_t reserved[3];
  uint32_t block_no;
  uint32_t length;
  uint64_t generation;
  uint64_t seq;
  uint32_t crc;  //!< CRC32C of the header (this field zero) and the payload
  uint32_t reserved2;
};
static_assert(sizeof(RecordHeader) == 40);

uint32_t RecordCrc(RecordHeader h, const void* payload, uint32_t length) {
  h.crc = 0;
  uint32_t crc = Crc32c(&h, sizeof h);
  return Crc32c(payload, length, crc);
}

[[noreturn]] void ThrowLogIo(const char* what) {
  ThrowOra(313, "open failed for members of log group 1 of thread 1 ({}: {})", what,
           std::strerror(errno));
}

void PreadAll(int fd, void* out, size_t n, uint64_t off) {
  auto* p = static_cast<char*>(out);
  while (n > 0) {
    ssize_t r = ::pread(fd, p, n, static_cast<off_t>(off));
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) ThrowLogIo("read");
    p += r;
    n -= static_cast<size_t>(r);
    off += static_cast<uint64_t>(r);
  }
}

//! Reads the record at `off`; false at the end of the valid log (EOF, torn or stale record).
bool ReadRecord(int fd, uint64_t file_size, uint64_t off, uint64_t generation, uint64_t seq,
                RecordHeader& h, std::string& payload) {
  if (off + sizeof h > file_size) return false;
  PreadAll(fd, &h, sizeof h, off);
  if (h.magic != kRedoMagic || h.generation != generation || h.seq != seq ||
      h.length > kMaxPayload || off + sizeof h + h.length > file_size) {
    return false;
  }
  if (h.type == kImage && h.length != kBlockSize) return false;
  payload.resize(h.length);
  PreadAll(fd, payload.data(), h.length, off + sizeof h);
  return RecordCrc(h, payload.data(), h.length) == h.crc;
}

}  // namespace

RedoLog::RedoLog(const std::filesystem::path& dir, uint64_t generation, DataFile& data_file)
    : path_(dir / "redo01.log"), generation_(generation), data_file_(data_file) {
  fd_ = ::open(path_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0) ThrowLogIo("open");
  if (::ftruncate(fd_, 0) != 0) ThrowLogIo("truncate");
}

RedoLog::~RedoLog() {
  if (fd_ >= 0) ::close(fd_);
}

void RedoLog::Append(uint8_t type, uint32_t block_no, const void* payload, uint32_t length) {
  RecordHeader h{};
  h.magic = kRedoMagic;
  h.type = type;
  h.block_no = block_no;
  h.length = length;
  h.generation = generation_;
  h.seq = seq_++;
  h.crc = RecordCrc(h, payload, length);
  buffer_.append(reinterpret_cast<const char*>(&h), sizeof h);
  buffer_.append(static_cast<const char*>(payload), length);
  end_ += sizeof h + length;
  if (buffer_.size() >= kWriteChunk) WriteBuffer();
}

void RedoLog::AppendImage(uint32_t block_no, const std::byte* data) {
  uint64_t payload_at = end_ + sizeof(RecordHeader);
  Append(kImage, block_no, data, kBlockSize);
  // A parked block's newest image is this one from now on.
  if (auto it = parked_.find(block_no); it != parked_.end()) it->second = {payload_at, false};
}

void RedoLog::AppendCommit(const std::string& dictionary) {
  std::string payload(1, dictionary.empty() ? '\0' : '\1');
  payload += dictionary;
  Append(kCommit, 0, payload.data(), static_cast<uint32_t>(payload.size()));
}

void RedoLog::WriteBuffer() {
  const char* p = buffer_.data();
  size_t n = buffer_.size();
  while (n > 0) {
    ssize_t w = ::pwrite(fd_, p, n, static_cast<off_t>(written_));
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) ThrowLogIo("write");
    p += w;
    n -= static_cast<size_t>(w);
    written_ += static_cast<uint64_t>(w);
  }
  buffer_.clear();
}

void RedoLog::Force() {
  WriteBuffer();
  if (::fdatasync(fd_) != 0) ThrowLogIo("fdatasync");
}

void RedoLog::MarkParkedCommitted() {
  for (auto& [block, p] : parked_) p.committed = true;
}

bool RedoLog::HasUncommittedParked() const {
  for (const auto& [block, p] : parked_) {
    if (!p.committed) return true;
  }
  return false;
}

std::vector<uint32_t> RedoLog::ParkedBlocks() const {
  std::vector<uint32_t> out;
  out.reserve(parked_.size());
  for (const auto& [block, p] : parked_) out.push_back(block);
  return out;
}

void RedoLog::Reset(uint64_t generation) {
  buffer_.clear();
  parked_.clear();
  if (::ftruncate(fd_, 0) != 0) ThrowLogIo("truncate");
  end_ = written_ = seq_ = 0;
  generation_ = generation;
}

void RedoLog::Evict(uint32_t block_no, const std::byte* data, bool unlogged) {
  if (unlogged) {
    // Uncommitted (or not yet logged) changes: park the image in the log, not the data file.
    parked_[block_no] = {end_ + sizeof(RecordHeader), false};
    Append(kImage, block_no, data, kBlockSize);
    return;
  }
  auto it = parked_.find(block_no);
  if (it != parked_.end() && !it->second.committed) return;  // same as the parked image
  // Every change in this image is in the forced log: writing it in place is safe.
  data_file_.Write(block_no, 1, data);
  if (it != parked_.end()) parked_.erase(it);
}

void RedoLog::ReadImage(uint32_t block_no, std::byte* out) {
  const Parked& p = parked_.at(block_no);
  if (p.offset >= written_) WriteBuffer();
  PreadAll(fd_, out, kBlockSize, p.offset);
  if (!VerifyBlock(out, block_no)) ThrowCorruptBlock(block_no);
}

RedoLog::Recovery RedoLog::Recover(const std::filesystem::path& dir, uint64_t generation,
                                   DataFile& data_file) {
  Recovery rec;
  auto path = dir / "redo01.log";
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return rec;  // no log yet: nothing to replay
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  off_t size = ::lseek(fd, 0, SEEK_END);
  if (size <= 0) return rec;
  auto file_size = static_cast<uint64_t>(size);

  // Pass 1: where does the last complete group end, and which dictionary did it publish?
  RecordHeader h;
  std::string payload;
  uint64_t off = 0, seq = 0, last_commit_end = 0;
  while (ReadRecord(fd, file_size, off, generation, seq, h, payload)) {
    off += sizeof h + h.length;
    ++seq;
    if (h.type == kCommit) {
      last_commit_end = off;
      ++rec.commits;
      if (!payload.empty() && payload[0] == '\1') rec.dictionary = payload.substr(1);
    }
  }
  rec.torn_tail = off < file_size;

  // Pass 2: apply the images of committed groups in log order (later images win).
  off = seq = 0;
  while (off < last_commit_end && ReadRecord(fd, file_size, off, generation, seq, h, payload)) {
    off += sizeof h + h.length;
    ++seq;
    if (h.type != kImage) continue;
    if (h.block_no >= data_file.BlockCount()) data_file.Extend(h.block_no + 1);
    data_file.Write(h.block_no, 1, reinterpret_cast<const std::byte*>(payload.data()));
    rec.max_block = std::max(rec.max_block, h.block_no + 1);
    rec.blocks.push_back(h.block_no);
    ++rec.images;
  }
  if (rec.images > 0) data_file.Sync();
  std::sort(rec.blocks.begin(), rec.blocks.end());
  rec.blocks.erase(std::unique(rec.blocks.begin(), rec.blocks.end()), rec.blocks.end());
  return rec;
}

}  // namespace pathdb::storage
