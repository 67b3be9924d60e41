#include "storage/redo_log.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "common/error.h"
#include "storage/block.h"
#include "storage/file_header.h"
#include "storage/private_files.h"
#include "storage/redo_format.h"

namespace pathdb::storage {

using namespace redo;

namespace {

//! Buffered appends are written once this much has accumulated (a commit forces earlier).
constexpr size_t kWriteChunk = kRedoBufferBytes;
static_assert(RedoLog::kRecordsOffset == kRecordsStart);

[[noreturn]] void ThrowLogIo(const char* what) {
  ThrowOra(313, "open failed for members of log group 1 of thread 1 ({}: {})", what,
           std::strerror(errno));
}

//! A log write that failed (a full disk, the file-size limit, an I/O error) outside a COMMIT's
//! reservation: while a statement parked blocks of an open transaction in the log.
[[noreturn]] void ThrowLogWrite(const std::filesystem::path& path, uint64_t off, size_t n) {
  const int err = errno == 0 ? EIO : errno;
  ThrowOra(345,
           "redo log write error block {} count {}\n"
           "ORA-00312: online log 1 thread 1: '{}'\n"
           "ORA-27072: File I/O error\nLinux-x86_64 Error: {}: {}\n"
           "The open transaction cannot be logged: ROLLBACK it. Committed transactions are "
           "safe; if ROLLBACK fails too, exit and reopen the database",
           off / 512, (n + 511) / 512, path.string(), err, std::strerror(err));
}

void PwriteAll(int fd, const void* data, size_t n, uint64_t off,
               const std::filesystem::path& path) {
  const auto* p = static_cast<const char*>(data);
  while (n > 0) {
    ssize_t w = ::pwrite(fd, p, n, static_cast<off_t>(off));
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) ThrowLogWrite(path, off, n);
    p += w;
    n -= static_cast<size_t>(w);
    off += static_cast<uint64_t>(w);
  }
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

}  // namespace

namespace redo {

uint32_t RecordCrc(RecordHeader h, const void* payload, uint32_t length) {
  h.crc = 0;
  uint32_t crc = Crc32c(&h, sizeof h);
  return Crc32c(payload, length, crc);
}

LogHeader MakeLogHeader(uint64_t writes, uint64_t generation, uint64_t commits,
                        uint64_t durable_end) {
  LogHeader h{};
  std::memcpy(h.magic, "PATHREDO", 8);
  h.version = 2;
  h.writes = writes;
  h.generation = generation;
  h.commits = commits;
  h.durable_end = durable_end;
  h.crc = Crc32c(&h, sizeof h);
  return h;
}

bool ValidLogHeader(const LogHeader& h) {
  LogHeader copy = h;
  copy.crc = 0;
  return std::memcmp(h.magic, "PATHREDO", 8) == 0 && h.version == 2 &&
         Crc32c(&copy, sizeof copy) == h.crc;
}

}  // namespace redo

RedoLog::RedoLog(const std::filesystem::path& dir, uint64_t generation, DataFile& data_file)
    : path_(dir / "redo01.log"), generation_(generation), data_file_(data_file) {
  fd_ = OpenPrivate(path_, O_RDWR | O_CREAT);
  if (fd_ < 0) ThrowLogIo("open");
  Reset(generation);
}

RedoLog::~RedoLog() {
  if (fd_ >= 0) ::close(fd_);
}

void RedoLog::Append(uint8_t type, uint32_t block_no, const void* payload, uint32_t length) {
  RecordHeader h{};
  h.magic = kRecordMagic;
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
  ++commits_;
  commit_end_ = end_;
}

void RedoLog::WriteBuffer() {
  PwriteAll(fd_, buffer_.data(), buffer_.size(), written_, path_);
  written_ += buffer_.size();
  buffer_.clear();
}

void RedoLog::WriteHeader(bool both) {
  LogHeader h = MakeLogHeader(++header_writes_, generation_, commits_, commit_end_);
  if (both) PwriteAll(fd_, &h, sizeof h, 0, path_);
  PwriteAll(fd_, &h, sizeof h, (header_writes_ % 2) * kSlotBytes, path_);
  header_commits_ = commits_;
}

void RedoLog::Force() {
  WriteBuffer();
  bool counted = commits_ != header_commits_;
  // One fdatasync covers the records and the header that counts them.
  if (counted) WriteHeader(false);
  if (::fdatasync(fd_) != 0) ThrowLogIo("fdatasync");
  // The mirror goes out after the log is durable, so it never counts more than the log holds;
  // it is not forced (the data file is synced at checkpoints): it speaks for the log when the
  // log file itself is gone.
  if (counted) WriteFileHeader(data_file_, {generation_, commits_});
}

void RedoLog::Reserve(uint64_t bytes) {
  const uint64_t need = end_ + bytes;
  if (need <= reserved_) return;
  constexpr uint64_t kStep = 1 << 20;
  uint64_t target = (need + kStep - 1) / kStep * kStep;
  // posix_fallocate grows the file, so RLIMIT_FSIZE (EFBIG) is met here as well as ENOSPC;
  // the zeros past the last record are where recovery stops reading, as at a clean end.
  int rc = ::posix_fallocate(fd_, 0, static_cast<off_t>(target));
  if (rc != 0 && target != need) {
    target = need;  // the limit may leave room for this commit but not for the whole step
    rc = ::posix_fallocate(fd_, 0, static_cast<off_t>(target));
  }
  if (rc != 0) {
    ThrowOra(345,
             "redo log write error block {} count {}\n"
             "ORA-00312: online log 1 thread 1: '{}'\n"
             "ORA-27072: File I/O error\nLinux-x86_64 Error: {}: {}\n"
             "Nothing was committed: the transaction is still open (ROLLBACK it, or make room "
             "and COMMIT again)",
             end_ / 512, (bytes + 511) / 512, path_.string(), rc, std::strerror(rc));
  }
  reserved_ = target;
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
  generation_ = generation;
  end_ = written_ = commit_end_ = kRecordsStart;
  seq_ = commits_ = 0;
  // The new header first: a crash before the truncation leaves records of the old generation
  // behind it, which recovery never replays.
  WriteHeader(true);
  if (::ftruncate(fd_, static_cast<off_t>(kRecordsStart)) != 0) ThrowLogIo("truncate");
  if (::fdatasync(fd_) != 0) ThrowLogIo("fdatasync");
  reserved_ = kRecordsStart;
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

}  // namespace pathdb::storage
