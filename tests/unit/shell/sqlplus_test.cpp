#include "shell/sqlplus.h"

#include <gtest/gtest.h>

#include <regex>
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

TEST(Sqlplus, SemicolonInsideALineDoesNotEnd) {
  ShellRun r;
  r("select ';' as s\nfrom dual;\n");
  ASSERT_EQ(r.engine.executed.size(), 1u);
  EXPECT_EQ(r.engine.executed[0], "select ';' as s\nfrom dual");
}

// SQL*Plus ends a statement at a line-final ';' even inside a string: the statement fails
// and the next line starts afresh instead of being swallowed by the open quote.
TEST(Sqlplus, LineFinalSemicolonEndsEvenInsideAString) {
  ShellRun r;
  r.engine.errors.emplace("select 'abc", OraError(1756, "quoted string not properly terminated"));
  const std::string out = r("select 'abc;\ncreate table t (a number);\n");
  ASSERT_EQ(r.engine.executed.size(), 2u);
  EXPECT_EQ(r.engine.executed[1], "create table t (a number)");
  EXPECT_EQ(out,
            "ERROR:\nORA-01756: quoted string not properly terminated\n\n\n\nTable created.\n\n");
  EXPECT_EQ(r.shell->exit_code(), 1);
}

TEST(Sqlplus, MultiLineStringEndsAtALineFinalSemicolon) {
  ShellRun r;
  r("insert into t values ('one\ntwo;\nthree');\n");
  ASSERT_EQ(r.engine.executed.size(), 1u);
  EXPECT_EQ(r.engine.executed[0], "insert into t values ('one\ntwo");
  EXPECT_NE(
      r.out.str().find("SP2-0734: unknown command beginning \"three');\" - rest of line ignored."),
      std::string::npos);
}

TEST(Sqlplus, PlsqlBlockKeepsLineFinalSemicolonsUntilSlash) {
  ShellRun r;
  r("begin\n  x := 'a;\n  b';\nend;\n/\n");
  ASSERT_EQ(r.engine.executed.size(), 1u);
  EXPECT_EQ(r.engine.executed[0], "begin\n  x := 'a;\n  b';\nend;");
}

// The old splitter rescanned the whole buffer at every line; 200,000 lines inside an open
// quote would take hours that way (the ctest timeout catches a regression).
TEST(Sqlplus, LongInputAfterAnOpenQuoteIsReadLinearly) {
  ShellRun r;
  std::string script = "select 'abc\n";
  for (int i = 0; i < 200000; ++i) script += "it's line " + std::to_string(i) + "\n";
  script += "';\n";
  r(script);
  ASSERT_EQ(r.engine.executed.size(), 1u);
  EXPECT_EQ(r.engine.executed[0].size(), script.size() - 2);  // without ";\n"
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
  EXPECT_EQ(
      r("select x;\n"),
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

TEST(Sqlplus, WheneverSqlerrorExitRollsBackWhenAsked) {
  ShellRun r;
  r.engine.errors.emplace("select bad", OraError(942, "table or view does not exist"));
  r("insert into t values (1);\nwhenever sqlerror exit sql.sqlcode rollback\nselect bad;\n"
    "select 1;\n");
  ASSERT_EQ(r.engine.executed.size(), 3u);
  EXPECT_EQ(r.engine.executed[2], "ROLLBACK");
  EXPECT_EQ(r.shell->exit_code(), 942 % 256);
}

TEST(Sqlplus, WheneverSqlerrorContinueCommitsOrRollsBack) {
  ShellRun r;
  r.engine.errors.emplace("select bad", OraError(942, "table or view does not exist"));
  r("whenever sqlerror continue commit\nselect bad;\nwhenever sqlerror continue rollback\n"
    "select bad;\nwhenever sqlerror continue none\nselect bad;\nselect 1;\n");
  EXPECT_EQ(r.engine.commits, 1);
  EXPECT_EQ(r.engine.executed, (std::vector<std::string>{"select bad", "select bad", "ROLLBACK",
                                                         "select bad", "select 1"}));
  EXPECT_FALSE(r.shell->exit_requested());
}

TEST(Sqlplus, WheneverOserrorAtAMissingScript) {
  ShellRun r;
  r("whenever oserror exit 4\n@no_such_file_here.sql\nselect 1;\n");
  EXPECT_TRUE(r.engine.executed.empty());
  EXPECT_EQ(r.shell->exit_code(), 4);
  EXPECT_EQ(r.out.str(), "SP2-0310: unable to open file \"no_such_file_here.sql\"\n");
}

TEST(Sqlplus, SqlerrorHandlerIgnoresCommandErrors) {
  ShellRun r;
  r("whenever sqlerror exit 3\nset bogus on\nselect 1;\nwhenever nonsense\nexit 2 3\n");
  EXPECT_EQ(r.engine.executed.size(), 1u);
  EXPECT_FALSE(r.shell->exit_requested());
  EXPECT_EQ(r.shell->exit_code(), 1);  // SP2- errors count as failures at the end
  EXPECT_NE(r.out.str().find("Usage: WHENEVER"), std::string::npos);
  EXPECT_NE(r.out.str().find("Usage: { EXIT | QUIT }"), std::string::npos);
}

TEST(Sqlplus, UnknownCommandAndDefineSubstitution) {
  ShellRun r;
  const std::string out =
      r("frobnicate the database\ndefine tab = t1\nprompt table &tab\ncreate table &tab (a "
        "number);\n");
  EXPECT_NE(
      out.find("SP2-0734: unknown command beginning \"frobnicate...\" - rest of line ignored."),
      std::string::npos);
  EXPECT_NE(out.find("table t1\n"), std::string::npos);
  EXPECT_NE(
      out.find("old   1: create table &tab (a number)\nnew   1: create table t1 (a number)\n"),
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

// Elapsed keeps SQL*Plus's centiseconds unless SET TIMINGPRECISION asks for up to 6 digits
// (benchmarks time sub-10 ms statements with it).
TEST(Sqlplus, TimingPrecisionSetsElapsedDigits) {
  ShellRun r;
  r("set timing on\nselect 1 from dual;\nset timingprecision 6\nselect 1 from dual;\n"
    "show timingprecision\nset timingprecision 7\nset timingprec x\n");
  EXPECT_EQ(r.shell->settings().timing_precision, 6);
  const std::string out = r.out.str();
  const std::regex two("Elapsed: 00:00:00\\.[0-9]{2}\n");
  const std::regex six("Elapsed: 00:00:00\\.[0-9]{6}\n");
  const size_t second = out.find("Elapsed", out.find("Elapsed") + 1);
  ASSERT_NE(second, std::string::npos);
  EXPECT_TRUE(std::regex_search(out.substr(0, second), two)) << out;
  EXPECT_TRUE(std::regex_search(out.substr(second), six)) << out;
  EXPECT_NE(out.find("timingprecision 6\n"), std::string::npos);
  EXPECT_NE(out.find("SP2-0267: timingprecision option 7 out of range (2 through 6)"),
            std::string::npos);
  EXPECT_NE(out.find("SP2-0268: timingprecision option not a valid number"), std::string::npos);
}

TEST(Sqlplus, SetTakesSeveralOptionsAndStopsAtTheFirstBadOne) {
  ShellRun r;
  r("set linesize 200 pagesize 1000 feedback off\n"
    "set lines 120 numwidth 12 bogus 1 pagesize 5\n"
    "set autotrace traceonly explain timing on\n"
    "set heading off linesize x verify off\n");
  const Settings& s = r.shell->settings();
  EXPECT_EQ(s.linesize, 120);
  EXPECT_EQ(s.numwidth, 12);
  EXPECT_EQ(s.pagesize, 1000);  // after the unknown option: not applied
  EXPECT_EQ(s.feedback, 0);
  EXPECT_TRUE(s.autotrace.on);
  EXPECT_FALSE(s.autotrace.rows);
  EXPECT_FALSE(s.autotrace.statistics);
  EXPECT_TRUE(s.timing);
  EXPECT_FALSE(s.heading);
  EXPECT_TRUE(s.verify);
  EXPECT_EQ(r.out.str(),
            "SP2-0158: unknown SET option \"bogus\"\n"
            "SP2-0268: linesize option not a valid number\n");
}

TEST(Sqlplus, DescribeAndShowParameter) {
  ShellRun r;
  const std::string out = r("desc t\ndesc nosuch\nshow parameter block_size\n");
  EXPECT_NE(
      out.find(" Name                                      Null?    Type\n"
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
  EXPECT_TRUE(LineEndsStatement("select 1 from dual;"));
  EXPECT_TRUE(LineEndsStatement("select 1 from dual ;  \t"));
  EXPECT_TRUE(LineEndsStatement("select ';"));       // SQL*Plus: ends, then ORA-01756
  EXPECT_TRUE(LineEndsStatement("select 1 -- x;"));  // SQL*Plus: ends at a comment's ';' too
  EXPECT_FALSE(LineEndsStatement("select 1; -- x"));
  EXPECT_FALSE(LineEndsStatement("select ';' from dual"));
  EXPECT_TRUE(IsPlsqlStart("CREATE OR REPLACE PROCEDURE p AS"));
  EXPECT_FALSE(IsPlsqlStart("CREATE TABLE t (a number)"));
}

}  // namespace
}  // namespace pathdb::shell
