#include "common/value.h"

#include <fmt/format.h>

#include <cmath>
#include <cstring>

#include "common/datetime.h"
#include "common/error.h"
#include "common/interval.h"
#include "common/value_format.h"

namespace pathdb {

namespace {

int Sign3(int c) { return (c > 0) - (c < 0); }

template <typename T>
int Cmp(const T& a, const T& b) {
  return a < b ? -1 : (b < a ? 1 : 0);
}

// Oracle orders NaN above every other BINARY_DOUBLE value.
int CmpDouble(double a, double b) {
  bool na = std::isnan(a), nb = std::isnan(b);
  if (na || nb) return na == nb ? 0 : (na ? 1 : -1);
  return Cmp(a, b);
}

int CmpBytes(std::string_view a, std::string_view b) {
  return Sign3(a.compare(b));
}

// CHAR semantics: the shorter value is blank-padded before comparing (used when either side
// is CHAR: literals bind as VARCHAR2 here but compare blank-padded in Oracle).
int CmpBlankPadded(std::string_view a, std::string_view b) {
  size_t n = std::min(a.size(), b.size());
  int c = Sign3(std::memcmp(a.data(), b.data(), n));
  if (c != 0) return c;
  std::string_view rest = a.size() > n ? a.substr(n) : b.substr(n);
  int sign = a.size() > n ? 1 : -1;
  for (char ch : rest) {
    if (ch != ' ') return static_cast<unsigned char>(ch) > ' ' ? sign : -sign;
  }
  return 0;
}

int64_t AsMicros(const Value& v) {
  return v.type().id == TypeId::kDate ? v.date() * datetime::kMicrosPerSecond : v.timestamp();
}

Decimal ParseOrThrow(const std::string& s) {
  auto d = Decimal::Parse(s);
  if (!d) ThrowOra(1722, "invalid number");
  return *d;
}

}  // namespace

std::string FormatBinaryDouble(double d) {
  if (std::isnan(d)) return "Nan";
  if (std::isinf(d)) return d > 0 ? "Inf" : "-Inf";
  if (d == 0) return "0";
  std::string s = fmt::format("{:.14E}", d);  // d.ddddddddddddddE+xx
  size_t e = s.find('E');
  std::string mant = s.substr(0, e);
  while (mant.size() > 1 && mant.back() == '0') mant.pop_back();
  if (mant.back() == '.') mant += '0';
  int exp = std::stoi(s.substr(e + 1));
  return fmt::format("{}E{}{:03d}", mant, exp < 0 ? '-' : '+', exp < 0 ? -exp : exp);
}

Value Value::Boolean(bool b) {
  Value v;
  v.type_ = LogicalType::Boolean();
  v.is_null_ = false;
  v.i64_ = b ? 1 : 0;
  return v;
}

Value Value::Number(Decimal d, LogicalType t) {
  Value v;
  v.type_ = t;
  v.is_null_ = false;
  v.num_ = d;
  return v;
}

Value Value::Double(double d) {
  Value v;
  v.type_ = LogicalType::Double();
  v.is_null_ = false;
  v.dbl_ = d;
  return v;
}

Value Value::Varchar(std::string s, LogicalType t) {
  Value v;
  v.type_ = t;
  v.is_null_ = false;
  v.str_ = std::move(s);
  return v;
}

Value Value::Date(int64_t seconds_since_epoch) {
  Value v;
  v.type_ = LogicalType::Date();
  v.is_null_ = false;
  v.i64_ = seconds_since_epoch;
  return v;
}

Value Value::Timestamp(int64_t micros_since_epoch) {
  Value v;
  v.type_ = LogicalType::Timestamp();
  v.is_null_ = false;
  v.i64_ = micros_since_epoch;
  return v;
}

Value Value::Interval(int64_t value, LogicalType t) {
  Value v;
  v.type_ = t;
  v.is_null_ = false;
  v.i64_ = value;
  return v;
}

std::string Value::ToString() const {
  if (is_null_) return "";
  switch (type_.id) {
    case TypeId::kNull: return "";
    case TypeId::kBoolean: return i64_ ? "TRUE" : "FALSE";
    case TypeId::kNumber: return num_.ToString();
    case TypeId::kDouble: return FormatBinaryDouble(dbl_);
    case TypeId::kVarchar:
    case TypeId::kChar: return str_;
    case TypeId::kDate:
      return datetime::Format(i64_ * datetime::kMicrosPerSecond, datetime::kDefaultDateFormat);
    case TypeId::kTimestamp: return datetime::Format(i64_, datetime::kDefaultTimestampFormat);
    case TypeId::kIntervalYM:
    case TypeId::kIntervalDS: return interval::Format(i64_, type_);
  }
  return "";
}

int Value::Compare(const Value& o) const {
  if (is_null_ || o.is_null_) return is_null_ == o.is_null_ ? 0 : (is_null_ ? 1 : -1);
  TypeId a = type_.id, b = o.type_.id;
  if (a == TypeId::kNumber && b == TypeId::kNumber) {
    auto c = num_ <=> o.num_;
    return c < 0 ? -1 : (c > 0 ? 1 : 0);
  }
  if (type_.IsNumeric() && o.type_.IsNumeric()) {
    double x = a == TypeId::kDouble ? dbl_ : num_.ToDouble();
    double y = b == TypeId::kDouble ? o.dbl_ : o.num_.ToDouble();
    return CmpDouble(x, y);
  }
  if (type_.IsString() && o.type_.IsString()) {
    if (a == TypeId::kChar || b == TypeId::kChar) return CmpBlankPadded(str_, o.str_);
    return CmpBytes(str_, o.str_);
  }
  bool ta = a == TypeId::kDate || a == TypeId::kTimestamp;
  bool tb = b == TypeId::kDate || b == TypeId::kTimestamp;
  if (ta && tb) return Cmp(AsMicros(*this), AsMicros(o));
  if (a == TypeId::kBoolean && b == TypeId::kBoolean) return Cmp(i64_, o.i64_);
  if (a == b && type_.IsInterval()) return Cmp(i64_, o.i64_);
  // Oracle converts the string side to a number when the other side is numeric.
  if (type_.IsNumeric() && o.type_.IsString())
    return Compare(Value::Number(ParseOrThrow(o.str_)));
  if (type_.IsString() && o.type_.IsNumeric())
    return Value::Number(ParseOrThrow(str_)).Compare(o);
  ThrowOra(932, "inconsistent datatypes: expected {} got {}", type_.ToString(), o.type_.ToString());
}

}  // namespace pathdb
