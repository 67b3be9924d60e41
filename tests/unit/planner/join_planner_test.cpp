// The cost-based join search on a real database with gathered statistics: join order and
// method for the issue 5 acceptance cases, each join hint, the outline round trip and
// determinism; answers must not depend on the plan.
#include <fmt/format.h>

#include <algorithm>

#include "parser/parser.h"
#include "planner/planner.h"
#include "session_test_util.h"

namespace pathdb::testing {
namespace {

class JoinPlannerTest : public SessionTest {
 protected:
  void SetUp() override {
    SessionTest::SetUp();
    // D: 100 dimension rows, 10 regions. F: 20000 facts, 200 per dimension id, stored in
    // dimension id order (a well clustered index on F.D_ID).
    Exec("create table d (id number, name varchar2(20), region number)");
    Exec("create table f (id number, d_id number, amount number)");
    Exec("create table g (id number, f_id number, note varchar2(10))");
    Exec(
        "insert into d select level, 'name' || level, mod(level, 10) from dual "
        "connect by level <= 100");
    Exec(
        "insert into f select level, trunc((level - 1) / 200) + 1, level * 2 from dual "
        "connect by level <= 20000");
    Exec("insert into g select level, level * 7, 'g' from dual connect by level <= 300");
    Exec("commit");
  }
  void Gather() {
    for (const char* t : {"D", "F", "G"})
      Exec(fmt::format("begin dbms_stats.gather_table_stats(user, '{}'); end;", t));
  }

  //! One line per plan line: depth-indented operation and object name.
  std::string Shape(const std::string& sql) {
    auto stmt = ParseStatement(sql);
    EvalContext eval;
    planner::PlanContext ctx{*db_, eval};
    plan_ = planner::PlanQuery(*stmt->query, ctx);
    NumberPlanLines(*plan_.root);
    std::string out;
    ForEachPlanLine(*plan_.root, [&](const PhysicalOperator& op, int depth) {
      if (op.operation().empty()) return;  // internal column-order projections
      if (!out.empty()) out += "\n";
      out += std::string(static_cast<size_t>(depth), ' ') + op.operation();
      if (!op.object_name.empty()) out += " " + op.object_name;
    });
    return out;
  }
  //! The plan lines' operations and objects only (no depth), for contains-checks.
  static bool Has(const std::string& shape, const std::string& line) {
    return shape.find(line) != std::string::npos;
  }
  const PhysicalOperator* FirstJoin(const PhysicalOperator& op) {
    if (op.operation().find("JOIN") != std::string::npos ||
        op.operation().rfind("NESTED LOOPS", 0) == 0)
      return &op;
    for (const auto& c : op.children())
      if (const auto* j = FirstJoin(*c)) return j;
    return nullptr;
  }
  //! Input `i` of a join, looking through its JOIN FILTER CREATE / USE lines.
  static const PhysicalOperator* Input(const PhysicalOperator* join, size_t i) {
    const PhysicalOperator* c = join->children()[i].get();
    while (c->type() == OperatorType::kJoinFilterCreate ||
           c->type() == OperatorType::kJoinFilterUse)
      c = c->children()[0].get();
    return c;
  }
  const planner::HintUse* FindHint(const std::string& text) {
    for (const auto& h : plan_.record.hints)
      if (h.text == text) return &h;
    return nullptr;
  }
  std::vector<std::string> Sorted(const std::string& sql) {
    auto r = Rows(sql);
    std::sort(r.begin(), r.end());
    return r;
  }

  planner::PhysicalPlan plan_;
};

constexpr const char* kDimFilter =
    "select f.id, d.name from f, d where f.d_id = d.id and d.region = 3";

TEST_F(JoinPlannerTest, SelectiveDimensionBuildsTheHashTable) {
  Gather();
  std::string shape = Shape(kDimFilter);
  const PhysicalOperator* join = FirstJoin(*plan_.root);
  ASSERT_NE(join, nullptr) << shape;
  EXPECT_EQ(join->operation(), "HASH JOIN") << shape;
  ASSERT_EQ(join->children().size(), 2u);
  // The filtered dimension (10 rows) builds, the fact table probes.
  EXPECT_EQ(Input(join, 0)->object_name, "D") << shape;
  EXPECT_EQ(Input(join, 1)->object_name, "F") << shape;
  EXPECT_GT(Input(join, 1)->estimated_rows, Input(join, 0)->estimated_rows);
  // Join estimate: 20000 x 10 / max(100, 100) = 2000 with the column statistics.
  EXPECT_NEAR(join->estimated_rows, 2000, 1);
  EXPECT_GE(join->cost, Input(join, 0)->cost + Input(join, 1)->cost);
  ASSERT_EQ(join->access_predicates.size(), 1u);
  EXPECT_EQ(join->access_predicates[0], "\"F\".\"D_ID\"=\"D\".\"ID\"");
  EXPECT_EQ(Rows(kDimFilter).size(), 2000u);
  // The outline names the order and method.
  EXPECT_NE(std::find(plan_.record.outline.begin(), plan_.record.outline.end(),
                      "LEADING(@\"SEL$1\" \"D\"@\"SEL$1\" \"F\"@\"SEL$1\")"),
            plan_.record.outline.end());
  EXPECT_NE(std::find(plan_.record.outline.begin(), plan_.record.outline.end(),
                      "USE_HASH(@\"SEL$1\" \"F\"@\"SEL$1\")"),
            plan_.record.outline.end());
}

TEST_F(JoinPlannerTest, FewDrivingRowsUseIndexNestedLoops) {
  Exec("create index f_d_id on f (d_id)");
  Gather();
  const std::string sql =
      "select f.id, f.amount, d.name from d, f where d.id = f.d_id and d.name = 'name7'";
  std::string shape = Shape(sql);
  const PhysicalOperator* join = FirstJoin(*plan_.root);
  ASSERT_NE(join, nullptr) << shape;
  EXPECT_EQ(join->operation(), "NESTED LOOPS") << shape;
  EXPECT_EQ(Input(join, 0)->object_name, "D") << shape;
  EXPECT_TRUE(Has(shape, "INDEX RANGE SCAN F_D_ID")) << shape;
  EXPECT_TRUE(Has(shape, "TABLE ACCESS BY INDEX ROWID")) << shape;
  auto rows = Sorted(sql);
  ASSERT_EQ(rows.size(), 200u);
  EXPECT_EQ(rows, Sorted("select /*+ use_hash(f) */ f.id, f.amount, d.name from d, f "
                         "where d.id = f.d_id and d.name = 'name7'"));
  EXPECT_TRUE(Has(Shape("select /*+ use_hash(f) */ f.id from d, f where d.id = f.d_id and "
                        "d.name = 'name7'"),
                  "HASH JOIN"));
}

TEST_F(JoinPlannerTest, NonEquiJoinUsesPlainNestedLoops) {
  Gather();
  std::string shape = Shape("select count(*) from d, g where d.id < g.id and d.region = 1");
  EXPECT_TRUE(Has(shape, "NESTED LOOPS")) << shape;
  EXPECT_EQ(Rows("select count(*) from d, g where d.id < g.id and d.region = 1"),
            Strings{"2540"});  // ids 1, 11, ..., 91: sum of (300 - id) = 3000 - 460
}

TEST_F(JoinPlannerTest, JoinHints) {
  Gather();
  // LEADING: F first.
  Shape("select /*+ leading(f d) */ f.id from f, d where f.d_id = d.id and d.region = 3");
  const PhysicalOperator* join = FirstJoin(*plan_.root);
  ASSERT_NE(join, nullptr);
  ASSERT_NE(FindHint("leading(f d)"), nullptr);
  EXPECT_TRUE(FindHint("leading(f d)")->used);
  EXPECT_NE(std::find(plan_.record.outline.begin(), plan_.record.outline.end(),
                      "LEADING(@\"SEL$1\" \"F\"@\"SEL$1\" \"D\"@\"SEL$1\")"),
            plan_.record.outline.end());
  // With F leading, D still builds (it is smaller): SWAP_JOIN_INPUTS in the outline.
  EXPECT_EQ(Input(join, 0)->object_name, "D");
  EXPECT_NE(std::find(plan_.record.outline.begin(), plan_.record.outline.end(),
                      "SWAP_JOIN_INPUTS(@\"SEL$1\" \"D\"@\"SEL$1\")"),
            plan_.record.outline.end());

  // NO_SWAP_JOIN_INPUTS: the inner table probes, the leading one builds.
  Shape(
      "select /*+ leading(f d) no_swap_join_inputs(d) */ f.id from f, d "
      "where f.d_id = d.id and d.region = 3");
  join = FirstJoin(*plan_.root);
  EXPECT_EQ(Input(join, 0)->object_name, "F");
  EXPECT_TRUE(FindHint("no_swap_join_inputs(d)")->used);

  // SWAP_JOIN_INPUTS on the big table: it builds.
  Shape(
      "select /*+ leading(d f) swap_join_inputs(f) */ f.id from f, d "
      "where f.d_id = d.id and d.region = 3");
  join = FirstJoin(*plan_.root);
  EXPECT_EQ(join->operation(), "HASH JOIN");
  EXPECT_EQ(Input(join, 0)->object_name, "F");

  // ORDERED: FROM order.
  Shape("select /*+ ordered */ f.id from g, f, d where g.f_id = f.id and f.d_id = d.id");
  EXPECT_EQ(plan_.record.outline.empty(), false);
  EXPECT_NE(std::find(plan_.record.outline.begin(), plan_.record.outline.end(),
                      "LEADING(@\"SEL$1\" \"G\"@\"SEL$1\" \"F\"@\"SEL$1\" \"D\"@\"SEL$1\")"),
            plan_.record.outline.end());

  // USE_NL without an index: plain nested loops; NO_USE_HASH likewise.
  std::string shape =
      Shape("select /*+ use_nl(d) leading(f d) */ f.id from f, d where f.d_id = d.id");
  join = FirstJoin(*plan_.root);
  EXPECT_EQ(join->operation(), "NESTED LOOPS") << shape;
  EXPECT_EQ(Input(join, 1)->object_name, "D");
  EXPECT_TRUE(FindHint("use_nl(d)")->used);
  Shape("select /*+ no_use_hash(d) leading(f d) */ f.id from f, d where f.d_id = d.id");
  EXPECT_EQ(FirstJoin(*plan_.root)->operation(), "NESTED LOOPS");
  // NO_USE_NL where nested loops would be the only way: ignored, reported unused.
  Shape("select /*+ no_use_nl(g) */ 1 from d, g where d.id < g.id");
  EXPECT_EQ(FirstJoin(*plan_.root)->operation(), "NESTED LOOPS");
  ASSERT_NE(FindHint("no_use_nl(g)"), nullptr);
  EXPECT_FALSE(FindHint("no_use_nl(g)")->used);
  // A join hint on an unknown alias and an unknown hint name.
  Shape("select /*+ use_hash(zz) frobnicate(d) */ f.id from f, d where f.d_id = d.id");
  ASSERT_NE(FindHint("use_hash(zz)"), nullptr);
  EXPECT_FALSE(FindHint("use_hash(zz)")->used);
  ASSERT_NE(FindHint("frobnicate(d)"), nullptr);
  EXPECT_TRUE(FindHint("frobnicate(d)")->error);
  EXPECT_EQ(std::count_if(plan_.record.hints.begin(), plan_.record.hints.end(),
                          [](const auto& h) { return h.text == "frobnicate(d)"; }),
            1);
  // Hints never change answers.
  EXPECT_EQ(Sorted("select /*+ leading(f d) use_nl(d) */ f.id, d.name from f, d "
                   "where f.d_id = d.id and d.region = 3"),
            Sorted(kDimFilter));
}

TEST_F(JoinPlannerTest, OutlineReproducesThePlan) {
  Exec("create index f_d_id on f (d_id)");
  Gather();
  const std::vector<std::string> queries = {
      "select f.id from g, f, d where g.f_id = f.id and f.d_id = d.id and d.region = 2",
      "select f.id from d, f where d.id = f.d_id and d.name = 'name7'",
      "select /*+ leading(f d) */ f.id from f, d where f.d_id = d.id and d.region = 3",
      "select /*+ leading(g d f) use_nl(f) */ 1 from g, f, d where g.f_id = f.id and "
      "f.d_id = d.id",
  };
  for (const auto& q : queries) {
    const std::string shape = Shape(q);
    std::string hints;
    for (const auto& o : plan_.record.outline) hints += " " + o;
    ASSERT_FALSE(hints.empty()) << q;
    // Replace the statement's own hints by the outline.
    std::string body = q.substr(q.find(' ') + 1);
    if (body.rfind("/*+", 0) == 0) body = body.substr(body.find("*/") + 3);
    const std::string replay = "select /*+" + hints + " */ " + body;
    EXPECT_EQ(Shape(replay), shape) << replay;
  }
}

TEST_F(JoinPlannerTest, PlansAreDeterministicAndColumnOrderIsKept) {
  Gather();
  const std::string sql =
      "select * from g, f, d where g.f_id = f.id and f.d_id = d.id and d.region = 2";
  const std::string first = Shape(sql);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(Shape(sql), first);
  // SELECT * keeps the FROM order of columns whatever the join order.
  Rows(sql);
  ASSERT_EQ(sink_.names.size(), 9u);
  EXPECT_EQ(sink_.names[0], "ID");
  EXPECT_EQ(sink_.names[1], "F_ID");
  EXPECT_EQ(sink_.names[4], "D_ID");
  EXPECT_EQ(sink_.names[7], "NAME");
  for (const auto& row : sink_.rows) {
    // g.f_id = f.id and f.d_id = d.id hold in every row.
    std::vector<std::string> c;
    size_t start = 0;
    for (size_t p; (p = row.find('|', start)) != std::string::npos; start = p + 1)
      c.push_back(row.substr(start, p - start));
    c.push_back(row.substr(start));
    ASSERT_EQ(c.size(), 9u);
    EXPECT_EQ(c[1], c[3]);
    EXPECT_EQ(c[4], c[6]);
    EXPECT_EQ(c[8], "2");
  }
  EXPECT_EQ(sink_.rows.size(), 29u);  // f.id = 7k <= 2100 whose d_id is in (2, 12, ... 92)
}

TEST_F(JoinPlannerTest, EstimatesOnEveryOperator) {
  Gather();
  Shape(
      "select d.region, count(*) from f, d where f.d_id = d.id group by d.region "
      "order by 1");
  ForEachPlanLine(*plan_.root, [&](const PhysicalOperator& op, int) {
    if (op.operation().empty()) return;
    EXPECT_GE(op.estimated_rows, 1) << op.operation();
    EXPECT_GT(op.cost, 0) << op.operation();
    for (const auto& c : op.children()) EXPECT_GE(op.cost, c->cost) << op.operation();
  });
  // SORT GROUP BY (it also gives ORDER BY 1): 10 regions (the column's NDV), not the join's
  // rows.
  const PhysicalOperator* gb = plan_.root.get();
  while (gb && gb->operation() != "SORT GROUP BY")
    gb = gb->children().empty() ? nullptr : gb->children()[0].get();
  ASSERT_NE(gb, nullptr);
  EXPECT_LT(gb->estimated_rows, Input(gb, 0)->estimated_rows);
  Shape("select id from f where rownum <= 10");
  const PhysicalOperator* stop = nullptr;
  ForEachPlanLine(*plan_.root, [&](const PhysicalOperator& op, int) {
    if (op.operation() == "COUNT STOPKEY") stop = &op;
  });
  ASSERT_NE(stop, nullptr);
  EXPECT_EQ(stop->estimated_rows, 10);
  ASSERT_EQ(stop->filter_predicates.size(), 1u);
  EXPECT_EQ(stop->filter_predicates[0], "ROWNUM<=10");
}

TEST_F(JoinPlannerTest, GreedyBeyondEightRelations) {
  // Nine relations: the greedy search. A chain a1.id = a2.id = ... over 3-row tables.
  std::string from = "a1", where = "a5.v = 10";
  for (int i = 1; i <= 9; ++i) {
    Exec(fmt::format("create table a{} (id number, v number)", i));
    Exec(fmt::format("insert into a{} select level, level * {} from dual connect by level <= 3", i,
                     i));
    if (i == 1) continue;
    from += fmt::format(", a{}", i);
    where += fmt::format(" and a{}.id = a{}.id", i, i - 1);
  }
  const std::string sql = fmt::format("select a1.id, a9.v from {} where {}", from, where);
  const std::string shape = Shape(sql);
  int joins = 0;
  ForEachPlanLine(*plan_.root, [&](const PhysicalOperator& op, int) {
    joins += op.operation() == "HASH JOIN" || op.operation().rfind("NESTED LOOPS", 0) == 0;
  });
  EXPECT_EQ(joins, 8) << shape;
  EXPECT_EQ(Shape(sql), shape);
  EXPECT_EQ(Rows(sql), Strings{"2|18"});
}

TEST_F(JoinPlannerTest, JoinTreesUnderOuterJoinsAndViews) {
  Gather();
  // The inner join of D and F is one relation of the outer join; G's rows survive unmatched.
  const std::string outer =
      "select count(*), count(g.id) from f join d on f.d_id = d.id "
      "left join g on g.f_id = f.id where d.region = 3";
  EXPECT_EQ(Rows(outer), Strings{"2000|28"});
  // A view is a relation of the join search.
  EXPECT_EQ(Rows("select count(*) from (select id from d where region = 3) v, f "
                 "where v.id = f.d_id"),
            Strings{"2000"});
  EXPECT_EQ(Rows("select count(*) from f, (select id from d where region = 3) v "
                 "where v.id = f.d_id and f.amount > 100"),
            Strings{"2000"});
}

}  // namespace
}  // namespace pathdb::testing
