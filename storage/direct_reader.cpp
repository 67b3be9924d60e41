// Direct path reader: io_uring (liburing) with a thread-pool fallback. See direct_reader.h.
#include "storage/direct_reader.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <liburing.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <mutex>
#include <thread>
#include <vector>

#include "common/error.h"
#include "storage/block.h"

namespace pathdb::storage {

namespace {

// O_DIRECT needs buffers aligned to the device's logical block; 4 KiB covers every device.
constexpr size_t kAlign = 4096;
// TUNING: two reader threads: enough to keep a request in flight while another completes on
// the 2-core machines we run on; more only contend with the consumer.
constexpr int kPoolThreads = 2;

struct FreeDeleter {
  void operator()(std::byte* p) const { std::free(p); }
};
using Buffer = std::unique_ptr<std::byte, FreeDeleter>;

Buffer AllocateBuffer(size_t bytes) {
  void* p = std::aligned_alloc(kAlign, (bytes + kAlign - 1) / kAlign * kAlign);
  if (p == nullptr) throw std::bad_alloc();
  return Buffer(static_cast<std::byte*>(p));
}

//! An io_uring ring, torn down with its owner.
struct Ring {
  io_uring ring{};
  unsigned entries = 0;
  bool live = false;  //!< io_uring_queue_init succeeded
  Ring() = default;
  Ring(const Ring&) = delete;
  Ring& operator=(const Ring&) = delete;
  ~Ring() {
    if (live) io_uring_queue_exit(&ring);
  }
};

// TUNING: what a pool keeps idle: a ring for each of a few concurrent scans, and the buffers
// of two readers at the default depth (8 in flight + 1 consumed, 1 MiB each).
constexpr size_t kPoolRings = 4;
constexpr size_t kPoolBuffers = 18;

//! One request: its buffer and how far it got. Owned by the reader's queue.
struct Slot {
  DirectReadRequest req;
  Buffer buf;
  size_t done = 0;  //!< bytes read so far
  bool complete = false;
  int error = 0;  //!< errno of a failed read, or -1 for a short read (end of file)
  size_t bytes() const { return size_t{req.count} * kBlockSize; }
};

}  // namespace

struct DirectReadPool::Impl {
  mutable std::mutex mu;
  std::vector<std::unique_ptr<Ring>> rings;
  std::vector<std::pair<size_t, Buffer>> buffers;  //!< (bytes, buffer)

  std::unique_ptr<Ring> TakeRing(unsigned entries) {
    std::lock_guard<std::mutex> lock(mu);
    for (auto it = rings.begin(); it != rings.end(); ++it) {
      if ((*it)->entries != entries) continue;
      auto r = std::move(*it);
      rings.erase(it);
      return r;
    }
    return nullptr;
  }
  void GiveRing(std::unique_ptr<Ring> r) {
    std::lock_guard<std::mutex> lock(mu);
    if (rings.size() < kPoolRings) rings.push_back(std::move(r));
  }
  Buffer TakeBuffer(size_t bytes) {
    std::lock_guard<std::mutex> lock(mu);
    for (auto it = buffers.begin(); it != buffers.end(); ++it) {
      if (it->first != bytes) continue;
      Buffer b = std::move(it->second);
      buffers.erase(it);
      return b;
    }
    return nullptr;
  }
  void GiveBuffers(size_t bytes, std::vector<Buffer>& from) {
    std::lock_guard<std::mutex> lock(mu);
    for (Buffer& b : from) {
      if (buffers.size() >= kPoolBuffers) break;
      if (b) buffers.emplace_back(bytes, std::move(b));
    }
    from.clear();
  }
};

DirectReadPool::DirectReadPool() : impl_(std::make_unique<Impl>()) {}
DirectReadPool::~DirectReadPool() = default;
size_t DirectReadPool::idle_rings() const {
  std::lock_guard<std::mutex> lock(impl_->mu);
  return impl_->rings.size();
}
size_t DirectReadPool::idle_buffers() const {
  std::lock_guard<std::mutex> lock(impl_->mu);
  return impl_->buffers.size();
}

struct DirectReader::Impl {
  std::filesystem::path path;
  DirectReadOptions options;
  NextRequest next;
  int fd = -1;
  bool o_direct = false;
  bool uring = false;
  std::string notes;
  DirectReadCounters counters;
  std::unique_ptr<Ring> ring_owner;  //!< the ring, when uring
  uint32_t limit = 2;           //!< requests allowed in flight now
  bool exhausted = false;       //!< NextRequest said there is no more
  bool direct_checked = false;  //!< the first O_DIRECT read succeeded (or O_DIRECT is off)
  std::deque<std::unique_ptr<Slot>> queue;  //!< issued, in request order
  std::vector<Buffer> spare;                //!< buffers of consumed requests
  std::unique_ptr<Slot> current;            //!< handed to the consumer by the last Next
  // Thread pool (fallback engine): tasks are queued slots; completion is under `mu`.
  std::mutex mu;
  std::condition_variable work_cv, done_cv;
  std::deque<Slot*> tasks;
  bool stopping = false;
  std::vector<std::thread> threads;

  void Open(bool want_direct) {
    if (fd >= 0) ::close(fd);
    fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | (want_direct ? O_DIRECT : 0));
    if (fd < 0 && want_direct && errno == EINVAL) {
      notes += fmt::format(
          "O_DIRECT not supported by the file system of {}; reading through "
          "the OS page cache. ",
          path.string());
      want_direct = false;
      fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    }
    if (fd < 0) {
      ThrowOra(1157, "cannot identify/lock data file 1 - see DBWR trace file ({}: {})",
               path.string(), std::strerror(errno));
    }
    o_direct = want_direct;
    direct_checked = !want_direct;
  }

  io_uring* URing() { return &ring_owner->ring; }
  size_t BufferBytes() const { return size_t{options.max_request_blocks} * kBlockSize; }

  //! Requests issued and not yet handed to the consumer (complete or not): what holds buffers.
  uint32_t InFlight() const { return static_cast<uint32_t>(queue.size()); }

  // ---- issuing
  void Submit(Slot* s) {
    if (uring) {
      io_uring_sqe* sqe = io_uring_get_sqe(URing());
      if (sqe == nullptr) {  // the ring is sized for max_in_flight: flush and retry once
        io_uring_submit(URing());
        sqe = io_uring_get_sqe(URing());
        if (sqe == nullptr) ThrowOra(27072, "File I/O error (io_uring submission queue full)");
      }
      const auto off = static_cast<uint64_t>(s->req.block) * kBlockSize + s->done;
      io_uring_prep_read(sqe, fd, s->buf.get() + s->done,
                         static_cast<unsigned>(s->bytes() - s->done), off);
      io_uring_sqe_set_data(sqe, s);
    } else {
      {
        std::lock_guard<std::mutex> lock(mu);
        tasks.push_back(s);
      }
      work_cv.notify_one();
    }
  }

  void Fill() {
    bool issued = false;
    while (!exhausted && InFlight() < limit) {
      DirectReadRequest r;
      if (!next(r)) {
        exhausted = true;
        break;
      }
      if (r.count == 0 || r.count > options.max_request_blocks) {
        ThrowOra(600, "internal error code, arguments: [direct read], [request of {} blocks]",
                 r.count);
      }
      auto s = std::make_unique<Slot>();
      s->req = r;
      if (!spare.empty()) {
        s->buf = std::move(spare.back());
        spare.pop_back();
      } else {
        const size_t bytes = BufferBytes();
        if (options.pool != nullptr) s->buf = options.pool->impl_->TakeBuffer(bytes);
        if (!s->buf) s->buf = AllocateBuffer(bytes);
      }
      Submit(s.get());
      queue.push_back(std::move(s));
      issued = true;
    }
    if (uring && issued) io_uring_submit(URing());
    counters.peak_in_flight = std::max(counters.peak_in_flight, InFlight());
  }

  // ---- completing
  //! A read of `s` returned `res` (bytes, or -errno).
  void Complete(Slot* s, int res) {
    if (res == -EINTR || res == -EAGAIN) {
      Submit(s);
      if (uring) io_uring_submit(URing());
      return;
    }
    if (res < 0) {
      s->error = -res;
      s->complete = true;
      return;
    }
    if (res == 0) {
      s->error = -1;  // end of file inside the request
      s->complete = true;
      return;
    }
    s->done += static_cast<size_t>(res);
    if (s->done < s->bytes()) {
      Submit(s);  // a partial read: the rest of the request
      if (uring) io_uring_submit(URing());
      return;
    }
    s->complete = true;
  }

  //! Waits until `head` completes (uring: reaping completions of any slot meanwhile).
  void WaitFor(Slot* head) {
    if (uring) {
      while (!head->complete) {
        io_uring_cqe* cqe = nullptr;
        int rc = io_uring_wait_cqe(URing(), &cqe);
        if (rc == -EINTR || rc == -EAGAIN) continue;
        if (rc < 0) ThrowOra(27072, "File I/O error (io_uring_wait_cqe: {})", std::strerror(-rc));
        auto* s = static_cast<Slot*>(io_uring_cqe_get_data(cqe));
        const int res = cqe->res;
        io_uring_cqe_seen(URing(), cqe);
        Complete(s, res);
      }
    } else {
      std::unique_lock<std::mutex> lock(mu);
      done_cv.wait(lock, [&] { return head->complete; });
    }
  }

  //! Reaps completions that are already there, without waiting (uring).
  void Poll() {
    if (!uring) return;
    io_uring_cqe* cqe = nullptr;
    while (io_uring_peek_cqe(URing(), &cqe) == 0 && cqe != nullptr) {
      auto* s = static_cast<Slot*>(io_uring_cqe_get_data(cqe));
      const int res = cqe->res;
      io_uring_cqe_seen(URing(), cqe);
      Complete(s, res);
    }
  }

  bool HeadComplete() {
    if (uring) return queue.front()->complete;
    std::lock_guard<std::mutex> lock(mu);
    return queue.front()->complete;
  }

  //! Waits for every request in flight (before reopening the file, or at the end).
  void Drain() {
    for (auto& s : queue) {
      if (!HeadCompleteOf(s.get())) WaitFor(s.get());
    }
  }
  bool HeadCompleteOf(Slot* s) {
    if (uring) return s->complete;
    std::lock_guard<std::mutex> lock(mu);
    return s->complete;
  }

  //! O_DIRECT refused at the first read (EINVAL: alignment the file system will not take):
  //! read everything through the page cache instead, from the start of each request.
  void FallBackFromDirect() {
    Drain();
    notes += fmt::format("O_DIRECT read of {} failed ({}); reading through the OS page cache. ",
                         path.string(), std::strerror(EINVAL));
    Open(false);
    for (auto& s : queue) {
      s->done = 0;
      s->error = 0;
      s->complete = false;
      Submit(s.get());
    }
    if (uring) io_uring_submit(URing());
  }

  void Worker() {
    for (;;) {
      Slot* s = nullptr;
      {
        std::unique_lock<std::mutex> lock(mu);
        work_cv.wait(lock, [&] { return stopping || !tasks.empty(); });
        if (stopping) return;
        s = tasks.front();
        tasks.pop_front();
      }
      int res;
      for (;;) {
        const auto off = static_cast<off_t>(uint64_t{s->req.block} * kBlockSize + s->done);
        ssize_t n = ::pread(fd, s->buf.get() + s->done, s->bytes() - s->done, off);
        if (n < 0 && errno == EINTR) continue;
        res = n < 0 ? -errno : static_cast<int>(n);
        if (res > 0 && s->done + static_cast<size_t>(res) < s->bytes()) {
          s->done += static_cast<size_t>(res);  // partial: go on in this thread
          continue;
        }
        break;
      }
      {
        std::lock_guard<std::mutex> lock(mu);
        if (res > 0) {
          s->done += static_cast<size_t>(res);
          s->complete = true;
        } else {
          s->error = res < 0 ? -res : -1;
          s->complete = true;
        }
      }
      done_cv.notify_all();
    }
  }

  void StopThreads() {
    {
      std::lock_guard<std::mutex> lock(mu);
      stopping = true;
      tasks.clear();
    }
    work_cv.notify_all();
    for (auto& t : threads) t.join();
    threads.clear();
  }
};

DirectReader::DirectReader(const std::filesystem::path& file, const DirectReadOptions& options,
                           NextRequest next)
    : impl_(std::make_unique<Impl>()) {
  Impl& m = *impl_;
  m.path = file;
  m.options = options;
  m.options.max_request_blocks = std::max<uint32_t>(1, options.max_request_blocks);
  m.options.max_in_flight = std::max<uint32_t>(1, options.max_in_flight);
  m.limit = std::clamp<uint32_t>(options.initial_in_flight, 1, m.options.max_in_flight);
  m.next = std::move(next);
  m.Open(options.o_direct);
  if (options.async) {
    const unsigned entries = 2 * m.options.max_in_flight;
    if (options.pool != nullptr) m.ring_owner = options.pool->impl_->TakeRing(entries);
    int rc = 0;
    if (!m.ring_owner) {
      m.ring_owner = std::make_unique<Ring>();
      m.ring_owner->entries = entries;
      rc = io_uring_queue_init(entries, &m.ring_owner->ring, 0);
      m.ring_owner->live = rc == 0;
    }
    if (rc == 0) {
      m.uring = true;
    } else {
      m.ring_owner.reset();
      m.notes += fmt::format("io_uring_queue_init: {}; using the reader thread pool. ",
                             std::strerror(-rc));
    }
  }
  if (!m.uring) {
    for (int i = 0; i < kPoolThreads; ++i) m.threads.emplace_back([&m] { m.Worker(); });
  }
  if (!m.notes.empty() && m.notes.back() == ' ') m.notes.pop_back();
}

DirectReader::~DirectReader() {
  Impl& m = *impl_;
  bool quiet = true;  // nothing of ours is left in the kernel or the ring
  try {
    if (m.uring) {
      // The kernel may still be writing into our buffers: wait for every request first.
      for (auto& s : m.queue) {
        while (!s->complete) m.WaitFor(s.get());
      }
      quiet = io_uring_sq_ready(m.URing()) == 0 && io_uring_cq_ready(m.URing()) == 0;
    }
  } catch (...) {
    // Nothing to report from a destructor; the buffers stay allocated until the ring goes.
    quiet = false;
  }
  // A ring that is not given back goes before the buffers do (members die after this body).
  const bool give = m.options.pool != nullptr && quiet;
  if (!give) m.ring_owner.reset();
  m.StopThreads();
  if (m.fd >= 0) ::close(m.fd);
  if (!give) return;
  DirectReadPool::Impl& pool = *m.options.pool->impl_;
  if (m.uring) pool.GiveRing(std::move(m.ring_owner));
  if (m.current) m.spare.push_back(std::move(m.current->buf));
  for (auto& s : m.queue) m.spare.push_back(std::move(s->buf));
  pool.GiveBuffers(m.BufferBytes(), m.spare);
}

bool DirectReader::Next(Completed& out) {
  Impl& m = *impl_;
  if (m.current) {
    m.spare.push_back(std::move(m.current->buf));
    m.current.reset();
  }
  m.Fill();
  if (m.queue.empty()) return false;
  Slot* head = m.queue.front().get();
  m.Poll();
  if (!m.HeadComplete()) {
    // The consumer is waiting on I/O: one more request in flight from now on.
    ++m.counters.waits;
    if (m.limit < m.options.max_in_flight) {
      ++m.limit;
      m.Fill();
    }
    m.WaitFor(head);
  }
  if (head->error == EINVAL && m.o_direct && !m.direct_checked) {
    m.FallBackFromDirect();
    m.WaitFor(head);
  }
  if (head->error != 0) {
    const uint32_t block = head->req.block + static_cast<uint32_t>(head->done / kBlockSize);
    const int err = head->error;
    if (err == -1) ThrowCorruptBlock(block);
    ThrowOra(27072, "File I/O error (file # 1, block # {}: {})", block, std::strerror(err));
  }
  m.direct_checked = true;
  m.current = std::move(m.queue.front());
  m.queue.pop_front();
  m.Fill();  // keep the device busy while the consumer works on this one
  ++m.counters.requests;
  m.counters.blocks += m.current->req.count;
  out.block = m.current->req.block;
  out.count = m.current->req.count;
  out.data = m.current->buf.get();
  return true;
}

void DirectReader::ReadThroughPageCache() {
  Impl& m = *impl_;
  if (m.o_direct && m.queue.empty() && !m.current) m.Open(false);
}

const char* DirectReader::engine() const {
  return impl_->uring ? "io_uring" : "threads";
}
bool DirectReader::o_direct() const {
  return impl_->o_direct;
}
const std::string& DirectReader::notes() const {
  return impl_->notes;
}
const DirectReadCounters& DirectReader::counters() const {
  return impl_->counters;
}

}  // namespace pathdb::storage
