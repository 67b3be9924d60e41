// ImStore: the in-memory column store of one open database (the In-Memory Area). It holds an
// ImSegment per INMEMORY table that has (or is getting) a columnar copy, enforces the
// INMEMORY_SIZE limit, and runs populations: on the caller's thread (DBMS_INMEMORY.POPULATE,
// a first scan under _inmemory_synchronous_population) or on its one background worker
// (PRIORITY LOW..CRITICAL after ALTER TABLE or open, PRIORITY NONE after a first full scan).
//
// Population reads the table's data blocks from the data file (after the session thread's
// object checkpoint, as a direct path read does) with its own file descriptor, never through
// the buffer cache, so the worker shares nothing with the session but the ImSegment (locked)
// and the store's counters (atomic). Blocks changed meanwhile are marked stale by the session's
// DML and read from the row store by scans; a block that fails verification (a write racing the
// read) is stale too.
//
// Threads: member functions may be called from the session thread; the worker is internal.
#pragma once
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "storage/inmemory/column_cu.h"
#include "storage/inmemory/im_segment.h"
#include "storage/storage.h"

namespace pathdb::storage::im {

//! TUNING: Oracle's IMCUs hold about half a million rows (oracle-reference.md 7.1).
constexpr uint32_t kImcuRows = 512 * 1024;

//! Everything a population needs, copied on the session thread when it is scheduled.
struct PopulateJob {
  std::shared_ptr<ImSegment> segment;
  std::filesystem::path file;
  uint32_t object_id = 0;
  std::vector<uint32_t> blocks;  //!< physical block of each data block ordinal
  std::vector<LogicalType> types;
  std::vector<bool> populated;  //!< per column: INMEMORY (false: NO INMEMORY)
  InMemoryCompression compression = InMemoryCompression::kQueryLow;
  EncodingChoice encoding = EncodingChoice::kAuto;
  uint64_t segment_bytes = 0;  //!< on-disk bytes (BYTES_NOT_POPULATED when out of memory)
  uint32_t imcu_rows = kImcuRows;
  //! Set for a population on the session's own thread: reads a data block through the
  //! buffer cache (valid until the next call; nullptr when it is not a heap block of the
  //! table), so the copy holds exactly what the session's row-store scans see, its own
  //! uncommitted changes included. Unset: the data file is read (the background worker).
  std::function<const std::byte*(uint32_t block)> read_block;
};

class ImStore {
 public:
  ImStore();
  //! Stops the worker (a running population is cancelled and waited for).
  ~ImStore();
  ImStore(const ImStore&) = delete;
  ImStore& operator=(const ImStore&) = delete;

  //! INMEMORY_SIZE in bytes; 0 disables the store (nothing is populated).
  void SetLimit(uint64_t bytes) { limit_.store(bytes); }
  uint64_t limit() const { return limit_.load(); }
  uint64_t used() const { return used_.load(); }

  std::shared_ptr<ImSegment> Find(uint32_t object_id) const;
  std::shared_ptr<ImSegment> GetOrCreate(uint32_t object_id, const std::string& name);
  //! Forgets the table's copy; a population of it stops.
  void Drop(uint32_t object_id);
  std::vector<std::shared_ptr<ImSegment>> Segments() const;

  //! Runs `job` on the background worker.
  void Schedule(PopulateJob job);
  //! Runs `job` now on the caller's thread (after any queued or running job of the same
  //! segment has finished). Returns the rows populated.
  uint64_t Run(PopulateJob job, const ProgressFn& progress);
  //! Returns once no population of `object_id` is queued or running.
  void WaitIdle(uint32_t object_id);
  //! Rows the worker populated since the last call (the `IM populate rows` of a session).
  uint64_t TakeBackgroundRows() { return background_rows_.exchange(0); }

 private:
  uint64_t Populate(PopulateJob& job, const ProgressFn& progress);
  void WorkerLoop();
  bool Reserve(size_t bytes);

  std::atomic<uint64_t> limit_{0};
  std::atomic<uint64_t> used_{0};
  std::atomic<uint64_t> background_rows_{0};
  mutable std::mutex mu_;
  std::condition_variable cv_;       //!< work queued, or stop
  std::condition_variable done_cv_;  //!< a job finished
  std::map<uint32_t, std::shared_ptr<ImSegment>> segments_;
  std::deque<PopulateJob> queue_;
  uint32_t running_ = 0;  //!< object id the worker is populating (0: none)
  bool stop_ = false;
  std::thread worker_;
};

}  // namespace pathdb::storage::im
