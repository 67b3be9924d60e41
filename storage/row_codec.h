// Row format inside a heap block: [flags u8][column count u16][columns...], each column a
// length prefix (1 byte < 0xFE; 0xFE + u16 length; 0xFF = NULL) then its bytes. Trailing NULL
// columns are omitted. Values are compact: NUMBER = scale byte + minimal little-endian
// two's-complement coefficient, BINARY_DOUBLE 8 bytes, strings raw, DATE/TIMESTAMP int64.
#pragma once
#include <cstdint>
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

size_t EncodeDecimal(const Decimal& d, unsigned char* out);  //!< out needs 17 bytes
Decimal DecodeDecimal(std::string_view bytes);

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
  bool Next(bool& is_null, std::string_view& bytes);

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
//! Writes one column's bytes into row `row` of vector `v` (strings copied into its heap).
void DecodeInto(std::string_view bytes, Vector& v, size_t row);

}  // namespace pathdb::storage
