// Block 0 of the data file: identifies the file and mirrors the redo log's progress.
//
// Every COMMIT writes (without forcing) the redo generation and the number of commit records
// forced in it here. The log header carries the same count, durably; this second copy is what
// still tells how many commits a deleted or emptied log took with it. Checksummed like every
// other block; open refuses a data file whose block 0 fails verification (ORA-01210).
// Threads: the committing session's thread (as the redo log).
#pragma once
#include <cstdint>

#include "storage/data_file.h"

namespace pathdb::storage {

struct FileHeader {
  uint64_t log_generation = 0;  //!< redo generation `log_commits` counts in
  uint64_t log_commits = 0;     //!< commit records forced in that generation
};

//! Formats and writes block 0 (new files, and every commit's progress mirror).
void WriteFileHeader(DataFile& file, const FileHeader& header);
//! Reads and verifies block 0. ORA-01210 when the checksum or the file's identity is wrong.
FileHeader ReadFileHeader(const DataFile& file);

}  // namespace pathdb::storage
