#include "storage/data_file.h"

#include <fcntl.h>
#include <liburing.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <vector>

#include "common/error.h"
#include "common/io_error.h"
#include "storage/block.h"
#include "storage/private_files.h"

namespace pathdb::storage {

DataFile::DataFile(const std::filesystem::path& path, bool create) : path_(path) {
  fd_ = OpenPrivate(path, O_RDWR | (create ? O_CREAT : 0));
  if (fd_ < 0) {
    ThrowOra(1157, "cannot identify/lock data file 1 - see DBWR trace file ({}: {})", path.string(),
             std::strerror(errno));
  }
  struct stat st {};
  if (::fstat(fd_, &st) != 0) {
    ::close(fd_);
    ThrowOra(1157, "cannot identify/lock data file 1 - see DBWR trace file");
  }
  blocks_ = static_cast<uint32_t>(static_cast<uint64_t>(st.st_size) / kBlockSize);
}

// TUNING: requests in flight for ReadBlocks: enough to keep a virtual disk busy (a batch of
// ROWIDs spans tens of blocks), small enough that the ring costs a few KB.
constexpr unsigned kRingDepth = 32;

struct DataFile::Ring {
  io_uring ring{};
  bool ok = false;
  Ring() { ok = io_uring_queue_init(kRingDepth, &ring, 0) == 0; }
  ~Ring() {
    if (ok) io_uring_queue_exit(&ring);
  }
  Ring(const Ring&) = delete;
  Ring& operator=(const Ring&) = delete;
};

DataFile::~DataFile() {
  ring_.reset();  // before the descriptor its requests name
  if (fd_ >= 0) ::close(fd_);
}

void DataFile::ReadBlocks(std::span<const uint32_t> blocks,
                          std::span<std::byte* const> bufs) const {
  if (!ring_ && !ring_failed_ && blocks.size() > 1) {
    auto r = std::make_unique<Ring>();
    if (r->ok) {
      ring_ = std::move(r);
    } else {
      ring_failed_ = true;
    }
  }
  if (!ring_ || blocks.size() < 2) {
    for (size_t i = 0; i < blocks.size(); ++i) Read(blocks[i], 1, bufs[i]);
    return;
  }
  io_uring& ring = ring_->ring;
  size_t next = 0, in_flight = 0;
  std::vector<uint8_t> whole(blocks.size(), 0);  //!< the block read in full by the ring
  auto reap = [&](io_uring_cqe* cqe) {
    whole[io_uring_cqe_get_data64(cqe)] = cqe->res == static_cast<int>(kBlockSize);
    --in_flight;
  };
  while (next < blocks.size() || in_flight > 0) {
    while (next < blocks.size() && in_flight < kRingDepth) {
      io_uring_sqe* sqe = io_uring_get_sqe(&ring);
      if (sqe == nullptr) break;
      io_uring_prep_read(sqe, fd_, bufs[next], kBlockSize, uint64_t{blocks[next]} * kBlockSize);
      io_uring_sqe_set_data64(sqe, next);
      ++next;
      ++in_flight;
    }
    io_uring_cqe* cqe = nullptr;
    int rc = io_uring_submit_and_wait(&ring, 1);
    if (rc >= 0) rc = io_uring_peek_cqe(&ring, &cqe);
    if (rc == -EINTR || rc == -EAGAIN) continue;
    if (rc < 0) break;  // what is left is read below by pread
    unsigned head, seen = 0;
    io_uring_for_each_cqe(&ring, head, cqe) {
      reap(cqe);
      ++seen;
    }
    io_uring_cq_advance(&ring, seen);
  }
  // The ring failed mid-way: wait for what the kernel still writes into our buffers.
  while (in_flight > 0) {
    io_uring_cqe* cqe = nullptr;
    if (io_uring_wait_cqe(&ring, &cqe) < 0) break;
    reap(cqe);
    io_uring_cqe_seen(&ring, cqe);
  }
  // Short or failed reads, and any never issued, go through Read's loop and its errors.
  for (size_t i = 0; i < blocks.size(); ++i) {
    if (!whole[i]) Read(blocks[i], 1, bufs[i]);
  }
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
