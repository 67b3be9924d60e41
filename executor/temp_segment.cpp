#include "executor/temp_segment.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "common/error.h"
#include "common/io_error.h"

namespace pathdb {
namespace {

// Oracle numbers temp files after the data files (db_files + 1).
constexpr int kTempFileNo = 201;
constexpr uint64_t kBlock = 8192;

}  // namespace

size_t SpillBufferBytes(uint64_t work_area_bytes, size_t buffers) {
  uint64_t share = work_area_bytes / std::max<size_t>(buffers, 1);
  share = std::clamp<uint64_t>(share, kBlock, kSpillIoBytes);
  return static_cast<size_t>(share / kBlock * kBlock);
}

TempSegment::TempSegment(std::filesystem::path dir, size_t extent_bytes)
    : dir_(std::move(dir)), extent_bytes_(extent_bytes) {}

TempSegment::~TempSegment() {
  if (fd_ >= 0) ::close(fd_);
}

uint64_t TempSegment::Allocate() {
  if (fd_ < 0) {
    std::string tmpl = (dir_ / "temp_XXXXXX.tmp").string();
    fd_ = ::mkostemps(tmpl.data(), 4, O_CLOEXEC);  // mode 0600: private to this process
    if (fd_ < 0) {
      ThrowOra(1114,
               "IO error writing block to file {} (block # 0)\n"
               "ORA-27040: file create error, unable to create file\n"
               "Linux-x86_64 Error: {}: {}",
               kTempFileNo, errno, std::strerror(errno));
    }
    ::unlink(tmpl.c_str());  // gone from the directory now; the descriptor keeps the data
  }
  ++in_use_;
  if (!free_.empty()) {
    uint64_t off = free_.back();
    free_.pop_back();
    return off;
  }
  uint64_t off = end_;
  end_ += extent_bytes_;
  return off;
}

void TempSegment::Free(uint64_t offset) {
  free_.push_back(offset);
  --in_use_;
}

void TempSegment::Write(uint64_t offset, const char* data, size_t len, SessionStats& stats) {
  size_t done = 0;
  while (done < len) {
    ssize_t w = ::pwrite(fd_, data + done, len - done, static_cast<off_t>(offset + done));
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) ThrowWriteError(kTempFileNo, (offset + done) / kBlock, "", w < 0 ? errno : EIO);
    done += static_cast<size_t>(w);
  }
  // Oracle's `physical writes` includes the direct ones (the line's Writes column reads it).
  uint64_t blocks = (len + kBlock - 1) / kBlock;
  stats.Add(Stat::kPhysicalWrites, blocks);
  stats.Add(Stat::kPhysicalWritesDirect, blocks);
}

void TempSegment::Read(uint64_t offset, char* data, size_t len, SessionStats& stats) const {
  size_t done = 0;
  while (done < len) {
    ssize_t r = ::pread(fd_, data + done, len - done, static_cast<off_t>(offset + done));
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) {
      ThrowOra(1115,
               "IO error reading block from file {} (block # {})\n"
               "ORA-27072: File I/O error\nLinux-x86_64 Error: {}: {}",
               kTempFileNo, (offset + done) / kBlock, r < 0 ? errno : EIO,
               std::strerror(r < 0 ? errno : EIO));
    }
    done += static_cast<size_t>(r);
  }
  uint64_t blocks = (len + kBlock - 1) / kBlock;  // direct reads are physical reads too
  stats.Add(Stat::kPhysicalReads, blocks);
  stats.Add(Stat::kPhysicalReadsDirect, blocks);
}

}  // namespace pathdb
