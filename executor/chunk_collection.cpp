#include "executor/chunk_collection.h"

#include <limits>

#include "common/error.h"
#include "executor/cell_ops.h"

namespace pathdb {

ChunkCollection::ChunkCollection(std::vector<LogicalType> types) : types_(std::move(types)) {}

DataChunk& ChunkCollection::Tail() {
  if (size_ >= std::numeric_limits<uint32_t>::max() - kVectorSize)
    throw OraError(1652, "unable to extend temp segment by 128 in tablespace TEMP");
  if (chunks_.empty() || chunks_.back()->size() == kVectorSize) {
    chunks_.push_back(std::make_unique<DataChunk>(types_));
    chunks_.back()->SetSize(0);
  }
  return *chunks_.back();
}

void ChunkCollection::Append(const DataChunk& src) {
  std::vector<const Vector*> cols;
  cols.reserve(src.ColumnCount());
  for (size_t c = 0; c < src.ColumnCount(); c++) cols.push_back(&src.column(c));
  Append(cols, src);
}

void ChunkCollection::Append(const std::vector<const Vector*>& cols, const DataChunk& rows) {
  size_t total = rows.Count();
  size_t done = 0;
  while (done < total) {
    DataChunk& tail = Tail();
    size_t at = tail.size();
    size_t n = std::min(total - done, kVectorSize - at);
    const uint32_t* sel = rows.HasSelection() ? rows.selection().data() + done : nullptr;
    std::vector<uint32_t> ident;
    if (!sel) {
      ident.resize(n);
      for (size_t i = 0; i < n; i++) ident[i] = static_cast<uint32_t>(done + i);
      sel = ident.data();
    }
    for (size_t c = 0; c < cols.size(); c++) CopyCells(*cols[c], sel, n, tail.column(c), at);
    tail.SetSize(at + n);
    size_ += n;
    done += n;
  }
}

uint32_t ChunkCollection::AppendRow(const std::vector<const Vector*>& cols, size_t row) {
  DataChunk& tail = Tail();
  size_t at = tail.size();
  for (size_t c = 0; c < cols.size(); c++) CopyCell(*cols[c], row, tail.column(c), at);
  tail.SetSize(at + 1);
  return static_cast<uint32_t>(size_++);
}

void ChunkCollection::GatherColumn(size_t col, const uint32_t* ids, size_t n, Vector& dst,
                                   size_t dst_row) const {
  for (size_t i = 0; i < n; i++) CopyCell(Column(col, ids[i]), Offset(ids[i]), dst, dst_row + i);
}

void ChunkCollection::Gather(const uint32_t* ids, size_t n, DataChunk& out, size_t out_col,
                             size_t out_row) const {
  for (size_t c = 0; c < types_.size(); c++)
    GatherColumn(c, ids, n, out.column(out_col + c), out_row);
}

void ChunkCollection::Scan(uint32_t first, size_t n, DataChunk& out) const {
  out.Reset();
  // A scan aligned to a stored chunk copies column blocks; otherwise row by row.
  if (first % kVectorSize == 0 && n > 0) {
    const DataChunk& src = *chunks_[first / kVectorSize];
    for (size_t c = 0; c < types_.size(); c++)
      CopyCells(src.column(c), nullptr, n, out.column(c), 0);
  } else {
    std::vector<uint32_t> ids(n);
    for (size_t i = 0; i < n; i++) ids[i] = first + static_cast<uint32_t>(i);
    Gather(ids.data(), n, out, 0, 0);
  }
  out.SetSize(n);
}

}  // namespace pathdb
