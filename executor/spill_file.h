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

//! Size a work area may grow to before it spills (pga_aggregate_target / 20, Oracle's
//! serial _smm_max_size rule) and where its files go.
struct WorkArea {
  uint64_t limit_bytes = 0;
  std::filesystem::path temp_dir;
};

}  // namespace pathdb
