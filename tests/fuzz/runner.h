// The in-process fuzz loop: a fresh database with a small schema, the crasher file replayed,
// then mutated corpus statements through one Session until the time budget is spent.
#pragma once
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <string>

namespace pathdb::fuzz {

//! Lives in memory shared with the supervising parent process (MAP_SHARED), so the parent can
//! name the statement a crashed or hung child was running.
struct SharedState {
  std::atomic<uint64_t> seq{0};         //!< statements started
  std::atomic<int64_t> started_ms{0};   //!< steady-clock start of the running one; 0 = idle
  std::atomic<uint32_t> length{0};
  std::atomic<uint8_t> sqlite{0};       //!< dialect the running statement was sent in
  static constexpr size_t kTextBytes = 64 << 10;
  char text[kTextBytes];                //!< the running statement, truncated
};

struct Options {
  std::filesystem::path source_dir;  //!< repository root (tests/regress, grammar, tests/fuzz)
  std::filesystem::path slt_dir;     //!< sqllogictest corpus root (optional)
  uint64_t seed = 1;
  double seconds = 50;               //!< time budget of the mutation phase
  size_t slt_files = 6;
  int64_t cancel_after_ms = 1500;    //!< slower statements get Session::Cancel (ORA-01013)
  int64_t hang_after_ms = 30000;     //!< the parent kills and fails a statement running longer
  bool replay_only = false;          //!< stop after tests/fuzz/crashers.sql
  std::filesystem::path log;         //!< when set, every statement is appended before it runs
  //! When set: run this file (a --log file, or any list of statements each followed by a line
  //! holding only ';') after the schema, instead of fuzzing. For minimizing a failure.
  std::filesystem::path replay;
  bool verbose = false;              //!< print every internal error in full
};

//! Runs the fuzz loop; returns the process exit status (0: no internal error seen).
int RunFuzz(const Options& options, SharedState& shared);

}  // namespace pathdb::fuzz
