#include "storage/private_files.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "common/error.h"

namespace pathdb::storage {

namespace fs = std::filesystem;

int OpenPrivate(const fs::path& path, int flags) {
  int fd = ::open(path.c_str(), flags | O_CLOEXEC, 0600);
  if (fd < 0) return fd;
  struct stat st {};
  // Only our own regular files are ours to tighten (a read-only open of a foreign file stays).
  if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_uid == ::geteuid() &&
      (st.st_mode & 07777) != 0600) {
    ::fchmod(fd, 0600);
  }
  return fd;
}

std::vector<std::string> PrepareDirectory(const fs::path& dir) {
  std::vector<std::string> tightened;
  std::error_code ec;
  if (!fs::exists(dir, ec)) {
    fs::create_directories(dir, ec);
    if (ec) {
      ThrowOra(1157, "cannot identify/lock data file 1 - see DBWR trace file ({}: {})",
               dir.string(), ec.message());
    }
    ::chmod(dir.c_str(), 0700);  // create_directories follows the umask
    return tightened;
  }
  struct stat st {};
  if (::stat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) {
    ThrowOra(1157, "cannot identify/lock data file 1 - see DBWR trace file ({}: not a directory)",
             dir.string());
  }
  if (st.st_uid != ::geteuid()) return tightened;  // not ours to change; the files will say
  if ((st.st_mode & 0077) != 0) {
    tightened.push_back(
        fmt::format("directory {} had mode {:04o}, now 0700", dir.string(), st.st_mode & 07777));
    ::chmod(dir.c_str(), 0700);
  }
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    struct stat fst {};
    if (::lstat(entry.path().c_str(), &fst) != 0 || !S_ISREG(fst.st_mode)) continue;
    if (fst.st_uid != ::geteuid() || (fst.st_mode & 07777) == 0600) continue;
    tightened.push_back(fmt::format("file {} had mode {:04o}, now 0600",
                                    entry.path().filename().string(), fst.st_mode & 07777));
    ::chmod(entry.path().c_str(), 0600);
  }
  return tightened;
}

DirectoryLock::DirectoryLock(const fs::path& dir) {
  fs::path path = dir / "pathdb.pid";
  fd_ = OpenPrivate(path, O_RDWR | O_CREAT);
  if (fd_ < 0) {
    ThrowOra(1157, "cannot identify/lock data file 1 - see DBWR trace file ({}: {})", path.string(),
             std::strerror(errno));
  }
  if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    int err = errno;
    char buf[32] = {};
    ssize_t n = ::pread(fd_, buf, sizeof buf - 1, 0);
    ::close(fd_);
    fd_ = -1;
    std::string holder = n > 0 ? std::string(buf, static_cast<size_t>(n)) : std::string();
    while (!holder.empty() && (holder.back() == '\n' || holder.back() == ' ')) holder.pop_back();
    if (err == EWOULDBLOCK) {
      ThrowOra(1102,
               "cannot mount database in EXCLUSIVE mode: {} is open in process {} "
               "(lock file {})",
               dir.string(), holder.empty() ? "unknown" : holder, path.string());
    }
    ThrowOra(1102, "cannot mount database in EXCLUSIVE mode: cannot lock {}: {}", path.string(),
             std::strerror(err));
  }
  // We hold the lock: the pid of a dead holder, if any, is stale; ours replaces it.
  std::string pid = std::to_string(::getpid()) + "\n";
  if (::ftruncate(fd_, 0) != 0 || ::pwrite(fd_, pid.data(), pid.size(), 0) < 0) {
    // The lock itself holds; only the diagnostic pid is missing.
  }
}

DirectoryLock::~DirectoryLock() {
  if (fd_ >= 0) ::close(fd_);  // closing the last descriptor releases the flock
}

}  // namespace pathdb::storage
