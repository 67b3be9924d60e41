// SplitStatements and the SQL*Plus command recogniser.
#include <gtest/gtest.h>

#include "common/error.h"
#include "parser/parser.h"

namespace pathdb {
namespace {

std::vector<std::string> Texts(std::string_view script) {
  std::vector<std::string> out;
  for (auto& s : SplitStatements(script)) out.push_back(s.text);
  return out;
}

TEST(Splitter, SemicolonsStringsAndComments) {
  auto v = SplitStatements(
      "select 'a;b' from dual;\n"
      "-- comment; with semicolon\n"
      "select \"x;y\" /* ; */ from t;  select 3 from dual;\n"
      "\n"
      "select q'[;]' from dual;");
  ASSERT_EQ(v.size(), 4u);
  EXPECT_EQ(v[0].text, "select 'a;b' from dual");
  EXPECT_EQ(v[0].first_line, 1u);
  EXPECT_EQ(v[1].text, "select \"x;y\" /* ; */ from t");
  EXPECT_EQ(v[1].first_line, 3u);
  EXPECT_EQ(v[2].text, "select 3 from dual");
  EXPECT_EQ(v[2].first_line, 3u);
  EXPECT_EQ(v[3].text, "select q'[;]' from dual");
  EXPECT_EQ(v[3].first_line, 5u);
}

TEST(Splitter, MultiLineStatementAndSlash) {
  auto v = SplitStatements("select a\n  from t\n/\ncreate table x (a int)\n/\n");
  ASSERT_EQ(v.size(), 2u);
  EXPECT_EQ(v[0].text, "select a\n  from t");
  EXPECT_EQ(v[1].first_line, 4u);
}

TEST(Splitter, PlsqlBlocks) {
  auto v = Texts(
      "begin\n  dbms_stats.gather_table_stats(user, 'T');\n  null;\nend;\n/\n"
      "select 1 from dual;\n"
      "BEGIN x(1); END;\n"
      "select 2 from dual;\n");
  ASSERT_EQ(v.size(), 4u);
  EXPECT_EQ(v[0], "begin\n  dbms_stats.gather_table_stats(user, 'T');\n  null;\nend;");
  EXPECT_EQ(v[1], "select 1 from dual");
  EXPECT_EQ(v[2], "BEGIN x(1); END;");
  EXPECT_EQ(v[3], "select 2 from dual");
}

TEST(Splitter, NestedBlocksAndSqliteTrigger) {
  auto v = Texts(
      "CREATE TRIGGER t1r1 UPDATE ON t1 BEGIN SELECT 1; END;\n"
      "begin if a then begin null; end; end if; case x when 1 then null; end case; end;\n"
      "select 1 from dual;");
  ASSERT_EQ(v.size(), 3u);
  EXPECT_EQ(v[0], "CREATE TRIGGER t1r1 UPDATE ON t1 BEGIN SELECT 1; END;");
  EXPECT_EQ(v[2], "select 1 from dual");
}

TEST(Splitter, SlashAloneRerunsPreviousStatement) {
  auto v = Texts("select 1 from dual;\n/\n");
  ASSERT_EQ(v.size(), 2u);
  EXPECT_EQ(v[1], "select 1 from dual");
}

TEST(Splitter, ShellCommandsAreOneLine) {
  auto v = SplitStatements(
      "set timing on\nSELECT 1 FROM dual;\nprompt it's done; really\n@other.sql\n"
      "column name format a20\nexec dbms_random.seed(1)\ndesc t\n");
  ASSERT_EQ(v.size(), 7u);
  EXPECT_EQ(v[0].text, "set timing on");
  EXPECT_EQ(v[1].text, "SELECT 1 FROM dual");
  EXPECT_EQ(v[2].text, "prompt it's done; really");
  EXPECT_EQ(v[3].text, "@other.sql");
  EXPECT_EQ(v[3].first_line, 4u);
  EXPECT_EQ(v[5].text, "exec dbms_random.seed(1)");
  EXPECT_EQ(v[6].text, "desc t");
}

TEST(Splitter, UnknownCommandIsItsOwnLine) {
  auto v = Texts("frobnicate now\nset nosuchoption on\nselect 1\n  from dual;\n");
  ASSERT_EQ(v.size(), 3u);
  EXPECT_EQ(v[0], "frobnicate now");
  EXPECT_EQ(v[1], "set nosuchoption on");
  EXPECT_EQ(v[2], "select 1\n  from dual");
}

TEST(Splitter, TrailingStatementWithoutTerminator) {
  auto v = Texts("select 1 from dual;\nselect 2 from dual");
  ASSERT_EQ(v.size(), 2u);
  EXPECT_EQ(v[1], "select 2 from dual");
  EXPECT_TRUE(Texts("  \n -- nothing\n").empty());
}

TEST(ShellCommand, Recognition) {
  for (const char* line : {"set timing on", "SET AUTOTRACE TRACEONLY", "col a format a10",
                           "column x new_value y", "def x = 1", "define", "undef x",
                           "desc t", "DESCRIBE t", "sho parameter x", "show sga", "@f.sql",
                           "@@f.sql", "start f.sql", "sta f", "whenever sqlerror exit",
                           "exit", "quit 2", "exec p", "execute p(1)", "load t f.csv",
                           "prompt hi", "clear screen", "spool off", "rem x"}) {
    EXPECT_TRUE(IsShellCommand(line)) << line;
  }
  for (const char* line : {"select 1 from dual", "update t set a = 1", "settle", "de x",
                           "starting", "execute_x", "begin null; end;", "with x as (select 1)",
                           "alter session set x = 1", ""}) {
    EXPECT_FALSE(IsShellCommand(line)) << line;
  }
}

TEST(ShellCommand, Parsing) {
  auto c = ParseShellCommand("  col  cust_email  format A30 ");
  EXPECT_EQ(c.verb, "COLUMN");
  EXPECT_EQ(c.words, (std::vector<std::string>{"cust_email", "format", "A30"}));
  EXPECT_EQ(c.rest, "cust_email  format A30");
  auto d = ParseShellCommand("define v=42");
  EXPECT_EQ(d.verb, "DEFINE");
  EXPECT_EQ(d.words, (std::vector<std::string>{"v", "=", "42"}));
  auto s = ParseShellCommand("@@scripts/load.sql arg1");
  EXPECT_EQ(s.verb, "START");
  EXPECT_EQ(s.words, (std::vector<std::string>{"scripts/load.sql", "arg1"}));
  auto l = ParseShellCommand("set loadformat enclosures '\"' ;");
  EXPECT_EQ(l.words, (std::vector<std::string>{"loadformat", "enclosures", "\""}));
  auto p = ParseShellCommand("PROMPT Hello, 'world';");
  EXPECT_EQ(p.verb, "PROMPT");
  EXPECT_EQ(p.rest, "Hello, 'world';");
  auto e = ParseShellCommand("exec dbms_stats.gather_table_stats(user, 'T')");
  EXPECT_EQ(e.verb, "EXECUTE");
  EXPECT_EQ(e.rest, "dbms_stats.gather_table_stats(user, 'T')");
  EXPECT_THROW(ParseShellCommand("frobnicate now"), OraError);
  EXPECT_THROW(ParseShellCommand("desc"), OraError);
}

}  // namespace
}  // namespace pathdb
