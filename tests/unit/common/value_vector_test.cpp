#include <gtest/gtest.h>

#include "common/datetime.h"
#include "common/error.h"
#include "common/types.h"
#include "common/value.h"
#include "common/vector.h"

namespace pathdb {
namespace {

int64_t DateSecs(int y, int m, int d, int hh = 0, int mi = 0, int ss = 0) {
  return datetime::DaysFromCivil(y, m, d) * 86400 + hh * 3600 + mi * 60 + ss;
}

TEST(TypesTest, ToString) {
  EXPECT_EQ(LogicalType::Number().ToString(), "NUMBER");
  EXPECT_EQ(LogicalType::Number(10, 0).ToString(), "NUMBER(10)");
  EXPECT_EQ(LogicalType::Number(10, 2).ToString(), "NUMBER(10,2)");
  EXPECT_EQ(LogicalType::Integer().ToString(), "NUMBER(38)");
  EXPECT_EQ(LogicalType::Varchar(20).ToString(), "VARCHAR2(20)");
  EXPECT_EQ(LogicalType::Char(1).ToString(), "CHAR(1)");
  EXPECT_EQ(LogicalType::Date().ToString(), "DATE");
  EXPECT_EQ(LogicalType::Double().ToString(), "BINARY_DOUBLE");
  EXPECT_EQ(LogicalType::Timestamp().ToString(), "TIMESTAMP(6)");
}

TEST(ValueTest, ToString) {
  EXPECT_EQ(Value::Integer(42).ToString(), "42");
  EXPECT_EQ(Value::Null().ToString(), "");
  EXPECT_EQ(Value::Double(2.5).ToString(), "2.5E+000");
  EXPECT_EQ(Value::Double(1).ToString(), "1.0E+000");
  EXPECT_EQ(Value::Double(-0.000123).ToString(), "-1.23E-004");
  EXPECT_EQ(Value::Double(1.0 / 3).ToString(), "3.33333333333333E-001");
  EXPECT_EQ(Value::Double(0).ToString(), "0");
  EXPECT_EQ(Value::Date(DateSecs(2026, 12, 2)).ToString(), "02-DEC-26");
  EXPECT_EQ(Value::Timestamp(DateSecs(2026, 12, 2, 10, 15, 30) * 1000000LL).ToString(),
            "02-DEC-26 10.15.30.000000 AM");
  EXPECT_EQ(Value::Timestamp(DateSecs(1999, 1, 31, 23, 0, 5) * 1000000LL + 250).ToString(),
            "31-JAN-99 11.00.05.000250 PM");
}

TEST(ValueTest, Compare) {
  EXPECT_LT(Value::Integer(1).Compare(Value::Integer(2)), 0);
  EXPECT_EQ(Value::Number(*Decimal::Parse("1.50")).Compare(Value::Integer(1)), 1);
  EXPECT_EQ(Value::Integer(2).Compare(Value::Double(2.0)), 0);
  EXPECT_GT(Value::Double(2.5).Compare(Value::Integer(2)), 0);
  EXPECT_LT(Value::Varchar("abc").Compare(Value::Varchar("abd")), 0);
  EXPECT_GT(Value::Varchar("a ").Compare(Value::Varchar("a")), 0);
  EXPECT_EQ(
      Value::Varchar("a ", LogicalType::Char(2)).Compare(Value::Varchar("a", LogicalType::Char(1))),
      0);
  EXPECT_LT(Value::Date(100).Compare(Value::Date(200)), 0);
  EXPECT_EQ(Value::Date(1).Compare(Value::Timestamp(1000000)), 0);
  EXPECT_EQ(Value::Integer(5).Compare(Value::Varchar("5")), 0);
  EXPECT_TRUE(Value::Integer(3) == Value::Number(*Decimal::Parse("3.0")));
  EXPECT_FALSE(Value::Integer(3) == Value::Null());
}

TEST(DateTimeTest, FormatAndParse) {
  int64_t t = DateSecs(2026, 3, 7, 14, 5, 9) * 1000000LL;
  EXPECT_EQ(datetime::Format(t, "YYYY-MM-DD HH24:MI:SS"), "2026-03-07 14:05:09");
  EXPECT_EQ(datetime::Format(t, "DD-MON-YYYY HH:MI AM"), "07-MAR-2026 02:05 PM");
  EXPECT_EQ(datetime::Format(t, "Month DD, YYYY"), "March     07, 2026");
  EXPECT_EQ(datetime::Format(t, "FMMonth DD, YYYY"), "March 7, 2026");
  EXPECT_EQ(datetime::Format(t, "DY Day"), "SAT Saturday ");
  EXPECT_EQ(datetime::Format(t, "\"Q\"Q DDD"), "Q1 066");
  EXPECT_EQ(datetime::Parse("2026-03-07 14:05:09", "YYYY-MM-DD HH24:MI:SS", 0), t);
  EXPECT_EQ(datetime::Parse("07-mar-26", "DD-MON-RR", 0) % (86400LL * 1000000), 0);
  EXPECT_EQ(datetime::Parse("07-MAR-26", "DD-MON-RR", t), DateSecs(2026, 3, 7) * 1000000LL);
  EXPECT_EQ(datetime::Parse("07-MAR-99", "DD-MON-RR", t), DateSecs(1999, 3, 7) * 1000000LL);
  EXPECT_EQ(datetime::Parse("2:05 pm", "HH:MI AM", t) / 1000000 % 86400, 14 * 3600 + 300);
  auto code = [](auto fn) {
    try {
      fn();
    } catch (const OraError& e) {
      return e.code();
    }
    return 0;
  };
  EXPECT_EQ(code([] { datetime::Parse("2026-13-01", "YYYY-MM-DD", 0); }), 1843);
  EXPECT_EQ(code([] { datetime::Parse("2026-02-30", "YYYY-MM-DD", 0); }), 1847);
  EXPECT_EQ(code([] { datetime::Parse("2026-02-01 x", "YYYY-MM-DD", 0); }), 1830);
  EXPECT_EQ(code([] { datetime::Parse("abcd", "YYYY", 0); }), 1858);
  EXPECT_EQ(code([] { datetime::Format(0, "YYYY-QQQ-ZZ"); }), 1821);
  EXPECT_EQ(datetime::AddMonths(DateSecs(2026, 1, 31) * 1000000LL, 1),
            DateSecs(2026, 2, 28) * 1000000LL);
  EXPECT_EQ(datetime::AddMonths(DateSecs(2026, 2, 28) * 1000000LL, 1),
            DateSecs(2026, 3, 31) * 1000000LL);
  EXPECT_EQ(datetime::AddMonths(DateSecs(2026, 1, 15) * 1000000LL, -13),
            DateSecs(2024, 12, 15) * 1000000LL);
  // ADD_MONTHS beyond year 9999, and month counts whose sum with the date's would overflow
  // (the fuzzer's UBSan finding): ORA-01841, as Oracle.
  const int64_t jan2024 = DateSecs(2024, 1, 1) * 1000000LL;
  EXPECT_EQ(code([&] { datetime::AddMonths(jan2024, INT64_MAX); }), 1841);
  EXPECT_EQ(code([&] { datetime::AddMonths(jan2024, INT64_MIN); }), 1841);
  EXPECT_EQ(code([&] { datetime::AddMonths(jan2024, 12 * 8000); }), 1841);
  EXPECT_EQ(datetime::AddMonths(jan2024, 12 * 7975 + 11), DateSecs(9999, 12, 1) * 1000000LL);
}

TEST(VectorTest, FlatAndConstant) {
  Vector v(LogicalType::Number(), 16);
  EXPECT_EQ(v.capacity(), 16u);
  v.SetValue(0, Value::Integer(7));
  v.SetValue(1, Value::Null());
  v.SetValue(2, Value::Double(1.5));
  EXPECT_EQ(v.GetValue(0).ToString(), "7");
  EXPECT_TRUE(v.GetValue(1).is_null());
  EXPECT_EQ(v.GetValue(2).ToString(), "1.5");
  EXPECT_EQ(reinterpret_cast<uintptr_t>(v.Data<Decimal>()) % alignof(Decimal), 0u);
  v.SetConstant(Value::Integer(9));
  EXPECT_EQ(v.kind(), Vector::Kind::kConstant);
  EXPECT_EQ(v.GetValue(15).ToString(), "9");
  v.Reset();
  EXPECT_EQ(v.kind(), Vector::Kind::kFlat);
  EXPECT_FALSE(v.IsNull(1));
}

TEST(VectorTest, StringsSurviveHeapGrowth) {
  Vector v(LogicalType::Varchar(), kVectorSize);
  for (size_t i = 0; i < kVectorSize; ++i)
    v.SetValue(i, Value::Varchar(std::string(100, 'a' + i % 26)));
  for (size_t i = 0; i < kVectorSize; i += 97)
    EXPECT_EQ(v.GetValue(i).str(), std::string(100, 'a' + i % 26));
  v.SetValue(3, Value::Varchar(""));
  EXPECT_EQ(v.GetValue(3).str(), "");
}

TEST(DataChunkTest, SelectionAndRows) {
  DataChunk chunk({LogicalType::Integer(), LogicalType::Varchar()}, 8);
  for (int i = 0; i < 5; ++i) {
    chunk.column(0).SetValue(i, Value::Integer(i));
    chunk.column(1).SetValue(i, Value::Varchar(std::string(1, 'a' + i)));
  }
  chunk.SetSize(5);
  EXPECT_EQ(chunk.Count(), 5u);
  chunk.SetSelection({1, 3});
  auto rows = chunk.ToRows();
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0][0].ToString(), "1");
  EXPECT_EQ(rows[1][1].str(), "d");
  EXPECT_EQ(chunk.Types()[1].id, TypeId::kVarchar);
  chunk.Reset();
  EXPECT_EQ(chunk.Count(), 0u);
  EXPECT_FALSE(chunk.HasSelection());
}

}  // namespace
}  // namespace pathdb
