#include "shell/sqlplus.h"

#include <gtest/gtest.h>

#include <sstream>

#include "fake_engine.h"

namespace pathdb::shell {
namespace {

struct ShellRun {
  testing::FakeEngine engine;
  std::ostringstream out, err;
  std::unique_ptr<Sqlplus> shell;
  ShellRun() { shell = std::make_unique<Sqlplus>(engine, out, err, OutputFormat::kSqlplus, false); }
  std::string operator()(const std::string& script) {
    shell->RunText(script);
    return out.str();
  }
};

TEST(Sqlplus, StatementEndsAtSemicolonOrSlash) {
  ShellRun r;
  r("create table t (a number);\nselect 1\nfrom dual\n/\nbegin\n  null;\nend;\n/\n");
  ASSERT_EQ(r.engine.executed.size(), 3u);
  EXPECT_EQ(r.engine.executed[0], "create table t (a number)");
  EXPECT_EQ(r.engine.executed[1], "select 1\nfrom dual");
  EXPECT_EQ(r.engine.executed[2], "begin\n  null;\nend;");
  EXPECT_EQ(r.out.str().substr(0, 16), "\nTable created.\n");
}

TEST(Sqlplus, SemicolonInsideStringDoesNotEnd) {
  ShellRun r;
  r("select ';\n' from dual;\n");
  ASSERT_EQ(r.engine.executed.size(), 1u);
  EXPECT_EQ(r.engine.executed[0], "select ';\n' from dual");
}

TEST(Sqlplus, SlashRerunsLastStatement) {
  ShellRun r;
  r("create table t (a number);\n/\n");
  EXPECT_EQ(r.engine.executed.size(), 2u);
}

TEST(Sqlplus, FeedbackThresholdAndNoRows) {
  ShellRun r;
  testing::CannedResult six{{"N"}, {LogicalType::Number()}, {}};
  for (int i = 0; i < 6; ++i) six.rows.push_back({Value::Integer(i)});
  r.engine.queries["select 6"] = six;
  r.engine.queries["select 5"] = {{"N"}, {LogicalType::Number()}, {{Value::Integer(1)}}};
  r.engine.queries["select 0"] = {{"N"}, {LogicalType::Number()}, {}};
  const std::string o = r("select 6;\nselect 0;\nselect 5;\n");
  EXPECT_NE(o.find("         5\n\n6 rows selected.\n\n"), std::string::npos);
  EXPECT_NE(o.find("\nno rows selected\n\n"), std::string::npos);
  EXPECT_EQ(o.find("1 row selected."), std::string::npos);
}

TEST(Sqlplus, ErrorsShowLineAndCaret) {
  ShellRun r;
  OraError e(942, "table or view does not exist");
  e.line = 2;
  e.column = 5;
  r.engine.errors.emplace("select *\nfrom nosuch", e);
  const std::string out = r("select *\nfrom nosuch;\n");
  EXPECT_EQ(out,
            "from nosuch\n     *\nERROR at line 2:\nORA-00942: table or view does not exist\n\n\n");
  EXPECT_EQ(r.shell->exit_code(), 1);
}

TEST(Sqlplus, ErrorHalfWayThroughResultKeepsRowsSoFar) {
  ShellRun r;
  r.engine.fail_after["select x"] = {{"X"}, {LogicalType::Number()}, {{Value::Integer(1)}}};
  r.engine.errors.emplace("select x", OraError(1476, "divisor is equal to zero"));
  EXPECT_EQ(r("select x;\n"),
            "\n         X\n----------\n         1\nERROR:\nORA-01476: divisor is equal to zero\n\n");
}

TEST(Sqlplus, CsvFormatSendsMessagesToStderr) {
  testing::FakeEngine engine;
  engine.queries["select 1"] = {{"A"}, {LogicalType::Number()}, {{Value::Integer(1)}}};
  engine.errors.emplace("select bad", OraError(942, "table or view does not exist"));
  std::ostringstream out, err;
  Sqlplus shell(engine, out, err, OutputFormat::kCsv, false);
  shell.RunText("create table t (a number);\nselect 1;\nselect bad;\n");
  EXPECT_EQ(out.str(), "A\n1\n");
  EXPECT_EQ(err.str(), "Table created.\nORA-00942: table or view does not exist\n");
  EXPECT_EQ(shell.exit_code(), 1);
}

TEST(Sqlplus, WheneverSqlerrorExitStopsAtOnce) {
  ShellRun r;
  r.engine.errors.emplace("bad", OraError(1476, "divisor is equal to zero"));
  r.engine.errors.emplace("select bad", OraError(1476, "divisor is equal to zero"));
  r("whenever sqlerror exit 3\nselect bad;\ncreate table t (a number);\n");
  EXPECT_EQ(r.engine.executed.size(), 1u);
  EXPECT_EQ(r.shell->exit_code(), 3);
  EXPECT_TRUE(r.shell->exit_requested());
}

TEST(Sqlplus, UnknownCommandAndDefineSubstitution) {
  ShellRun r;
  const std::string out =
      r("frobnicate the database\ndefine tab = t1\nprompt table &tab\ncreate table &tab (a number);\n");
  EXPECT_NE(out.find("SP2-0734: unknown command beginning \"frobnicate...\" - rest of line ignored."),
            std::string::npos);
  EXPECT_NE(out.find("table t1\n"), std::string::npos);
  EXPECT_NE(out.find("old   1: create table &tab (a number)\nnew   1: create table t1 (a number)\n"),
            std::string::npos);
  EXPECT_EQ(r.engine.executed.back(), "create table t1 (a number)");
}

TEST(Sqlplus, SetCommandsAndShow) {
  ShellRun r;
  r("set linesize 100\nset pagesize 0\nset feedback off\nset timing on\nset verify off\n"
    "set bogus on\nshow linesize\n");
  EXPECT_EQ(r.shell->settings().linesize, 100);
  EXPECT_EQ(r.shell->settings().pagesize, 0);
  EXPECT_EQ(r.shell->settings().feedback, 0);
  EXPECT_TRUE(r.shell->settings().timing);
  EXPECT_FALSE(r.shell->settings().verify);
  EXPECT_NE(r.out.str().find("SP2-0158: unknown SET option \"bogus\""), std::string::npos);
  EXPECT_NE(r.out.str().find("linesize 100\n"), std::string::npos);
}

TEST(Sqlplus, DescribeAndShowParameter) {
  ShellRun r;
  const std::string out = r("desc t\ndesc nosuch\nshow parameter block_size\n");
  EXPECT_NE(out.find(" Name                                      Null?    Type\n"
                     " ----------------------------------------- -------- ----------------------------\n"
                     " ID                                        NOT NULL NUMBER(10)\n"
                     " NAME                                               VARCHAR2(20)\n\n"),
            std::string::npos);
  EXPECT_NE(out.find("ERROR:\nORA-04043: object nosuch does not exist\n"), std::string::npos);
  EXPECT_NE(out.find("db_block_size                        integer     8192\n"), std::string::npos);
}

TEST(Sqlplus, ExecWrapsInBlockAndExitCommits) {
  ShellRun r;
  r("exec dbms_random.seed(1)\nexit\nselect 1 from dual;\n");
  ASSERT_EQ(r.engine.executed.size(), 1u);
  EXPECT_EQ(r.engine.executed[0], "BEGIN dbms_random.seed(1); END;");
  EXPECT_EQ(r.engine.commits, 1);
  EXPECT_EQ(r.shell->exit_code(), 0);
}

TEST(Sqlplus, BlankLineCancelsBufferAndCommentsAreSkipped) {
  ShellRun r;
  r("-- a comment\nrem another\n/* block\n comment */\nselect 1\n\ncreate table x (a number);\n");
  ASSERT_EQ(r.engine.executed.size(), 1u);
  EXPECT_EQ(r.engine.executed[0], "create table x (a number)");
}

TEST(Sqlplus, ClassifiesLines) {
  EXPECT_TRUE(IsShellCommandWord("DESC"));
  EXPECT_TRUE(IsShellCommandWord("COL"));
  EXPECT_FALSE(IsShellCommandWord("SELECT"));
  EXPECT_TRUE(EndsWithTerminator("select 1 from dual;"));
  EXPECT_FALSE(EndsWithTerminator("select ';"));
  EXPECT_FALSE(EndsWithTerminator("select 1 -- x;"));
  EXPECT_TRUE(IsPlsqlStart("CREATE OR REPLACE PROCEDURE p AS"));
  EXPECT_FALSE(IsPlsqlStart("CREATE TABLE t (a number)"));
}

}  // namespace
}  // namespace pathdb::shell
