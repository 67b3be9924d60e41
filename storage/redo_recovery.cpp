// Crash recovery: what the log holds (Inspect) and replaying it (Recover). Whether a log that
// holds fewer commits than its header and the data file's block 0 counted may be opened at
// all is Database::Open's decision (storage/database.cpp).
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "common/error.h"
#include "storage/block.h"
#include "storage/redo_format.h"
#include "storage/redo_log.h"

namespace pathdb::storage {

using namespace redo;

namespace {

struct Fd {
  int fd;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
};

//! Reads exactly n bytes; false on a short read (the file ended), throws on an I/O error.
bool PreadExact(int fd, void* out, size_t n, uint64_t off, const std::filesystem::path& path) {
  auto* p = static_cast<char*>(out);
  while (n > 0) {
    ssize_t r = ::pread(fd, p, n, static_cast<off_t>(off));
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) {
      ThrowOra(313,
               "open failed for members of log group 1 of thread 1\nORA-00312: online log 1 "
               "thread 1: '{}' ({})",
               path.string(), std::strerror(errno));
    }
    if (r == 0) return false;
    p += r;
    n -= static_cast<size_t>(r);
    off += static_cast<uint64_t>(r);
  }
  return true;
}

//! Reads the record at `off`; false at the end of the readable log (EOF, torn or stale record).
bool ReadRecord(int fd, const RedoLog::LogState& st, uint64_t off, uint64_t seq, RecordHeader& h,
                std::string& payload) {
  if (off + sizeof h > st.file_size) return false;
  if (!PreadExact(fd, &h, sizeof h, off, st.path)) return false;
  if (h.magic != kRecordMagic || h.generation != st.generation || h.seq != seq ||
      h.length > kMaxPayload || off + sizeof h + h.length > st.file_size) {
    return false;
  }
  if (h.type == kImage && h.length != kBlockSize) return false;
  payload.resize(h.length);
  if (!PreadExact(fd, payload.data(), h.length, off + sizeof h, st.path)) return false;
  return RecordCrc(h, payload.data(), h.length) == h.crc;
}

}  // namespace

RedoLog::LogState RedoLog::Inspect(const std::filesystem::path& dir, uint64_t generation) {
  LogState st;
  st.path = dir / "redo01.log";
  st.generation = generation;
  Fd f{::open(st.path.c_str(), O_RDONLY | O_CLOEXEC)};
  if (f.fd < 0) return st;  // missing: Database::Open decides what that means
  st.present = true;
  off_t size = ::lseek(f.fd, 0, SEEK_END);
  st.file_size = size > 0 ? static_cast<uint64_t>(size) : 0;
  LogHeader slots[2];
  bool have[2] = {false, false};
  for (int i = 0; i < 2; ++i) {
    have[i] = PreadExact(f.fd, &slots[i], sizeof slots[i], i * kSlotBytes, st.path) &&
              ValidLogHeader(slots[i]);
  }
  if (have[0] || have[1]) {
    const LogHeader& h =
        !have[1] || (have[0] && slots[0].writes > slots[1].writes) ? slots[0] : slots[1];
    st.header_valid = true;
    st.header_generation = h.generation;
    st.header_commits = h.commits;
    st.records_start = kRecordsStart;
  } else {
    uint32_t magic = 0;
    st.legacy = PreadExact(f.fd, &magic, sizeof magic, 0, st.path) && magic == kRecordMagic;
    // Without a header the records still start where the format puts them.
    st.records_start = st.legacy ? 0 : kRecordsStart;
  }
  RecordHeader h;
  std::string payload;
  uint64_t off = st.records_start, seq = 0;
  while (ReadRecord(f.fd, st, off, seq, h, payload)) {
    off += sizeof h + h.length;
    ++seq;
    if (h.type == kCommit) {
      st.last_commit_end = off;
      ++st.commits_found;
      if (!payload.empty() && payload[0] == '\1') st.dictionary = payload.substr(1);
    }
  }
  st.valid_end = off;
  return st;
}

RedoLog::Recovery RedoLog::Recover(const LogState& st, DataFile& data_file) {
  Recovery rec;
  rec.dictionary = st.dictionary;
  rec.torn_tail = st.present && st.valid_end < st.file_size;
  if (st.commits_found == 0) return rec;
  Fd f{::open(st.path.c_str(), O_RDONLY | O_CLOEXEC)};
  if (f.fd < 0) return rec;
  RecordHeader h;
  std::string payload;
  uint64_t off = st.records_start, seq = 0;
  // Images of committed groups in log order (later images win).
  while (off < st.last_commit_end && ReadRecord(f.fd, st, off, seq, h, payload)) {
    off += sizeof h + h.length;
    ++seq;
    if (h.type == kCommit) {
      ++rec.commits;
      continue;
    }
    if (h.block_no >= data_file.BlockCount()) data_file.Extend(h.block_no + 1);
    data_file.Write(h.block_no, 1, reinterpret_cast<const std::byte*>(payload.data()));
    rec.max_block = std::max(rec.max_block, h.block_no + 1);
    rec.blocks.push_back(h.block_no);
    ++rec.images;
  }
  if (rec.images > 0) data_file.Sync();
  std::sort(rec.blocks.begin(), rec.blocks.end());
  rec.blocks.erase(std::unique(rec.blocks.begin(), rec.blocks.end()), rec.blocks.end());
  return rec;
}

}  // namespace pathdb::storage
