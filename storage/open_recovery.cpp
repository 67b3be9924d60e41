// Crash recovery at open, and the refusal of a log that lost committed transactions.
//
// Two counts say how many commits the current generation holds: the log header (forced with
// every commit) and block 0 of the data file (written after it). When the readable records
// hold fewer, the log was truncated, zeroed or removed after those commits were acknowledged:
// opening would silently lose them, so open refuses, naming file and offset, unless the user
// asked for --resetlogs, which replays what is readable and reports the loss.
#include <fmt/format.h>

#include "common/error.h"
#include "storage/database_impl.h"
#include "storage/file_header.h"
#include "storage/redo_format.h"

namespace pathdb::storage {

namespace {

std::string Plural(uint64_t n, const char* what) {
  return fmt::format("{} {}{}", n, what, n == 1 ? "" : "s");
}

}  // namespace

RedoLog::Recovery Database::Impl::RecoverAtOpen(const ControlData& control) {
  const uint64_t generation = control.log_generation;
  FileHeader mirror;
  try {
    mirror = ReadFileHeader(*file);
  } catch (const OraError& e) {
    if (!options.accept_redo_loss) {
      throw OraError(e.code(), e.message() +
                                   "\n(pathdb --resetlogs rewrites it, trusting the "
                                   "redo log header for what must be recovered)");
    }
    report.warnings.push_back(
        fmt::format("block 0 of {} was corrupt and has been rewritten", file->path().string()));
    WriteFileHeader(*file, FileHeader{});
  }
  RedoLog::LogState log = RedoLog::Inspect(dir, generation);
  uint64_t expected = log.HeaderCommits();
  if (mirror.log_generation == generation) expected = std::max(expected, mirror.log_commits);

  std::string damage;
  const std::string path = log.path.string();
  if (log.header_valid && log.header_generation > generation) {
    damage = fmt::format(
        "ORA-00338: log 1 of thread 1 is more recent than control file: '{}' "
        "is of generation {}, the control file of {}",
        path, log.header_generation, generation);
    expected = std::max(expected, log.commits_found + 1);  // unknown: at least its own
  } else if (log.commits_found < expected) {
    if (!log.present) {
      damage = fmt::format(
          "ORA-00313: open failed for members of log group 1 of thread 1\n"
          "ORA-00312: online log 1 thread 1: '{}': file is missing",
          path);
    } else if (log.file_size < redo::kRecordsStart && !log.header_valid) {
      damage = fmt::format(
          "ORA-00313: open failed for members of log group 1 of thread 1\n"
          "ORA-00312: online log 1 thread 1: '{}': file is truncated to {} "
          "bytes",
          path, log.file_size);
    } else if (log.valid_end < log.file_size) {
      damage = fmt::format(
          "ORA-00354: corrupt redo log block header\n"
          "ORA-00353: log corruption near offset {} of '{}' (after {} readable "
          "commits; file size {})",
          log.valid_end, path, log.commits_found, log.file_size);
    } else {
      damage = fmt::format(
          "ORA-00314: log 1 of thread 1, expected commit # {} doesn't match {}\n"
          "ORA-00312: online log 1 thread 1: '{}': file ends at offset {}",
          expected, log.commits_found, path, log.file_size);
    }
  }
  uint64_t lost = expected > log.commits_found ? expected - log.commits_found : 0;
  if (!damage.empty()) {
    if (!options.accept_redo_loss) {
      // The whole text is the message; the code is that of its first line.
      int code = std::stoi(damage.substr(4, 5));
      throw OraError(code, damage.substr(11) +
                               fmt::format("\n{} committed since the last checkpoint cannot be "
                                           "recovered; pathdb --resetlogs opens the database "
                                           "without {}",
                                           Plural(lost, "transaction"), lost == 1 ? "it" : "them"));
    }
    report.commits_lost = lost;
    report.warnings.push_back(
        fmt::format("opened with RESETLOGS: {} committed since the last checkpoint {} lost ({})",
                    Plural(lost, "transaction"), lost == 1 ? "was" : "were",
                    damage.substr(0, damage.find('\n'))));
  }
  RedoLog::Recovery rec = RedoLog::Recover(log, *file);
  report.commits_replayed = rec.commits;
  return rec;
}

}  // namespace pathdb::storage
