// Materialised WITH queries: MATERIALIZE loads the query once into a temporary result under
// TEMP TABLE TRANSFORMATION and every reference reads it; INLINE (the default) does not.
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

TEST_F(TempTableTest, InlineIsTheDefaultAndGivesTheSameRows) {
  const std::string q =
      "with s as (select a, count(*) c from t group by a) "
      "select x.a, x.c, y.c from s x, s y where x.a = y.a order by 1";
  auto lines = Lines(q);
  EXPECT_EQ(Count(lines, "TEMP TABLE TRANSFORMATION"), 0);
  EXPECT_EQ(Count(lines, "TABLE ACCESS FULL T"), 2);
  EXPECT_EQ(Rows(q), (std::vector<std::string>{"1|1|1", "2|2|2"}));
}

TEST_F(TempTableTest, MaterializedResultReadFromASubqueryAndWithColumnNames) {
  const std::string q =
      "with s (p, q) as (select /*+ MATERIALIZE */ a, b from t) "
      "select count(*) from s where p in (select p from s where q = 'y')";
  EXPECT_EQ(Rows(q), (std::vector<std::string>{"2"}));
  EXPECT_EQ(Count(Lines(q), "LOAD AS SELECT"), 1);
  // INSERT ... SELECT with a materialised WITH query.
  Exec("create table u (a number)");
  Exec("insert into u with s as (select /*+ materialize */ a from t where a is not null) "
       "select a from s union all select a from s");
  EXPECT_EQ(Rows("select count(*), sum(a) from u"), (std::vector<std::string>{"6|10"}));
}

}  // namespace
}  // namespace pathdb::testing
