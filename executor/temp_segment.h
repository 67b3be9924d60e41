// A work area's temporary space: ONE unlinked file holding all of its sort runs or hash
// partitions as fixed-size extents, the way an Oracle temp segment does, so the number of open
// files does not grow with the number of runs or partitions. Extents freed by a run that is
// gone are reused before the file grows, so a multi-pass merge needs about the data's size
// once (plus one merge group), not once per pass.
//
// The file is created (mode 0600) in the database directory on the first Allocate and unlinked
// at once: it disappears when the segment is destroyed, the statement fails or the process
// dies. A segment belongs to one execution and its thread.
#pragma once
#include <cstdint>
#include <filesystem>
#include <vector>

#include "common/stats.h"

namespace pathdb {

//! The largest extent, so the largest read or write of a temporary file (and the buffer size
//! the one-pass estimate OnePassSortBytes assumes).
constexpr size_t kSpillIoBytes = 1 << 20;

class TempSegment {
 public:
  //! REQUIRES: extent_bytes > 0. Opens nothing yet.
  TempSegment(std::filesystem::path dir, size_t extent_bytes);
  ~TempSegment();
  TempSegment(const TempSegment&) = delete;
  TempSegment& operator=(const TempSegment&) = delete;

  //! Bytes of every extent: each Write and Read moves at most this many.
  size_t extent_bytes() const { return extent_bytes_; }
  //! File offset of an extent to write: a freed one if any, else the file's end. Creates the
  //! file on first use (ORA-01114 when it cannot, e.g. no descriptor left).
  uint64_t Allocate();
  //! Gives back an extent from Allocate; its bytes may be overwritten by the next Allocate.
  void Free(uint64_t offset);
  //! Writes `len` <= extent_bytes() bytes at extent `offset`. A full disk or the file-size
  //! limit raises ORA-01114 / ORA-27072 (errno EFBIG / ENOSPC); the segment stays usable for
  //! destruction only.
  void Write(uint64_t offset, const char* data, size_t len, SessionStats& stats);
  //! Reads exactly `len` <= extent_bytes() bytes written at `offset`.
  void Read(uint64_t offset, char* data, size_t len, SessionStats& stats) const;

  //! Bytes the file spans (its high-water mark): the most temporary space held at once.
  uint64_t file_bytes() const { return end_; }
  //! Extents handed out and not freed.
  size_t extents_in_use() const { return in_use_; }

 private:
  std::filesystem::path dir_;
  size_t extent_bytes_;
  int fd_ = -1;
  uint64_t end_ = 0;
  std::vector<uint64_t> free_;
  size_t in_use_ = 0;
};

//! Extent (= I/O buffer) size for a work area of `work_area_bytes` that keeps `buffers`
//! buffers at once: the work area shared among them, in whole 8 KiB blocks, between 8 KiB
//! and kSpillIoBytes.
size_t SpillBufferBytes(uint64_t work_area_bytes, size_t buffers);

}  // namespace pathdb
