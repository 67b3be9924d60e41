// Plan shapes: which operators the rule-based planner picks, and what the scans read.
#include "executor/table_access_full.h"
#include "parser/parser.h"
#include "planner/planner.h"
#include "session_test_util.h"

namespace pathdb::testing {
namespace {

class PlanShapeTest : public SessionTest {
 protected:
  void SetUp() override {
    SessionTest::SetUp();
    Exec("create table t (a number, b number, c number)");
    Exec("create table u (a number, d number)");
  }
  //! Operation names in pre-order; "" (internal projections) left out.
  std::string Shape(const std::string& sql) {
    auto stmt = ParseStatement(sql);
    EvalContext eval;
    planner::PlanContext ctx{*db_, eval};
    plan_ = planner::PlanQuery(*stmt->query, ctx);
    std::string out;
    Walk(*plan_.root, 0, out);
    return out;
  }
  void Walk(const PhysicalOperator& op, int depth, std::string& out) {
    if (!op.operation().empty()) {
      if (!out.empty()) out += ", ";
      out += op.operation();
      ++depth;
    }
    for (const auto& c : op.children()) Walk(*c, depth, out);
  }
  const TableAccessFull* FindScan(const PhysicalOperator& op, const std::string& table) {
    if (auto* s = dynamic_cast<const TableAccessFull*>(&op); s && s->object_name == table)
      return s;
    for (const auto& c : op.children())
      if (auto* s = FindScan(*c, table)) return s;
    return nullptr;
  }
  planner::PhysicalPlan plan_;
};

TEST_F(PlanShapeTest, JoinsPickHashForEquiJoins) {
  EXPECT_EQ(Shape("select t.b from t, u where t.a = u.a and u.d = 5"),
            "HASH JOIN, TABLE ACCESS FULL, TABLE ACCESS FULL");
  // The single-table conjunct went into U's scan, and each scan reads only what it needs.
  const auto* u = FindScan(*plan_.root, "U");
  ASSERT_NE(u, nullptr);
  EXPECT_NE(u->filter(), nullptr);
  EXPECT_EQ(u->column_ids(), (std::vector<uint32_t>{0, 1}));
  const auto* t = FindScan(*plan_.root, "T");
  ASSERT_NE(t, nullptr);
  EXPECT_EQ(t->column_ids(), (std::vector<uint32_t>{0, 1}));
  EXPECT_EQ(Shape("select 1 from t, u where t.a < u.a"),
            "NESTED LOOPS, TABLE ACCESS FULL, TABLE ACCESS FULL");
  EXPECT_EQ(Shape("select 1 from t left join u on t.a = u.a"),
            "HASH JOIN RIGHT OUTER, TABLE ACCESS FULL, TABLE ACCESS FULL");
}

TEST_F(PlanShapeTest, OperatorsForClauses) {
  EXPECT_EQ(Shape("select count(*) from t"), "SORT AGGREGATE, TABLE ACCESS FULL");
  // ORDER BY the group keys: SORT GROUP BY delivers the order (no SORT ORDER BY).
  EXPECT_EQ(Shape("select a, count(*) from t group by a order by a"),
            "SORT GROUP BY, TABLE ACCESS FULL");
  EXPECT_EQ(Shape("select a, b, count(*) from t group by a, b order by a"),
            "SORT GROUP BY, TABLE ACCESS FULL");
  // Another order, or DESC, needs its own sort over the hash aggregation.
  EXPECT_EQ(Shape("select a, count(*) from t group by a order by a desc"),
            "SORT ORDER BY, HASH GROUP BY, TABLE ACCESS FULL");
  EXPECT_EQ(Shape("select a, b, count(*) from t group by a, b order by b"),
            "SORT ORDER BY, HASH GROUP BY, TABLE ACCESS FULL");
  EXPECT_EQ(Shape("select a, count(*) c from t group by a order by c"),
            "SORT ORDER BY, HASH GROUP BY, TABLE ACCESS FULL");
  EXPECT_EQ(Shape("select a from t where rownum <= 3"), "COUNT STOPKEY, TABLE ACCESS FULL");
  EXPECT_EQ(Shape("select a from t union select a from u"),
            "SORT UNIQUE, UNION-ALL, TABLE ACCESS FULL, TABLE ACCESS FULL");
  EXPECT_EQ(Shape("select 1 from dual"), "FAST DUAL");
  EXPECT_EQ(Shape("select level from dual connect by level <= 3"),
            "CONNECT BY WITHOUT FILTERING, FAST DUAL");
  EXPECT_EQ(Shape("select distinct a from t"), "HASH UNIQUE, TABLE ACCESS FULL");
  EXPECT_EQ(Shape("select * from (select a from t) v"), "VIEW, TABLE ACCESS FULL");
}

}  // namespace
}  // namespace pathdb::testing
