// Scan column pruning: a full scan leaves the columns only its own (pushed-down) filter reads
// undecoded -- under an aggregate, and below joins, filters and adaptive plans, which read
// their keys, conditions and nested-loops parameters; answers stay those of a plan without
// the pass.
#include "planner/scan_columns.h"

#include <map>
#include <string>

#include "executor/table_access_full.h"
#include "parser/parser.h"
#include "session_test_util.h"

namespace pathdb::testing {
namespace {

class ScanColumnsTest : public SessionTest {
 protected:
  //! The TABLE ACCESS FULL of the plan of `sql` (which must have exactly one).
  const TableAccessFull* ScanOf(const planner::PhysicalPlan& plan) {
    const TableAccessFull* scan = nullptr;
    ForEachPlanLine(*plan.root, [&](const PhysicalOperator& op, int) {
      if (op.type() == OperatorType::kTableAccessFull) {
        EXPECT_EQ(scan, nullptr);
        scan = static_cast<const TableAccessFull*>(&op);
      }
    });
    return scan;
  }
  planner::PhysicalPlan Plan(const std::string& sql) {
    stmt_ = ParseStatement(sql);
    ctx_ = std::make_unique<planner::PlanContext>(planner::PlanContext{*db_, eval_});
    return planner::PlanQuery(*stmt_->query, *ctx_);
  }
  void SetUp() override {
    SessionTest::SetUp();
    Exec("create table t (id number, grp number, name varchar2(20))");
    Exec(
        "insert into t select level, mod(level, 7), 'n' || level from dual connect by level <= "
        "500");
    Exec("commit");
  }
  std::unique_ptr<ast::Statement> stmt_;
  EvalContext eval_;
  std::unique_ptr<planner::PlanContext> ctx_;
};

TEST_F(ScanColumnsTest, ColumnsOnlyThePushedFilterReadsAreNotDecoded) {
  auto plan = Plan("select sum(id) from t where grp between 2 and 3");
  const TableAccessFull* scan = ScanOf(plan);
  ASSERT_NE(scan, nullptr);
  ASSERT_EQ(scan->scan_predicates().size(), 2u);  // both ends of the BETWEEN
  EXPECT_EQ(scan->residual_filter(), nullptr);
  // Output columns are (ID, GRP): only GRP is unread above the scan.
  ASSERT_EQ(scan->column_ids(), (std::vector<uint32_t>{0, 1}));
  EXPECT_EQ(scan->unread_outputs(), (std::vector<bool>{false, true}));
  EXPECT_EQ(Rows("select sum(id) from t where grp between 2 and 3"),
            Rows("select sum(id) from t where grp + 0 between 2 and 3"));
}

TEST_F(ScanColumnsTest, AColumnTheRemainingFilterReadsIsStillDecoded) {
  // LIKE stays with the executor's filter, so NAME must reach it.
  auto plan = Plan("select count(*) from t where grp = 1 and name like 'n1%'");
  const TableAccessFull* scan = ScanOf(plan);
  ASSERT_NE(scan, nullptr);
  ASSERT_NE(scan->residual_filter(), nullptr);
  std::vector<bool> unread = scan->unread_outputs();
  for (size_t i = 0; i < scan->column_ids().size(); ++i) {
    EXPECT_EQ(unread[i], scan->column_ids()[i] != 2) << "column " << scan->column_ids()[i];
  }
  EXPECT_EQ(Rows("select count(*) from t where grp = 1 and name like 'n1%'"),
            Rows("select count(*) from t where grp + 0 = 1 and name like 'n1%'"));
}

TEST_F(ScanColumnsTest, AnOperatorThatPassesRowsUpKeepsEveryColumn) {
  auto plan = Plan("select id, grp from t where grp = 3 order by id");
  const TableAccessFull* scan = ScanOf(plan);
  ASSERT_NE(scan, nullptr);
  for (bool unread : scan->unread_outputs()) EXPECT_FALSE(unread);
}

TEST_F(ScanColumnsTest, AnExistsSubqueryReadsOnlyWhatItsConditionsNeed) {
  Exec("create table u (id number, tag varchar2(20), note varchar2(40), qty number)");
  Exec(
      "insert into u select mod(level, 50), 't' || level, 'x', level from dual connect by level <= "
      "300");
  Exec("commit");
  // Each subquery's scan of U: unnested (a semi/anti join) or run per row, either way its
  // `select *` must not make it decode TAG, NOTE and QTY.
  for (const std::string sql :
       {"select count(*) from t where exists (select * from u where u.id = t.id)",
        "select count(*) from t where not exists (select * from u where u.id = t.id and u.qty > 7)",
        "select count(*) from t where exists (select /*+ no_unnest */ * from u where u.id = t.id)",
        "select count(*) from t where exists (select * from u where u.qty = 12)"}) {
    auto plan = Plan(sql);
    size_t scans_of_u = 0;
    auto check = [&](const PhysicalOperator& op) {
      if (op.type() != OperatorType::kTableAccessFull) return;
      const auto& scan = static_cast<const TableAccessFull&>(op);
      if (scan.table().name != "U") return;
      ++scans_of_u;
      for (uint32_t c : scan.column_ids()) EXPECT_TRUE(c == 0 || c == 3) << sql << ": column " << c;
    };
    // Subquery plans are plan lines too.
    ForEachPlanLine(*plan.root, [&](const PhysicalOperator& op, int) { check(op); });
    EXPECT_EQ(scans_of_u, 1u) << sql;
  }
  // Only the select list is ignored: an aggregate without GROUP BY returns a row even from no
  // rows, so EXISTS of it is true; ORDER BY and a projected error-free expression still bind.
  EXPECT_EQ(Rows("select count(*) from t where exists (select count(*) from u where u.id = -1)"),
            Rows("select count(*) from t"));
  EXPECT_EQ(Rows("select count(*) from t where exists (select * from u where u.id = -1)"),
            Rows("select 0 from dual"));
  EXPECT_EQ(Rows("select count(*) from t where exists (select 1 / 0 from u where u.id = t.grp)"),
            Rows("select count(*) from t where grp in (select id from u)"));
  EXPECT_EQ(Rows("select count(*) from t where exists (select tag from u where u.id = t.grp "
                 "order by note)"),
            Rows("select count(*) from t where grp in (select id from u)"));
  EXPECT_THROW(Rows("select count(*) from t where exists (select nosuch from u)"), OraError);
}

//! Per column id of the one TABLE ACCESS FULL of `table` in `plan`: whether it is left unread.
std::map<uint32_t, bool> UnreadOf(const planner::PhysicalPlan& plan, const std::string& table) {
  std::map<uint32_t, bool> unread;
  size_t scans = 0;
  ForEachPlanLine(*plan.root, [&](const PhysicalOperator& op, int) {
    if (op.type() != OperatorType::kTableAccessFull) return;
    const auto& scan = static_cast<const TableAccessFull&>(op);
    if (scan.table().name != table) return;
    ++scans;
    for (size_t i = 0; i < scan.column_ids().size(); ++i) {
      unread[scan.column_ids()[i]] = i < scan.unread_outputs().size() && scan.unread_outputs()[i];
    }
  });
  EXPECT_EQ(scans, 1u) << table;
  return unread;
}

TEST_F(ScanColumnsTest, BelowAJoinOnlyTheKeysConditionsAndOutputsAreDecoded) {
  Exec("create table u (id number, tag varchar2(20), note varchar2(40), qty number)");
  Exec(
      "insert into u select mod(level, 50), 't' || mod(level, 20), 'x' || mod(level, 3), level "
      "from dual connect by level <= 300");
  Exec("create index t_id_ix on t (id)");
  Exec("commit");
  const std::string where = " where u.qty between 10 and 200 and u.tag = 't15'";
  // The answers, from U's rows one at a time (a correlated subquery reads U.ID as a
  // parameter: no join below which a column could go missing).
  auto per_u_row = [&](const std::string& select) { return Rows(select + " from u" + where); };
  const auto matches = per_u_row("select sum((select count(t.name) from t where t.id = u.id))");
  ASSERT_NE(matches, Rows("select 0 from dual"));
  // U (ID 0, TAG 1, NOTE 2, QTY 3): TAG and QTY only feed its own scan's predicates.
  {
    const std::string sql =
        "select /*+ leading(u t) use_hash(t) */ count(t.name) from t join u "
        "on u.id = t.id";
    auto plan = Plan(sql + where);
    auto u = UnreadOf(plan, "U");
    EXPECT_FALSE(u[0]);  // the build key
    EXPECT_TRUE(u[1]);
    EXPECT_TRUE(u[3]);
    auto t = UnreadOf(plan, "T");
    EXPECT_FALSE(t[0]);  // the probe key
    EXPECT_FALSE(t[2]);  // counted above the join
    EXPECT_EQ(Rows(sql + where), matches);
  }
  {
    // A residual join condition reads NOTE and NAME.
    const std::string sql =
        "select /*+ leading(u t) use_hash(t) */ count(*) from t join u on "
        "u.id = t.id and u.note <> t.name";
    auto plan = Plan(sql + where);
    auto u = UnreadOf(plan, "U");
    EXPECT_FALSE(u[0]);
    EXPECT_FALSE(u[2]);
    EXPECT_TRUE(u[3]);
    EXPECT_FALSE(UnreadOf(plan, "T")[2]);
    EXPECT_EQ(Rows(sql + where),
              per_u_row("select sum((select count(*) from t where t.id = u.id and u.note <> "
                        "t.name))"));
  }
  {
    // Index nested loops: U's ID is read by the inner side, as the probe's parameter.
    const std::string sql =
        "select /*+ leading(u t) use_nl(t) index(t t_id_ix) */ count(t.name) "
        "from t join u on u.id = t.id";
    auto plan = Plan(sql + where);
    auto u = UnreadOf(plan, "U");
    EXPECT_FALSE(u[0]);
    EXPECT_TRUE(u[1]);
    EXPECT_TRUE(u[3]);
    EXPECT_EQ(Rows(sql + where), matches);
  }
  {
    // An outer join NULL-extends T's columns: what is read above still decides.
    const std::string sql =
        "select /*+ leading(u t) use_hash(t) */ count(t.name), max(u.note) "
        "from u left join t on u.id = t.id";
    auto plan = Plan(sql + where);
    auto u = UnreadOf(plan, "U");
    EXPECT_FALSE(u[2]);
    EXPECT_TRUE(u[3]);
    EXPECT_EQ(Rows(sql + where),
              per_u_row("select sum((select count(t.name) from t where t.id = u.id)), "
                        "max(u.note)"));
  }
}

}  // namespace
}  // namespace pathdb::testing
