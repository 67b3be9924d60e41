#include "executor/spill_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstring>

#include "common/error.h"
#include "storage/row_codec.h"

namespace pathdb {

namespace {

// Writes and reads go through one buffer of this size: big sequential I/O for the spill.
constexpr size_t kIoChunk = kSpillIoBytes;

[[noreturn]] void ThrowTempIo(const char* what) {
  ThrowOra(1114, "IO error writing block to file 201 (temp file {}: {})", what,
           std::strerror(errno));
}

}  // namespace

size_t EstimatedRowBytes(const std::vector<LogicalType>& types) {
  size_t n = 16;
  for (const auto& t : types) {
    switch (t.id) {
      case TypeId::kVarchar:
      case TypeId::kChar:
        n += 16 + std::min<size_t>(t.length ? t.length : 32, 32);
        break;
      case TypeId::kNumber:
        n += sizeof(Decimal);
        break;
      default:
        n += 8;
    }
  }
  return n;
}

uint64_t OnePassSortBytes(uint64_t optimal) {
  auto m = static_cast<uint64_t>(
      std::ceil(std::sqrt(static_cast<double>(optimal) * static_cast<double>(kSpillIoBytes))));
  return std::min(optimal, m);
}

uint64_t OnePassHashBytes(uint64_t optimal, size_t partitions) {
  if (partitions == 0) return optimal;
  constexpr uint64_t kMinOnePass = 64 << 10;
  uint64_t share = (optimal + partitions - 1) / partitions;
  return std::min<uint64_t>(optimal, std::max(share, kMinOnePass));
}

void ReportWorkArea(OperatorRuntimeStats* line, const WorkAreaUsage& usage) {
  if (line == nullptr) return;
  line->work_area = true;
  line->mem_optimal = usage.optimal;
  line->mem_one_pass = usage.one_pass;
  line->mem_used = usage.used;
  line->temp_used = usage.temp;
  line->passes = usage.passes;
}

SpillFile::SpillFile(const std::filesystem::path& dir, std::vector<LogicalType> types)
    : types_(std::move(types)) {
  std::string tmpl = (dir / "temp_XXXXXX.tmp").string();
  fd_ = ::mkostemps(tmpl.data(), 4, O_CLOEXEC);
  if (fd_ < 0) ThrowTempIo("create");
  ::unlink(tmpl.c_str());  // gone from the directory now; the descriptor keeps the data
}

SpillFile::~SpillFile() {
  if (fd_ >= 0) ::close(fd_);
}

void SpillFile::AppendRow(const DataChunk& chunk, size_t r) {
  storage::RowEncoder enc;
  enc.Begin();
  for (size_t c = 0; c < types_.size(); ++c) {
    const Vector& v = chunk.column(c);
    if (v.IsNull(r) || types_[c].id == TypeId::kNull) {
      enc.AddNull();
    } else {
      enc.AddValue(v.GetValue(r), types_[c]);
    }
  }
  const std::string& row = enc.Finish();
  auto len = static_cast<uint32_t>(row.size());
  buffer_.append(reinterpret_cast<const char*>(&len), 4);
  buffer_ += row;
  ++rows_;
}

void SpillFile::Append(const DataChunk& chunk, SessionStats& stats) {
  size_t n = chunk.Count();
  for (size_t i = 0; i < n; ++i) AppendRow(chunk, chunk.RowIndex(i));
  if (buffer_.size() >= kIoChunk) Flush(stats);
}

void SpillFile::AppendRows(const DataChunk& chunk, const std::vector<uint32_t>& positions,
                           SessionStats& stats) {
  for (uint32_t i : positions) AppendRow(chunk, chunk.RowIndex(i));
  if (buffer_.size() >= kIoChunk) Flush(stats);
}

void SpillFile::Flush(SessionStats& stats) {
  const char* p = buffer_.data();
  size_t n = buffer_.size();
  while (n > 0) {
    ssize_t w = ::pwrite(fd_, p, n, static_cast<off_t>(end_));
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) ThrowTempIo("write");
    p += w;
    n -= static_cast<size_t>(w);
    end_ += static_cast<uint64_t>(w);
  }
  // Oracle's `physical writes` includes the direct ones (the line's Writes column reads it).
  uint64_t blocks = (buffer_.size() + 8191) / 8192;
  stats.Add(Stat::kPhysicalWrites, blocks);
  stats.Add(Stat::kPhysicalWritesDirect, blocks);
  buffer_.clear();
}

void SpillFile::Rewind(SessionStats& stats) {
  if (!buffer_.empty()) Flush(stats);
  read_pos_ = 0;
  buffer_pos_ = 0;
  rows_read_ = 0;
}

bool SpillFile::Read(DataChunk& out, SessionStats& stats) {
  out.Reset();
  size_t n = 0;
  while (n < kVectorSize && rows_read_ < rows_) {
    // Refill when the next length prefix or row is not entirely in the buffer.
    auto ensure = [&](size_t need) {
      if (buffer_.size() - buffer_pos_ >= need) return;
      buffer_.erase(0, buffer_pos_);
      buffer_pos_ = 0;
      size_t want = std::max(need, kIoChunk);
      size_t have = buffer_.size();
      buffer_.resize(have + want);
      size_t got = 0;
      while (got < want && read_pos_ < end_) {
        ssize_t r =
            ::pread(fd_, buffer_.data() + have + got, want - got, static_cast<off_t>(read_pos_));
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) ThrowTempIo("read");
        got += static_cast<size_t>(r);
        read_pos_ += static_cast<uint64_t>(r);
      }
      buffer_.resize(have + got);
      uint64_t blocks = (got + 8191) / 8192;  // direct reads are physical reads too
      stats.Add(Stat::kPhysicalReads, blocks);
      stats.Add(Stat::kPhysicalReadsDirect, blocks);
      if (buffer_.size() < need) ThrowTempIo("short read");
    };
    ensure(4);
    uint32_t len;
    std::memcpy(&len, buffer_.data() + buffer_pos_, 4);
    ensure(4 + size_t{len});
    std::string_view row(buffer_.data() + buffer_pos_ + 4, len);
    storage::RowDecoder dec(row);
    for (size_t c = 0; c < types_.size(); ++c) {
      bool is_null;
      std::string_view bytes;
      dec.Next(is_null, bytes);
      out.column(c).SetValue(
          n, is_null ? Value::Null(types_[c]) : storage::DecodeValue(bytes, types_[c]));
    }
    buffer_pos_ += 4 + len;
    ++n;
    ++rows_read_;
  }
  out.SetSize(n);
  return n > 0;
}

}  // namespace pathdb
