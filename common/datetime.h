// Calendar arithmetic and Oracle datetime format models (TO_CHAR / TO_DATE), shared by
// Value::ToString (DD-MON-RR) and the expression engine. Times are microseconds since
// 1970-01-01 00:00:00 (a DATE's seconds times 1e6); proleptic Gregorian calendar.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>

namespace pathdb::datetime {

constexpr int64_t kMicrosPerSecond = 1000000;
constexpr int64_t kSecondsPerDay = 86400;
constexpr int64_t kMicrosPerDay = kSecondsPerDay * kMicrosPerSecond;

struct DateParts {
  int64_t year = 1970;
  int month = 1;  //!< 1..12
  int day = 1;    //!< 1..31
  int hour = 0;
  int minute = 0;
  int second = 0;
  int64_t micros = 0;  //!< 0..999999
};

int64_t DaysFromCivil(int64_t y, int m, int d);
DateParts SplitMicros(int64_t micros);
int64_t JoinMicros(const DateParts& p);
int DaysInMonth(int64_t year, int month);
//! ADD_MONTHS semantics: the last day of a month maps to the last day of the target month.
int64_t AddMonths(int64_t micros, int64_t months);

//! Datetime + INTERVAL YEAR TO MONTH: the same day in the target month, ORA-01839 when that
//! month has no such day (Oracle's rule for intervals, unlike ADD_MONTHS), ORA-01841 when the
//! year leaves -4712..9999.
int64_t AddMonthsStrict(int64_t micros, int64_t months);
//! ORA-01841 unless `micros` lies in the years -4712..9999.
void CheckYearRange(int64_t micros);

//! TO_CHAR(datetime, fmt). Throws ORA-01821 for an unknown element.
std::string Format(int64_t micros, std::string_view fmt);
//! TO_DATE(text, fmt): raises ORA-01861/ORA-01843/ORA-01847/ORA-01830/ORA-01858 as Oracle.
//! Missing year/month default to those of `now_micros` (Oracle's rule), day to 1.
int64_t Parse(std::string_view text, std::string_view fmt, int64_t now_micros);

constexpr std::string_view kDefaultDateFormat = "DD-MON-RR";
constexpr std::string_view kDefaultTimestampFormat = "DD-MON-RR HH.MI.SSXFF AM";

}  // namespace pathdb::datetime
