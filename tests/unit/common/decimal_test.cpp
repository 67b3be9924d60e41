#include "common/decimal.h"

#include <gtest/gtest.h>

#include <random>

#include "common/error.h"

namespace pathdb {
namespace {

Decimal D(const char* s) {
  auto d = Decimal::Parse(s);
  EXPECT_TRUE(d.has_value()) << s;
  return d.value_or(Decimal{});
}

int128 kPow38() {
  int128 p = 1;
  for (int i = 0; i < 38; ++i) p *= 10;
  return p;
}

int OraCode(auto&& fn) {
  try {
    fn();
  } catch (const OraError& e) {
    return e.code();
  }
  return 0;
}

TEST(DecimalTest, ParseAndPrint) {
  struct Case {
    const char* in;
    const char* out;
  };
  const Case cases[] = {
      {"12", "12"},
      {"-1.50", "-1.5"},
      {".5", ".5"},
      {"1e3", "1000"},
      {"1.5E-7", ".00000015"},
      {"  7 ", "7"},
      {"0", "0"},
      {"-0.0", "0"},
      {"-.25", "-.25"},
      {"100", "100"},
      {"+3.", "3"},
      {"007.700", "7.7"},
      {"1e40", "1.0E+40"},
      {"1e39", "1000000000000000000000000000000000000000"},
      {"1.25e41", "1.25E+41"},
      {"-1e-50", "-1.0E-50"},
      {"12345678901234567890123456789012345678", "12345678901234567890123456789012345678"},
  };
  for (const auto& c : cases) EXPECT_EQ(D(c.in).ToString(), c.out) << c.in;
}

TEST(DecimalTest, ParseRejectsGarbage) {
  for (const char* s : {"", " ", "abc", "1.2.3", "1e", "--1", ".", "1 2", "e5", "12x"})
    EXPECT_FALSE(Decimal::Parse(s).has_value()) << s;
}

TEST(DecimalTest, ParseRoundsBeyond38Digits) {
  EXPECT_EQ(D("1234567890123456789012345678901234567891").ToString(),
            "1234567890123456789012345678901234567900");
}

TEST(DecimalTest, Arithmetic) {
  struct Case {
    const char* a;
    char op;
    const char* b;
    const char* out;
  };
  const Case cases[] = {
      {"1.5", '+', "2.25", "3.75"},
      {"1", '-', "1.001", "-.001"},
      {"0.1", '+', "0.2", ".3"},
      {"-2.5", '*', "4", "-10"},
      {"1.1", '*', "1.1", "1.21"},
      {"7", '/', "2", "3.5"},
      {"6", '/', "3", "2"},
      {"1", '/', "4", ".25"},
      {"1", '/', "3", ".33333333333333333333333333333333333333"},
      {"2", '/', "3", ".66666666666666666666666666666666666667"},
      {"-10", '/', "4", "-2.5"},
      {"1e20", '*', "1e20", "1.0E+40"},
      {"99999999999999999999999999999999999999", '+', "1",
       "100000000000000000000000000000000000000"},
      {"123456789012345678901234567890", '*', "1000000000",
       "123456789012345678901234567890000000000"},
      {"1e30", '+', "1e-30", "1000000000000000000000000000000"},
      {"7", '%', "3", "1"},
      {"-7", '%', "3", "-1"},
      {"7.5", '%', "2", "1.5"},
      {"5", '%', "0", "5"},
      {"7", '\\', "2", "3"},
      {"-7", '\\', "2", "-3"},
  };
  for (const auto& c : cases) {
    Decimal a = D(c.a), b = D(c.b), r;
    switch (c.op) {
      case '+':
        r = a + b;
        break;
      case '-':
        r = a - b;
        break;
      case '*':
        r = a * b;
        break;
      case '/':
        r = a / b;
        break;
      case '%':
        r = Decimal::Mod(a, b);
        break;
      default:
        r = Decimal::IntDiv(a, b);
        break;
    }
    EXPECT_EQ(r.ToString(), c.out) << c.a << ' ' << c.op << ' ' << c.b;
  }
}

TEST(DecimalTest, Errors) {
  EXPECT_EQ(OraCode([] { (void)(D("1") / D("0")); }), 1476);
  EXPECT_EQ(OraCode([] { (void)Decimal::IntDiv(D("1"), D("0")); }), 1476);
  EXPECT_EQ(OraCode([] { (void)(D("1e100") * D("1e100")); }), 1426);
  EXPECT_EQ(OraCode([] { (void)Decimal::FromDouble(1.0 / 0.0); }), 1426);
}

TEST(DecimalTest, RoundTrunc) {
  EXPECT_EQ(D("2.5").Round(0).ToString(), "3");
  EXPECT_EQ(D("-2.5").Round(0).ToString(), "-3");
  EXPECT_EQ(D("1.2345").Round(2).ToString(), "1.23");
  EXPECT_EQ(D("1.235").Round(2).ToString(), "1.24");
  EXPECT_EQ(D("1234.5").Round(-2).ToString(), "1200");
  EXPECT_EQ(D("1250").Round(-2).ToString(), "1300");
  EXPECT_EQ(D("0.4").Round(0).ToString(), "0");
  EXPECT_EQ(D("1.999").Trunc(2).ToString(), "1.99");
  EXPECT_EQ(D("-1.999").Trunc(0).ToString(), "-1");
  EXPECT_EQ(D("1299").Trunc(-2).ToString(), "1200");
  EXPECT_EQ(D("5").Round(3).ToString(), "5");
}

TEST(DecimalTest, CompareAndHash) {
  EXPECT_TRUE(D("1.50") == D("1.5"));
  EXPECT_EQ(D("1.50").Hash(), D("1.5").Hash());
  EXPECT_EQ(D("100").Hash(), D("1e2").Hash());
  EXPECT_TRUE(D("-1") < D("0.5"));
  EXPECT_TRUE(D("1e40") > D("99999999999999999999999999999999999999"));
  EXPECT_TRUE(D("-1e40") < D("-5"));
  EXPECT_TRUE(D("0.001") < D("0.01"));
  EXPECT_TRUE(D("0") == D("0.000"));
  EXPECT_NE(D("1").Hash(), D("2").Hash());
  // A coefficient beyond 64 bits (general path) equal to a small one (64-bit fast path).
  EXPECT_EQ(D("1.00000000000000000000000").Hash(), D("1").Hash());
  EXPECT_EQ(D("-42.000000000000000000000000").Hash(), D("-42").Hash());
  EXPECT_EQ(D("0").Hash(), D("0.000000000000000000000000000").Hash());
  EXPECT_EQ(D("-120").Hash(), D("-12e1").Hash());
  EXPECT_NE(D("-1").Hash(), D("1").Hash());
}

// One value, every representation, one hash: integers that fit 64 bits hash as the integer
// (whatever their scale, also negative scales and 128-bit coefficients), the rest by their
// stripped coefficient and scale; HashOf (scans hashing stored keys) agrees with Hash().
TEST(DecimalTest, HashAgreesAcrossRepresentations) {
  const int128 e20 = static_cast<int128>(10'000'000'000LL) * 10'000'000'000LL;
  EXPECT_EQ((Decimal{e20, 0}.Hash()), (Decimal{1, -20}.Hash()));
  EXPECT_EQ((Decimal{e20, 0}.Hash()), (Decimal{10, -19}.Hash()));
  EXPECT_EQ((Decimal{e20 * 5, 20}.Hash()), Decimal::HashInt(5));
  EXPECT_EQ((Decimal{e20, 3}.Hash()), Decimal::HashInt(100'000'000'000'000'000LL));
  EXPECT_EQ((Decimal{123, -3}.Hash()), Decimal::HashInt(123000));
  EXPECT_EQ((Decimal{-7, -1}.Hash()), (Decimal{-70, 0}.Hash()));
  EXPECT_EQ((Decimal{-7000, 3}.Hash()), (Decimal{-7, 0}.Hash()));
  EXPECT_NE((Decimal{15, 1}.Hash()), Decimal::HashInt(15));
  EXPECT_NE((Decimal{1, -20}.Hash()), (Decimal{1, -19}.Hash()));
  std::mt19937_64 rng(17);
  for (int i = 0; i < 20000; ++i) {
    const int64_t v = static_cast<int64_t>(rng() % 2'000'000) - 1'000'000;
    const int shift = static_cast<int>(rng() % 7);
    int64_t p = 1;
    for (int k = 0; k < shift; ++k) p *= 10;
    const int64_t scale = static_cast<int64_t>(rng() % 9) - 4;
    const Decimal a{v, static_cast<int32_t>(scale)};
    const Decimal b{static_cast<int128>(v) * p, static_cast<int32_t>(scale + shift)};
    ASSERT_TRUE(a == b);
    ASSERT_EQ(a.Hash(), b.Hash()) << v << " " << scale << " " << shift;
    ASSERT_EQ(Decimal::HashOf(v * p, scale + shift), a.Hash());
  }
}

TEST(DecimalTest, Conversions) {
  EXPECT_EQ(Decimal::FromDouble(0.1).ToString(), ".1");
  EXPECT_EQ(Decimal::FromDouble(2.5).ToString(), "2.5");
  EXPECT_EQ(Decimal::FromDouble(1e20).ToString(), "100000000000000000000");
  EXPECT_EQ(Decimal::FromDouble(-1.0 / 3).ToString(), "-.3333333333333333");
  EXPECT_DOUBLE_EQ(D("1.25").ToDouble(), 1.25);
  EXPECT_DOUBLE_EQ(D("1e40").ToDouble(), 1e40);
  EXPECT_EQ(D("12.9").ToInt64().value(), 12);
  EXPECT_EQ(D("-12.9").ToInt64().value(), -12);
  EXPECT_FALSE(D("1e30").ToInt64().has_value());
  // scale 0 (the inline path) at and just past int64's ends, and the same values scaled
  const int128 max = INT64_MAX, min = INT64_MIN;
  EXPECT_EQ((Decimal{max, 0}.ToInt64()), INT64_MAX);
  EXPECT_EQ((Decimal{min, 0}.ToInt64()), INT64_MIN);
  EXPECT_FALSE((Decimal{max + 1, 0}.ToInt64()).has_value());
  EXPECT_FALSE((Decimal{min - 1, 0}.ToInt64()).has_value());
  EXPECT_EQ((Decimal{(max + 1) * 10 - 1, 1}.ToInt64()), INT64_MAX);
  EXPECT_FALSE((Decimal{(max + 1) * 10, 1}.ToInt64()).has_value());
  EXPECT_EQ((Decimal{-7, -2}.ToInt64()), -700);
  EXPECT_TRUE(D("3.000").IsInteger());
  EXPECT_FALSE(D("3.01").IsInteger());
  EXPECT_EQ(D("1.500").Normalized().scale, 1);
  EXPECT_EQ(D("100").Normalized().ToString(), "100");
}

// The inline + and * handle operands of at most 18 digits in plain 128-bit arithmetic; every
// result must equal what the general code gives, across scales, signs and zeros, including
// the edges where the fast path has to give way (19 digits, alignments beyond 18 places,
// scales past the fast range).
TEST(DecimalTest, InlineArithmeticMatchesGeneralCode) {
  std::mt19937_64 rng(42);
  auto coef = [&]() -> int128 {
    switch (rng() % 6) {
      case 0:
        return 0;
      case 1:
        return static_cast<int128>(rng() % 1000) - 500;
      case 2:
        return static_cast<int128>(999'999'999'999'999'999LL) * ((rng() & 1) ? 1 : -1);
      case 3:
        return static_cast<int128>(1'000'000'000'000'000'000LL) * ((rng() & 1) ? 1 : -1);
      case 4:
        return static_cast<int128>(rng() % 100'000'000'000ULL) * ((rng() & 1) ? 1 : -1);
      default: {
        int128 big = static_cast<int128>(rng() >> 2) * static_cast<int128>(rng() >> 2);
        return (rng() & 1) ? big : -big;
      }
    }
  };
  auto scale = [&]() -> int32_t {
    switch (rng() % 4) {
      case 0:
        return 0;
      case 1:
        return static_cast<int32_t>(rng() % 4);
      case 2:
        return static_cast<int32_t>(rng() % 40);
      default:
        return 120 + static_cast<int32_t>(rng() % 15);
    }
  };
  for (int i = 0; i < 200000; ++i) {
    Decimal a{coef(), scale()}, b{coef(), scale()};
    if (a.coef != 0 && (a.coef >= kPow38() || a.coef <= -kPow38())) continue;
    if (b.coef != 0 && (b.coef >= kPow38() || b.coef <= -kPow38())) continue;
    Decimal sum, general_sum, prod, general_prod;
    bool sum_ok = true, gsum_ok = true, prod_ok = true, gprod_ok = true;
    try {
      sum = a + b;
    } catch (const std::exception&) {
      sum_ok = false;
    }
    try {
      general_sum = Decimal::Add(a, b);
    } catch (const std::exception&) {
      gsum_ok = false;
    }
    try {
      prod = a * b;
    } catch (const std::exception&) {
      prod_ok = false;
    }
    try {
      general_prod = Decimal::Multiply(a, b);
    } catch (const std::exception&) {
      gprod_ok = false;
    }
    ASSERT_EQ(sum_ok, gsum_ok);
    ASSERT_EQ(prod_ok, gprod_ok);
    if (sum_ok) {
      ASSERT_EQ(sum, general_sum) << a.ToString() << " + " << b.ToString();
      ASSERT_EQ(sum.ToString(), general_sum.ToString());
    }
    if (prod_ok) {
      ASSERT_EQ(prod, general_prod) << a.ToString() << " * " << b.ToString();
      ASSERT_EQ(prod.ToString(), general_prod.ToString());
    }
    Decimal diff = a - b;
    ASSERT_EQ(diff, Decimal::Add(a, -b));
  }
}

}  // namespace
}  // namespace pathdb
