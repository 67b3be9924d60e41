#include <array>
#include <random>

#include "expr_test_util.h"

namespace pathdb::exprtest {
namespace {

const LogicalType kVc = LogicalType::Varchar();
const LogicalType kNum = LogicalType::Number();
const LogicalType kDate = LogicalType::Date();

BoundExprPtr CastTo(BoundExprPtr e, LogicalType t) {
  return Node(BoundKind::kCast, t, "", Args(std::move(e)));
}
BoundExprPtr Day(int y, int m, int d) { return Const(Value::Date(datetime_days(y, m, d))); }

TEST(ExprDateTest, ConversionsAndFormats) {
  auto d = Fn("TO_DATE", kDate, Str("2026-03-07 14:05:09"), Str("YYYY-MM-DD HH24:MI:SS"));
  EXPECT_EQ(Text(*d), "07-MAR-26");
  EXPECT_EQ(Text(*Fn("TO_CHAR", kVc, d->Copy(), Str("DD/MM/YYYY HH:MI:SS AM"))),
            "07/03/2026 02:05:09 PM");
  EXPECT_EQ(Text(*Fn("TO_CHAR", kVc, d->Copy(), Str("DY, DD MONTH YYYY"))), "SAT, 07 MARCH     2026");
  EXPECT_EQ(Text(*Fn("TO_CHAR", kVc, d->Copy())), "07-MAR-26");
  EXPECT_EQ(Text(*Fn("TO_DATE", kDate, Str("07-MAR-26"))), "07-MAR-26");
  EXPECT_EQ(OraCode(*Fn("TO_DATE", kDate, Str("2026-13-01"), Str("YYYY-MM-DD"))), 1843);
  EXPECT_EQ(OraCode(*Fn("TO_DATE", kDate, Str("2026/01/01"), Str("YYYY-MM-DD"))), 0);
  EXPECT_EQ(OraCode(*Fn("TO_DATE", kDate, Str("2026x01x01"), Str("YYYY-MM-DD"))), 1861);
}

TEST(ExprDateTest, DateFunctions) {
  EXPECT_EQ(Text(*Fn("ADD_MONTHS", kDate, Day(2026, 1, 31), Int(1))), "28-FEB-26");
  EXPECT_EQ(Text(*Fn("NEXT_DAY", kDate, Day(2026, 3, 7), Str("MONDAY"))), "09-MAR-26");
  EXPECT_EQ(Text(*Fn("NEXT_DAY", kDate, Day(2026, 3, 7), Str("SAT"))), "14-MAR-26");
  EXPECT_EQ(Text(*Fn("LAST_DAY", kDate, Day(2024, 2, 10))), "29-FEB-24");
  EXPECT_EQ(Text(*Fn("MONTHS_BETWEEN", kNum, Day(2026, 3, 31), Day(2026, 2, 28))), "1");
  EXPECT_EQ(Text(*Fn("MONTHS_BETWEEN", kNum, Day(2026, 3, 15), Day(2026, 1, 15))), "2");
  EXPECT_EQ(Text(*Fn("TRUNC", kDate, Fn("SYSDATE", kDate))), "02-DEC-25");
  EXPECT_EQ(Text(*Fn("TRUNC", kDate, Day(2026, 5, 17), Str("MM"))), "01-MAY-26");
  EXPECT_EQ(Text(*Fn("SYSDATE", kDate)), "02-DEC-25");
  EXPECT_EQ(Text(*Fn("TO_CHAR", kVc, Fn("SYSDATE", kDate), Str("HH24:MI:SS"))), "10:15:30");
  EXPECT_EQ(Text(*Fn("SYSTIMESTAMP", LogicalType::Timestamp())), "02-DEC-25 10.15.30.000000 AM");
}

TEST(ExprCastTest, OracleRules) {
  EXPECT_EQ(Text(*CastTo(Str(" 12.50 "), kNum)), "12.5");
  EXPECT_EQ(OraCode(*CastTo(Str("abc"), kNum)), 1722);
  EXPECT_EQ(Text(*CastTo(Str("abc"), kNum), Dialect::kSqlite), "0");
  EXPECT_EQ(Text(*CastTo(Num("12.345"), LogicalType::Number(5, 2))), "12.35");
  EXPECT_EQ(OraCode(*CastTo(Num("1234.5"), LogicalType::Number(4, 2))), 1438);
  EXPECT_EQ(Text(*CastTo(Num("2.5"), LogicalType::Double())), "2.5E+000");
  EXPECT_EQ(Text(*CastTo(Const(Value::Double(0.1)), kNum)), ".1");
  EXPECT_EQ(Text(*CastTo(Num("-0.25"), kVc)), "-.25");
  EXPECT_EQ(Text(*CastTo(Str("ab"), LogicalType::Char(4))) + "|", "ab  |");
  EXPECT_EQ(OraCode(*CastTo(Str("abcdef"), LogicalType::Varchar(3))), 12899);
  EXPECT_EQ(Text(*CastTo(Str("07-MAR-26"), kDate)), "07-MAR-26");
  EXPECT_EQ(Text(*CastTo(Day(2026, 3, 7), kVc)), "07-MAR-26");
  EXPECT_EQ(OraCode(*CastTo(Day(2026, 3, 7), kNum)), 932);
  EXPECT_EQ(Text(*CastTo(Str("2026-03-07 01:02:03.5"), LogicalType::Timestamp())),
            "07-MAR-26 01.02.03.500000 AM");
}

TEST(ExprCastTest, VectorizedCastOverColumn) {
  DataChunk chunk({kVc}, 4);
  chunk.column(0).SetValue(0, Value::Varchar("1.5"));
  chunk.column(0).SetValue(1, Value::Null());
  chunk.column(0).SetValue(2, Value::Varchar("oops"));
  chunk.SetSize(3);
  chunk.SetSelection({0, 1});
  EvalContext ctx;
  auto e = CastTo(Col(0, kVc), kNum);
  Vector out(kNum, 4);
  ExpressionExecutor::Execute(*e, chunk, out, ctx);
  EXPECT_EQ(out.GetValue(0).ToString(), "1.5");
  EXPECT_TRUE(out.GetValue(1).is_null());
  chunk.ClearSelection();
  EXPECT_THROW(ExpressionExecutor::Execute(*e, chunk, out, ctx), OraError);
}

TEST(ExprRandomTest, DbmsRandom) {
  std::mt19937_64 rng(42);
  EvalContext ctx;
  ctx.random = &rng;
  auto v = Fn("DBMS_RANDOM.VALUE", kNum);
  for (int i = 0; i < 20; ++i) {
    double d = ExpressionExecutor::EvaluateScalar(*v, ctx).number().ToDouble();
    EXPECT_GE(d, 0.0);
    EXPECT_LT(d, 1.0);
  }
  auto r = Fn("DBMS_RANDOM.VALUE", kNum, Int(10), Int(20));
  double d = ExpressionExecutor::EvaluateScalar(*r, ctx).number().ToDouble();
  EXPECT_GE(d, 10.0);
  EXPECT_LT(d, 20.0);
  auto s = Fn("DBMS_RANDOM.STRING", kVc, Str("U"), Int(8));
  std::string str = ExpressionExecutor::EvaluateScalar(*s, ctx).str();
  EXPECT_EQ(str.size(), 8u);
  for (char c : str) EXPECT_TRUE(c >= 'A' && c <= 'Z');
}

}  // namespace
}  // namespace pathdb::exprtest

namespace pathdb::exprtest {
namespace {

TEST(ExprCastTest, ColumnCastsCheckLengthAndPrecision) {
  DataChunk chunk({LogicalType::Varchar(10), LogicalType::Number(10, 3)}, 4);
  chunk.column(0).SetValue(0, Value::Varchar("abcdef"));
  chunk.column(1).SetValue(0, Value::Number(*Decimal::Parse("1.2345"), LogicalType::Number(10, 3)));
  chunk.SetSize(1);
  EvalContext ctx;
  Vector out(LogicalType::Varchar(3), 4);
  auto too_long = Node(BoundKind::kCast, LogicalType::Varchar(3), "", Args(Col(0, LogicalType::Varchar(10))));
  EXPECT_THROW(ExpressionExecutor::Execute(*too_long, chunk, out, ctx), OraError);
  Vector padded(LogicalType::Char(8), 4);
  auto pad = Node(BoundKind::kCast, LogicalType::Char(8), "", Args(Col(0, LogicalType::Varchar(10))));
  ExpressionExecutor::Execute(*pad, chunk, padded, ctx);
  EXPECT_EQ(padded.GetValue(0).str(), "abcdef  ");
  Vector n(LogicalType::Number(5, 1), 4);
  auto fit = Node(BoundKind::kCast, LogicalType::Number(5, 1), "", Args(Col(1, LogicalType::Number(10, 3))));
  ExpressionExecutor::Execute(*fit, chunk, n, ctx);
  EXPECT_EQ(n.GetValue(0).ToString(), "1.2");
}

// EXTRACT(YEAR|MONTH|DAY) of a DATE or TIMESTAMP column runs column-at-a-time
// (functions_vector.cpp): every row gives the calendar fields it was built from, before and
// after 1970, with a time of day, and NULL for NULL.
TEST(ExprDateTest, ExtractFromDateColumnsGivesTheCalendarFields) {
  std::mt19937 rng(5);
  const LogicalType kTs = LogicalType::Timestamp();
  DataChunk chunk({kDate, kTs}, 700);
  std::vector<std::array<int, 3>> ymd(700);
  for (uint32_t r = 0; r < 700; ++r) {
    const int y = 1 + static_cast<int>(rng() % 3000), m = 1 + static_cast<int>(rng() % 12);
    const int d = 1 + static_cast<int>(rng() % datetime::DaysInMonth(y, m));
    ymd[r] = {y, m, d};
    if (r % 11 == 3) {
      chunk.column(0).SetValue(r, Value::Null(kDate));
      chunk.column(1).SetValue(r, Value::Null(kTs));
      continue;
    }
    const int64_t secs = datetime_days(y, m, d) + static_cast<int64_t>(rng() % 86400);
    chunk.column(0).SetValue(r, Value::Date(secs));
    chunk.column(1).SetValue(r, Value::Timestamp(secs * 1000000 + rng() % 1000000));
  }
  chunk.SetSize(700);
  const char* fields[] = {"YEAR", "MONTH", "DAY"};
  for (size_t col = 0; col < 2; ++col) {
    for (size_t f = 0; f < 3; ++f) {
      auto e = Fn("EXTRACT", LogicalType::Integer(), Str(fields[f]), Col(col, col ? kTs : kDate));
      EvalContext ctx;
      Vector out(LogicalType::Integer(), 700);
      ExpressionExecutor::Execute(*e, chunk, out, ctx);
      for (uint32_t r = 0; r < 700; ++r) {
        if (r % 11 == 3) {
          ASSERT_TRUE(out.GetValue(r).is_null()) << r;
          continue;
        }
        ASSERT_EQ(out.GetValue(r).ToString(), std::to_string(ymd[r][f]))
            << fields[f] << " row " << r << " col " << col;
      }
    }
  }
}

}  // namespace
}  // namespace pathdb::exprtest
