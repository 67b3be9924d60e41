// The redo log: one file (redo01.log) of checksummed records, appended and forced at COMMIT.
//
// What is logged is the full after-image of every block a transaction changed (taken from
// the buffer cache at commit, or when a changed block is evicted before commit), then a
// commit record carrying the dictionary when it changed. Whole images make replay trivially
// idempotent and need no per-operation redo code in every block format; their cost is redo
// volume, which checkpoints (every `checkpoint_redo_bytes`) keep bounded.
//
// The data file never receives a block with changes the log does not hold, and never one with
// uncommitted changes (the cache hands such blocks to Evict, which parks them in the log), so
// recovery is redo only: apply the images of every committed group since the checkpoint, in
// log order; everything after the last valid commit record — a torn tail, an unfinished
// transaction — is ignored.
//
// Records carry the log generation from the control file: a checkpoint bumps it and truncates
// the file, and records of an older generation are never replayed.
// Threads: one writer, the committing session's thread (docs/architecture.md, Threads).
#pragma once
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "storage/data_file.h"
#include "storage/redo_sink.h"

namespace pathdb::storage {

class RedoLog final : public RedoSink {
 public:
  //! Opens (creating) DIR/redo01.log, empties it and starts writing generation `generation`.
  RedoLog(const std::filesystem::path& dir, uint64_t generation, DataFile& data_file);
  ~RedoLog() override;
  RedoLog(const RedoLog&) = delete;
  RedoLog& operator=(const RedoLog&) = delete;

  //! Appends a block image (checksum already stamped) to the current group.
  void AppendImage(uint32_t block_no, const std::byte* data);
  //! Appends the commit record that closes the group; `dictionary` (may be empty = unchanged)
  //! is the serialised dictionary as of this commit. Does not force.
  void AppendCommit(const std::string& dictionary);
  //! Writes buffered records and waits until they are on disk (fdatasync).
  void Force();
  //! After a commit was forced: every parked image now holds committed data.
  void MarkParkedCommitted();

  //! True when an evicted block holds changes no commit record covers yet.
  bool HasUncommittedParked() const;
  //! Blocks whose latest image lives only in the log (checkpoint copies them to the file).
  std::vector<uint32_t> ParkedBlocks() const;
  //! True when the parked image of `block_no` holds only committed changes (REQUIRES: Holds).
  bool ParkedCommitted(uint32_t block_no) const { return parked_.at(block_no).committed; }
  //! Empties the file and starts generation `generation` (after a checkpoint).
  void Reset(uint64_t generation);
  uint64_t generation() const { return generation_; }
  //! Bytes appended since the last Reset (drives checkpoints).
  uint64_t Bytes() const { return end_; }

  // ---- RedoSink
  void Evict(uint32_t block_no, const std::byte* data, bool unlogged) override;
  bool Holds(uint32_t block_no) const override { return parked_.count(block_no) != 0; }
  void ReadImage(uint32_t block_no, std::byte* out) override;
  void Forget(uint32_t block_no) override { parked_.erase(block_no); }

  //! Result of crash recovery.
  struct Recovery {
    uint64_t commits = 0;                   //!< committed groups applied
    uint64_t images = 0;                    //!< block images written to the data file
    uint32_t max_block = 0;                 //!< highest block number written (+1), 0 if none
    std::optional<std::string> dictionary;  //!< latest committed dictionary, when logged
    bool torn_tail = false;                 //!< bytes after the last valid record were ignored
    std::vector<uint32_t> blocks;           //!< blocks written, sorted, each once
  };
  //! Replays DIR/redo01.log of `generation` onto `data_file` (extending it as needed) and
  //! syncs it. Does not change the log file.
  static Recovery Recover(const std::filesystem::path& dir, uint64_t generation,
                          DataFile& data_file);

 private:
  struct Parked {
    uint64_t offset;  //!< file offset of the image payload
    bool committed;
  };
  void Append(uint8_t type, uint32_t block_no, const void* payload, uint32_t length);
  void WriteBuffer();

  std::filesystem::path path_;
  int fd_ = -1;
  uint64_t generation_;
  DataFile& data_file_;
  uint64_t end_ = 0;      //!< logical end (file bytes + buffered bytes)
  uint64_t written_ = 0;  //!< bytes already in the file
  uint64_t seq_ = 0;
  std::string buffer_;
  std::unordered_map<uint32_t, Parked> parked_;
};

}  // namespace pathdb::storage
