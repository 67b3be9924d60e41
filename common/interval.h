// INTERVAL YEAR TO MONTH and INTERVAL DAY TO SECOND: their text (literals, CAST from strings,
// display) and precision rules, shared by the parser, the expression engine and Value.
// A year-month interval is a signed count of months; a day-second interval a signed count of
// microseconds. Pure functions; safe from any thread.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>

#include "common/types.h"

namespace pathdb::interval {

enum class Field : uint8_t { kYear, kMonth, kDay, kHour, kMinute, kSecond };

//! The qualifier after a literal or in a type: DAY(3) TO SECOND(2), YEAR TO MONTH, MINUTE, ...
//! REQUIRES: leading <= trailing, both in the same family (YEAR/MONTH or DAY..SECOND).
struct Qualifier {
  Field leading = Field::kDay;
  int leading_precision = -1;  //!< -1: Oracle's default of 2
  Field trailing = Field::kDay;
  int fractional_precision = -1;  //!< -1: 6 when the trailing field is SECOND, else 0
};

bool IsYearMonth(Field f);
//! "DAY", "HOUR", ... as written in SQL.
std::string_view FieldName(Field f);

//! The type of a literal or CAST with this qualifier.
LogicalType TypeOf(const Qualifier& q);

//! Reads the text of INTERVAL '<text>' <qualifier>: months or microseconds. Throws ORA-01867
//! (text does not fit the qualifier), ORA-01873 (leading field wider than its precision),
//! ORA-01843 / ORA-01850 / ORA-01851 / ORA-01852 (month, hour, minute, second out of range).
int64_t Parse(std::string_view text, const Qualifier& q);

//! Oracle's display: +01-06 (YEAR(2) TO MONTH), -02 03:04:05.500000 (DAY(2) TO SECOND(6)).
std::string FormatYM(int64_t months, int year_precision);
std::string FormatDS(int64_t micros, int day_precision, int second_precision);
std::string Format(int64_t value, const LogicalType& t);

//! Rounds microseconds to `second_precision` fractional digits (half away from zero).
int64_t RoundSeconds(int64_t micros, int second_precision);
//! Fits `value` to `t`: rounds the seconds of a DAY TO SECOND to its scale, and throws
//! ORA-01873 when the leading field needs more digits than t.precision.
int64_t Fit(int64_t value, const LogicalType& t);

//! Precision of interval arithmetic results and NUMTO*INTERVAL, as Oracle reports them.
constexpr int kMaxLeadingPrecision = 9;
constexpr int kMaxSecondPrecision = 9;
inline LogicalType ArithmeticType(TypeId id) {
  return id == TypeId::kIntervalYM ? LogicalType::IntervalYM(kMaxLeadingPrecision)
                                   : LogicalType::IntervalDS(kMaxLeadingPrecision, 9);
}

}  // namespace pathdb::interval
