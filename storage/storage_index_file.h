// The storage index on disk: DIR/storage_index.dat, written at every checkpoint and read at
// open, so region summaries survive a restart (Exadata's are lost when a cell restarts).
//
// Trust rules -- a summary that is not known to be right is dropped, never used:
// - the file must have the magic, the format version and a matching CRC32C, and carry the log
//   generation the control file says recovery starts from (i.e. it was written by the
//   checkpoint the database restarts from); otherwise nothing of it is used;
// - a segment is taken only while its header block is the same and it has not shrunk
//   (TRUNCATE); the region holding the old high-water mark and those above it are dropped when
//   the segment grew meanwhile (direct-path inserts write blocks the redo log does not hold);
// - crash recovery then drops the region of every block it replays (NoteRowChange).
// A missing or rejected file leaves the index empty; full scans rebuild it.
//
// Threads: called while the database opens or checkpoints, on its owner's thread.
#pragma once
#include <cstdint>
#include <filesystem>
#include <map>

#include "storage/segment.h"

namespace pathdb::storage {

//! Writes every segment's summaries (tmp file, fsync, rename). `generation`: the log
//! generation the checkpoint that writes it starts.
void SaveStorageIndexes(const std::filesystem::path& dir, uint64_t generation,
                        const std::map<uint32_t, Segment>& segments);

//! Loads the summaries written for `generation` into `segments` by the rules above. Returns
//! the regions loaded (0 when the file is missing, damaged or of another generation).
size_t LoadStorageIndexes(const std::filesystem::path& dir, uint64_t generation,
                          std::map<uint32_t, Segment>& segments);

}  // namespace pathdb::storage
