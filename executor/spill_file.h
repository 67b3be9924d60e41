// A sorted run or a hash partition of a work area that outgrew its memory limit (HASH JOIN,
// HASH GROUP BY, SORT): a stream of rows stored as extents of the work area's TempSegment, so
// any number of them share one open file. While written it buffers at most one extent (plus
// one row); while read, at most one extent plus the row that straddles into the next.
#pragma once
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "common/stats.h"
#include "common/vector.h"
#include "executor/operator.h"
#include "executor/temp_segment.h"

namespace pathdb {

//! Written first (Append*), then read (Rewind, Read); may be rewound and read again. Belongs
//! to one execution and its thread, like its segment.
class SpillFile {
 public:
  //! REQUIRES: `segment` is not null. Nothing is written (and no file opened) until a row is.
  SpillFile(std::shared_ptr<TempSegment> segment, std::vector<LogicalType> types);
  //! Gives the extents back to the segment (reused by the next run, not the disk's).
  ~SpillFile();
  SpillFile(const SpillFile&) = delete;
  SpillFile& operator=(const SpillFile&) = delete;

  const std::vector<LogicalType>& types() const { return types_; }
  //! Appends the active rows of `chunk` (columns match types()). REQUIRES: not rewound yet.
  void Append(const DataChunk& chunk, SessionStats& stats);
  //! Appends the active rows of `chunk` whose index in `select` (positions into the active
  //! rows) is listed.
  void AppendRows(const DataChunk& chunk, const std::vector<uint32_t>& active_positions,
                  SessionStats& stats);
  //! Appends physical row `row` of `chunk`.
  void AppendRow(const DataChunk& chunk, size_t row, SessionStats& stats);
  //! Ends writing (the rest of the buffer reaches the file, the write buffer is freed);
  //! reading starts from row one. Idempotent.
  void Rewind(SessionStats& stats);
  //! Reads up to `max_rows` (<= the capacity of `out`) rows into `out` (reset first); false
  //! when none are left. Frees the read buffer once the last row is read.
  bool Read(DataChunk& out, SessionStats& stats, size_t max_rows = kVectorSize);

  uint64_t rows() const { return rows_; }
  uint64_t bytes() const { return bytes_; }

 private:
  void EncodeRow(const DataChunk& chunk, size_t physical_row);
  void WriteExtent(size_t len, SessionStats& stats);
  //! Makes `need` bytes from buffer_pos_ available, reading the next extents.
  void Fill(size_t need, SessionStats& stats);

  std::shared_ptr<TempSegment> segment_;
  std::vector<LogicalType> types_;
  std::vector<uint64_t> extents_;  //!< in stream order
  std::string buffer_;             //!< write buffer, then read buffer
  bool writing_ = true;
  uint64_t bytes_ = 0;  //!< bytes of the stream (written or buffered)
  size_t next_extent_ = 0;
  size_t buffer_pos_ = 0;
  uint64_t rows_ = 0;
  uint64_t rows_read_ = 0;
};

//! Rough in-memory bytes of one row of these types (what a work area weighs to decide when
//! to spill; strings are guessed at their declared length up to 32 bytes).
size_t EstimatedRowBytes(const std::vector<LogicalType>& types);

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
