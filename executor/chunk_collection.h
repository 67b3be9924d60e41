// ChunkCollection: an append-only, in-memory row store made of full DataChunks, used by every
// materialising operator (sort, hash tables, nested loops inner side). Row r lives in chunk
// r / kVectorSize at row r % kVectorSize, so a 32-bit row id addresses it without a lookup.
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "common/vector.h"

namespace pathdb {

class ChunkCollection {
 public:
  explicit ChunkCollection(std::vector<LogicalType> types);

  const std::vector<LogicalType>& types() const { return types_; }
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }

  //! Appends the active rows of `src` (all its columns, which match types()).
  void Append(const DataChunk& src);
  //! Appends the active rows of `rows` taking column j from cols[j] (vectors aligned with
  //! rows' physical positions, e.g. evaluated expressions).
  void Append(const std::vector<const Vector*>& cols, const DataChunk& rows);
  //! Appends one row: column j from cols[j] at physical row `row`. Returns its row id.
  uint32_t AppendRow(const std::vector<const Vector*>& cols, size_t row);

  //! The vector holding column `col` of row id `r`, and the row inside it.
  const Vector& Column(size_t col, uint32_t r) const {
    return chunks_[r / kVectorSize]->column(col);
  }
  static size_t Offset(uint32_t r) { return r % kVectorSize; }
  Value GetValue(size_t col, uint32_t r) const { return Column(col, r).GetValue(Offset(r)); }

  //! Copies rows ids[0..n) into out rows out_row.. , columns [0, types().size()) into out
  //! columns out_col.. . Does not change out's size.
  void Gather(const uint32_t* ids, size_t n, DataChunk& out, size_t out_col,
              size_t out_row) const;
  //! Gathers one column of rows ids[0..n) into dst rows dst_row.. .
  void GatherColumn(size_t col, const uint32_t* ids, size_t n, Vector& dst,
                    size_t dst_row) const;
  //! Copies rows [first, first + n) (n <= kVectorSize) into `out` (reset, size n).
  void Scan(uint32_t first, size_t n, DataChunk& out) const;

 private:
  DataChunk& Tail();

  std::vector<LogicalType> types_;
  std::vector<std::unique_ptr<DataChunk>> chunks_;
  size_t size_ = 0;
};

}  // namespace pathdb
