// Temporary files for work areas that outgrow their memory limit (HASH JOIN, HASH GROUP BY,
// SORT). A file lives in the database directory only as an open descriptor: it is unlinked
// the moment it is created, so it disappears when the statement ends, fails or the process
// dies, and nothing is ever left behind.
#pragma once
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "common/stats.h"
#include "common/vector.h"
#include "executor/operator.h"

namespace pathdb {

class SpillFile {
 public:
  SpillFile(const std::filesystem::path& dir, std::vector<LogicalType> types);
  ~SpillFile();
  SpillFile(const SpillFile&) = delete;
  SpillFile& operator=(const SpillFile&) = delete;

  const std::vector<LogicalType>& types() const { return types_; }
  //! Appends the active rows of `chunk` (columns match types()).
  void Append(const DataChunk& chunk, SessionStats& stats);
  //! Appends the active rows of `chunk` whose index in `select` (positions into the active
  //! rows) is listed.
  void AppendRows(const DataChunk& chunk, const std::vector<uint32_t>& active_positions,
                  SessionStats& stats);
  //! Ends writing (the rest of the buffer reaches the file); reading starts from row one.
  void Rewind(SessionStats& stats);
  //! Reads up to kVectorSize rows into `out` (reset first); false when none are left.
  bool Read(DataChunk& out, SessionStats& stats);

  uint64_t rows() const { return rows_; }
  uint64_t bytes() const { return end_; }

 private:
  void AppendRow(const DataChunk& chunk, size_t physical_row);
  void Flush(SessionStats& stats);

  std::vector<LogicalType> types_;
  int fd_ = -1;
  std::string buffer_;  //!< write buffer, then read buffer
  uint64_t end_ = 0;    //!< bytes in the file (after Flush)
  uint64_t read_pos_ = 0;
  size_t buffer_pos_ = 0;
  uint64_t rows_ = 0;
  uint64_t rows_read_ = 0;
  std::string row_;  //!< scratch encoding of one row
};

//! Rough in-memory bytes of one row of these types (what a work area weighs to decide when
//! to spill; strings are guessed at their declared length up to 32 bytes).
size_t EstimatedRowBytes(const std::vector<LogicalType>& types);

//! Bytes a temporary file buffers per read or write call (each open run or partition holds one
//! such buffer while it is written or merged).
constexpr size_t kSpillIoBytes = 1 << 20;

//! What one start of a work area did: the ALLSTATS memory columns of its plan line.
struct WorkAreaUsage {
  uint64_t optimal = 0;   //!< bytes an in-memory run needs (all input rows / groups)
  uint64_t one_pass = 0;  //!< bytes a one-pass run needs
  uint64_t used = 0;      //!< peak bytes of the table or sort buffer
  uint64_t temp = 0;      //!< bytes written to temporary files
  int passes = 0;         //!< 0 optimal, 1 one-pass, 2+ multi-pass
};

//! One-pass size of a sort whose in-memory run needs `optimal` bytes: runs of M bytes are
//! merged with one read buffer each, so (optimal / M) buffers must fit in M:
//! M = sqrt(optimal * kSpillIoBytes) (Oracle's 1Mem grows with the square root the same way).
uint64_t OnePassSortBytes(uint64_t optimal);
//! One-pass size of a hash work area spilling to `partitions` partitions: one partition's
//! share of the table, so each partition is read back once and fits, but not below 64 KB (a
//! smaller area spends its time on partition buffers; Oracle has a minimum too), and never more
//! than optimal. Like Used-Mem it counts the table, not the partitions' write buffers.
uint64_t OnePassHashBytes(uint64_t optimal, size_t partitions);
//! Sets the work-area columns of `line` (null: statistics are not collected) to `usage`, the
//! last start's values as DBMS_XPLAN's OMem/1Mem/Used-Mem/Used-Tmp show them.
void ReportWorkArea(OperatorRuntimeStats* line, const WorkAreaUsage& usage);

//! Size a work area may grow to before it spills (pga_aggregate_target / 20, Oracle's
//! serial _smm_max_size rule) and where its files go.
struct WorkArea {
  uint64_t limit_bytes = 0;
  std::filesystem::path temp_dir;
};

}  // namespace pathdb
