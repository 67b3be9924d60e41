// Row format inside a heap block: [flags u8][column count u16][columns...], each column a
// length prefix (1 byte < 0xFE; 0xFE + u16 length; 0xFF = NULL) then its bytes. Trailing NULL
// columns are omitted. Values are compact: NUMBER = scale byte + minimal little-endian
// two's-complement coefficient, BINARY_DOUBLE 8 bytes, strings raw, DATE/TIMESTAMP int64.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "common/decimal.h"
#include "common/value.h"
#include "common/vector.h"
#include "storage/storage.h"

namespace pathdb::storage {

//! Row flags (first byte of a row piece).
enum RowFlag : uint8_t {
  kRowNormal = 0,
  kRowForward = 1,   //!< head left behind by migration: holds the body's (block, slot)
  kRowMigrated = 2,  //!< body of a migrated row: scans skip it, they reach it from the head
  //! Deleted by a transaction not yet committed: the slot stays reserved so ROLLBACK can put
  //! the row back under the same ROWID; Commit frees it.
  kRowDeleted = 3,
};

//! Smallest row piece: a forwarding stub (flag + block + slot) always fits where a row was.
constexpr size_t kMinRowPiece = 7;

//! The file number of the (one) data file in ROWIDs.
constexpr uint32_t kFileNo = 1;

//! The forwarding stub a migrated row leaves at its ROWID, pointing at its body.
std::string ForwardStub(RowId body);
//! The body a forwarding stub points at. ORA-00600 for a stub too short to hold one.
RowId StubTarget(std::string_view stub);

constexpr uint8_t kLenNull = 0xFF;
constexpr uint8_t kLenWide = 0xFE;

//! ORA-00600 for a row piece whose lengths run past its end.
[[noreturn]] void ThrowBadRow();

size_t EncodeDecimal(const Decimal& d, unsigned char* out);  //!< out needs 17 bytes
// The decoders below are inline because a full scan calls them once per value: out of line,
// the calls cost more than the decoding.
inline Decimal DecodeDecimal(std::string_view b) {
  if (b.empty() || b.size() > 17) ThrowBadRow();
  Decimal d;
  d.scale = static_cast<int8_t>(static_cast<unsigned char>(b[0]));
  size_t n = b.size() - 1;
  if (n <= 8) {
    // Fits 64 bits (every NUMBER(18) and most others). The bytes are gathered with loads into
    // registers (two overlapping ones from 4 bytes up): copying n bytes into a 64-bit stack
    // slot and reading it back stalled on store forwarding, a tenth of a filtered scan.
    const auto* p = reinterpret_cast<const unsigned char*>(b.data()) + 1;
    uint64_t u = 0;
    if (n >= 4) {
      uint32_t lo, hi;
      std::memcpy(&lo, p, 4);
      std::memcpy(&hi, p + n - 4, 4);
      u = uint64_t{lo} | (uint64_t{hi} << (8 * (n - 4)));
    } else if (n >= 2) {
      uint16_t lo;
      std::memcpy(&lo, p, 2);
      u = uint64_t{lo} | (uint64_t{p[n - 1]} << (8 * (n - 1)));
    } else if (n == 1) {
      u = p[0];
    }
    if (n > 0 && n < 8) {
      const unsigned shift = static_cast<unsigned>(64 - 8 * n);
      d.coef = static_cast<int64_t>(u << shift) >> shift;
    } else {
      d.coef = static_cast<int64_t>(u);
    }
    return d;
  }
  unsigned __int128 u = 0;
  for (size_t i = 0; i < n; ++i) {
    u |= static_cast<unsigned __int128>(static_cast<unsigned char>(b[1 + i])) << (8 * i);
  }
  if (n < 16 && (static_cast<unsigned char>(b[n]) & 0x80)) {
    u |= ~static_cast<unsigned __int128>(0) << (8 * n);  // sign-extend
  }
  d.coef = static_cast<int128>(u);
  return d;
}

//! Builds one row's bytes column by column.
class RowEncoder {
 public:
  void Begin(uint8_t flags = kRowNormal);
  void AddNull();
  void AddBytes(std::string_view bytes);
  void AddDecimal(const Decimal& d);
  void AddInt64(int64_t v);
  void AddDouble(double v);
  //! Encodes `v` as a value of column type `t` (NULL-aware). ORA-00932 on a type mismatch.
  void AddValue(const Value& v, const LogicalType& t);
  //! Trims trailing NULLs, patches the column count, pads to kMinRowPiece; returns the row.
  const std::string& Finish();
  std::string& buffer() { return buf_; }

 private:
  std::string buf_;
  size_t columns_ = 0;
  size_t last_nonnull_end_ = 3;
  size_t last_nonnull_count_ = 0;
};

//! Reads the columns of one encoded row in order.
class RowDecoder {
 public:
  explicit RowDecoder(std::string_view row);
  uint8_t flags() const { return flags_; }
  uint16_t column_count() const { return count_; }
  //! Next column; false past the stored columns (the rest are NULL). Sets is_null/bytes.
  bool Next(bool& is_null, std::string_view& bytes) {
    if (read_ >= count_) {
      is_null = true;
      bytes = {};
      return false;
    }
    ++read_;
    if (pos_ >= row_.size()) ThrowBadRow();
    auto l = static_cast<uint8_t>(row_[pos_++]);
    if (l == kLenNull) {
      is_null = true;
      bytes = {};
      return true;
    }
    size_t len = l;
    if (l == kLenWide) {
      if (pos_ + 2 > row_.size()) ThrowBadRow();
      uint16_t w;
      std::memcpy(&w, row_.data() + pos_, 2);
      pos_ += 2;
      len = w;
    }
    if (pos_ + len > row_.size()) ThrowBadRow();
    is_null = false;
    bytes = row_.substr(pos_, len);
    pos_ += len;
    return true;
  }

 private:
  std::string_view row_;
  size_t pos_ = 3;
  uint8_t flags_ = 0;
  uint16_t count_ = 0;
  uint16_t read_ = 0;
};

//! One column's bytes as a Value of type t.
Value DecodeValue(std::string_view bytes, const LogicalType& t);
//! Decodes a whole row into Values (missing trailing columns are NULL).
std::vector<Value> DecodeRow(std::string_view row, const std::vector<ColumnInfo>& columns);
//! Encodes a row of Values for `columns`.
const std::string& EncodeRow(RowEncoder& enc, const std::vector<Value>& values,
                             const std::vector<ColumnInfo>& columns);
//! The coefficient and scale of a stored NUMBER whose coefficient has at most 8 bytes, read
//! with one 8-byte load (no switch on the length: join keys of mixed lengths mispredicted it)
//! when `limit` lies at least 9 bytes past the field's start. False otherwise: the caller
//! decodes it with DecodeDecimal.
inline bool DecodeSmallNumber(std::string_view b, const char* limit, int64_t& coef,
                              int32_t& scale) {
  const size_t n = b.size() - 1;  // coefficient bytes
  if (b.empty() || n > 8 || limit - b.data() < 9) return false;
  uint64_t u;
  std::memcpy(&u, b.data() + 1, 8);
  const unsigned shift = static_cast<unsigned>(64 - 8 * n);
  coef = n == 0 ? 0 : static_cast<int64_t>(u << shift) >> shift;
  scale = static_cast<int8_t>(static_cast<unsigned char>(b[0]));
  return true;
}

inline int64_t ReadI64(std::string_view b) {
  if (b.size() != 8) ThrowBadRow();
  int64_t v;
  std::memcpy(&v, b.data(), 8);
  return v;
}

inline double ReadF64(std::string_view b) {
  if (b.size() != 8) ThrowBadRow();
  double v;
  std::memcpy(&v, b.data(), 8);
  return v;
}

//! Writes one column's bytes into row `row` of vector `v` (strings copied into its heap).
inline void DecodeInto(std::string_view b, Vector& v, size_t row) {
  switch (v.type().id) {
    case TypeId::kNumber: {
      Decimal d = DecodeDecimal(b);
      // A NUMBER(p,s) value is stored without its trailing zeros (17.00 as 17). Decoded at the
      // column's scale, every value of a column shares one scale, so the executor's batch
      // kernels (cell_ops.h NotSmallAt) compute on its coefficients directly, as they do on an
      // IMCU's. The value is the same either way.
      const int s = v.type().scale;
      if (d.scale < s && v.type().precision > 0 && s - d.scale <= 18 &&
          d.coef < Decimal::kSmallLimit && d.coef > -Decimal::kSmallLimit) {
        d.coef *= Decimal::Pow10Small(s - d.scale);
        d.scale = s;
      }
      // Stored as two 64-bit halves from registers: a Decimal assembled on the stack and copied
      // with one 16-byte load stalled on store forwarding (a third of a fetch by ROWID).
      const auto lo = static_cast<uint64_t>(d.coef);
      const auto hi = static_cast<uint64_t>(d.coef >> 64);
      auto* out = reinterpret_cast<std::byte*>(v.Data<Decimal>() + row);
      std::memcpy(out, &lo, 8);
      std::memcpy(out + 8, &hi, 8);
      std::memcpy(out + offsetof(Decimal, scale), &d.scale, sizeof d.scale);
      break;
    }
    case TypeId::kDouble:
      v.Data<double>()[row] = ReadF64(b);
      break;
    case TypeId::kVarchar:
    case TypeId::kChar:
      v.Data<StringRef>()[row] = v.heap().Add(b);
      break;
    case TypeId::kDate:
    case TypeId::kTimestamp:
    case TypeId::kIntervalYM:
    case TypeId::kIntervalDS:
      v.Data<int64_t>()[row] = ReadI64(b);
      break;
    case TypeId::kBoolean:
      v.Data<uint8_t>()[row] = !b.empty() && b[0] != 0;
      break;
    case TypeId::kNull:
      v.SetNull(row, true);
      return;
  }
  v.SetNull(row, false);
}

}  // namespace pathdb::storage
