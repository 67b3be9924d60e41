// B+tree key encoding: memcmp order of encoded keys equals the SQL order of the values (NULL
// high) for NUMBER, BINARY_DOUBLE, strings, CHAR, DATE and TIMESTAMP, every encoding decodes
// back to an equal value, and multi-column keys order column by column.
#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <random>

#include "btree_test_util.h"
#include "storage/btree.h"

// In the helpers' namespace, so they need no using-declarations.
namespace pathdb::storage::testing {
namespace {

std::string Enc(const Value& v, const LogicalType& t) {
  std::string s;
  AppendKeyValue(s, v, t);
  return s;
}

// Every pair of values: memcmp order of the encodings is Value::Compare's order (NULL high),
// and every encoding decodes back to an equal value.
void CheckOrder(const std::vector<Value>& values, const LogicalType& t) {
  for (const Value& a : values) {
    std::string ea = Enc(a, t);
    size_t pos = 0;
    Value back = DecodeKeyValue(ea, pos, t);
    EXPECT_EQ(pos, ea.size());
    EXPECT_TRUE(back == a) << a.ToString() << " decoded as " << back.ToString();
    for (const Value& b : values) {
      int want = Sign(a.Compare(b));
      int got = Sign(CompareKeys(ea, Enc(b, t)));
      EXPECT_EQ(got, want) << a.ToString() << " vs " << b.ToString();
    }
  }
}

TEST(BTreeKey, NumberOrderAndRoundTrip) {
  std::vector<Value> v;
  for (const char* s : {"0",
                        "1",
                        "-1",
                        "1.5",
                        "1.50",
                        "-1.5",
                        "10",
                        "100",
                        "101",
                        "99",
                        "9.99",
                        "10.01",
                        ".1",
                        ".10000001",
                        "-.1",
                        "-.10000001",
                        ".05",
                        "-.05",
                        ".0001",
                        "-.0001",
                        "123.45",
                        "-123.45",
                        "1e30",
                        "-1e30",
                        "1e-30",
                        "-1e-30",
                        "12345678901234567890123456789012345678",
                        "-12345678901234567890123456789012345678",
                        "1234567890.123456789",
                        "7",
                        "70",
                        "700.5"}) {
    v.push_back(Num(s));
  }
  v.push_back(Value::Null(LogicalType::Number()));
  CheckOrder(v, LogicalType::Number());
  // Random decimals with random scales: sorted by key, they are sorted by value.
  std::mt19937_64 rng(7);
  std::vector<std::pair<std::string, Decimal>> keyed;
  for (int i = 0; i < 3000; ++i) {
    Decimal d{static_cast<int64_t>(rng() % 2000001) - 1000000, static_cast<int32_t>(rng() % 8)};
    keyed.push_back({Enc(Value::Number(d), LogicalType::Number()), d});
  }
  std::sort(keyed.begin(), keyed.end(),
            [](auto& a, auto& b) { return CompareKeys(a.first, b.first) < 0; });
  for (size_t i = 1; i < keyed.size(); ++i) {
    ASSERT_TRUE((keyed[i - 1].second <=> keyed[i].second) <= 0) << i;
    ASSERT_EQ(keyed[i - 1].first == keyed[i].first, keyed[i - 1].second == keyed[i].second);
  }
}

TEST(BTreeKey, OtherTypesOrderAndRoundTrip) {
  CheckOrder(
      {Value::Double(-1e300), Value::Double(-1), Value::Double(-0.5), Value::Double(0),
       Value::Double(1e-300), Value::Double(2), Value::Double(1e300),
       Value::Double(-std::numeric_limits<double>::infinity()),
       Value::Double(std::numeric_limits<double>::infinity()), Value::Null(LogicalType::Double())},
      LogicalType::Double());
  CheckOrder({Value::Varchar("a"), Value::Varchar(std::string("a\0", 2)),
              Value::Varchar(std::string("a\0b", 3)), Value::Varchar("ab"), Value::Varchar("b"),
              Value::Varchar("\xff"), Value::Varchar("abc"), Value::Varchar("B"),
              Value::Null(LogicalType::Varchar())},
             LogicalType::Varchar());
  CheckOrder({Value::Date(-86400 * 400), Value::Date(-1), Value::Date(0), Value::Date(1),
              Value::Date(86400 * 20000), Value::Null(LogicalType::Date())},
             LogicalType::Date());
  CheckOrder({Value::Timestamp(-5), Value::Timestamp(0), Value::Timestamp(123456789),
              Value::Null(LogicalType::Timestamp())},
             LogicalType::Timestamp());
  // CHAR compares blank-padded: 'a' and 'a  ' are one key; decoding pads to the length.
  LogicalType c3 = LogicalType::Char(3);
  EXPECT_EQ(Enc(Value::Varchar("a", c3), c3), Enc(Value::Varchar("a  ", c3), c3));
  std::string k = Enc(Value::Varchar("a", c3), c3);
  size_t pos = 0;
  EXPECT_EQ(DecodeKeyValue(k, pos, c3).str(), "a  ");
  // A two-column key is ordered column by column (a prefix is self-delimiting).
  std::string ab = Enc(Value::Varchar("a"), LogicalType::Varchar()) +
                   Enc(Value::Varchar("zz"), LogicalType::Varchar());
  std::string aab = Enc(Value::Varchar("aa"), LogicalType::Varchar()) +
                    Enc(Value::Varchar("a"), LogicalType::Varchar());
  EXPECT_LT(CompareKeys(ab, aab), 0);
}

}  // namespace
}  // namespace pathdb::storage::testing

namespace pathdb::storage::testing {
namespace {

// NUMBER reaches 9.99e125: values with more than 38 integer digits (a negative Decimal scale)
// must decode, not raise [index-key] (the fuzzer found 1e38 and larger in an index range scan).
TEST(BTreeKey, NumbersBeyond38IntegerDigitsRoundTrip) {
  std::vector<Value> v;
  for (const char* s : {"1e38", "1e39", "1e40", "1e100", "1e125", "9.99e125", "-1e38", "-9.99e125",
                        "123456789012345678901234567890123456789012",
                        "99999999999999999999999999999999999999", "1", "-1"}) {
    auto d = Decimal::Parse(s);
    ASSERT_TRUE(d.has_value()) << s;
    v.push_back(Value::Number(*d));
  }
  CheckOrder(v, LogicalType::Number());
}

// Keys of every length from 1 to 38 digits, any scale and sign, decode to the value encoded
// (the decoder gathers the first 18 digits in 64 bits and the rest in 128).
TEST(BTreeKey, NumbersOfEveryLengthRoundTrip) {
  std::mt19937_64 rng(11);
  for (int digits = 1; digits <= 38; ++digits) {
    for (int round = 0; round < 200; ++round) {
      int128 coef = 1 + static_cast<int128>(rng() % 9);
      for (int d = 1; d < digits; ++d) coef = coef * 10 + static_cast<int128>(rng() % 10);
      if (rng() % 2) coef = -coef;
      const auto scale = static_cast<int32_t>(rng() % 60) - 20;
      const Decimal d{coef, scale};
      const std::string key = Enc(Value::Number(d), LogicalType::Number());
      size_t pos = 0;
      const Value back = DecodeKeyValue(key, pos, LogicalType::Number());
      ASSERT_EQ(pos, key.size()) << digits;
      ASSERT_TRUE(back.number() == d) << digits << " digits, scale " << scale;
    }
  }
}

// DecodeIntegerKey reads a NUMBER key as an int64 exactly when the full decoder's value is an
// integer of at most 18 digits; NULL as kNull; every other value (fractions, 19 digits and
// more, negative scales past 10^18) as kOther. Random keys of 1..38 digits, any scale, sign.
TEST(BTreeKey, IntegerKeysDecodeWithoutADecimal) {
  std::mt19937_64 rng(17);
  size_t integers = 0;
  for (int digits = 1; digits <= 38; ++digits) {
    for (int round = 0; round < 300; ++round) {
      int128 coef = 1 + static_cast<int128>(rng() % 9);
      for (int d = 1; d < digits; ++d) coef = coef * 10 + static_cast<int128>(rng() % 10);
      if (digits < 38 && rng() % 3 == 0) coef *= 10;  // trailing zeros
      if (rng() % 2) coef = -coef;
      const auto scale = static_cast<int32_t>(rng() % 30) - 12;
      const Decimal d{coef, scale};
      const std::string key = Enc(Value::Number(d), LogicalType::Number()) + "tail";
      int64_t got = 0;
      const KeyInteger kind = DecodeIntegerKey(key, 0, got);
      size_t pos = 0;
      const Decimal full = DecodeKeyValue(key, pos, LogicalType::Number()).number();
      const Decimal whole = full.Trunc(0);
      const std::optional<int64_t> i = whole.ToInt64();
      const bool expect =
          whole == full && i && *i > -1000000000000000000LL && *i < 1000000000000000000LL;
      ASSERT_EQ(kind, expect ? KeyInteger::kInteger : KeyInteger::kOther)
          << digits << " digits, scale " << scale;
      if (expect) {
        ASSERT_EQ(got, *i);
        ++integers;
      }
    }
  }
  EXPECT_GT(integers, 1000u);
  int64_t v = 7;
  EXPECT_EQ(DecodeIntegerKey(Enc(Value::Integer(0), LogicalType::Number()), 0, v),
            KeyInteger::kInteger);
  EXPECT_EQ(v, 0);
  EXPECT_EQ(DecodeIntegerKey(Enc(Value::Null(), LogicalType::Number()), 0, v), KeyInteger::kNull);
  EXPECT_EQ(DecodeIntegerKey(std::string("\x30\x80"), 0, v), KeyInteger::kOther);  // cut short
}

}  // namespace
}  // namespace pathdb::storage::testing
