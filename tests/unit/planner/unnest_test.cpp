// Subquery unnesting (EXISTS / IN / NOT EXISTS / NOT IN -> semi / anti joins) and
// outer-to-inner join conversion: the plan shapes the transformations produce, the cases
// that must stay FILTER subqueries, and that the answers are those of the subquery forms.
#include <algorithm>
#include <cmath>

#include "parser/parser.h"
#include "planner/planner.h"
#include "session_test_util.h"

namespace pathdb::testing {
namespace {

class UnnestTest : public SessionTest {
 protected:
  void SetUp() override {
    SessionTest::SetUp();
    // c: customers (id NOT NULL), o: orders with a NULL customer and duplicates per customer.
    Exec("create table c (id number not null, name varchar2(10), region number)");
    Exec("create table o (oid number not null, cust number, amount number)");
    Exec("insert into c values (1, 'ann', 10), (2, 'bob', 20), (3, 'cy', null), (4, 'di', 10)");
    Exec(
        "insert into o values (100, 1, 5), (101, 1, 50), (102, 1, 70), (103, 2, 7), "
        "(104, null, 9)");
    Exec("create table n (v number)");
    Exec("insert into n values (1), (null)");
    Exec("create table nn (v number not null)");
    Exec("insert into nn values (1), (2)");
    Exec("create table e (v number)");
  }
  //! Operation names in pre-order (internal projections left out).
  std::vector<std::string> Ops(const std::string& sql) {
    auto stmt = ParseStatement(sql);
    EvalContext eval;
    planner::PlanContext ctx{*db_, eval};
    auto plan = planner::PlanQuery(*stmt->query, ctx);
    std::vector<std::string> out;
    Walk(*plan.root, out);
    return out;
  }
  void Walk(const PhysicalOperator& op, std::vector<std::string>& out) {
    if (!op.operation().empty()) out.push_back(op.operation());
    for (const auto& c : op.children()) Walk(*c, out);
  }
  bool Has(const std::vector<std::string>& ops, const std::string& name) {
    return std::find(ops.begin(), ops.end(), name) != ops.end();
  }
  bool HasPrefix(const std::vector<std::string>& ops, const std::string& prefix) {
    for (const auto& o : ops)
      if (o.rfind(prefix, 0) == 0) return true;
    return false;
  }
  bool HasPart(const std::vector<std::string>& ops, const std::string& part) {
    for (const auto& o : ops)
      if (o.find(part) != std::string::npos) return true;
    return false;
  }
  //! A hash semi/anti join line with this kind suffix (" SEMI", " ANTI NA"), whichever input
  //! builds: HASH JOIN RIGHT SEMI (subquery builds) or HASH JOIN SEMI (outer rows build).
  bool HasHash(const std::vector<std::string>& ops, const std::string& suffix) {
    return Has(ops, "HASH JOIN" + suffix) || Has(ops, "HASH JOIN RIGHT" + suffix);
  }
  //! No semi/anti join: the subquery stayed a subquery (a FILTER or a scan's filter).
  bool NotUnnested(const std::vector<std::string>& ops) {
    return !HasPart(ops, "SEMI") && !HasPart(ops, "ANTI");
  }
};

TEST_F(UnnestTest, CorrelatedExistsBecomesHashSemiJoin) {
  const std::string q = "select c.id from c where exists (select 1 from o where o.cust = c.id)";
  auto ops = Ops(q);
  EXPECT_TRUE(HasHash({ops.front()}, " SEMI")) << ops.front();
  EXPECT_FALSE(Has(ops, "FILTER"));
  // Customer 1 has three orders: still one row.
  EXPECT_EQ(Rows(q + " order by 1"), (std::vector<std::string>{"1", "2"}));
}

TEST_F(UnnestTest, ExistsKeepsSubqueryFiltersInsideTheJoin) {
  const std::string q =
      "select c.id from c where c.region = 10 and exists (select 1 from o where o.cust = c.id "
      "and o.amount > 60)";
  auto ops = Ops(q);
  EXPECT_TRUE(HasHash({ops.front()}, " SEMI")) << ops.front();
  EXPECT_EQ(Rows(q), (std::vector<std::string>{"1"}));
}

TEST_F(UnnestTest, TheSmallerSideBuilds) {
  Exec("create table big (k number)");
  Exec("insert into big select mod(level, 7) from dual connect by level <= 300");
  // The subquery is smaller: it builds, the outer rows probe.
  const std::string q1 = "select count(*) from big where k in (select v from nn)";
  EXPECT_TRUE(Has(Ops(q1), "HASH JOIN RIGHT SEMI")) << ::testing::PrintToString(Ops(q1));
  // k = 1 or 2: 43 + 43 rows of 300 (level 1..300 mod 7: 1 and 2 occur 43 times each).
  EXPECT_EQ(Rows(q1), (std::vector<std::string>{"86"}));
  // The outer side is smaller: it builds (HASH JOIN SEMI / ANTI [NA]).
  const std::string q2 = "select v from nn where v in (select k from big) order by 1";
  EXPECT_TRUE(Has(Ops(q2), "HASH JOIN SEMI")) << ::testing::PrintToString(Ops(q2));
  EXPECT_EQ(Rows(q2), (std::vector<std::string>{"1", "2"}));
  const std::string q3 = "select v from n where v not in (select k from big)";
  EXPECT_TRUE(Has(Ops(q3), "HASH JOIN ANTI NA")) << ::testing::PrintToString(Ops(q3));
  EXPECT_TRUE(Rows(q3).empty());  // 1 is in big; NULL NOT IN a non-empty set is unknown
  const std::string q4 =
      "select v from nn where not exists (select 1 from big where big.k = nn.v + 5) order by 1";
  EXPECT_TRUE(Has(Ops(q4), "HASH JOIN ANTI")) << ::testing::PrintToString(Ops(q4));
  EXPECT_EQ(Rows(q4), (std::vector<std::string>{"2"}));  // 1 + 5 = 6 is in big, 7 is not
}

// The semi join's estimate from both keys' distinct counts: an outer side whose key repeats
// (each fact key eight times) keeps every row of each matching key, not one per subquery row.
TEST_F(UnnestTest, SemiJoinEstimateCountsRepeatedOuterKeys) {
  Exec("create table dim (k number not null, grp number)");
  Exec("insert into dim select level, mod(level, 100) from dual connect by level <= 1000");
  Exec("create table fact (k number, v number)");
  Exec("insert into fact select mod(level, 1000) + 1, level from dual connect by level <= 8000");
  Exec("begin dbms_stats.gather_table_stats(user, 'DIM'); end;");
  Exec("begin dbms_stats.gather_table_stats(user, 'FACT'); end;");
  auto root_rows = [&](const std::string& sql) {
    auto stmt = ParseStatement(sql);
    EvalContext eval;
    planner::PlanContext ctx{*db_, eval};
    auto plan = planner::PlanQuery(*stmt->query, ctx);
    const PhysicalOperator* op = plan.root.get();
    while (op->operation().find("SEMI") == std::string::npos &&
           op->operation().find("ANTI") == std::string::npos && !op->children().empty())
      op = op->children()[0].get();
    return op->estimated_rows;
  };
  // 10 dimension rows (grp = 7) match 80 fact rows; the subquery has 10 rows.
  const std::string semi = "select * from fact where k in (select k from dim where grp = 7)";
  EXPECT_EQ(Rows("select count(*) from fact where k in (select k from dim where grp = 7)"),
            (std::vector<std::string>{"80"}));
  EXPECT_NEAR(root_rows(semi), 80, 8);
  const std::string anti =
      "select * from fact where not exists (select 1 from dim where dim.k = fact.k and grp = 7)";
  EXPECT_NEAR(root_rows(anti), 7920, 8);
  // The other way round the outer key is unique: at most one outer row per dimension key.
  EXPECT_NEAR(root_rows("select * from dim where k in (select k from fact where v < 4000)"),
              1000 * (1 - std::pow(1 - 0.5, 8)), 20);
}

TEST_F(UnnestTest, NotExistsBecomesAntiJoin) {
  const std::string q =
      "select c.id from c where not exists (select 1 from o where o.cust = c.id) order by 1";
  auto ops = Ops(q);
  EXPECT_TRUE(HasHash(ops, " ANTI")) << ::testing::PrintToString(ops);
  EXPECT_EQ(Rows(q), (std::vector<std::string>{"3", "4"}));
}

TEST_F(UnnestTest, InBecomesSemiJoinWithoutDuplicates) {
  const std::string q = "select id from c where id in (select cust from o) order by id";
  EXPECT_TRUE(HasHash(Ops(q), " SEMI"));
  EXPECT_EQ(Rows(q), (std::vector<std::string>{"1", "2"}));
  // Multi-column IN: (id, region) pairs present in the subquery.
  const std::string q2 =
      "select name from c where (id, region) in (select cust, amount + 5 from o) order by 1";
  EXPECT_TRUE(HasHash(Ops(q2), " SEMI"));
  // o gives (1,10) (1,55) (1,75) (2,12) (null,14): only ann = (1,10).
  EXPECT_EQ(Rows(q2), (std::vector<std::string>{"ann"}));
}

TEST_F(UnnestTest, NotInIsNullAwareUnlessBothSidesAreNotNull) {
  // o.cust has a NULL: NOT IN returns no row at all.
  const std::string q1 = "select id from c where id not in (select cust from o)";
  EXPECT_TRUE(HasHash(Ops(q1), " ANTI NA"));
  EXPECT_TRUE(Rows(q1).empty());
  // Without the NULL: 3 and 4.
  const std::string q2 =
      "select id from c where id not in (select cust from o where cust is not null) order by 1";
  EXPECT_EQ(Rows(q2), (std::vector<std::string>{"3", "4"}));
  // Both sides NOT NULL: a plain anti join.
  const std::string q3 = "select id from c where id not in (select v from nn) order by 1";
  EXPECT_TRUE(HasHash(Ops(q3), " ANTI"));
  EXPECT_FALSE(HasPart(Ops(q3), "ANTI NA"));
  EXPECT_EQ(Rows(q3), (std::vector<std::string>{"3", "4"}));
  // NULL on the outer side: c.region NULL (cy) never qualifies against a non-empty set.
  const std::string q4 = "select name from c where region not in (select v from nn) order by 1";
  EXPECT_EQ(Rows(q4), (std::vector<std::string>{"ann", "bob", "di"}));
  // ... but does against an empty one.
  const std::string q5 = "select name from c where region not in (select v from e) order by 1";
  EXPECT_EQ(Rows(q5), (std::vector<std::string>{"ann", "bob", "cy", "di"}));
}

TEST_F(UnnestTest, MultiColumnNotInUsesNestedLoopsAntiNa) {
  const std::string q =
      "select name from c where (id, region) not in (select cust, amount + 5 from o) order by 1";
  auto ops = Ops(q);
  EXPECT_TRUE(Has(ops, "NESTED LOOPS ANTI NA")) << ::testing::PrintToString(ops);
  // A row goes when some subquery row compares TRUE or UNKNOWN (id = s1 AND region = s2):
  // ann (1,10) = (1,10) TRUE. bob (2,20): (2,12) FALSE, (null,14) UNKNOWN AND FALSE = FALSE:
  // kept. cy (3,null): (null,14) UNKNOWN AND UNKNOWN: gone. di (4,10): (null,14) FALSE: kept.
  // (sqlite3 agrees.)
  EXPECT_EQ(Rows(q), (std::vector<std::string>{"bob", "di"}));
}

TEST_F(UnnestTest, EmptySubquery) {
  EXPECT_TRUE(Rows("select id from c where id in (select v from e)").empty());
  EXPECT_EQ(Rows("select id from c where not exists (select 1 from e where e.v = c.id) "
                 "order by 1"),
            (std::vector<std::string>{"1", "2", "3", "4"}));
}

TEST_F(UnnestTest, IllegalShapesStayFilters) {
  // Aggregation, ROWNUM, a non-equality correlation, uncorrelated EXISTS, NO_UNNEST.
  for (const std::string q : {
           "select id from c where id in (select max(cust) from o)",
           "select id from c where exists (select 1 from o where o.cust = c.id and rownum = 1)",
           "select id from c where exists (select 1 from o where o.amount > c.region)",
           "select id from c where exists (select 1 from o where o.amount > 60)",
           "select id from c where exists (select /*+ NO_UNNEST */ 1 from o where o.cust = c.id)",
           "select id from c where exists (select 1 from o where o.cust = c.id union all "
           "select 1 from dual)",
       }) {
    EXPECT_TRUE(NotUnnested(Ops(q))) << q;
  }
  // The FILTER forms still answer correctly.
  EXPECT_EQ(Rows("select id from c where exists (select 1 from o where o.amount > c.region) "
                 "order by 1"),
            (std::vector<std::string>{"1", "2", "4"}));
  EXPECT_EQ(Rows("select id from c where id in (select max(cust) from o)"),
            (std::vector<std::string>{"2"}));
}

TEST_F(UnnestTest, HintsAndOutline) {
  auto plan = [&](const std::string& sql) {
    auto stmt = ParseStatement(sql);
    EvalContext eval;
    planner::PlanContext ctx{*db_, eval};
    return planner::PlanQuery(*stmt->query, ctx);
  };
  auto p1 = plan("select id from c where exists (select 1 from o where o.cust = c.id)");
  const auto& outline = p1.record.outline;
  EXPECT_NE(std::find(outline.begin(), outline.end(), "UNNEST(@\"SEL$2\")"), outline.end());
  auto p2 =
      plan("select id from c where exists (select /*+ no_unnest */ 1 from o where o.cust = c.id)");
  const planner::HintUse* no_unnest = nullptr;
  for (const auto& h : p2.record.hints)
    if (h.text == "NO_UNNEST") no_unnest = &h;
  ASSERT_NE(no_unnest, nullptr);
  EXPECT_TRUE(no_unnest->used);
  EXPECT_EQ(no_unnest->query_block, "SEL$2");
  // UNNEST on a subquery that cannot be unnested: reported unused.
  auto p3 = plan("select id from c where id in (select /*+ unnest */ max(cust) from o)");
  const planner::HintUse* unnest = nullptr;
  for (const auto& h : p3.record.hints)
    if (h.text == "UNNEST") unnest = &h;
  ASSERT_NE(unnest, nullptr);
  EXPECT_FALSE(unnest->used);
}

TEST_F(UnnestTest, CorrelatedNotInWithNullsStaysFilter) {
  const std::string q =
      "select id from c where region not in (select amount from o where o.cust = c.id) "
      "order by 1";
  EXPECT_TRUE(NotUnnested(Ops(q)));
  EXPECT_EQ(Rows(q), (std::vector<std::string>{"1", "2", "3", "4"}));
}

TEST_F(UnnestTest, OuterJoinRejectedNullsBecomesInner) {
  const std::string q =
      "select c.id, o.oid from c left join o on o.cust = c.id where o.amount > 40 order by 2";
  auto ops = Ops(q);
  EXPECT_FALSE(HasPart(ops, "OUTER"));
  EXPECT_TRUE(HasPrefix(ops, "HASH JOIN")) << ops.front();
  EXPECT_EQ(Rows(q), (std::vector<std::string>{"1|101", "1|102"}));
  // IS NULL keeps the outer join (it finds the customers without orders).
  const std::string q2 =
      "select c.id from c left join o on o.cust = c.id where o.oid is null order by 1";
  EXPECT_TRUE(HasPart(Ops(q2), "OUTER"));
  EXPECT_EQ(Rows(q2), (std::vector<std::string>{"3", "4"}));
  // An OR whose branches both reject NULLs converts; one that does not, keeps it.
  EXPECT_FALSE(HasPart(Ops("select 1 from c left join o on o.cust = c.id "
                           "where o.amount = 5 or o.oid > 103"),
                       "OUTER"));
  EXPECT_TRUE(HasPart(Ops("select 1 from c left join o on o.cust = c.id "
                          "where o.amount = 5 or c.id > 2"),
                      "OUTER"));
  EXPECT_EQ(Rows("select count(*) from c left join o on o.cust = c.id "
                 "where o.amount = 5 or c.id > 2"),
            (std::vector<std::string>{"3"}));
}

}  // namespace
}  // namespace pathdb::testing
