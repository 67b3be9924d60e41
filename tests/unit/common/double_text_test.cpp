#include "common/double_text.h"

#include <gtest/gtest.h>

#include <cmath>

namespace pathdb {
namespace {

TEST(DoubleTextTest, ParsesOrdinaryForms) {
  EXPECT_EQ(ParseDouble("1.5"), 1.5);
  EXPECT_EQ(ParseDouble(" -2e3 "), -2000.0);
  EXPECT_EQ(ParseDouble("+.5"), 0.5);
  EXPECT_EQ(ParseDouble("5."), 5.0);
  EXPECT_EQ(ParseDouble("1E+2"), 100.0);
  EXPECT_EQ(ParseDouble("4.9e-324"), 4.9e-324);  // the smallest subnormal still parses
  EXPECT_EQ(ParseDouble("1.7976931348623157e308"), 1.7976931348623157e308);
}

TEST(DoubleTextTest, SaturatesOutOfRange) {
  EXPECT_EQ(ParseDouble("1e999"), HUGE_VAL);
  EXPECT_EQ(ParseDouble("-1e999"), -HUGE_VAL);
  EXPECT_EQ(ParseDouble("1.8e308"), HUGE_VAL);
  EXPECT_EQ(ParseDouble("123456e99999999999999"), HUGE_VAL);
  EXPECT_EQ(ParseDouble("0.0001e-999"), 0.0);
  auto neg_zero = ParseDouble("-1e-999");
  ASSERT_TRUE(neg_zero);
  EXPECT_EQ(*neg_zero, 0.0);
  EXPECT_TRUE(std::signbit(*neg_zero));
  EXPECT_EQ(ParseDouble("0e999999"), 0.0);
  // The exponent counts from the first significant digit, wherever the point is.
  EXPECT_EQ(ParseDouble("10000e-330"), 0.0);
  EXPECT_EQ(ParseDouble("100000e305"), HUGE_VAL);
  EXPECT_EQ(ParseDouble("0.00001e-320"), 0.0);
}

TEST(DoubleTextTest, RejectsWhatIsNotANumber) {
  for (const char* bad :
       {"", " ", "-", ".", "e5", "1e", "1e+", "1.2.3", "inf", "nan", "0x10", "1d", "1 2", "--1"}) {
    EXPECT_FALSE(ParseDouble(bad)) << bad;
  }
}

}  // namespace
}  // namespace pathdb
