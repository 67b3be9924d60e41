// Direct path reads: multiblock requests from the data file into private, aligned buffers,
// several in flight at once, delivered in the order they were asked for. Blocks read here never
// enter the buffer cache; the caller verifies them.
//
// The reader asks its caller for the next request only when it has a free slot, so a caller
// that decides late (a region skipped by a storage index or by a join filter published after
// Open) never has read what it skips, beyond the requests already in flight.
//
// Engines, chosen when the reader is built:
// - io_uring (liburing): the default when `async` is set and a ring can be set up;
// - a portable fallback: a small thread pool doing preadv, used when io_uring cannot be set
//   up (kernel, seccomp, RLIMIT_MEMLOCK) or when `async` is false (disk_asynch_io=FALSE).
// O_DIRECT is used when `o_direct` is set and the file system accepts it (not tmpfs, for
// example); otherwise the file is read through the OS page cache. engine() and notes() say
// which was used and why, for the alert log.
//
// In flight: starts at initial_in_flight requests and adds one (up to max_in_flight) each time
// Next has to wait for a request that has not completed yet: the consumer is faster than the
// device, so more parallelism pays; it never shrinks within one reader.
//
// Errors: an I/O error raises ORA-27072 ("File I/O error") naming the file and block; a short
// read (the file ends inside a request) raises ORA-01578 naming the first block not read.
// Either leaves the reader unusable; its destructor still waits for requests in flight.
//
// Threads: a reader is used by one thread (its fallback pool's threads are its own).
#pragma once
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>

namespace pathdb::storage {

class DirectReadPool;

struct DirectReadOptions {
  bool async = true;                  //!< disk_asynch_io: io_uring when it can be set up
  bool o_direct = true;               //!< filesystemio_options SETALL / DIRECTIO
  uint32_t max_request_blocks = 128;  //!< blocks per request (1 MiB)
  uint32_t initial_in_flight = 2;
  //! With max_request_blocks, bounds a reader's buffers: (max_in_flight + 1) requests.
  uint32_t max_in_flight = 8;
  //! Where the reader takes its ring and buffers from and gives them back (null: its own).
  //! REQUIRES: outlives the reader.
  DirectReadPool* pool = nullptr;
};

//! io_uring rings and aligned request buffers kept between direct readers. Setting up a ring
//! (two mmaps and their page faults) and faulting in fresh 1 MiB buffers cost a short direct
//! scan -- a join-filtered scan that reads two regions -- about as much as reading them. A
//! reader gives its ring back only when every request it issued has been reaped.
//! Owned by the Database. Threads: any (one mutex).
class DirectReadPool {
 public:
  DirectReadPool();
  ~DirectReadPool();  //!< tears down the rings it holds
  DirectReadPool(const DirectReadPool&) = delete;
  DirectReadPool& operator=(const DirectReadPool&) = delete;
  //! Rings and buffers held now (tests).
  size_t idle_rings() const;
  size_t idle_buffers() const;

 private:
  friend class DirectReader;
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

//! `count` contiguous blocks from `block`. REQUIRES: 0 < count <= max_request_blocks.
struct DirectReadRequest {
  uint32_t block = 0;
  uint32_t count = 0;
};

//! What a reader did, for statistics and tests.
struct DirectReadCounters {
  uint64_t requests = 0;        //!< requests completed
  uint64_t blocks = 0;          //!< blocks read
  uint64_t waits = 0;           //!< Next calls that had to wait for I/O
  uint32_t peak_in_flight = 0;  //!< most requests in flight at once
};

class DirectReader {
 public:
  //! Fills `req` with the next request in scan order; false when there is none left.
  using NextRequest = std::function<bool(DirectReadRequest& req)>;

  //! Opens `file` for reading (O_DIRECT when asked and allowed). Throws ORA-01157 when the
  //! file cannot be opened at all.
  DirectReader(const std::filesystem::path& file, const DirectReadOptions& options,
               NextRequest next);
  ~DirectReader();
  DirectReader(const DirectReader&) = delete;
  DirectReader& operator=(const DirectReader&) = delete;

  struct Completed {
    uint32_t block = 0;
    uint32_t count = 0;
    std::byte* data = nullptr;  //!< count * 8 KiB, valid until the next call of Next
  };
  //! The next request, in the order NextRequest produced them; false when all are done.
  //! The previous request's buffer goes back to the pool (and a new request may be issued).
  bool Next(Completed& out);
  //! Reads without O_DIRECT, through the OS page cache (a no-op when O_DIRECT is off).
  //! REQUIRES: before the first Next.
  void ReadThroughPageCache();

  const char* engine() const;   //!< "io_uring" or "threads"
  bool o_direct() const;        //!< the file is read with O_DIRECT
  //! Why an engine or O_DIRECT asked for was not used (empty when all went as asked), e.g.
  //! "io_uring_queue_init: Operation not permitted; using the reader thread pool".
  const std::string& notes() const;
  const DirectReadCounters& counters() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace pathdb::storage
