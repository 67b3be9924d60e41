// RewritePlan: a pass after join ordering reaches every operator mutably, including the plans
// of subqueries, and can replace a node in its parent, without casting const away.
#include "planner/plan_rewrite.h"

#include "executor/fast_dual.h"
#include "executor/view.h"
#include "parser/parser.h"
#include "session_test_util.h"

namespace pathdb::testing {
namespace {

class PlanRewriteTest : public SessionTest {};

TEST_F(PlanRewriteTest, ReplacesANodeInItsParentAndWalksIntoTheReplacement) {
  EvalContext eval;
  planner::PlanContext ctx{*db_, eval};
  auto view = std::make_unique<View>("V");
  view->AddChild(std::make_unique<FastDual>());
  std::unique_ptr<PhysicalOperator> root = std::move(view);
  std::vector<OperatorType> seen;
  planner::RewritePlan(root, ctx, [&](PhysicalOperator& op) -> std::unique_ptr<PhysicalOperator> {
    seen.push_back(op.type());
    if (op.type() != OperatorType::kFastDual || op.estimated_rows == 7) return nullptr;
    auto dual = std::make_unique<FastDual>();
    dual->estimated_rows = 7;
    return dual;
  });
  EXPECT_EQ(seen, (std::vector<OperatorType>{OperatorType::kView, OperatorType::kFastDual}));
  ASSERT_EQ(root->children().size(), 1u);
  EXPECT_EQ(root->children()[0]->type(), OperatorType::kFastDual);
  EXPECT_EQ(root->children()[0]->estimated_rows, 7);
}

TEST_F(PlanRewriteTest, MaterializedResultRowsReachEveryReaderIncludingSubqueryPlans) {
  Exec("create table t (a number)");
  for (int i = 0; i < 5; ++i) Exec("insert into t values (" + std::to_string(i) + ")");
  Exec("begin dbms_stats.gather_table_stats(user, 'T'); end;");
  auto stmt = ParseStatement(
      "with s as (select /*+ materialize */ a from t) "
      "select a from s where a > (select avg(a) from s)");
  EvalContext eval;
  planner::PlanContext ctx{*db_, eval};
  auto plan = planner::PlanQuery(*stmt->query, ctx);
  double loaded = 0;
  ForEachPlanLine(*plan.root, [&](const PhysicalOperator& op, int) {
    if (op.type() == OperatorType::kTempTableLoad) loaded = op.estimated_rows;
  });
  EXPECT_EQ(loaded, 5);
  int readers = 0;
  ForEachPlanLine(*plan.root, [&](const PhysicalOperator& op, int) {
    if (op.type() != OperatorType::kTempTableScan) return;
    ++readers;
    EXPECT_EQ(op.estimated_rows, loaded) << "line " << op.line_id();
  });
  EXPECT_EQ(readers, 2);  // the main query's and the subquery's
}

}  // namespace
}  // namespace pathdb::testing
