#include "shell/number_format.h"

#include <gtest/gtest.h>

namespace pathdb::shell {
namespace {

TEST(FitNumber, ShortValuesUnchanged) {
  EXPECT_EQ(FitNumber("42", 10), "42");
  EXPECT_EQ(FitNumber("-1.5", 10), "-1.5");
  EXPECT_EQ(FitNumber(".5", 10), ".5");
}

TEST(FitNumber, RoundsFractionToWidth) {
  EXPECT_EQ(FitNumber(".3333333333333333333333333333333333333333", 10), ".333333333");
  EXPECT_EQ(FitNumber(".6666666666666666666666666666666666666667", 10), ".666666667");
  EXPECT_EQ(FitNumber("3.333333333333333333333333333333333333333", 10), "3.33333333");
  EXPECT_EQ(FitNumber("9.9999999999", 10), "10");
}

TEST(FitNumber, ScientificWhenIntegerPartTooWide) {
  EXPECT_EQ(FitNumber("12345678901", 10), "1.2346E+10");
  EXPECT_EQ(FitNumber("-12345678901", 10), "-1.235E+10");
  EXPECT_EQ(FitNumber(".000000000001234", 10), "1.2340E-12");
}

TEST(FitNumber, BinaryDoubleKeepsThreeDigitExponent) {
  // BINARY_DOUBLE values arrive as "3.33333333333333E-001"; SQL*Plus shows 3.333E-001.
  EXPECT_EQ(FitNumber("3.33333333333333E-001", 10), "3.333E-001");
  EXPECT_EQ(FitNumber("1.23456E+003", 10), "1.235E+003");
  EXPECT_EQ(FitNumber("-1.23456E+003", 10), "-1.23E+003");
  EXPECT_EQ(FitNumber("1.5E+000", 10), "1.5E+000");
}

TEST(NumberMask, GroupsAndDecimals) {
  EXPECT_TRUE(IsNumberMask("999,999"));
  EXPECT_TRUE(IsNumberMask("999.99"));
  EXPECT_FALSE(IsNumberMask("a20"));
  EXPECT_EQ(NumberMaskWidth("999,999"), 8u);
  EXPECT_EQ(ApplyNumberMask("1234", "999,999"), "   1,234");
  EXPECT_EQ(ApplyNumberMask("1234567", "999,999"), "########");
  EXPECT_EQ(ApplyNumberMask("3.14159", "999.99"), "   3.14");
  EXPECT_EQ(ApplyNumberMask(".5", "999.99"), "    .50");
  EXPECT_EQ(ApplyNumberMask("-2.005", "999.99"), "  -2.01");
  EXPECT_EQ(ApplyNumberMask("7", "0999"), " 0007");
  EXPECT_EQ(ApplyNumberMask("0", "999"), "   0");
  EXPECT_EQ(ApplyNumberMask("12", "$999"), "  $12");
}

}  // namespace
}  // namespace pathdb::shell
