// Cost-based access paths: the acceptance cases of issue 5 on fabricated statistics of a
// 2M-row table (the costing alone), the same choices on a real 100k-row table with gathered
// statistics, EXPLAIN's annotations and outline, dynamic sampling, index probes with
// parameters (nested loops inner side) and transitive predicates reaching an index.
#include "planner/access_path.h"

#include <algorithm>

#include "executor/index_scan.h"
#include "executor/table_access_by_index_rowid.h"
#include "executor/table_access_full.h"
#include "parser/parser.h"
#include "planner/bound_util.h"
#include "planner/planner.h"
#include "session_test_util.h"

namespace pathdb::testing {
namespace {

class AccessPathTest : public SessionTest {
 protected:
  //! Plans a query; operation names in pre-order ("" internal projections left out), index
  //! operations with their index name.
  std::string Shape(const std::string& sql) {
    auto stmt = ParseStatement(sql);
    EvalContext eval;
    planner::PlanContext ctx{*db_, eval};
    plan_ = planner::PlanQuery(*stmt->query, ctx);
    std::string out;
    Walk(*plan_.root, out);
    return out;
  }
  void Walk(const PhysicalOperator& op, std::string& out) {
    if (!op.operation().empty()) {
      if (!out.empty()) out += ", ";
      out += op.operation();
      if (op.operation().rfind("INDEX", 0) == 0) out += "(" + op.object_name + ")";
    }
    for (const auto& c : op.children()) Walk(*c, out);
  }
  //! The first line of plan_ whose operation starts with `prefix`.
  const PhysicalOperator* Line(const std::string& prefix) {
    const PhysicalOperator* found = nullptr;
    std::function<void(const PhysicalOperator&)> walk = [&](const PhysicalOperator& op) {
      if (!found && op.operation().rfind(prefix, 0) == 0) found = &op;
      for (const auto& c : op.children()) walk(*c);
    };
    walk(*plan_.root);
    return found;
  }
  bool HasOutline(const std::string& hint) const {
    const auto& o = plan_.record.outline;
    return std::find(o.begin(), o.end(), hint) != o.end();
  }
  planner::PhysicalPlan plan_;
};

// ---------------------------------------------------------------------------------------
// 2M rows, statistics set directly (no data): the choices follow from the costs alone.

class FabricatedStatsTest : public AccessPathTest {
 protected:
  void SetUp() override {
    AccessPathTest::SetUp();
    Exec(
        "create table big (id number not null, scat number, clus number not null, "
        "pad varchar2(100))");
    Exec("create unique index big_id on big (id)");
    Exec("create index big_scat on big (scat)");
    Exec("create index big_clus on big (clus)");
    const storage::TableInfo& t = *db_->FindTable("BIG");
    storage::TableStats ts;
    ts.present = true;
    ts.num_rows = 2'000'000;
    ts.blocks = 40'000;
    ts.avg_row_len = 120;
    ts.columns.resize(4);
    auto col = [&](size_t i, uint64_t ndv, int64_t lo, int64_t hi, uint32_t len) {
      auto& c = ts.columns[i];
      c.present = true;
      c.num_distinct = ndv;
      c.low_value = Value::Integer(lo);
      c.high_value = Value::Integer(hi);
      c.density = 1.0 / static_cast<double>(ndv);
      c.avg_col_len = len;
    };
    col(0, 2'000'000, 1, 2'000'000, 6);
    col(1, 100'000, 0, 99'999, 5);
    col(2, 20'000, 1, 20'000, 4);
    ts.columns[3].present = true;
    ts.columns[3].num_distinct = 1;
    ts.columns[3].avg_col_len = 100;
    db_->SetTableStats(t, ts);
    auto index = [&](const char* name, uint64_t leaves, uint64_t distinct, uint64_t cf) {
      storage::IndexStats is;
      is.present = true;
      is.blevel = 2;
      is.leaf_blocks = leaves;
      is.distinct_keys = distinct;
      is.clustering_factor = cf;
      is.num_rows = 2'000'000;
      db_->SetIndexStats(*db_->FindIndex(name), is);
    };
    index("BIG_ID", 4'400, 2'000'000, 40'000);     // well clustered
    index("BIG_SCAT", 4'000, 100'000, 1'990'000);  // scattered: CF close to NUM_ROWS
    index("BIG_CLUS", 3'800, 20'000, 40'100);      // well clustered
  }
};

TEST_F(FabricatedStatsTest, EqualityOnAUniqueColumnIsAUniqueScan) {
  EXPECT_EQ(Shape("select pad from big where id = 42"),
            "TABLE ACCESS BY INDEX ROWID, INDEX UNIQUE SCAN(BIG_ID)");
  const PhysicalOperator* idx = Line("INDEX UNIQUE SCAN");
  ASSERT_NE(idx, nullptr);
  EXPECT_EQ(idx->estimated_rows, 1);
  // blevel + 1 for the index, one more block for the row.
  EXPECT_NEAR(idx->cost, 3, 0.1);
  EXPECT_NEAR(Line("TABLE ACCESS")->cost, 4, 0.1);
  ASSERT_EQ(idx->access_predicates.size(), 1u);
  EXPECT_EQ(idx->access_predicates[0], "\"BIG\".\"ID\"=42");
  EXPECT_TRUE(HasOutline("INDEX(@\"SEL$1\" \"BIG\"@\"SEL$1\" (\"BIG\".\"ID\"))"));
}

TEST_F(FabricatedStatsTest, NarrowRangeOnAWellClusteredIndexIsARangeScan) {
  // 0.1% of 2M rows.
  EXPECT_EQ(Shape("select pad from big where id between 100000 and 101999"),
            "TABLE ACCESS BY INDEX ROWID BATCHED, INDEX RANGE SCAN(BIG_ID)");
  const PhysicalOperator* idx = Line("INDEX RANGE SCAN");
  const PhysicalOperator* tab = Line("TABLE ACCESS");
  // Oracle's formula: blevel + ceil(sel x leaves) + ceil(sel x CF), sel = 2000/2M (+ the
  // closed-end 1/ndv terms).
  const double sel = (101999.0 - 100000.0) / (2'000'000.0 - 1.0) + 2.0 / 2'000'000.0;
  EXPECT_NEAR(idx->estimated_rows, 2'000'000 * sel, 2);
  const double io = 2 + std::ceil(sel * 4'400) + std::ceil(sel * 40'000);
  EXPECT_GE(tab->cost, io);
  EXPECT_LT(tab->cost, io + 1);     // the CPU part is small
  EXPECT_GT(tab->cost, idx->cost);  // cumulative
  EXPECT_GT(tab->cpu_cost, idx->cpu_cost);
  // The scan reads ID (for the predicate) and PAD: AVG_COL_LEN 6 + 100.
  EXPECT_NEAR(tab->estimated_bytes, tab->estimated_rows * 106, 1);
  EXPECT_EQ(idx->access_predicates, (Strings{"\"BIG\".\"ID\">=100000 AND \"BIG\".\"ID\"<=101999"}));
  EXPECT_TRUE(idx->filter_predicates.empty());
  EXPECT_EQ(tab->query_block, "SEL$1");
  EXPECT_EQ(tab->object_alias, "BIG@SEL$1");
  EXPECT_EQ(idx->object_alias, "BIG@SEL$1");
  EXPECT_TRUE(HasOutline("INDEX_RS_ASC(@\"SEL$1\" \"BIG\"@\"SEL$1\" (\"BIG\".\"ID\"))"));
  EXPECT_TRUE(HasOutline("BATCH_TABLE_ACCESS_BY_ROWID(@\"SEL$1\" \"BIG\"@\"SEL$1\")"));
}

TEST_F(FabricatedStatsTest, WideRangeOnABadlyClusteredIndexIsAFullScan) {
  // 20% of the rows through an index whose clustering factor is NUM_ROWS: ~400k block visits
  // against a multiblock scan of 40k blocks.
  EXPECT_EQ(Shape("select pad from big where scat between 0 and 19999"), "TABLE ACCESS FULL");
  const PhysicalOperator* full = Line("TABLE ACCESS FULL");
  EXPECT_NEAR(full->estimated_rows, 2'000'000 * (19999.0 / 99999.0 + 2.0 / 100'000), 50);
  EXPECT_NEAR(full->cost, std::ceil(40'000 / 8.0 * 26 / 12) + 1, 200);
  EXPECT_EQ(full->filter_predicates, (Strings{"\"BIG\".\"SCAT\">=0 AND \"BIG\".\"SCAT\"<=19999"}));
  EXPECT_TRUE(HasOutline("FULL(@\"SEL$1\" \"BIG\"@\"SEL$1\")"));
  // The same range on the well-clustered column stays on the index ...
  EXPECT_EQ(Shape("select pad from big where clus between 1 and 20"),
            "TABLE ACCESS BY INDEX ROWID BATCHED, INDEX RANGE SCAN(BIG_CLUS)");
  // ... and the hint forces the bad index, at its (much higher) cost.
  EXPECT_EQ(Shape("select /*+ index(big big_scat) */ pad from big where scat between 0 and 19999"),
            "TABLE ACCESS BY INDEX ROWID BATCHED, INDEX RANGE SCAN(BIG_SCAT)");
  EXPECT_GT(Line("TABLE ACCESS")->cost, 300'000);
  ASSERT_EQ(plan_.record.hints.size(), 1u);
  EXPECT_TRUE(plan_.record.hints[0].used);
  EXPECT_EQ(plan_.record.hints[0].alias, "\"BIG\"@\"SEL$1\"");
  EXPECT_EQ(plan_.record.hints[0].line, Line("TABLE ACCESS"));
}

TEST_F(FabricatedStatsTest, CountOfAnIndexedColumnIsAFastFullScan) {
  EXPECT_EQ(Shape("select count(id) from big"), "SORT AGGREGATE, INDEX FAST FULL SCAN(BIG_ID)");
  const PhysicalOperator* ffs = Line("INDEX FAST FULL SCAN");
  EXPECT_NEAR(ffs->cost, std::ceil(4'400 / 8.0 * 26 / 12) + 1, 30);
  EXPECT_TRUE(HasOutline("INDEX_FFS(@\"SEL$1\" \"BIG\"@\"SEL$1\" (\"BIG\".\"ID\"))"));
  // Each NOT NULL column's count through its own (smallest covering) index.
  EXPECT_EQ(Shape("select count(clus) from big"), "SORT AGGREGATE, INDEX FAST FULL SCAN(BIG_CLUS)");
  // COUNT(*) reads the table's first column (ID): its index or the table.
  EXPECT_EQ(Shape("select count(*) from big"), "SORT AGGREGATE, INDEX FAST FULL SCAN(BIG_ID)");
  EXPECT_EQ(Shape("select /*+ no_index(big big_id) */ count(*) from big"),
            "SORT AGGREGATE, TABLE ACCESS FULL");
  EXPECT_EQ(Shape("select /*+ full(big) */ count(id) from big"),
            "SORT AGGREGATE, TABLE ACCESS FULL");
}

TEST_F(FabricatedStatsTest, CardinalityHintAndEstimateWithoutOperators) {
  Shape("select /*+ cardinality(big 77) */ pad from big where scat between 0 and 19999");
  EXPECT_EQ(Line("TABLE ACCESS FULL")->estimated_rows, 77);
  const storage::TableInfo& t = *db_->FindTable("BIG");
  EvalContext eval;
  planner::PlanContext ctx{*db_, eval};
  // scat = 5 over the columns (id, scat): one of 100k values.
  auto pred = planner::MakeCompare("=", planner::MakeColumn(1, LogicalType::Number()),
                                   planner::MakeConstant(Value::Integer(5)));
  planner::AccessEstimate e = planner::EstimateTableAccess(t, {0, 1}, pred.get(), "BIG", {}, ctx);
  EXPECT_EQ(e.path.kind, planner::AccessPath::Kind::kRangeScan);
  EXPECT_NEAR(e.rows, 20, 0.5);
  EXPECT_EQ(e.table_rows, 2'000'000);
  EXPECT_FALSE(e.dynamic_sampling);
  EXPECT_GT(e.cost, 20);  // 20 scattered rows: about one block each
  EXPECT_LT(e.cost, 40);
  EXPECT_TRUE(ctx.record.outline.empty());  // nothing recorded
  EXPECT_NEAR(planner::PredicateSelectivity(t, {0, 1}, pred.get()), 1e-5, 1e-9);
}

TEST_F(FabricatedStatsTest, ParameterEqualityProbesTheIndexPerStart) {
  // The nested-loops inner side: scat = :outer_value (a kParameter slot).
  const storage::TableInfo& t = *db_->FindTable("BIG");
  EvalContext eval;
  planner::PlanContext ctx{*db_, eval};
  auto pred = planner::MakeCompare("=", planner::MakeColumn(1, LogicalType::Number()),
                                   planner::MakeParameter(64, LogicalType::Number()));
  auto op = planner::PlanTableAccess(t, {0, 1, 3}, std::move(pred), "BIG", {}, ctx);
  ASSERT_EQ(op->operation(), "TABLE ACCESS BY INDEX ROWID BATCHED");
  ASSERT_EQ(op->children().size(), 1u);
  EXPECT_EQ(op->children()[0]->object_name, "BIG_SCAT");
  EXPECT_NEAR(op->estimated_rows, 20, 0.5);  // per start: NUM_ROWS / NDV
  EXPECT_LT(op->cost, 40);
}

// ---------------------------------------------------------------------------------------
// A real table: 100k rows, statistics gathered with DBMS_STATS.

class GatheredStatsTest : public AccessPathTest {
 protected:
  void SetUp() override {
    AccessPathTest::SetUp();
    Exec("create table t (id number not null, scat number, pad varchar2(60))");
    Exec(
        "insert into t select level, mod(level * 7919, 10000), rpad('x', 50, 'y') from dual "
        "connect by level <= 100000");
    Exec("commit");
    Exec("create unique index t_id on t (id)");
    Exec("create index t_scat on t (scat)");
    Exec("begin dbms_stats.gather_table_stats(user, 'T'); end;");
  }
};

TEST_F(GatheredStatsTest, ChoicesFollowTheStatistics) {
  EXPECT_EQ(Shape("select pad from t where id = 777"),
            "TABLE ACCESS BY INDEX ROWID, INDEX UNIQUE SCAN(T_ID)");
  EXPECT_EQ(Rows("select count(pad) from t where id = 777"), (Strings{"1"}));
  // 0.1%: an index range scan with batched rowid access; the estimate is close to the truth.
  const std::string narrow = "select pad from t where id between 5000 and 5099";
  EXPECT_EQ(Shape(narrow), "TABLE ACCESS BY INDEX ROWID BATCHED, INDEX RANGE SCAN(T_ID)");
  EXPECT_NEAR(Line("TABLE ACCESS")->estimated_rows, 100, 3);
  EXPECT_EQ(Rows(narrow).size(), 100u);
  // 20% on the scattered column: the full scan; hinted: the index, same answer.
  const std::string wide = "select count(pad) from t where scat between 0 and 1999";
  EXPECT_EQ(Shape(wide), "SORT AGGREGATE, TABLE ACCESS FULL");
  EXPECT_NEAR(Line("TABLE ACCESS FULL")->estimated_rows, 20000, 500);
  const std::string hinted =
      "select /*+ index(t t_scat) */ count(pad) from t where scat between 0 and 1999";
  EXPECT_EQ(Shape(hinted),
            "SORT AGGREGATE, TABLE ACCESS BY INDEX ROWID BATCHED, "
            "INDEX RANGE SCAN(T_SCAT)");
  EXPECT_EQ(Rows(wide), Rows(hinted));
  EXPECT_EQ(Rows(wide), (Strings{"20000"}));
  // The full scan is the cheaper way in buffer visits too: the index revisits table blocks.
  auto gets = [&](const std::string& sql) {
    const uint64_t before = session_->stats().Get(Stat::kConsistentGets);
    Rows(sql);
    return session_->stats().Get(Stat::kConsistentGets) - before;
  };
  EXPECT_GT(gets(hinted), gets(wide));
  // COUNT of the NOT NULL indexed column: the fast full scan of the smaller index.
  EXPECT_EQ(Shape("select count(id) from t"), "SORT AGGREGATE, INDEX FAST FULL SCAN(T_ID)");
  EXPECT_EQ(Rows("select count(id) from t"), (Strings{"100000"}));
  // A nullable indexed column too: COUNT(col) never counts the rows missing from the index.
  Exec("update t set scat = null where id <= 10");
  Exec("commit");
  EXPECT_EQ(Shape("select count(scat), max(scat) from t"),
            "SORT AGGREGATE, INDEX FAST FULL SCAN(T_SCAT)");
  EXPECT_EQ(Rows("select count(scat), max(scat) from t"), (Strings{"99990|9999"}));
  EXPECT_EQ(Shape("select count(*) from t where scat > 5"),
            "SORT AGGREGATE, INDEX FAST FULL SCAN(T_SCAT)");
  // COUNT(*) still counts every row: not through the nullable index.
  EXPECT_EQ(Shape("select /*+ no_index(t t_id) */ count(*) from t"),
            "SORT AGGREGATE, TABLE ACCESS FULL");
  EXPECT_EQ(Rows("select count(*) from t"), (Strings{"100000"}));
  EXPECT_FALSE(std::count(plan_.record.notes.begin(), plan_.record.notes.end(),
                          "dynamic statistics used: dynamic sampling (level=2)"));
}

TEST_F(GatheredStatsTest, TransitivePredicateReachesTheIndex) {
  Exec("create table d (id number, name varchar2(10))");
  Exec("insert into d select level * 10, 'n' || level from dual connect by level <= 5000");
  Exec("commit");
  Exec("begin dbms_stats.gather_table_stats(user, 'D'); end;");
  // Only D is restricted in the text; through t.id = d.id, T gets the same range and reads
  // it through its index.
  const std::string q =
      "select /*+ leading(d) */ count(t.pad) from t, d where t.id = d.id and d.id between "
      "20000 and 22000";
  std::string shape = Shape(q);
  EXPECT_NE(shape.find("INDEX RANGE SCAN(T_ID)"), std::string::npos) << shape;
  const PhysicalOperator* idx = Line("INDEX RANGE SCAN");
  ASSERT_NE(idx, nullptr);
  EXPECT_EQ(idx->access_predicates, (Strings{"\"T\".\"ID\">=20000 AND \"T\".\"ID\"<=22000"}));
  EXPECT_EQ(Rows(q), (Strings{"201"}));
  // Index nested loops: the probe's key prints with the outer column, as Oracle does.
  const std::string nl =
      "select /*+ leading(d) use_nl(t) */ t.pad from t, d where t.id = d.id and d.name = 'n7'";
  shape = Shape(nl);
  EXPECT_NE(shape.find("INDEX UNIQUE SCAN(T_ID)"), std::string::npos) << shape;
  EXPECT_EQ(Line("INDEX UNIQUE SCAN")->access_predicates, (Strings{"\"T\".\"ID\"=\"D\".\"ID\""}));
  EXPECT_EQ(Line("INDEX UNIQUE SCAN")->estimated_rows, 1);
  EXPECT_EQ(Rows(nl).size(), 1u);
  EXPECT_EQ(Rows(q), Rows("select count(t.pad) from t, d where t.id = d.id and d.id between "
                          "20000 and 22000 and t.id + 0 > 0"));
}

// ---------------------------------------------------------------------------------------
// No statistics: the rule-based shapes, estimates from a dynamic sample.

TEST_F(AccessPathTest, DynamicSamplingWithoutStatistics) {
  Exec("create table s (id number, grp number)");
  Exec("insert into s select level, mod(level, 10) from dual connect by level <= 3000");
  Exec("commit");
  Shape("select id from s where grp = 3");
  const PhysicalOperator* full = Line("TABLE ACCESS FULL");
  ASSERT_NE(full, nullptr);
  // The whole (small) table fits in the sample: the estimate is the exact count.
  EXPECT_NEAR(full->estimated_rows, 300, 1);
  EXPECT_GT(full->cost, 1);
  EXPECT_EQ(std::count(plan_.record.notes.begin(), plan_.record.notes.end(),
                       "dynamic statistics used: dynamic sampling (level=2)"),
            1);
  EXPECT_EQ(full->filter_predicates, (Strings{"\"S\".\"GRP\"=3"}));
  // Rule-based without statistics: an equality on an indexed column uses the index.
  Exec("create index s_grp on s (grp)");
  EXPECT_EQ(Shape("select id from s where grp = 3"),
            "TABLE ACCESS BY INDEX ROWID BATCHED, INDEX RANGE SCAN(S_GRP)");
  EXPECT_NEAR(Line("TABLE ACCESS")->estimated_rows, 300, 1);
  EXPECT_EQ(Rows("select count(*) from s where grp = 3"), (Strings{"300"}));
  // Two scans of sampled tables: one note.
  Shape("select count(*) from s a, s b where a.id = b.id");
  EXPECT_EQ(std::count(plan_.record.notes.begin(), plan_.record.notes.end(),
                       "dynamic statistics used: dynamic sampling (level=2)"),
            1);
}

TEST_F(AccessPathTest, HintReportForAccessHints) {
  Exec("create table h (id number primary key, v number)");
  Shape("select /*+ index(h nosuch) full(x) */ v from h where id = 1");
  ASSERT_EQ(plan_.record.hints.size(), 1u);  // full(x) names another alias
  EXPECT_FALSE(plan_.record.hints[0].used);
  EXPECT_EQ(plan_.record.hints[0].reason, "index specified in the hint doesn't exist");
  Shape("select /*+ full(h) */ v from h where id = 1");
  ASSERT_EQ(plan_.record.hints.size(), 1u);
  EXPECT_TRUE(plan_.record.hints[0].used);
  EXPECT_EQ(plan_.record.hints[0].query_block, "SEL$1");
}

}  // namespace
}  // namespace pathdb::testing
