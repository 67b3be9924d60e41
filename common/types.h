// Logical SQL types. Physical layout in vectors is fixed per TypeId (see PhysicalWidth).
#pragma once
#include <cstdint>
#include <string>

namespace pathdb {

enum class TypeId : uint8_t {
  kNull,       //!< type of the bare NULL literal before coercion
  kBoolean,    //!< internal: predicate results (uint8_t 0/1)
  kNumber,     //!< exact decimal, physical Decimal
  kDouble,     //!< BINARY_DOUBLE (also FLOAT/REAL/DOUBLE in the SQLITE dialect), physical double
  kVarchar,    //!< VARCHAR2(n), physical StringRef
  kChar,       //!< CHAR(n), blank-padded, physical StringRef
  kDate,       //!< DATE: seconds since 1970-01-01 00:00:00, physical int64_t
  kTimestamp,  //!< TIMESTAMP: microseconds since epoch, physical int64_t
  //! INTERVAL YEAR(p) TO MONTH: signed months, physical int64_t; precision = leading (year) digits.
  kIntervalYM,
  //! INTERVAL DAY(p) TO SECOND(s): signed microseconds, physical int64_t; precision = leading
  //! (day) digits, scale = fractional-second digits.
  kIntervalDS,
};

struct LogicalType {
  TypeId id = TypeId::kNull;
  //! NUMBER: precision 1..38, or -1 when unconstrained (NUMBER without (p,s)).
  int16_t precision = -1;
  //! NUMBER: scale, or -1 when unconstrained. INTEGER is NUMBER(38,0) -> precision 38, scale 0.
  int16_t scale = -1;
  //! VARCHAR2/CHAR: maximum length in bytes (0 = unbounded, internal expressions).
  uint32_t length = 0;

  static LogicalType Null() { return {TypeId::kNull}; }
  static LogicalType Boolean() { return {TypeId::kBoolean}; }
  static LogicalType Number(int p = -1, int s = -1) {
    return {TypeId::kNumber, static_cast<int16_t>(p), static_cast<int16_t>(s), 0};
  }
  static LogicalType Integer() { return Number(38, 0); }
  static LogicalType Double() { return {TypeId::kDouble}; }
  static LogicalType Varchar(uint32_t len = 0) { return {TypeId::kVarchar, -1, -1, len}; }
  static LogicalType Char(uint32_t len = 1) { return {TypeId::kChar, -1, -1, len}; }
  static LogicalType Date() { return {TypeId::kDate}; }
  static LogicalType Timestamp() { return {TypeId::kTimestamp}; }
  //! Oracle's defaults: INTERVAL YEAR(2) TO MONTH, INTERVAL DAY(2) TO SECOND(6).
  static LogicalType IntervalYM(int year_precision = 2) {
    return {TypeId::kIntervalYM, static_cast<int16_t>(year_precision), -1, 0};
  }
  static LogicalType IntervalDS(int day_precision = 2, int second_precision = 6) {
    return {TypeId::kIntervalDS, static_cast<int16_t>(day_precision),
            static_cast<int16_t>(second_precision), 0};
  }

  bool IsNumeric() const { return id == TypeId::kNumber || id == TypeId::kDouble; }
  bool IsString() const { return id == TypeId::kVarchar || id == TypeId::kChar; }
  bool IsDatetime() const { return id == TypeId::kDate || id == TypeId::kTimestamp; }
  bool IsInterval() const { return id == TypeId::kIntervalYM || id == TypeId::kIntervalDS; }
  //! NUMBER with scale 0: integer semantics in the SQLITE dialect (7/2 = 3).
  bool IsIntegral() const { return id == TypeId::kNumber && scale == 0; }
  bool operator==(const LogicalType&) const = default;

  //! As DESC and USER_TAB_COLUMNS print it: NUMBER(10,2), VARCHAR2(20), DATE, ...
  std::string ToString() const;
};

}  // namespace pathdb
