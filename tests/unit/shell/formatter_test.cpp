#include "shell/result_formatter.h"

#include <gtest/gtest.h>

#include <sstream>

#include "fake_engine.h"

namespace pathdb::shell {
namespace {

using testing::Num;

std::string Format(Settings& s, const testing::CannedResult& r) {
  std::ostringstream out;
  TableFormatter f(out, s);
  testing::SendRows(f, r);
  return out.str();
}

TEST(TableFormatter, NumberColumnIsTenWideRightAligned) {
  Settings s;
  testing::CannedResult r{{"COUNT(*)"}, {LogicalType::Number()}, {{Num("3")}}};
  EXPECT_EQ(Format(s, r), "\n  COUNT(*)\n----------\n         3\n\n");
}

TEST(TableFormatter, VarcharWidthFromTypeAndHeadingTruncated) {
  Settings s;
  testing::CannedResult r{{"ID", "NAME_OF_THING"},
                          {LogicalType::Number(), LogicalType::Varchar(5)},
                          {{Num("1"), Value::Varchar("ab")}, {Value::Null(), Value::Null()}}};
  EXPECT_EQ(Format(s, r),
            "\n        ID NAME_\n---------- -----\n         1 ab\n\n\n");
}

TEST(TableFormatter, LongStringsWrapInsideTheColumn) {
  Settings s;
  s.columns["NAME"].format = "a4";
  testing::CannedResult r{{"NAME"}, {LogicalType::Varchar(20)}, {{Value::Varchar("abcdefghij")}}};
  EXPECT_EQ(Format(s, r), "\nNAME\n----\nabcd\nefgh\nij\n\n");
}

TEST(TableFormatter, NumberMaskFromColumnFormat) {
  Settings s;
  s.columns["TOTAL"].format = "999,999.99";
  testing::CannedResult r{{"TOTAL"}, {LogicalType::Number()}, {{Num("1234.5")}}};
  EXPECT_EQ(Format(s, r), "\n      TOTAL\n-----------\n   1,234.50\n\n");
}

TEST(TableFormatter, HeadingsRepeatEveryPage) {
  Settings s;
  s.pagesize = 5;  // blank + heading + underline + 2 rows
  testing::CannedResult r{{"N"}, {LogicalType::Number()}, {}};
  for (int i = 1; i <= 3; ++i) r.rows.push_back({Value::Integer(i)});
  const std::string head = "\n         N\n----------\n";
  EXPECT_EQ(Format(s, r), head + "         1\n         2\n" + head + "         3\n\n");
}

TEST(TableFormatter, PagesizeZeroPrintsNoHeadings) {
  Settings s;
  s.pagesize = 0;
  testing::CannedResult r{{"N"}, {LogicalType::Number()}, {{Value::Integer(7)}}};
  EXPECT_EQ(Format(s, r), "         7\n\n");
}

TEST(TableFormatter, NullTextAndNewValue) {
  Settings s;
  s.null_text = "(null)";
  s.columns["N"].new_value = "last_n";
  testing::CannedResult r{{"N", "S"},
                          {LogicalType::Number(), LogicalType::Varchar(6)},
                          {{Num("1"), Value::Null()}, {Num("2.5"), Value::Varchar("x")}}};
  EXPECT_EQ(Format(s, r),
            "\n         N S\n---------- ------\n         1 (null)\n       2.5 x\n\n");
  EXPECT_EQ(s.defines.Get("LAST_N").value_or("?"), "2.5");
}

TEST(TableFormatter, RowsWiderThanLinesizeFold) {
  Settings s;
  s.linesize = 12;
  testing::CannedResult r{{"A", "B"},
                          {LogicalType::Varchar(8), LogicalType::Varchar(8)},
                          {{Value::Varchar("x"), Value::Varchar("y")}}};
  EXPECT_EQ(Format(s, r), "\nA\n--------\nB\n--------\nx\ny\n\n");
}

}  // namespace
}  // namespace pathdb::shell
