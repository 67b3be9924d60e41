#include "executor/spill_file.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "common/error.h"
#include "storage/row_codec.h"

namespace pathdb {

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

SpillFile::SpillFile(std::shared_ptr<TempSegment> segment, std::vector<LogicalType> types)
    : segment_(std::move(segment)), types_(std::move(types)) {}

SpillFile::~SpillFile() {
  for (uint64_t e : extents_) segment_->Free(e);
}

void SpillFile::EncodeRow(const DataChunk& chunk, size_t r) {
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
  bytes_ += 4 + row.size();
  ++rows_;
}

void SpillFile::WriteExtent(size_t len, SessionStats& stats) {
  uint64_t off = segment_->Allocate();
  extents_.push_back(off);
  segment_->Write(off, buffer_.data(), len, stats);
  buffer_.erase(0, len);  // what is left is less than one row
}

void SpillFile::AppendRow(const DataChunk& chunk, size_t r, SessionStats& stats) {
  EncodeRow(chunk, r);
  // Checked per row: the buffer never holds more than one extent and one row.
  const size_t extent = segment_->extent_bytes();
  while (buffer_.size() >= extent) WriteExtent(extent, stats);
}

void SpillFile::Append(const DataChunk& chunk, SessionStats& stats) {
  size_t n = chunk.Count();
  for (size_t i = 0; i < n; ++i) AppendRow(chunk, chunk.RowIndex(i), stats);
}

void SpillFile::AppendRows(const DataChunk& chunk, const std::vector<uint32_t>& positions,
                           SessionStats& stats) {
  for (uint32_t i : positions) AppendRow(chunk, chunk.RowIndex(i), stats);
}

void SpillFile::Rewind(SessionStats& stats) {
  if (writing_) {
    if (!buffer_.empty()) WriteExtent(buffer_.size(), stats);
    writing_ = false;
  }
  std::string().swap(buffer_);  // reading allocates its own when it starts
  next_extent_ = 0;
  buffer_pos_ = 0;
  rows_read_ = 0;
}

void SpillFile::Fill(size_t need, SessionStats& stats) {
  if (buffer_.size() - buffer_pos_ >= need) return;
  buffer_.erase(0, buffer_pos_);
  buffer_pos_ = 0;
  const size_t extent = segment_->extent_bytes();
  while (buffer_.size() < need) {
    if (next_extent_ >= extents_.size()) {
      ThrowOra(1115, "IO error reading block from file 201 (short read of a temporary run)");
    }
    // Every extent is full but the last.
    uint64_t done = uint64_t{next_extent_} * extent;
    size_t len = static_cast<size_t>(std::min<uint64_t>(extent, bytes_ - done));
    size_t have = buffer_.size();
    buffer_.resize(have + len);
    segment_->Read(extents_[next_extent_], buffer_.data() + have, len, stats);
    ++next_extent_;
  }
}

bool SpillFile::Read(DataChunk& out, SessionStats& stats, size_t max_rows) {
  out.Reset();
  size_t n = 0;
  while (n < max_rows && rows_read_ < rows_) {
    Fill(4, stats);
    uint32_t len;
    std::memcpy(&len, buffer_.data() + buffer_pos_, 4);
    Fill(4 + size_t{len}, stats);
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
  if (rows_read_ == rows_) std::string().swap(buffer_);  // a finished run holds no memory
  out.SetSize(n);
  return n > 0;
}

}  // namespace pathdb
