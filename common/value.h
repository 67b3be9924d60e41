// Value: one SQL value of any type. Used for constants, row encoding at the storage boundary
// and result rows handed to the shell; never in per-row executor loops (those use Vector).
#pragma once
#include <cstdint>
#include <string>

#include "common/decimal.h"
#include "common/types.h"

namespace pathdb {

class Value {
 public:
  Value() = default;  //!< NULL of type kNull
  static Value Null(LogicalType t = LogicalType::Null()) {
    Value v;
    v.type_ = t;
    return v;
  }
  static Value Boolean(bool b);
  static Value Number(Decimal d, LogicalType t = LogicalType::Number());
  static Value Integer(int64_t i) { return Number(Decimal::FromInt(i), LogicalType::Integer()); }
  static Value Double(double d);
  static Value Varchar(std::string s, LogicalType t = LogicalType::Varchar());
  static Value Date(int64_t seconds_since_epoch);
  static Value Timestamp(int64_t micros_since_epoch);
  //! REQUIRES: t.id is kIntervalYM (value in months) or kIntervalDS (value in microseconds).
  static Value Interval(int64_t value, LogicalType t);

  const LogicalType& type() const { return type_; }
  bool is_null() const { return is_null_; }
  bool boolean() const { return i64_ != 0; }
  const Decimal& number() const { return num_; }
  double dbl() const { return dbl_; }
  const std::string& str() const { return str_; }
  int64_t date() const { return i64_; }       //!< seconds since epoch
  int64_t timestamp() const { return i64_; }  //!< microseconds since epoch
  int64_t interval() const { return i64_; }   //!< months (YEAR TO MONTH) or microseconds

  //! Text as SQL*Plus would show it with default NLS settings (DATE as DD-MON-RR).
  std::string ToString() const;
  //! Three-way compare of two non-NULL values of comparable types (numbers with numbers ...).
  int Compare(const Value& other) const;
  bool operator==(const Value& o) const {
    return is_null_ == o.is_null_ && (is_null_ || Compare(o) == 0);
  }

 private:
  LogicalType type_;
  bool is_null_ = true;
  Decimal num_{};
  double dbl_ = 0;
  int64_t i64_ = 0;
  std::string str_;
};

}  // namespace pathdb
