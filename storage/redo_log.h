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
// the file, and records of an older generation are never replayed. A header forced with every
// commit counts the commit records (format: storage/redo_format.h), and block 0 of the data
// file mirrors the count, so open can tell a clean end of the log from a damaged or missing
// one and refuses the latter (Database::Open, storage/redo_recovery.cpp).
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
  //! Opens (creating) DIR/redo01.log, empties it and starts writing generation `generation`;
  //! the log header is forced before the constructor returns.
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
  //! Allocates log space for the next `bytes` of records (rounded up to 1 MiB) unless it is
  //! already there. A COMMIT calls it before it changes anything, so a full disk or the
  //! file-size limit fails the COMMIT cleanly -- ORA-00345 with ORA-27072, the transaction
  //! still open -- instead of halfway through the log write.
  void Reserve(uint64_t bytes);
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
  uint64_t Bytes() const { return end_ - kRecordsOffset; }
  //! Where records start in the file (after the two header slots).
  static constexpr uint64_t kRecordsOffset = 4096;

  // ---- RedoSink
  void Evict(uint32_t block_no, const std::byte* data, bool unlogged) override;
  bool Holds(uint32_t block_no) const override { return parked_.count(block_no) != 0; }
  void ReadImage(uint32_t block_no, std::byte* out) override;
  void Forget(uint32_t block_no) override { parked_.erase(block_no); }

  //! What open finds in DIR/redo01.log before anything is replayed (storage/redo_recovery.cpp).
  struct LogState {
    std::filesystem::path path;
    bool present = false;       //!< the file exists
    bool header_valid = false;  //!< a log header slot passed its checksum
    bool legacy = false;        //!< a first-version log (no header, records from offset 0)
    uint64_t header_generation = 0;
    uint64_t header_commits = 0;  //!< commits the header says were forced in `generation`
    uint64_t file_size = 0;
    uint64_t valid_end = 0;        //!< offset just past the last readable record
    uint64_t last_commit_end = 0;  //!< offset just past the last readable commit record
    uint64_t commits_found = 0;    //!< readable commit records of `generation`
    uint64_t records_start = 0;
    uint64_t generation = 0;  //!< the control file's generation, the one being recovered
    std::optional<std::string> dictionary;  //!< latest committed dictionary, when logged
    //! Commits the header vouches for in `generation` (0 when it speaks of another one).
    uint64_t HeaderCommits() const {
      return header_valid && header_generation == generation ? header_commits : 0;
    }
  };
  //! Reads DIR/redo01.log and finds the end of its readable records of `generation`.
  static LogState Inspect(const std::filesystem::path& dir, uint64_t generation);

  //! Result of crash recovery.
  struct Recovery {
    uint64_t commits = 0;                   //!< committed groups applied
    uint64_t images = 0;                    //!< block images written to the data file
    uint32_t max_block = 0;                 //!< highest block number written (+1), 0 if none
    std::optional<std::string> dictionary;  //!< latest committed dictionary, when logged
    bool torn_tail = false;                 //!< bytes after the last valid record were ignored
    std::vector<uint32_t> blocks;           //!< blocks written, sorted, each once
  };
  //! Replays the readable committed groups `state` found onto `data_file` (extending it as
  //! needed) and syncs it. Does not change the log file.
  static Recovery Recover(const LogState& state, DataFile& data_file);

 private:
  struct Parked {
    uint64_t offset;  //!< file offset of the image payload
    bool committed;
  };
  void Append(uint8_t type, uint32_t block_no, const void* payload, uint32_t length);
  void WriteBuffer();
  //! Writes the log header (both slots when `both`, else the next one). Does not force.
  void WriteHeader(bool both);

  std::filesystem::path path_;
  int fd_ = -1;
  uint64_t generation_;
  DataFile& data_file_;
  uint64_t end_ = 0;       //!< logical end as a file offset (file bytes + buffered bytes)
  uint64_t reserved_ = 0;  //!< the file's allocated size (Reserve)
  uint64_t written_ = 0;   //!< file offset up to which the records are in the file
  uint64_t seq_ = 0;
  uint64_t commits_ = 0;         //!< commit records appended in this generation
  uint64_t commit_end_ = 0;      //!< file offset just past the last of them
  uint64_t header_commits_ = 0;  //!< commits the log header on disk counts
  uint64_t header_writes_ = 0;
  std::string buffer_;
  std::unordered_map<uint32_t, Parked> parked_;
};

}  // namespace pathdb::storage
