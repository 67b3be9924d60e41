#include "storage/row_codec.h"

#include <cstring>

#include "common/error.h"

namespace pathdb::storage {

void ThrowBadRow() {
  ThrowOra(600, "internal error code, arguments: [row-format], [corrupt row piece]");
}

size_t EncodeDecimal(const Decimal& d, unsigned char* out) {
  if (d.scale < -128 || d.scale > 127) ThrowOra(1426, "numeric overflow");
  out[0] = static_cast<unsigned char>(static_cast<int8_t>(d.scale));
  auto u = static_cast<unsigned __int128>(d.coef);
  size_t n = 0;
  int128 rest = d.coef;
  // Emit bytes until the remaining value is pure sign extension of the last byte written.
  while (rest != 0 && rest != -1) {
    out[1 + n++] = static_cast<unsigned char>(u & 0xff);
    u >>= 8;
    rest >>= 8;
  }
  if (n > 0) {
    bool last_negative = (out[n] & 0x80) != 0;
    if (last_negative != (d.coef < 0)) out[1 + n++] = d.coef < 0 ? 0xff : 0x00;
  } else if (d.coef == -1) {
    out[1 + n++] = 0xff;
  }
  return 1 + n;
}


void RowEncoder::Begin(uint8_t flags) {
  buf_.clear();
  buf_.push_back(static_cast<char>(flags));
  buf_.append(2, '\0');
  columns_ = 0;
  last_nonnull_end_ = 3;
  last_nonnull_count_ = 0;
}

void RowEncoder::AddNull() {
  buf_.push_back(static_cast<char>(kLenNull));
  ++columns_;
}

void RowEncoder::AddBytes(std::string_view bytes) {
  if (bytes.size() < kLenWide) {
    buf_.push_back(static_cast<char>(bytes.size()));
  } else {
    if (bytes.size() > 0xffff) ThrowOra(1461, "can bind a LONG value only for insert into a LONG column");
    buf_.push_back(static_cast<char>(kLenWide));
    auto len = static_cast<uint16_t>(bytes.size());
    buf_.append(reinterpret_cast<const char*>(&len), 2);
  }
  buf_.append(bytes);
  ++columns_;
  last_nonnull_end_ = buf_.size();
  last_nonnull_count_ = columns_;
}

void RowEncoder::AddDecimal(const Decimal& d) {
  unsigned char tmp[17];
  size_t n = EncodeDecimal(d, tmp);
  AddBytes({reinterpret_cast<const char*>(tmp), n});
}

void RowEncoder::AddInt64(int64_t v) { AddBytes({reinterpret_cast<const char*>(&v), 8}); }
void RowEncoder::AddDouble(double v) { AddBytes({reinterpret_cast<const char*>(&v), 8}); }

void RowEncoder::AddValue(const Value& v, const LogicalType& t) {
  if (v.is_null()) return AddNull();
  TypeId vt = v.type().id;
  switch (t.id) {
    case TypeId::kNumber:
      if (vt == TypeId::kNumber) return AddDecimal(v.number());
      if (vt == TypeId::kDouble) return AddDecimal(Decimal::FromDouble(v.dbl()));
      break;
    case TypeId::kDouble:
      if (vt == TypeId::kDouble) return AddDouble(v.dbl());
      if (vt == TypeId::kNumber) return AddDouble(v.number().ToDouble());
      break;
    case TypeId::kVarchar:
    case TypeId::kChar:
      if (vt == TypeId::kVarchar || vt == TypeId::kChar) return AddBytes(v.str());
      break;
    case TypeId::kDate:
      if (vt == TypeId::kDate) return AddInt64(v.date());
      break;
    case TypeId::kTimestamp:
      if (vt == TypeId::kTimestamp || vt == TypeId::kDate) return AddInt64(v.timestamp());
      break;
    case TypeId::kIntervalYM:
    case TypeId::kIntervalDS:
      if (vt == t.id) return AddInt64(v.interval());
      break;
    case TypeId::kBoolean: {
      char b = v.boolean() ? 1 : 0;
      return AddBytes({&b, 1});
    }
    case TypeId::kNull:
      return AddNull();
  }
  ThrowOra(932, "inconsistent datatypes: expected {} got {}", t.ToString(), v.type().ToString());
}

const std::string& RowEncoder::Finish() {
  buf_.resize(last_nonnull_end_);
  auto count = static_cast<uint16_t>(last_nonnull_count_);
  std::memcpy(buf_.data() + 1, &count, 2);
  if (buf_.size() < kMinRowPiece) buf_.resize(kMinRowPiece, '\0');
  return buf_;
}

RowDecoder::RowDecoder(std::string_view row) : row_(row) {
  if (row.size() < 3) ThrowBadRow();
  flags_ = static_cast<uint8_t>(row[0]);
  std::memcpy(&count_, row.data() + 1, 2);
}




std::string ForwardStub(RowId body) {
  std::string s(kMinRowPiece, '\0');
  s[0] = static_cast<char>(kRowForward);
  std::memcpy(s.data() + 1, &body.block, 4);
  std::memcpy(s.data() + 5, &body.slot, 2);
  return s;
}

RowId StubTarget(std::string_view stub) {
  if (stub.size() < kMinRowPiece) {
    ThrowOra(600, "internal error code, arguments: [row-format], [short forwarding address]");
  }
  RowId r;
  r.file = kFileNo;
  std::memcpy(&r.block, stub.data() + 1, 4);
  std::memcpy(&r.slot, stub.data() + 5, 2);
  return r;
}

Value DecodeValue(std::string_view b, const LogicalType& t) {
  switch (t.id) {
    case TypeId::kNumber:
      return Value::Number(DecodeDecimal(b), t);
    case TypeId::kDouble:
      return Value::Double(ReadF64(b));
    case TypeId::kVarchar:
    case TypeId::kChar:
      return Value::Varchar(std::string(b), t);
    case TypeId::kDate:
      return Value::Date(ReadI64(b));
    case TypeId::kTimestamp:
      return Value::Timestamp(ReadI64(b));
    case TypeId::kIntervalYM:
    case TypeId::kIntervalDS:
      return Value::Interval(ReadI64(b), t);
    case TypeId::kBoolean:
      return Value::Boolean(!b.empty() && b[0] != 0);
    case TypeId::kNull:
      break;
  }
  return Value::Null(t);
}

std::vector<Value> DecodeRow(std::string_view row, const std::vector<ColumnInfo>& columns) {
  RowDecoder dec(row);
  std::vector<Value> out;
  out.reserve(columns.size());
  for (const auto& c : columns) {
    bool is_null;
    std::string_view bytes;
    dec.Next(is_null, bytes);
    out.push_back(is_null ? Value::Null(c.type) : DecodeValue(bytes, c.type));
  }
  return out;
}

const std::string& EncodeRow(RowEncoder& enc, const std::vector<Value>& values,
                             const std::vector<ColumnInfo>& columns) {
  enc.Begin();
  for (size_t i = 0; i < columns.size(); ++i) {
    if (i < values.size()) {
      enc.AddValue(values[i], columns[i].type);
    } else {
      enc.AddNull();
    }
  }
  return enc.Finish();
}


}  // namespace pathdb::storage
