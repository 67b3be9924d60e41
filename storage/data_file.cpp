#include "storage/data_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <vector>
#include <algorithm>

#include "common/error.h"
#include "common/io_error.h"
#include "storage/block.h"
#include "storage/private_files.h"

namespace pathdb::storage {

DataFile::DataFile(const std::filesystem::path& path, bool create) : path_(path) {
  fd_ = OpenPrivate(path, O_RDWR | (create ? O_CREAT : 0));
  if (fd_ < 0) {
    ThrowOra(1157, "cannot identify/lock data file 1 - see DBWR trace file ({}: {})",
             path.string(), std::strerror(errno));
  }
  struct stat st {};
  if (::fstat(fd_, &st) != 0) {
    ::close(fd_);
    ThrowOra(1157, "cannot identify/lock data file 1 - see DBWR trace file");
  }
  blocks_ = static_cast<uint32_t>(static_cast<uint64_t>(st.st_size) / kBlockSize);
}

DataFile::~DataFile() {
  if (fd_ >= 0) ::close(fd_);
}

void DataFile::Read(uint32_t block_no, uint32_t count, std::byte* out) const {
  size_t want = size_t{count} * kBlockSize;
  size_t done = 0;
  auto off = static_cast<off_t>(uint64_t{block_no} * kBlockSize);
  while (done < want) {
    ssize_t n = ::pread(fd_, out + done, want - done, off + static_cast<off_t>(done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) ThrowCorruptBlock(block_no + static_cast<uint32_t>(done / kBlockSize));
    done += static_cast<size_t>(n);
  }
}

void DataFile::ReadScattered(uint32_t block_no, std::span<std::byte* const> bufs) const {
  // IOV_MAX is at least 1024 everywhere; multiblock reads are far smaller, but stay safe.
  constexpr size_t kMaxIov = 1024;
  size_t first = 0;
  while (first < bufs.size()) {
    size_t cnt = std::min(kMaxIov, bufs.size() - first);
    std::vector<iovec> iov(cnt);
    for (size_t i = 0; i < cnt; ++i) iov[i] = {bufs[first + i], kBlockSize};
    auto off = static_cast<off_t>(uint64_t{block_no + static_cast<uint32_t>(first)} * kBlockSize);
    ssize_t n;
    do {
      n = ::preadv(fd_, iov.data(), static_cast<int>(cnt), off);
    } while (n < 0 && errno == EINTR);
    if (n < 0) ThrowCorruptBlock(block_no + static_cast<uint32_t>(first));
    // A short read (rare: signals, file end) finishes block by block through Read's checks.
    size_t whole = static_cast<size_t>(n) / kBlockSize;
    for (size_t i = whole; i < cnt; ++i) {
      Read(block_no + static_cast<uint32_t>(first + i), 1, bufs[first + i]);
    }
    first += cnt;
  }
}

void DataFile::Write(uint32_t block_no, uint32_t count, const std::byte* data) {
  size_t want = size_t{count} * kBlockSize;
  size_t done = 0;
  auto off = static_cast<off_t>(uint64_t{block_no} * kBlockSize);
  while (done < want) {
    ssize_t n = ::pwrite(fd_, data + done, want - done, off + static_cast<off_t>(done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      // EFBIG (a file-size limit; SIGXFSZ is ignored) and ENOSPC end the statement, not the
      // process: the caller's statement-level rollback undoes what it did.
      ThrowWriteError(1, block_no + done / kBlockSize, path_.string(), n < 0 ? errno : EIO);
    }
    done += static_cast<size_t>(n);
  }
  if (block_no + count > blocks_) blocks_ = block_no + count;
}

void DataFile::Extend(uint32_t blocks) {
  if (blocks <= blocks_) return;
  if (::ftruncate(fd_, static_cast<off_t>(uint64_t{blocks} * kBlockSize)) != 0) {
    ThrowExtendError(1, path_.string(), errno);
  }
  blocks_ = blocks;
}

void DataFile::Sync() {
  if (::fdatasync(fd_) != 0) ThrowOra(1114, "IO error writing block to file 1 (fsync failed)");
}

}  // namespace pathdb::storage
