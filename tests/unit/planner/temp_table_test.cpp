// Materialised WITH queries: MATERIALIZE (or a second reference) loads the query once into a
// temporary result under TEMP TABLE TRANSFORMATION and every reference reads it; INLINE does
// not.
#include "executor/temp_table_transformation.h"
#include "parser/parser.h"
#include "planner/planner.h"
#include "session_test_util.h"

namespace pathdb::testing {
namespace {

class TempTableTest : public SessionTest {
 protected:
  void SetUp() override {
    SessionTest::SetUp();
    Exec("create table t (a number, b varchar2(10))");
    Exec("insert into t values (1, 'x')");
    Exec("insert into t values (2, 'y')");
    Exec("insert into t values (2, 'z')");
    Exec("insert into t values (null, 'n')");
  }
  //! Operation [object] per plan line in display order.
  std::vector<std::string> Lines(const std::string& sql) {
    auto stmt = ParseStatement(sql);
    EvalContext eval;
    planner::PlanContext ctx{*db_, eval};
    auto plan = planner::PlanQuery(*stmt->query, ctx);
    std::vector<std::string> out;
    ForEachPlanLine(*plan.root, [&](const PhysicalOperator& op, int) {
      out.push_back(op.object_name.empty() ? op.operation()
                                           : op.operation() + " " + op.object_name);
    });
    return out;
  }
  static int Count(const std::vector<std::string>& lines, const std::string& prefix) {
    int n = 0;
    for (const auto& l : lines) n += l.rfind(prefix, 0) == 0;
    return n;
  }
};

TEST_F(TempTableTest, MaterializeLoadsOnceAndEveryReferenceReadsTheResult) {
  const std::string q =
      "with s as (select /*+ materialize */ a, count(*) c from t group by a) "
      "select x.a, x.c, y.c from s x, s y where x.a = y.a order by 1";
  auto lines = Lines(q);
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines[0], "TEMP TABLE TRANSFORMATION");
  EXPECT_EQ(Count(lines, "LOAD AS SELECT (CURSOR DURATION MEMORY) SYS_TEMP_0FD9D6601_"), 1);
  EXPECT_EQ(Count(lines, "TABLE ACCESS FULL SYS_TEMP_0FD9D6601_"), 2);
  EXPECT_EQ(Count(lines, "TABLE ACCESS FULL T"), 1);  // the WITH query ran once
  EXPECT_EQ(Rows(q), (std::vector<std::string>{"1|1|1", "2|2|2"}));
}

// As Oracle: a WITH query the statement references more than once is materialised without a
// hint; one referenced once, or hinted INLINE, is bound again at its reference. References
// inside subqueries and later WITH queries count; a nested WITH query of the same name hides it.
TEST_F(TempTableTest, ReferencedTwiceIsMaterializedOnceOrInlineIsInline) {
  const std::string twice =
      "with s as (select a, count(*) c from t group by a) "
      "select x.a, x.c, y.c from s x, s y where x.a = y.a order by 1";
  auto lines = Lines(twice);
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines[0], "TEMP TABLE TRANSFORMATION");
  EXPECT_EQ(Count(lines, "TABLE ACCESS FULL T"), 1);
  EXPECT_EQ(Rows(twice), (std::vector<std::string>{"1|1|1", "2|2|2"}));

  const std::string inline_hint =
      "with s as (select /*+ inline */ a, count(*) c from t group by a) "
      "select x.a, x.c, y.c from s x, s y where x.a = y.a order by 1";
  lines = Lines(inline_hint);
  EXPECT_EQ(Count(lines, "TEMP TABLE TRANSFORMATION"), 0);
  EXPECT_EQ(Count(lines, "TABLE ACCESS FULL T"), 2);
  EXPECT_EQ(Rows(inline_hint), Rows(twice));

  const std::string once = "with s as (select a from t) select count(*) from s";
  EXPECT_EQ(Count(Lines(once), "TEMP TABLE TRANSFORMATION"), 0);
  // Once in the body, once in a later WITH query's subquery.
  const std::string chained =
      "with s as (select a from t), u as (select a from t where a in (select a from s)) "
      "select count(*) from s, u where s.a = u.a";
  EXPECT_EQ(Count(Lines(chained), "LOAD AS SELECT"), 1);
  EXPECT_EQ(Rows(chained), (std::vector<std::string>{"5"}));
  // The inner WITH query of the same name hides the outer one: the outer is read once.
  const std::string hidden =
      "with s as (select a from t) select (select count(*) from s), "
      "(with s as (select 1 a from dual) select count(*) from s s1, s s2) from dual";
  lines = Lines(hidden);
  EXPECT_EQ(Count(lines, "LOAD AS SELECT"), 1);  // the inner one, read twice
  EXPECT_EQ(Rows(hidden), (std::vector<std::string>{"4|1"}));
}

// The readers of a materialised result are planned with the query's estimate (not one row):
// the join above it is costed on the rows the result will hold.
TEST_F(TempTableTest, ReadersCarryTheQuerysEstimate) {
  Exec("create table big (k number, v number)");
  Exec("insert into big select mod(level, 500), level from dual connect by level <= 5000");
  Exec("begin dbms_stats.gather_table_stats(user, 'BIG'); end;");
  auto stmt = ParseStatement(
      "with s as (select k, count(*) c from big group by k) "
      "select count(*) from s x, s y where x.k = y.k");
  EvalContext eval;
  planner::PlanContext ctx{*db_, eval};
  auto plan = planner::PlanQuery(*stmt->query, ctx);
  int readers = 0, joins = 0;
  ForEachPlanLine(*plan.root, [&](const PhysicalOperator& op, int) {
    if (op.operation().find("JOIN") != std::string::npos) {
      ++joins;  // 500 keys on each side, each once
      EXPECT_NEAR(op.estimated_rows, 500, 50) << op.operation();
    }
    if (op.operation() != "TABLE ACCESS FULL" || op.object_name.rfind("SYS_TEMP", 0) != 0) return;
    ++readers;
    EXPECT_NEAR(op.estimated_rows, 500, 50);
  });
  EXPECT_EQ(readers, 2);
  EXPECT_EQ(joins, 1);
}

// A correlated EXISTS over a WITH query: unnesting takes the correlation out of the filter
// above the query's VIEW (no scan below holds it), leaving the filter empty (it crashed the
// planner). UPDATE and DELETE load no temporary results: their WITH queries stay inline, also
// with MATERIALIZE (they failed with ORA-00600 "temp table not loaded").
TEST_F(TempTableTest, CorrelatedExistsAndDmlOverWithQueries) {
  EXPECT_EQ(Rows("select count(*) from t d where exists (with s as (select a from t) "
                 "select 1 from s x, s y where x.a = y.a and x.a = d.a)"),
            (std::vector<std::string>{"3"}));
  EXPECT_EQ(Rows("select count(*) from t d where exists (with s as (select a from t) "
                 "select 1 from s x where x.a = d.a)"),
            (std::vector<std::string>{"3"}));
  Exec(
      "update t set b = 'u' where a in (with s as (select a from t where b > 'x') "
      "select a from s where a in (select a from s))");
  EXPECT_EQ(Rows("select count(*) from t where b = 'u'"), (std::vector<std::string>{"2"}));
  Exec(
      "delete from t where a in (with s as (select /*+ materialize */ a from t) "
      "select x.a from s x, s y where x.a = y.a and x.a > 1)");
  EXPECT_EQ(Rows("select count(*) from t"), (std::vector<std::string>{"2"}));
}

TEST_F(TempTableTest, MaterializedResultReadFromASubqueryAndWithColumnNames) {
  const std::string q =
      "with s (p, q) as (select /*+ MATERIALIZE */ a, b from t) "
      "select count(*) from s where p in (select p from s where q = 'y')";
  EXPECT_EQ(Rows(q), (std::vector<std::string>{"2"}));
  EXPECT_EQ(Count(Lines(q), "LOAD AS SELECT"), 1);
  // INSERT ... SELECT with a materialised WITH query.
  Exec("create table u (a number)");
  Exec(
      "insert into u with s as (select /*+ materialize */ a from t where a is not null) "
      "select a from s union all select a from s");
  EXPECT_EQ(Rows("select count(*), sum(a) from u"), (std::vector<std::string>{"6|10"}));
}

}  // namespace
}  // namespace pathdb::testing
