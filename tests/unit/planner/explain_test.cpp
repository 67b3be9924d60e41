// DescribePlan + Render over a hand-built operator tree: line numbering (hidden projection,
// a FILTER's subplan as its second child), estimates, predicates, run-time columns, notes,
// hint report and the plan hash value.
#include "planner/explain.h"

#include <gtest/gtest.h>

#include "executor/count.h"
#include "executor/filter.h"
#include "executor/hash_join.h"
#include "executor/projection.h"
#include "executor/table_access_full.h"
#include "planner/predicate_text.h"
#include "tests/unit/executor/op_test_util.h"

namespace pathdb::planner {
namespace {

using test::Cmp;
using test::Col;
using test::Const;
using test::I;

std::string Join(const std::vector<std::string>& lines) {
  std::string s;
  for (const auto& l : lines) s += l + "\n";
  return s;
}

storage::TableInfo Table(std::string name, std::vector<std::string> columns) {
  storage::TableInfo t;
  t.name = std::move(name);
  for (auto& c : columns) {
    storage::ColumnInfo col;
    col.name = std::move(c);
    col.type = LogicalType::Number();
    t.columns.push_back(std::move(col));
  }
  return t;
}

void Estimate(PhysicalOperator& op, double rows, double bytes, double cost, double cpu) {
  op.estimated_rows = rows;
  op.estimated_bytes = bytes;
  op.cost = cost;
  op.cpu_cost = cpu;
}

struct Tables {
  storage::TableInfo customers = Table("CUSTOMERS", {"CUSTOMER_ID", "REGION"});
  storage::TableInfo orders = Table("ORDERS", {"ORDER_ID", "CUSTOMER_ID"});
  storage::TableInfo t2 = Table("T2", {"ID"});
};

std::unique_ptr<TableAccessFull> Scan(const storage::TableInfo& t, const std::string& alias,
                                      std::vector<uint32_t> cols) {
  auto scan = std::make_unique<TableAccessFull>(t, cols, nullptr);
  scan->object_name = t.name;
  scan->object_alias = alias + "@SEL$1";
  scan->query_block = "SEL$1";
  scan->column_labels = ScanLabels(t, cols, alias);
  return scan;
}

struct Built {
  PhysicalPlan plan;
  const PhysicalOperator* customers = nullptr;
  const PhysicalOperator* join = nullptr;
};

//! Projection (hidden) over HASH JOIN(CUSTOMERS, FILTER(ORDERS, EXISTS (T2 subplan))).
//! `filter_operation`: false builds COUNT instead of the FILTER (a different plan shape).
Built BuildPlan(const Tables& t, bool with_filter = true, double scale = 1) {
  // The correlated subplan: SELECT 0 FROM T2 WHERE T2.ID = :B1.
  auto sub = Scan(t.t2, "T2", {0});
  sub->object_alias = "T2@SEL$2";
  sub->query_block = "SEL$2";
  sub->filter_predicates = {"\"T2\".\"ID\"=:B1"};
  Estimate(*sub, 1, 13, 2, 0);
  std::shared_ptr<const PhysicalOperator> subplan = std::move(sub);

  auto cust = Scan(t.customers, "C", {0, 1});
  cust->filter_predicates = {"\"C\".\"REGION\"=1"};
  Estimate(*cust, 1000, 24000, 69 * scale, 1.38 * scale);
  const PhysicalOperator* cust_ptr = cust.get();

  auto orders = Scan(t.orders, "O", {0, 1});
  Estimate(*orders, 1000000, 18000000, 4000, 80);

  std::unique_ptr<PhysicalOperator> probe;
  if (with_filter) {
    auto exists = std::make_unique<BoundExpr>(BoundKind::kSubquery, LogicalType::Boolean());
    exists->subquery = std::make_unique<SubqueryInfo>();
    exists->subquery->mode = SubqueryInfo::Mode::kExists;
    exists->subquery->plan = subplan;
    exists->subquery->correlated.push_back(Col(1));
    auto f = std::make_unique<Filter>(std::move(exists));
    f->filter_predicates = {PredicateText(f->predicate(), orders->column_labels)};
    f->AddChild(std::move(orders));
    Estimate(*f, 50000, 900000, 4089, 81.78);
    f->query_block = "SEL$1";
    probe = std::move(f);
  } else {
    auto c = std::make_unique<Count>();
    c->AddChild(std::move(orders));
    Estimate(*c, 50000, 900000, 4089, 81.78);
    c->query_block = "SEL$1";
    probe = std::move(c);
  }

  std::vector<BoundExprPtr> build_keys, probe_keys;
  build_keys.push_back(Col(0));
  probe_keys.push_back(Col(1));
  auto hj = std::make_unique<HashJoin>(JoinKind::kInner, std::move(build_keys),
                                       std::move(probe_keys), nullptr);
  hj->access_predicates = {"\"O\".\"CUSTOMER_ID\"=\"C\".\"CUSTOMER_ID\""};
  hj->AddChild(std::move(cust));
  hj->AddChild(std::move(probe));
  Estimate(*hj, 100000, 4200000, 4165, 83.3);
  hj->query_block = "SEL$1";  // the planner names the query block of every line
  const PhysicalOperator* hj_ptr = hj.get();

  std::vector<BoundExprPtr> exprs;
  exprs.push_back(Col(0));
  auto proj = std::make_unique<Projection>(std::move(exprs),
                                           std::vector<LogicalType>{LogicalType::Integer()});
  proj->AddChild(std::move(hj));

  Built b;
  b.plan.root = std::move(proj);
  b.customers = cust_ptr;
  b.join = hj_ptr;
  NumberPlanLines(*b.plan.root);
  return b;
}

TEST(Explain, SubPlansOfFilterProjectionCount) {
  Tables t;
  auto sub = std::shared_ptr<const PhysicalOperator>(Scan(t.t2, "T2", {0}));
  auto sub2 = std::shared_ptr<const PhysicalOperator>(Scan(t.t2, "T3", {0}));
  auto subquery = [](std::shared_ptr<const PhysicalOperator> p) {
    auto e = std::make_unique<BoundExpr>(BoundKind::kSubquery, LogicalType::Number());
    e->subquery = std::make_unique<SubqueryInfo>();
    e->subquery->plan = std::move(p);
    return e;
  };
  // Expression order: left to right.
  auto pred = Cmp("=", subquery(sub), subquery(sub2));
  Filter f(std::move(pred));
  EXPECT_EQ(f.SubPlans(), (std::vector<const PhysicalOperator*>{sub.get(), sub2.get()}));
  // A plan shared by a copied expression is listed once.
  auto shared = subquery(sub);
  auto copy = shared->Copy();
  Filter twice(Cmp("=", std::move(shared), std::move(copy)));
  EXPECT_EQ(twice.SubPlans(), (std::vector<const PhysicalOperator*>{sub.get()}));
  Filter plain(Cmp("=", Col(0), Const(I(1))));
  EXPECT_TRUE(plain.SubPlans().empty());

  std::vector<BoundExprPtr> exprs;
  exprs.push_back(Col(0));
  exprs.push_back(subquery(sub2));
  Projection p(std::move(exprs), {LogicalType::Integer(), LogicalType::Number()});
  EXPECT_EQ(p.SubPlans(), (std::vector<const PhysicalOperator*>{sub2.get()}));

  Count c(Cmp("<=", Col(0), subquery(sub)));
  EXPECT_EQ(c.SubPlans(), (std::vector<const PhysicalOperator*>{sub.get()}));
  EXPECT_TRUE(Count().SubPlans().empty());
}

TEST(Explain, TypicalPlan) {
  Tables t;
  Built b = BuildPlan(t);
  b.plan.record.notes = {"dynamic statistics used: dynamic sampling (level=2)"};
  auto doc = DescribePlan(b.plan, "SELECT STATEMENT", nullptr);
  ASSERT_EQ(doc.lines.size(), 6u);  // the projection is not a plan line
  EXPECT_EQ(doc.plan_hash_value, PlanHashValue(*b.plan.root));
  auto text = Join(xplan::Render(doc, xplan::Format::Parse("TYPICAL")));
  EXPECT_EQ(text, fmt::format(R"(Plan hash value: {}

---------------------------------------------------------------------------------
| Id  | Operation           | Name      | Rows  | Bytes | Cost (%CPU)| Time     |
---------------------------------------------------------------------------------
|   0 | SELECT STATEMENT    |           |   100K|  4101K|  4165   (2)| 00:00:50 |
|*  1 |  HASH JOIN          |           |   100K|  4101K|  4165   (2)| 00:00:50 |
|*  2 |   TABLE ACCESS FULL | CUSTOMERS |  1000 | 24000 |    69   (2)| 00:00:01 |
|*  3 |   FILTER            |           | 50000 |   878K|  4089   (2)| 00:00:50 |
|   4 |    TABLE ACCESS FULL| ORDERS    |  1000K|    17M|  4000   (2)| 00:00:48 |
|*  5 |    TABLE ACCESS FULL| T2        |     1 |    13 |     2   (0)| 00:00:01 |
---------------------------------------------------------------------------------

Predicate Information (identified by operation id):
---------------------------------------------------

   1 - access("O"."CUSTOMER_ID"="C"."CUSTOMER_ID")
   2 - filter("C"."REGION"=1)
   3 - filter( EXISTS (SELECT 0 FROM "T2" "T2" WHERE "T2"."ID"=:B1))
   5 - filter("T2"."ID"=:B1)

Note
-----
   - dynamic statistics used: dynamic sampling (level=2)
)",
                              doc.plan_hash_value));
}

TEST(Explain, AliasOutlineAndProjection) {
  Tables t;
  Built b = BuildPlan(t);
  b.plan.record.outline = {"FULL(@\"SEL$1\" \"C\"@\"SEL$1\")",
                           "FULL(@\"SEL$1\" \"O\"@\"SEL$1\")"};
  auto doc = DescribePlan(b.plan, "SELECT STATEMENT", nullptr);
  // 19c order: last decision first, then one OUTLINE_LEAF per query block, then the
  // environment (oracle-reference.md 1.5).
  EXPECT_EQ(doc.outline_hints,
            (std::vector<std::string>{"FULL(@\"SEL$1\" \"O\"@\"SEL$1\")",
                                      "FULL(@\"SEL$1\" \"C\"@\"SEL$1\")",
                                      "OUTLINE_LEAF(@\"SEL$2\")", "OUTLINE_LEAF(@\"SEL$1\")",
                                      "ALL_ROWS", "DB_VERSION('19.1.0')",
                                      "OPTIMIZER_FEATURES_ENABLE('19.1.0')",
                                      "IGNORE_OPTIM_EMBEDDED_HINTS"}));
  EXPECT_EQ(doc.lines[2].query_block, "SEL$1");
  EXPECT_EQ(doc.lines[2].object_alias, "C@SEL$1");
  EXPECT_EQ(doc.lines[2].projection,
            "\"C\".\"CUSTOMER_ID\"[NUMBER,22], \"C\".\"REGION\"[NUMBER,22]");
  EXPECT_EQ(doc.lines[5].query_block, "SEL$2");
  auto text = Join(xplan::Render(doc, xplan::Format::Parse("BASIC +ALIAS +OUTLINE")));
  EXPECT_NE(text.find("   2 - SEL$1 / C@SEL$1\n"), std::string::npos) << text;
  EXPECT_NE(text.find("   5 - SEL$2 / T2@SEL$2\n"), std::string::npos) << text;
  EXPECT_NE(text.find("      FULL(@\"SEL$1\" \"C\"@\"SEL$1\")\n"), std::string::npos) << text;
}

TEST(Explain, AllStatsLast) {
  Tables t;
  Built b = BuildPlan(t);
  // Line ids as numbered: the projection is no plan line (-1); 1 hash join, 2 customers,
  // 3 filter, 4 orders, 5 t2 -- the Id column.
  ASSERT_EQ(b.join->line_id(), 1);
  std::vector<OperatorRuntimeStats> rt(6);
  auto set = [&](int id, uint64_t starts, uint64_t rows, uint64_t ms, uint64_t buffers) {
    rt[id].starts = starts;
    rt[id].rows = rows;
    rt[id].elapsed_ns = ms * 1000000;
    rt[id].buffers = buffers;
  };
  set(1, 1, 480, 1180, 15012);
  set(2, 1, 1000, 10, 250);
  set(3, 1, 97713, 1120, 14762);
  set(4, 1, 101000, 610, 14000);
  set(5, 101000, 97713, 300, 762);
  rt[1].work_area = true;
  rt[1].mem_optimal = 2171 * 1024;
  rt[1].mem_one_pass = 2171 * 1024;
  rt[1].mem_used = 1503 * 1024;
  rt[2].mem_used = 999;  // not a work area: never shown
  auto doc = DescribePlan(b.plan, "SELECT STATEMENT", &rt);
  EXPECT_TRUE(doc.runtime_collected);
  ASSERT_TRUE(doc.lines[0].runtime.has_value());
  EXPECT_EQ(doc.lines[0].runtime->a_rows, 480u);
  EXPECT_FALSE(doc.lines[0].runtime->used_mem.has_value());
  EXPECT_FALSE(doc.lines[2].runtime->used_mem.has_value());
  auto text = Join(xplan::Render(doc, xplan::Format::Parse("ALLSTATS LAST -PREDICATE")));
  EXPECT_EQ(text, fmt::format(R"(Plan hash value: {}

----------------------------------------------------------------------------------------------------------------------
| Id  | Operation           | Name      | Starts | E-Rows | A-Rows |   A-Time   | Buffers |  OMem |  1Mem | Used-Mem |
----------------------------------------------------------------------------------------------------------------------
|   0 | SELECT STATEMENT    |           |      1 |        |    480 |00:00:01.18 |   15012 |       |       |          |
|*  1 |  HASH JOIN          |           |      1 |    100K|    480 |00:00:01.18 |   15012 |  2171K|  2171K| 1503K (0)|
|*  2 |   TABLE ACCESS FULL | CUSTOMERS |      1 |   1000 |   1000 |00:00:00.01 |     250 |       |       |          |
|*  3 |   FILTER            |           |      1 |  50000 |  97713 |00:00:01.12 |   14762 |       |       |          |
|   4 |    TABLE ACCESS FULL| ORDERS    |      1 |   1000K|    101K|00:00:00.61 |   14000 |       |       |          |
|*  5 |    TABLE ACCESS FULL| T2        |    101K|      1 |  97713 |00:00:00.30 |     762 |       |       |          |
----------------------------------------------------------------------------------------------------------------------
)",
                              doc.plan_hash_value));
}

TEST(Explain, HintReport) {
  Tables t;
  Built b = BuildPlan(t);
  b.plan.record.hints.push_back(
      {"FULL(c)", "SEL$1", "\"C\"@\"SEL$1\"", b.customers, true, "", false});
  b.plan.record.hints.push_back(
      {"USE_NL(o)", "SEL$1", "", nullptr, false, "join order not valid for this hint", false});
  b.plan.record.hints.push_back({"FULLL", "", "", nullptr, false, "", true});
  b.plan.record.hints.push_back({"ALL_ROWS", "", "", nullptr, true, "", false});
  auto doc = DescribePlan(b.plan, "SELECT STATEMENT", nullptr);
  EXPECT_EQ(doc.hint_report,
            (std::vector<std::string>{
                "Total hints for statement: 4 (U - Unused (1), E - Syntax error (1))",
                std::string(75, '-'),
                "",
                "   0 -  STATEMENT",
                "           -  ALL_ROWS",
                "",
                "   1 -  SEL$1",
                "         U -  USE_NL(o) / join order not valid for this hint",
                "         E -  FULLL",
                "",
                "   2 -  SEL$1 / C@SEL$1",
                "           -  FULL(c)",
            }));
  auto text = Join(xplan::Render(doc, xplan::Format::Parse("TYPICAL +HINT_REPORT")));
  EXPECT_NE(text.find("\nHint Report (identified by operation id / Query Block Name / Object "
                      "Alias):\nTotal hints for statement: 4"),
            std::string::npos)
      << text;
  // No hints: no report.
  Built plain = BuildPlan(t);
  EXPECT_TRUE(DescribePlan(plain.plan, "SELECT STATEMENT", nullptr).hint_report.empty());
}

TEST(Explain, PlanHashValue) {
  Tables t;
  Built a = BuildPlan(t);
  Built same = BuildPlan(t);
  EXPECT_EQ(PlanHashValue(*a.plan.root), PlanHashValue(*same.plan.root));
  // Costs are not part of the shape.
  Built costlier = BuildPlan(t, true, 10);
  EXPECT_EQ(PlanHashValue(*a.plan.root), PlanHashValue(*costlier.plan.root));
  // A different operation changes it.
  Built other = BuildPlan(t, false);
  EXPECT_NE(PlanHashValue(*a.plan.root), PlanHashValue(*other.plan.root));
  // So does a different object.
  const_cast<PhysicalOperator*>(same.customers)->object_name = "CLIENTS";
  EXPECT_NE(PlanHashValue(*a.plan.root), PlanHashValue(*same.plan.root));
}

TEST(Explain, StatementOperationAndEmptyRuntimeLines) {
  Tables t;
  Built b = BuildPlan(t);
  std::vector<OperatorRuntimeStats> rt(3);  // shorter than the plan: later lines never ran
  rt[1].starts = 1;
  auto doc = DescribePlan(b.plan, "DELETE STATEMENT", &rt);
  EXPECT_EQ(doc.lines[0].operation, "DELETE STATEMENT");
  ASSERT_TRUE(doc.lines[5].runtime.has_value());
  EXPECT_EQ(doc.lines[5].runtime->starts, 0u);
  EXPECT_EQ(doc.lines[0].runtime->starts, 1u);
}

}  // namespace
}  // namespace pathdb::planner
