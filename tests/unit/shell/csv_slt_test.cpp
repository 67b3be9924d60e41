#include <gtest/gtest.h>

#include <sstream>

#include "fake_engine.h"
#include "shell/csv_output.h"
#include "shell/slt_protocol.h"

namespace pathdb::shell {
namespace {

using testing::Num;

TEST(Csv, QuotesOnlyWhenNeeded) {
  EXPECT_EQ(CsvQuote("abc"), "abc");
  EXPECT_EQ(CsvQuote("a,b"), "\"a,b\"");
  EXPECT_EQ(CsvQuote("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(CsvQuote("two\nlines"), "\"two\nlines\"");
  EXPECT_EQ(CsvQuote(""), "");
}

TEST(Csv, HeaderRowsAndNullAsEmpty) {
  std::ostringstream out;
  CsvSink sink(out);
  testing::CannedResult r{{"ID", "NAME"},
                          {LogicalType::Number(), LogicalType::Varchar(10)},
                          {{Num("1.5"), Value::Varchar("a,b")}, {Value::Null(), Value::Null()}}};
  testing::SendRows(sink, r);
  EXPECT_EQ(out.str(), "ID,NAME\n1.5,\"a,b\"\n,\n");
}

TEST(Slt, ValuesPrintByType) {
  EXPECT_EQ(SltValue(Value::Null()), "NULL");
  EXPECT_EQ(SltValue(Value::Integer(-17)), "-17");
  EXPECT_EQ(SltValue(Value::Double(2.5)), "2.5");
  EXPECT_EQ(SltValue(Value::Double(3.0)), "3.0");
  EXPECT_EQ(SltValue(Value::Double(1e20)), "1e+20");
  EXPECT_EQ(SltValue(Value::Number(*Decimal::Parse(".5"), LogicalType::Number(10, 2))), "0.5");
  EXPECT_EQ(SltValue(Value::Number(*Decimal::Parse("-.25"), LogicalType::Number())), "-0.25");
  EXPECT_EQ(SltValue(Value::Number(*Decimal::Parse("3"), LogicalType::Number(10, 2))), "3.0");
  EXPECT_EQ(SltValue(Value::Varchar("a\tb\\c\nd\"e")), "\"a\\tb\\\\c\\nd\"e\"");
  EXPECT_EQ(SltValue(Value::Varchar("NULL")), "\"NULL\"");
  EXPECT_EQ(SltReal(1.0 / 0.0), "inf");
}

TEST(Slt, SplitRespectsStringsCommentsAndTriggers) {
  auto s = SplitSqlStatements("select ';' from t; -- only a comment\n; insert into t values(1)");
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(s[0], "select ';' from t");
  EXPECT_EQ(s[1], "insert into t values(1)");
  s = SplitSqlStatements("CREATE TRIGGER x AFTER INSERT ON t BEGIN SELECT 1; END;");
  ASSERT_EQ(s.size(), 1u);
  EXPECT_TRUE(SplitSqlStatements("  -- nothing\n/* here */ ").empty());
}

TEST(Slt, ProtocolResponses) {
  testing::FakeEngine engine;
  engine.queries["SELECT a FROM t"] = {{"A"}, {LogicalType::Integer()}, {{Value::Integer(1)}}};
  engine.queries["SELECT b FROM t"] = {{"B"}, {LogicalType::Varchar()}, {}};
  engine.errors.emplace("SELECT * FROM nosuch", OraError(942, "table or view does not exist"));
  std::istringstream in(
      "CREATE TABLE t(a INTEGER)\n;;\nSELECT a FROM t\n;;\nSELECT b FROM t\n;;\n"
      "SELECT * FROM nosuch\n;;\n\n;;\n-- c\r\n ;; \r\n");
  std::ostringstream out;
  EXPECT_EQ(RunSltProtocol(in, out, engine), 0);
  EXPECT_EQ(out.str(),
            "OK\nCOLUMNS 1\n1\nOK\nCOLUMNS 1\nOK\n"
            "ERROR ORA-00942: table or view does not exist\nOK\nOK\n");
}

}  // namespace
}  // namespace pathdb::shell
