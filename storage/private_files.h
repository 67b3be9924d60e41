// The database directory is private to its owner, as PostgreSQL insists for its data
// directory: created 0700, every file in it 0600, whatever the process umask. And it is open in
// one process at a time: a lock file (DIR/pathdb.pid) holds an flock and the owner's pid.
// Threads: any; the lock object is owned by the Database.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

namespace pathdb::storage {

//! open(2) for a file of the database directory: created 0600 and forced to 0600 when the
//! umask (or an older version) left it looser. Returns the fd or -1 with errno set.
int OpenPrivate(const std::filesystem::path& path, int flags);

//! Creates DIR (and parents) when missing, the leaf 0700; tightens an existing DIR that group
//! or others may write, and its files, to 0700/0600. Returns what it tightened (for the alert
//! log), empty when nothing was. Throws ORA-01157 when DIR cannot be created.
std::vector<std::string> PrepareDirectory(const std::filesystem::path& dir);

//! The exclusive open of a database directory. Holding it means no other process has the
//! directory open; a process that dies releases it (flock), so a stale pid file never blocks.
class DirectoryLock {
 public:
  //! Takes the lock or throws ORA-01102 naming the holder's pid. Never waits.
  explicit DirectoryLock(const std::filesystem::path& dir);
  ~DirectoryLock();
  DirectoryLock(const DirectoryLock&) = delete;
  DirectoryLock& operator=(const DirectoryLock&) = delete;

 private:
  int fd_ = -1;
};

}  // namespace pathdb::storage
