// The cursor cache on its own (children, LRU, invalidation) and through a Session: soft and
// hard parses, V$SQL / V$SESSION / V$SQL_PLAN_STATISTICS_ALL, EXPLAIN PLAN + DBMS_XPLAN, and
// SET AUTOTRACE in the shell.
#include "shell/engine/cursor_cache.h"

#include <gtest/gtest.h>

#include <sstream>

#include "../planner/session_test_util.h"
#include "planner/sql_id.h"
#include "shell/engine/xplan_statements.h"
#include "shell/session_engine.h"
#include "shell/sqlplus.h"

namespace pathdb {
namespace {

TEST(CursorCache, ChildrenByEnvironment) {
  CursorCache cache;
  EXPECT_EQ(cache.Find("a", "env1"), nullptr);
  ChildCursor& c0 = cache.Obtain("a", "select 1 from dual", "env1");
  EXPECT_EQ(c0.child_number, 0);
  ChildCursor& c1 = cache.Obtain("a", "select 1 from dual", "env2");
  EXPECT_EQ(c1.child_number, 1);
  EXPECT_EQ(&cache.Obtain("a", "select 1 from dual", "env1"), &c0);
  EXPECT_EQ(cache.Find("a", "env2"), &c1);
  EXPECT_EQ(cache.Child("a", 1), &c1);
  EXPECT_EQ(cache.Child("a", 2), nullptr);
  ASSERT_NE(cache.Parent("a"), nullptr);
  EXPECT_EQ(cache.Parent("a")->sql_text, "select 1 from dual");
}

TEST(CursorCache, EvictsLeastRecentlyUsed) {
  CursorCache cache(2);
  cache.Obtain("a", "a", "e");
  cache.Obtain("b", "b", "e");
  ASSERT_NE(cache.Find("a", "e"), nullptr);  // a is now the most recent
  cache.Obtain("c", "c", "e");
  EXPECT_EQ(cache.size(), 2u);
  EXPECT_NE(cache.Parent("a"), nullptr);
  EXPECT_EQ(cache.Parent("b"), nullptr);
  EXPECT_NE(cache.Parent("c"), nullptr);
}

TEST(CursorCache, InvalidateAllCountsInvalidations) {
  CursorCache cache;
  ChildCursor& c = cache.Obtain("a", "a", "e");
  c.has_plan = true;
  cache.InvalidateAll();
  EXPECT_FALSE(c.valid);
  EXPECT_EQ(c.invalidations, 1u);
  cache.InvalidateAll();  // already invalid: not counted twice
  EXPECT_EQ(c.invalidations, 1u);
}

TEST(CursorCache, AccumulateRuntime) {
  std::vector<OperatorRuntimeStats> total;
  std::vector<OperatorRuntimeStats> last(3);
  last[1].starts = 1;
  last[1].rows = 10;
  last[2].mem_used = 100;
  AccumulateRuntime(total, last);
  last[2].mem_used = 50;
  AccumulateRuntime(total, last);
  ASSERT_EQ(total.size(), 3u);
  EXPECT_EQ(total[1].starts, 2u);
  EXPECT_EQ(total[1].rows, 20u);
  EXPECT_EQ(total[2].mem_used, 100u);  // peak, not a sum
}

TEST(SplitOperation, OracleOperationAndOptions) {
  using P = std::pair<std::string, std::string>;
  EXPECT_EQ(SplitOperation("TABLE ACCESS FULL"), P("TABLE ACCESS", "FULL"));
  EXPECT_EQ(SplitOperation("TABLE ACCESS BY INDEX ROWID BATCHED"),
            P("TABLE ACCESS", "BY INDEX ROWID BATCHED"));
  EXPECT_EQ(SplitOperation("INDEX RANGE SCAN"), P("INDEX", "RANGE SCAN"));
  EXPECT_EQ(SplitOperation("HASH JOIN"), P("HASH JOIN", ""));
  EXPECT_EQ(SplitOperation("HASH JOIN RIGHT OUTER"), P("HASH JOIN", "RIGHT OUTER"));
  EXPECT_EQ(SplitOperation("HASH GROUP BY"), P("HASH", "GROUP BY"));
  EXPECT_EQ(SplitOperation("SORT ORDER BY"), P("SORT", "ORDER BY"));
  EXPECT_EQ(SplitOperation("COUNT STOPKEY"), P("COUNT", "STOPKEY"));
  EXPECT_EQ(SplitOperation("FILTER"), P("FILTER", ""));
  EXPECT_EQ(SplitOperation("SELECT STATEMENT"), P("SELECT STATEMENT", ""));
}

class CursorSessionTest : public testing::SessionTest {
 protected:
  uint64_t Stat(const char* name) {
    auto r = Rows(fmt::format(
        "select m.value from v$statname s, v$mystat m where m.statistic# = s.statistic# and "
        "s.name = '{}'",
        name));
    EXPECT_EQ(r.size(), 1u);
    return r.empty() ? 0 : std::stoull(r[0]);
  }
  void MakeTable() {
    Exec("create table t (id number, grp number)");
    Exec("insert into t select level, mod(level, 10) from dual connect by level <= 200");
    Exec("commit");
  }
};

TEST_F(CursorSessionTest, SecondExecutionIsASoftParse) {
  MakeTable();
  const std::string q = "select count(*) from t where grp = 3";
  EXPECT_EQ(Rows(q), testing::Strings{"20"});
  const uint64_t total0 = Stat("parse count (total)");
  const uint64_t hard0 = Stat("parse count (hard)");
  EXPECT_EQ(Rows(q), testing::Strings{"20"});
  // The statistics queries are cached too (each ran once before); every call still parses.
  EXPECT_EQ(Stat("parse count (total)"), total0 + 3);
  EXPECT_EQ(Stat("parse count (hard)"), hard0);

  auto v = Rows(fmt::format(
      "select child_number, executions, parse_calls, rows_processed, sql_text from v$sql "
      "where sql_id = '{}'",
      planner::SqlId(q)));
  EXPECT_EQ(v, testing::Strings{"0|2|2|2|" + q});
}

TEST_F(CursorSessionTest, DdlInvalidatesAndEnvironmentMakesChildren) {
  MakeTable();
  const std::string q = "select count(*) from t where id = 5";
  Rows(q);
  Exec("create index t_id on t (id)");
  const uint64_t hard0 = Stat("parse count (hard)");
  EXPECT_EQ(Rows(q), testing::Strings{"1"});
  EXPECT_EQ(Stat("parse count (hard)"), hard0 + 1);  // replanned after the DDL
  auto v = Rows(fmt::format(
      "select child_number, executions, loads, invalidations from v$sql where sql_id = '{}'",
      planner::SqlId(q)));
  EXPECT_EQ(v, testing::Strings{"0|2|2|1"});

  Exec("alter session set statistics_level = all");
  Rows(q);
  v =
      Rows(fmt::format("select child_number, executions from v$sql where sql_id = '{}' "
                       "order by child_number",
                       planner::SqlId(q)));
  EXPECT_EQ(v, (testing::Strings{"0|2", "1|1"}));
}

TEST_F(CursorSessionTest, SessionSqlIds) {
  const std::string q = "select 42 from dual";
  Rows(q);
  const std::string vq = "select sql_id, prev_sql_id, status from v$session";
  EXPECT_EQ(Rows(vq), testing::Strings{planner::SqlId(vq) + "|" + planner::SqlId(q) + "|ACTIVE"});
}

TEST_F(CursorSessionTest, RuntimeStatisticsWithHintOnly) {
  MakeTable();
  Rows("select /*+ GATHER_PLAN_STATISTICS */ count(*) from t");
  const std::string id = planner::SqlId("select /*+ GATHER_PLAN_STATISTICS */ count(*) from t");
  auto v =
      Rows(fmt::format("select operation, options, object_name, last_starts, last_output_rows "
                       "from v$sql_plan_statistics_all where sql_id = '{}' and object_name = 'T'",
                       id));
  EXPECT_EQ(v, testing::Strings{"TABLE ACCESS|FULL|T|1|200"});
  // Without the hint (and statistics_level TYPICAL) nothing is collected.
  Rows("select count(*) from t");
  v = Rows(fmt::format(
      "select count(last_starts), count(*) from v$sql_plan_statistics_all where sql_id = '{}'",
      planner::SqlId("select count(*) from t")));
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].substr(0, 2), "0|");
}

TEST_F(CursorSessionTest, ExplainPlanAndDisplay) {
  MakeTable();
  EXPECT_EQ(Exec("explain plan for select * from t where grp = 1"), "Explained.");
  auto lines = Rows("select * from table(dbms_xplan.display)");
  ASSERT_GT(lines.size(), 4u);
  EXPECT_EQ(lines[0].rfind("Plan hash value: ", 0), 0u);
  bool full = false;
  for (const auto& l : lines) full = full || l.find("TABLE ACCESS FULL") != std::string::npos;
  EXPECT_TRUE(full);
  // EXPLAIN PLAN does not run the statement: no cursor for it.
  EXPECT_EQ(Rows(fmt::format("select count(*) from v$sql where sql_id = '{}'",
                             planner::SqlId("select * from t where grp = 1"))),
            testing::Strings{"0"});
  lines = Rows("select * from table(dbms_xplan.display(null, 'nope'))");
  EXPECT_EQ(lines, testing::Strings{"Error: cannot fetch plan for statement_id 'nope'"});
  lines = Rows("select * from table(dbms_xplan.display_cursor('0000000000000'))");
  EXPECT_EQ(lines, testing::Strings{"SQL_ID: 0000000000000, child number: 0 cannot be found"});
  EXPECT_EQ(ErrorCode("select * from table(dbms_xplan.display(bogus => 1))"), 6553);
  EXPECT_EQ(ErrorCode("select * from table(dbms_xplan.nothing)"), 904);
}

TEST_F(CursorSessionTest, DisplayCursorShowsPreviousStatement) {
  MakeTable();
  const std::string q = "select /*+ gather_plan_statistics */ max(id) from t";
  Rows(q);
  auto lines = Rows("select * from table(dbms_xplan.display_cursor(format => 'ALLSTATS LAST'))");
  ASSERT_GT(lines.size(), 3u);
  EXPECT_EQ(lines[0], "SQL_ID  " + planner::SqlId(q) + ", child number 0");
  bool arows = false, warning = false;
  for (const auto& l : lines) {
    arows = arows || l.find("A-Rows") != std::string::npos;
    warning = warning || l.find("Warning: basic plan statistics") != std::string::npos;
  }
  EXPECT_TRUE(arows);
  EXPECT_FALSE(warning);
  // Without run-time statistics the ALLSTATS request carries Oracle's warning.
  Rows("select min(id) from t");
  lines = Rows("select * from table(dbms_xplan.display_cursor(null, null, 'ALLSTATS LAST'))");
  warning = false;
  for (const auto& l : lines)
    warning = warning || l.find("Warning: basic plan statistics") != std::string::npos;
  EXPECT_TRUE(warning);
}

TEST_F(CursorSessionTest, AutotraceInTheShell) {
  MakeTable();
  shell::SessionEngine engine(*session_);
  std::ostringstream out, err;
  shell::Sqlplus plus(engine, out, err, shell::OutputFormat::kSqlplus, false);
  plus.RunText(
      "set autotrace on\nselect count(*) from t;\nset autotrace traceonly statistics\n"
      "select id from t where grp = 1;\nset autotrace off\nselect 7 from dual;\n");
  const std::string text = out.str();
  EXPECT_NE(text.find("Execution Plan\n------"), std::string::npos) << text;
  EXPECT_NE(text.find("TABLE ACCESS FULL"), std::string::npos) << text;
  EXPECT_NE(text.find("Statistics\n------"), std::string::npos) << text;
  EXPECT_NE(text.find("\n         20  rows processed\n"), std::string::npos) << text;
  EXPECT_NE(text.find("20 rows selected."), std::string::npos) << text;
  // TRACEONLY: the 20 ids are not printed (191 would be one of them).
  EXPECT_EQ(text.find("       191\n"), std::string::npos) << text;
  // Only two reports: OFF stops them.
  size_t n = 0;
  for (size_t p = text.find("Statistics\n"); p != std::string::npos;
       p = text.find("Statistics\n", p + 1))
    ++n;
  EXPECT_EQ(n, 2u) << text;
}

TEST_F(CursorSessionTest, TraceonlyExplainDoesNotRunAQuery) {
  MakeTable();
  shell::SessionEngine engine(*session_);
  std::ostringstream out, err;
  shell::Sqlplus plus(engine, out, err, shell::OutputFormat::kSqlplus, false);
  plus.RunText("set autotrace traceonly explain\nselect grp from t where id = 3;\n");
  EXPECT_NE(out.str().find("TABLE ACCESS FULL"), std::string::npos) << out.str();
  EXPECT_EQ(out.str().find("Statistics"), std::string::npos) << out.str();
  EXPECT_EQ(Rows(fmt::format("select count(*) from v$sql where sql_id = '{}'",
                             planner::SqlId("select grp from t where id = 3"))),
            testing::Strings{"0"});
}

TEST_F(CursorSessionTest, StatisticsGatheringInvalidates) {
  MakeTable();
  const std::string q = "select count(*) from t where grp = 1";
  Rows(q);
  Exec("begin dbms_stats.gather_table_stats(user, 'T'); end;");
  Rows(q);
  EXPECT_EQ(Rows(fmt::format("select executions, loads, invalidations from v$sql "
                             "where sql_id = '{}'",
                             planner::SqlId(q))),
            testing::Strings{"2|2|1"});
}

}  // namespace
}  // namespace pathdb
