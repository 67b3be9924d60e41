#include "common/interval.h"

#include <gtest/gtest.h>

#include <functional>

#include "common/error.h"

namespace pathdb::interval {
namespace {

using F = Field;

int Code(const std::function<void()>& f) {
  try {
    f();
  } catch (const OraError& e) {
    return e.code();
  }
  return 0;
}

constexpr int64_t kSec = 1000000;
constexpr int64_t kDay = 86400 * kSec;

TEST(Interval, ParsesEveryQualifierForm) {
  EXPECT_EQ(Parse("1-6", {F::kYear, -1, F::kMonth, -1}), 18);
  EXPECT_EQ(Parse("-1-6", {F::kYear, -1, F::kMonth, -1}), -18);
  EXPECT_EQ(Parse("3", {F::kMonth, -1, F::kMonth, -1}), 3);
  EXPECT_EQ(Parse("90", {F::kDay, 3, F::kDay, -1}), 90 * kDay);
  EXPECT_EQ(Parse("2 03:04:05.5", {F::kDay, -1, F::kSecond, -1}),
            2 * kDay + (3 * 3600 + 4 * 60 + 5) * kSec + kSec / 2);
  EXPECT_EQ(Parse("10:30", {F::kHour, -1, F::kMinute, -1}), (10 * 3600 + 30 * 60) * kSec);
  EXPECT_EQ(Parse("30", {F::kHour, -1, F::kHour, -1}), 30 * 3600 * kSec);
  EXPECT_EQ(Parse(" 5.25 ", {F::kSecond, -1, F::kSecond, -1}), 5 * kSec + kSec / 4);
}

TEST(Interval, RefusesWhatOracleRefuses) {
  EXPECT_EQ(Code([] { Parse("123", {F::kDay, -1, F::kDay, -1}); }), 1873);
  EXPECT_EQ(Code([] { Parse("abc", {F::kDay, -1, F::kDay, -1}); }), 1867);
  EXPECT_EQ(Code([] { Parse("1:2", {F::kDay, -1, F::kSecond, -1}); }), 1867);
  EXPECT_EQ(Code([] { Parse("1-12", {F::kYear, -1, F::kMonth, -1}); }), 1843);
  EXPECT_EQ(Code([] { Parse("1 24", {F::kDay, -1, F::kHour, -1}); }), 1850);
  EXPECT_EQ(Code([] { Parse("1:60", {F::kHour, -1, F::kMinute, -1}); }), 1851);
  EXPECT_EQ(Code([] { Parse("1:60", {F::kMinute, -1, F::kSecond, -1}); }), 1852);
  // 30 hours carry into days; 200 hours need a 3-digit hour field.
  EXPECT_EQ(Code([] { Parse("200", {F::kHour, -1, F::kHour, -1}); }), 1873);
}

TEST(Interval, DisplaysWithTheTypesPrecisions) {
  EXPECT_EQ(FormatYM(18, 2), "+01-06");
  EXPECT_EQ(FormatYM(-18, 9), "-000000001-06");
  EXPECT_EQ(FormatDS(90 * kDay, 3, 0), "+090 00:00:00");
  EXPECT_EQ(FormatDS(-(kDay + kSec / 2), 2, 6), "-01 00:00:00.500000");
  EXPECT_EQ(FormatDS(kSec + 123456, 9, 9), "+000000000 00:00:01.123456000");
  EXPECT_EQ(TypeOf({F::kDay, 3, F::kDay, -1}), LogicalType::IntervalDS(3, 0));
  EXPECT_EQ(TypeOf({F::kYear, -1, F::kMonth, -1}), LogicalType::IntervalYM(2));
}

TEST(Interval, FitRoundsSecondsAndChecksTheLeadingField) {
  EXPECT_EQ(Fit(kSec + 456000, LogicalType::IntervalDS(2, 2)), kSec + 460000);
  EXPECT_EQ(Fit(-(kSec + 455000), LogicalType::IntervalDS(2, 2)), -(kSec + 460000));
  EXPECT_EQ(Code([] { Fit(100 * kDay, LogicalType::IntervalDS(2, 6)); }), 1873);
  EXPECT_EQ(Code([] { Fit(100 * 12, LogicalType::IntervalYM(2)); }), 1873);
  EXPECT_EQ(Fit(99 * 12 + 11, LogicalType::IntervalYM(2)), 99 * 12 + 11);
}

}  // namespace
}  // namespace pathdb::interval
