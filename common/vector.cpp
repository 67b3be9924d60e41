#include "common/vector.h"

#include <algorithm>

#include "common/error.h"

namespace pathdb {

namespace {
constexpr size_t kMinHeapChunk = 8192;
}

StringRef StringHeap::Add(std::string_view s) {
  if (s.empty()) return {"", 0};
  if (s.size() > UINT32_MAX) ThrowOra(1489, "result of string concatenation is too long");
  if (chunks_.empty() || cap_ - used_ < s.size()) {
    size_t cap = std::max({kMinHeapChunk, s.size(), cap_ * 2});
    chunks_.push_back(std::make_unique_for_overwrite<char[]>(cap));
    cap_ = cap;
    used_ = 0;
  }
  char* dst = chunks_.back().get() + used_;
  std::memcpy(dst, s.data(), s.size());
  used_ += s.size();
  return {dst, static_cast<uint32_t>(s.size())};
}

void StringHeap::Reset() {
  // Keep the newest (largest) chunk so a vector reused batch after batch stops allocating.
  if (chunks_.size() > 1) {
    auto keep = std::move(chunks_.back());
    chunks_.clear();
    chunks_.push_back(std::move(keep));
  }
  used_ = 0;
}

size_t PhysicalWidth(TypeId id) {
  switch (id) {
    case TypeId::kBoolean: return sizeof(uint8_t);
    case TypeId::kNumber: return sizeof(Decimal);
    case TypeId::kDouble: return sizeof(double);
    case TypeId::kVarchar:
    case TypeId::kChar: return sizeof(StringRef);
    case TypeId::kNull:
    case TypeId::kDate:
    case TypeId::kTimestamp:
    case TypeId::kIntervalYM:
    case TypeId::kIntervalDS: return sizeof(int64_t);
  }
  return sizeof(int64_t);
}

namespace {

// Rows outside a vector's selection are undefined (a kernel writes only the rows it is asked
// for), so fixed-width data is left uninitialised: zeroing 64 KiB per NUMBER vector was 40% of
// the instructions of a nested-loops join that opens its inner scan once per outer row.
// String slots hold pointers and are zeroed, so a stray read can never follow garbage.
std::unique_ptr<std::byte[]> AllocateData(TypeId id, size_t rows) {
  const size_t bytes = PhysicalWidth(id) * rows;
  if (id == TypeId::kVarchar || id == TypeId::kChar) return std::make_unique<std::byte[]>(bytes);
  return std::make_unique_for_overwrite<std::byte[]>(bytes);
}

}  // namespace

Vector::Vector(LogicalType type, size_t capacity)
    : type_(type),
      capacity_(capacity),
      data_(AllocateData(type.id, std::max<size_t>(capacity, 1))),
      validity_(std::make_unique_for_overwrite<uint8_t[]>(std::max<size_t>(capacity, 1))) {
  std::memset(validity_.get(), 1, std::max<size_t>(capacity, 1));
}

Value Vector::GetValue(size_t row) const {
  size_t r = kind_ == Kind::kConstant ? 0 : row;
  if (validity_[r] == 0) return Value::Null(type_);
  switch (type_.id) {
    case TypeId::kNull: return Value::Null(type_);
    case TypeId::kBoolean: return Value::Boolean(Data<uint8_t>()[r] != 0);
    case TypeId::kNumber: return Value::Number(Data<Decimal>()[r], type_);
    case TypeId::kDouble: return Value::Double(Data<double>()[r]);
    case TypeId::kVarchar:
    case TypeId::kChar: return Value::Varchar(std::string(Data<StringRef>()[r].view()), type_);
    case TypeId::kDate: return Value::Date(Data<int64_t>()[r]);
    case TypeId::kTimestamp: return Value::Timestamp(Data<int64_t>()[r]);
    case TypeId::kIntervalYM:
    case TypeId::kIntervalDS: return Value::Interval(Data<int64_t>()[r], type_);
  }
  return Value::Null(type_);
}

void Vector::SetValue(size_t row, const Value& v) {
  if (v.is_null() || type_.id == TypeId::kNull) {
    validity_[row] = 0;
    return;
  }
  validity_[row] = 1;
  TypeId from = v.type().id;
  switch (type_.id) {
    case TypeId::kNull: break;
    case TypeId::kBoolean: Data<uint8_t>()[row] = v.boolean() ? 1 : 0; return;
    case TypeId::kNumber:
      if (from == TypeId::kNumber) {
        Data<Decimal>()[row] = v.number();
        return;
      }
      if (from == TypeId::kDouble) {
        Data<Decimal>()[row] = Decimal::FromDouble(v.dbl());
        return;
      }
      if (from == TypeId::kBoolean) {
        Data<Decimal>()[row] = Decimal::FromInt(v.boolean() ? 1 : 0);
        return;
      }
      break;
    case TypeId::kDouble:
      if (from == TypeId::kDouble) {
        Data<double>()[row] = v.dbl();
        return;
      }
      if (from == TypeId::kNumber) {
        Data<double>()[row] = v.number().ToDouble();
        return;
      }
      break;
    case TypeId::kVarchar:
    case TypeId::kChar:
      if (v.type().IsString()) {
        Data<StringRef>()[row] = heap_.Add(v.str());
      } else {
        Data<StringRef>()[row] = heap_.Add(v.ToString());
      }
      return;
    case TypeId::kDate:
      if (from == TypeId::kDate) {
        Data<int64_t>()[row] = v.date();
        return;
      }
      if (from == TypeId::kTimestamp) {
        Data<int64_t>()[row] = v.timestamp() / 1000000 - (v.timestamp() % 1000000 < 0);
        return;
      }
      break;
    case TypeId::kTimestamp:
      if (from == TypeId::kTimestamp) {
        Data<int64_t>()[row] = v.timestamp();
        return;
      }
      if (from == TypeId::kDate) {
        Data<int64_t>()[row] = v.date() * 1000000;
        return;
      }
      break;
    case TypeId::kIntervalYM:
    case TypeId::kIntervalDS:
      if (from == type_.id) {
        Data<int64_t>()[row] = v.interval();
        return;
      }
      break;
  }
  ThrowOra(932, "inconsistent datatypes: expected {} got {}", type_.ToString(),
           v.type().ToString());
}

void Vector::SetConstant(const Value& v) {
  kind_ = Kind::kConstant;
  heap_.Reset();
  SetValue(0, v);
}

void Vector::Reset() {
  kind_ = Kind::kFlat;
  heap_.Reset();
  std::memset(validity_.get(), 1, std::max<size_t>(capacity_, 1));
}

DataChunk::DataChunk(const std::vector<LogicalType>& types, size_t capacity) {
  Initialize(types, capacity);
}

void DataChunk::Initialize(const std::vector<LogicalType>& types, size_t capacity) {
  columns_.clear();
  columns_.reserve(types.size());
  for (const auto& t : types) columns_.emplace_back(t, capacity);
  size_ = 0;
  ClearSelection();
}

std::vector<LogicalType> DataChunk::Types() const {
  std::vector<LogicalType> types;
  types.reserve(columns_.size());
  for (const auto& c : columns_) types.push_back(c.type());
  return types;
}

void DataChunk::Reset() {
  for (auto& c : columns_) c.Reset();
  size_ = 0;
  ClearSelection();
}

std::vector<std::vector<Value>> DataChunk::ToRows() const {
  std::vector<std::vector<Value>> rows;
  size_t n = Count();
  rows.reserve(n);
  for (size_t i = 0; i < n; ++i) {
    uint32_t r = RowIndex(i);
    std::vector<Value> row;
    row.reserve(columns_.size());
    for (const auto& c : columns_) row.push_back(c.GetValue(r));
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace pathdb
