// Vector and DataChunk: the unit of work of the executor. A DataChunk holds up to kVectorSize
// rows, one Vector per column, plus an optional selection vector: a filter only shrinks the
// selection, it never copies column data (DuckDB's model, see design/engine.md "Vectors").
// Threads: a Vector or DataChunk belongs to one thread; none is shared while being written.
#pragma once
#include <cstdint>
#include <cstring>
#include <memory>
#include <string_view>
#include <vector>

#include "common/decimal.h"
#include "common/types.h"
#include "common/value.h"

namespace pathdb {

constexpr size_t kVectorSize = 2048;

//! A string in a vector: points into the vector's StringHeap (or into a pinned block).
struct StringRef {
  const char* data = nullptr;
  uint32_t size = 0;
  std::string_view view() const { return {data, size}; }
};

//! Arena for the string payloads of one vector; reset when the vector is reused.
class StringHeap {
 public:
  StringRef Add(std::string_view s);
  void Reset();

 private:
  std::vector<std::unique_ptr<char[]>> chunks_;
  size_t used_ = 0;  //!< bytes used in the last chunk
  size_t cap_ = 0;   //!< capacity of the last chunk
};

//! Bytes per value for a type's physical layout.
size_t PhysicalWidth(TypeId id);

class Vector {
 public:
  enum class Kind : uint8_t {
    kFlat,      //!< one value per row
    kConstant,  //!< row 0 holds the value for every row (literals, parameters)
  };

  explicit Vector(LogicalType type, size_t capacity = kVectorSize);
  Vector(Vector&&) = default;
  Vector& operator=(Vector&&) = default;

  const LogicalType& type() const { return type_; }
  Kind kind() const { return kind_; }
  void SetKind(Kind k) { kind_ = k; }
  size_t capacity() const { return capacity_; }

  //! Typed access to the flat data: Decimal, double, StringRef, int64_t (dates), uint8_t (bool).
  template <typename T>
  T* Data() {
    return reinterpret_cast<T*>(data_.get());
  }
  template <typename T>
  const T* Data() const {
    return reinterpret_cast<const T*>(data_.get());
  }
  //! One byte per row: 1 = valid, 0 = NULL. Byte-wide so kernels stay branch-free and simple.
  uint8_t* Validity() { return validity_.get(); }
  const uint8_t* Validity() const { return validity_.get(); }
  bool IsNull(size_t row) const { return validity_[kind_ == Kind::kConstant ? 0 : row] == 0; }
  void SetNull(size_t row, bool is_null) { validity_[row] = is_null ? 0 : 1; }
  StringHeap& heap() { return heap_; }

  //! Slow path (tests, result sets, storage boundary): read/write a row as a Value.
  Value GetValue(size_t row) const;
  void SetValue(size_t row, const Value& v);
  //! Makes this a constant vector holding v.
  void SetConstant(const Value& v);
  //! Prepares for reuse as a flat vector: kind flat, heap reset, all rows valid.
  void Reset();

 private:
  LogicalType type_;
  Kind kind_ = Kind::kFlat;
  size_t capacity_;
  std::unique_ptr<std::byte[]> data_;
  std::unique_ptr<uint8_t[]> validity_;
  StringHeap heap_;
};

//! Row indices of the active rows of a chunk, ascending.
using SelectionVector = std::vector<uint32_t>;

class DataChunk {
 public:
  DataChunk() = default;
  explicit DataChunk(const std::vector<LogicalType>& types, size_t capacity = kVectorSize);
  void Initialize(const std::vector<LogicalType>& types, size_t capacity = kVectorSize);

  size_t ColumnCount() const { return columns_.size(); }
  Vector& column(size_t i) { return columns_[i]; }
  const Vector& column(size_t i) const { return columns_[i]; }
  std::vector<LogicalType> Types() const;

  //! Physical rows filled (0..capacity).
  size_t size() const { return size_; }
  void SetSize(size_t n) { size_ = n; }
  //! Active rows: the selection count if a selection is set, else size().
  size_t Count() const { return has_sel_ ? sel_.size() : size_; }
  bool HasSelection() const { return has_sel_; }
  const SelectionVector& selection() const { return sel_; }
  //! Replaces the selection (indices must be < size(), ascending).
  void SetSelection(SelectionVector sel) {
    sel_ = std::move(sel);
    has_sel_ = true;
  }
  void ClearSelection() {
    sel_.clear();
    has_sel_ = false;
  }
  //! Physical row index of the i-th active row.
  uint32_t RowIndex(size_t i) const { return has_sel_ ? sel_[i] : static_cast<uint32_t>(i); }

  //! Empties the chunk for refilling (columns reset, selection cleared).
  void Reset();
  //! Active rows as Values (slow path: results, tests).
  std::vector<std::vector<Value>> ToRows() const;

 private:
  std::vector<Vector> columns_;
  size_t size_ = 0;
  bool has_sel_ = false;
  SelectionVector sel_;
};

}  // namespace pathdb
