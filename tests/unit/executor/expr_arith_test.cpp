#include <cmath>

#include "expr_test_util.h"

namespace pathdb::exprtest {
namespace {

const LogicalType kNum = LogicalType::Number();
const LogicalType kInt = LogicalType::Integer();
const LogicalType kDbl = LogicalType::Double();

TEST(ExprArithTest, OracleNumberArithmetic) {
  EXPECT_EQ(Text(*Fn("+", kNum, Num("1.5"), Num("2.25"))), "3.75");
  EXPECT_EQ(Text(*Fn("-", kNum, Int(1), Num("1.001"))), "-.001");
  EXPECT_EQ(Text(*Fn("*", kNum, Num("-2.5"), Int(4))), "-10");
  EXPECT_EQ(Text(*Fn("/", kNum, Int(7), Int(2))), "3.5");
  EXPECT_EQ(Text(*Fn("/", kNum, Int(1), Int(3))), ".33333333333333333333333333333333333333");
  EXPECT_EQ(Text(*Fn("NEG", kNum, Num("2.5"))), "-2.5");
  EXPECT_EQ(Text(*Fn("+", kNum, Int(1), Null())), "NULL");
}

TEST(ExprArithTest, DivisionByZeroPerDialect) {
  EXPECT_EQ(OraCode(*Fn("/", kNum, Int(1), Int(0))), 1476);
  EXPECT_EQ(Text(*Fn("/", kInt, Int(1), Int(0)), Dialect::kSqlite), "NULL");
  EXPECT_EQ(Text(*Fn("%", kInt, Int(1), Int(0)), Dialect::kSqlite), "NULL");
}

TEST(ExprArithTest, SqliteIntegerDivisionTruncates) {
  EXPECT_EQ(Text(*Fn("/", kInt, Int(7), Int(2)), Dialect::kSqlite), "3");
  EXPECT_EQ(Text(*Fn("/", kInt, Int(-7), Int(2)), Dialect::kSqlite), "-3");
  EXPECT_EQ(Text(*Fn("/", kNum, Num("7.0"), Int(2)), Dialect::kSqlite), "3.5");
  EXPECT_EQ(Text(*Fn("/", kNum, Int(7), Int(2)), Dialect::kOracle), "3.5");
  EXPECT_EQ(Text(*Fn("%", kInt, Int(7), Int(3)), Dialect::kSqlite), "1");
}

TEST(ExprArithTest, SqliteIntegerOverflowBecomesReal) {
  const int64_t max = INT64_MAX, min = INT64_MIN;
  // Beyond 64 bits the value keeps a double's precision, as SQLite's REAL result does.
  EXPECT_EQ(Text(*Fn("+", kInt, Int(max), Int(1)), Dialect::kSqlite), "9223372036854776000");
  EXPECT_EQ(Text(*Fn("-", kInt, Int(min), Int(2)), Dialect::kSqlite), "-9223372036854776000");
  EXPECT_EQ(Text(*Fn("*", kInt, Int(max), Int(2)), Dialect::kSqlite), "18446744073709552000");
  EXPECT_EQ(Text(*Fn("NEG", kInt, Int(min)), Dialect::kSqlite), "9223372036854776000");
  EXPECT_EQ(Text(*Fn("/", kInt, Int(min), Int(-1)), Dialect::kSqlite), "9223372036854776000");
  EXPECT_EQ(Text(*Fn("+", kInt, Int(max - 1), Int(1)), Dialect::kSqlite), "9223372036854775807");
  // Oracle NUMBER stays exact to 38 digits.
  EXPECT_EQ(Text(*Fn("+", kNum, Int(max), Int(1))), "9223372036854775808");
}

TEST(ExprArithTest, NumberOverflowAndUnderflow) {
  EXPECT_EQ(OraCode(*Fn("*", kNum, Num("1e125"), Int(10))), 1426);
  EXPECT_EQ(Text(*Fn("*", kNum, Num("1e-100"), Num("1e-100"))), "0");
  EXPECT_EQ(Text(*Fn("/", kNum, Num("1e-100"), Num("1e100"))), "0");
}

TEST(ExprArithTest, DoubleLimitsPerDialect) {
  auto inf = [] { return Const(Value::Double(HUGE_VAL)); };
  EXPECT_EQ(Text(*Fn("*", kDbl, Const(Value::Double(1e308)), Int(10))), "Inf");
  // Inf - Inf is NaN: Oracle's BINARY_DOUBLE keeps it, SQLite gives NULL.
  EXPECT_EQ(Text(*Fn("-", kDbl, inf(), inf())), "Nan");
  EXPECT_EQ(Text(*Fn("-", kDbl, inf(), inf()), Dialect::kSqlite), "NULL");
  EXPECT_EQ(Text(*Fn("*", kDbl, inf(), Int(0)), Dialect::kSqlite), "NULL");
  EXPECT_EQ(Text(*Fn("+", kDbl, inf(), Int(1)), Dialect::kSqlite), "Inf");
}

TEST(ExprArithTest, DoubleArithmetic) {
  EXPECT_EQ(Text(*Fn("+", kDbl, Const(Value::Double(1.5)), Int(1))), "2.5E+000");
  EXPECT_EQ(Text(*Fn("/", kDbl, Const(Value::Double(1)), Const(Value::Double(0)))), "Inf");
  EXPECT_EQ(Text(*Fn("ABS", kDbl, Const(Value::Double(-2)))), "2.0E+000");
}

TEST(ExprArithTest, ColumnsWithSelectionAndConstants) {
  DataChunk chunk({kNum, kNum}, 8);
  for (int i = 0; i < 6; ++i) {
    chunk.column(0).SetValue(i, Value::Integer(i));
    chunk.column(1).SetValue(i, i == 4 ? Value::Null() : Value::Integer(i * 10));
  }
  chunk.SetSize(6);
  chunk.SetSelection({0, 2, 4, 5});
  EvalContext ctx;
  // col0 * 2 + col1; row 0 would not divide, but rows outside the selection are skipped.
  auto e = Fn("+", kNum, Fn("*", kNum, Col(0, kNum), Int(2)), Col(1, kNum));
  Vector out(kNum, 8);
  ExpressionExecutor::Execute(*e, chunk, out, ctx);
  EXPECT_EQ(out.GetValue(2).ToString(), "24");
  EXPECT_TRUE(out.GetValue(4).is_null());
  EXPECT_EQ(out.GetValue(5).ToString(), "60");
  auto div = Fn("/", kNum, Int(100), Col(0, kNum));
  chunk.SetSelection({2, 5});
  ExpressionExecutor::Execute(*div, chunk, out, ctx);
  EXPECT_EQ(out.GetValue(2).ToString(), "50");
  EXPECT_EQ(out.GetValue(5).ToString(), "20");
}

TEST(ExprArithTest, DateArithmetic) {
  auto d = Const(Value::Date(datetime_days(2026, 1, 31)));
  EXPECT_EQ(Text(*Fn("+", LogicalType::Date(), d->Copy(), Int(1))), "01-FEB-26");
  EXPECT_EQ(Text(*Fn("-", LogicalType::Date(), d->Copy(), Num("0.5"))), "30-JAN-26");
  auto d2 = Const(Value::Date(datetime_days(2026, 1, 1)));
  EXPECT_EQ(Text(*Fn("-", kNum, d->Copy(), d2->Copy())), "30");
}

TEST(ExprArithTest, MathFunctions) {
  EXPECT_EQ(Text(*Fn("ABS", kNum, Num("-3.5"))), "3.5");
  EXPECT_EQ(Text(*Fn("ROUND", kNum, Num("2.567"), Int(2))), "2.57");
  EXPECT_EQ(Text(*Fn("ROUND", kNum, Num("2.5"))), "3");
  EXPECT_EQ(Text(*Fn("TRUNC", kNum, Num("-2.567"), Int(1))), "-2.5");
  EXPECT_EQ(Text(*Fn("MOD", kNum, Int(-7), Int(3))), "-1");
  EXPECT_EQ(Text(*Fn("MOD", kNum, Int(7), Int(0))), "7");
  EXPECT_EQ(Text(*Fn("FLOOR", kNum, Num("-2.5"))), "-3");
  EXPECT_EQ(Text(*Fn("CEIL", kNum, Num("2.1"))), "3");
  EXPECT_EQ(Text(*Fn("POWER", kNum, Int(2), Int(10))), "1024");
  EXPECT_EQ(Text(*Fn("POWER", kNum, Int(2), Int(-1))), ".5");
  EXPECT_EQ(Text(*Fn("SQRT", kNum, Int(16))), "4");
  EXPECT_EQ(OraCode(*Fn("SQRT", kNum, Int(-1))), 1428);
  EXPECT_EQ(Text(*Fn("SIGN", kNum, Num("-0.1"))), "-1");
  EXPECT_EQ(Text(*Fn("EXP", kNum, Int(0))), "1");
  EXPECT_EQ(Text(*Fn("LN", kNum, Int(1))), "0");
  EXPECT_EQ(OraCode(*Fn("LN", kNum, Int(0))), 1428);
  EXPECT_EQ(Text(*Fn("LOG", kNum, Int(10), Int(1000))), "3");
  EXPECT_EQ(Text(*Fn("REMAINDER", kNum, Int(11), Int(4))), "-1");
}

}  // namespace
}  // namespace pathdb::exprtest

namespace pathdb::exprtest {
namespace {

TEST(ExprArithTest, FullBatchFilterAndProject) {
  const LogicalType num = LogicalType::Number();
  DataChunk chunk({num, LogicalType::Varchar()}, kVectorSize);
  for (size_t i = 0; i < kVectorSize; ++i) {
    chunk.column(0).SetValue(i, Value::Integer(static_cast<int64_t>(i)));
    std::string s = "r";
    s += std::to_string(i);
    chunk.column(1).SetValue(i, Value::Varchar(s));
  }
  chunk.SetSize(kVectorSize);
  EvalContext ctx;
  auto pred = Cmp("=", Fn("%", num, Col(0, num), Int(7)), Int(3));
  for (int rep = 0; rep < 50; ++rep) {  // repeated batches: no growth, same answer
    chunk.ClearSelection();
    ExpressionExecutor::Filter(*pred, chunk, ctx);
    ASSERT_EQ(chunk.Count(), (kVectorSize + 3) / 7);
  }
  auto proj = Fn("||", LogicalType::Varchar(), Col(1, LogicalType::Varchar()),
                 Fn("*", num, Col(0, num), Num("0.5")));
  Vector out(LogicalType::Varchar(), kVectorSize);
  ExpressionExecutor::Execute(*proj, chunk, out, ctx);
  EXPECT_EQ(out.GetValue(3).str(), "r31.5");
  EXPECT_EQ(out.GetValue(2040).str(), "r20401020");
}

}  // namespace
}  // namespace pathdb::exprtest
