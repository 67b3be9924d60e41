// Index nested loops: NESTED LOOPS re-opening its inner child once per outer row with the outer
// key in a parameter slot, over a real INDEX RANGE SCAN and over a test source that reads the
// parameter; every join kind, NULL outer keys, residual conditions, Starts per plan line.
#include <algorithm>

#include "common/error.h"
#include "executor/index_range_scan.h"
#include "executor/load_table.h"
#include "executor/nested_loops.h"
#include "executor/table_access_by_index_rowid.h"
#include "op_test_util.h"

namespace pathdb::test {
namespace {

using Rows = std::vector<std::string>;
Rows Sorted(Rows v) {
  std::sort(v.begin(), v.end());
  return v;
}
const LogicalType kInt = LogicalType::Integer();
const LogicalType kStr = LogicalType::Varchar(20);
constexpr size_t kSlot = 64;  // index nested loops slots start above the subquery/bind ones

BoundExprPtr Param(size_t slot, LogicalType t = LogicalType::Integer()) {
  auto e = std::make_unique<BoundExpr>(BoundKind::kParameter, t);
  e->column_index = slot;
  return e;
}

//! Inner test source: per start, reads parameter kSlot = n and returns rows (n, j) for
//! j in [0, n) in batches of `batch` (NULL or a missing slot: no rows). Counts starts and
//! batches served (owned by the test).
class ParamSource : public PhysicalOperator {
 public:
  ParamSource(size_t batch, int* opens, int* batches)
      : PhysicalOperator("PARAM SOURCE", {kInt, kInt}),
        batch_(batch),
        opens_(opens),
        batches_(batches) {}
  std::unique_ptr<OperatorState> OpenImpl(ExecContext& ctx) const override {
    ++*opens_;
    auto st = std::make_unique<State>();
    const auto& params = ctx.eval.parameters;
    if (kSlot < params.size() && !params[kSlot].is_null())
      st->n = params[kSlot].number().ToInt64().value_or(0);
    return st;
  }
  bool NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const override {
    ctx.CheckCancel();
    auto& st = static_cast<State&>(state);
    if (st.pos >= st.n) return false;
    ++*batches_;
    out.Reset();
    size_t k = 0;
    for (; k < batch_ && st.pos < st.n; k++, st.pos++) {
      out.column(0).SetValue(k, I(st.n));
      out.column(1).SetValue(k, I(st.pos));
    }
    out.SetSize(k);
    return true;
  }

 private:
  struct State : OperatorState {
    int64_t n = 0, pos = 0;
  };
  size_t batch_;
  int* opens_;
  int* batches_;
};

// T(ID, K) with 1000 rows, K = ID % 100 (ten rows per key); index T_K_ID on (K, ID).
class OpNestedLoopsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    storage::TableInfo info;
    info.name = "T";
    info.columns.push_back({"ID", kInt, true, std::nullopt});
    info.columns.push_back({"K", kInt, false, std::nullopt});
    table_ = &t_.db->CreateTable(std::move(info));
    std::vector<std::vector<Value>> rows;
    for (int i = 0; i < 1000; i++) rows.push_back({I(i), I(i % 100)});
    LoadTableConventional load(*table_);
    load.AddChild(Values({kInt, kInt}, rows, 300));
    t_.Run(load);
    storage::IndexInfo idx;
    idx.name = "T_K_ID";
    idx.table_name = "T";
    idx.table_object_id = table_->object_id;
    idx.columns = {1, 0};
    index_ = &t_.db->CreateIndex(std::move(idx), t_.stats);
  }

  //! outer (name, key) rows; inner = INDEX RANGE SCAN T_K_ID (K = :param) giving (K, ID).
  std::unique_ptr<NestedLoops> Join(JoinKind kind, std::vector<std::vector<Value>> outer,
                                    BoundExprPtr cond = nullptr, size_t outer_batch = 2) {
    IndexKeyRange range;
    range.equal.push_back(Param(kSlot));
    auto j = std::make_unique<NestedLoops>(kind, std::move(cond), std::vector<size_t>{1},
                                           std::vector<size_t>{kSlot});
    j->AddChild(Values({kStr, kInt}, std::move(outer), outer_batch));
    j->AddChild(std::make_unique<IndexRangeScan>(*table_, *index_, std::vector<uint32_t>{0, 1},
                                                 std::move(range), false, nullptr));
    return j;
  }

  static std::vector<std::vector<Value>> Outer() {
    return {{S("a"), I(5)}, {S("b"), I(7)}, {S("c"), N()}, {S("d"), I(150)}, {S("e"), I(5)}};
  }

  //! Runs with run-time statistics; returns the rows and fills starts per plan line.
  Rows RunMeasured(const PhysicalOperator& root, std::vector<OperatorRuntimeStats>& lines) {
    lines.assign(static_cast<size_t>(NumberPlanLines(root)), {});
    t_.ctx->line_stats = &lines;
    auto out = t_.Run(root);
    t_.ctx->line_stats = nullptr;
    return out;
  }

  TestDb t_;
  const storage::TableInfo* table_ = nullptr;
  const storage::IndexInfo* index_ = nullptr;
};

TEST_F(OpNestedLoopsTest, InnerJoinStartsTheIndexScanOncePerOuterRow) {
  auto j = Join(JoinKind::kInner, Outer());
  EXPECT_EQ(j->operation(), "NESTED LOOPS");
  std::vector<OperatorRuntimeStats> lines;
  auto out = RunMeasured(*j, lines);
  ASSERT_EQ(out.size(), 30u);  // keys 5, 7, 5: ten index entries each
  Rows expected;
  for (auto [name, key] : {std::pair{"a", 5}, {"b", 7}, {"e", 5}})
    for (int id = key; id < 1000; id += 100)
      expected.push_back(fmt::format("{}|{}|{}|{}", name, key, key, id));
  EXPECT_EQ(out, expected);  // outer order, index order within one outer row
  // lines: 1 NESTED LOOPS, 2 outer VALUES, 3 INDEX RANGE SCAN
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_EQ(lines[1].starts, 1u);
  EXPECT_EQ(lines[2].starts, 1u);
  EXPECT_EQ(lines[3].starts, 5u);  // one start per outer row, NULL and missing keys included
  EXPECT_EQ(lines[3].rows, 30u);
  EXPECT_EQ(lines[1].rows, 30u);
  // The parameter slots are given back once the outer side is exhausted.
  EXPECT_TRUE(t_.ctx->eval.parameters.empty());
}

TEST_F(OpNestedLoopsTest, OuterSemiAntiAndNullKeys) {
  auto o = Join(JoinKind::kLeftOuter, Outer());
  EXPECT_EQ(o->operation(), "NESTED LOOPS OUTER");
  auto out = t_.Run(*o);
  ASSERT_EQ(out.size(), 32u);
  EXPECT_EQ(out[20], "c|NULL|NULL|NULL");
  EXPECT_EQ(out[21], "d|150|NULL|NULL");
  EXPECT_EQ(out[22], "e|5|5|5");
  auto s = Join(JoinKind::kSemi, Outer());
  EXPECT_EQ(s->operation(), "NESTED LOOPS SEMI");
  ASSERT_EQ(s->types().size(), 2u);
  EXPECT_EQ(t_.Run(*s), (Rows{"a|5", "b|7", "e|5"}));
  auto a = Join(JoinKind::kAnti, Outer());
  EXPECT_EQ(a->operation(), "NESTED LOOPS ANTI");
  EXPECT_EQ(t_.Run(*a), (Rows{"c|NULL", "d|150"}));
  // An empty outer side never starts the inner side.
  std::vector<OperatorRuntimeStats> lines;
  EXPECT_TRUE(RunMeasured(*Join(JoinKind::kInner, {}), lines).empty());
  EXPECT_EQ(lines[3].starts, 0u);
  EXPECT_EQ(RunMeasured(*Join(JoinKind::kLeftOuter, {{S("x"), I(-1)}}), lines),
            (Rows{"x|-1|NULL|NULL"}));
  EXPECT_EQ(lines[3].starts, 1u);
}

TEST_F(OpNestedLoopsTest, ResidualConditionOverOuterThenInner) {
  // outer (name, key) ++ inner (K, ID): ID < 300
  auto cond = [] { return Cmp("<", Col(3), Const(I(300))); };
  auto j = Join(JoinKind::kInner, Outer(), cond());
  EXPECT_EQ(t_.Run(*j), (Rows{"a|5|5|5", "a|5|5|105", "a|5|5|205", "b|7|7|7", "b|7|7|107",
                              "b|7|7|207", "e|5|5|5", "e|5|5|105", "e|5|5|205"}));
  // Key 5 has IDs 5..905, key 7 has 7..907 (step 100).
  std::vector<std::vector<Value>> outer = {{S("a"), I(5)}, {S("b"), I(7)}};
  auto late = [] { return Cmp(">=", Col(3), Const(I(906))); };
  EXPECT_EQ(t_.Run(*Join(JoinKind::kSemi, outer, late())), (Rows{"b|7"}));
  EXPECT_EQ(t_.Run(*Join(JoinKind::kAnti, outer, late())), (Rows{"a|5"}));
  auto high = [] { return Cmp(">", Col(3), Const(I(950))); };
  EXPECT_EQ(t_.Run(*Join(JoinKind::kSemi, outer, high())), Rows{});
  EXPECT_EQ(t_.Run(*Join(JoinKind::kAnti, outer, high())), (Rows{"a|5", "b|7"}));
  auto o = t_.Run(*Join(JoinKind::kLeftOuter, outer, Cmp("=", Col(3), Const(I(105)))));
  EXPECT_EQ(o, (Rows{"a|5|5|105", "b|7|NULL|NULL"}));
}

TEST_F(OpNestedLoopsTest, ManyOuterRowsAcrossBatches) {
  std::vector<std::vector<Value>> outer;
  for (int i = 0; i < 3000; i++) outer.push_back({S("o"), i % 7 == 0 ? N() : I(i % 100)});
  size_t non_null = 0;
  for (auto& r : outer) non_null += r[1].is_null() ? 0 : 1;
  std::vector<OperatorRuntimeStats> lines;
  auto j = Join(JoinKind::kInner, outer, nullptr, kVectorSize);
  size_t rows = 0;
  lines.assign(static_cast<size_t>(NumberPlanLines(*j)), {});
  t_.ctx->line_stats = &lines;
  RunPlan(*j, *t_.ctx, [&](const DataChunk& c) {
    EXPECT_LE(c.Count(), kVectorSize);
    for (auto& r : c.ToRows()) {
      EXPECT_EQ(r[1].ToString(), r[2].ToString());  // the index returned the bound key only
      rows++;
    }
  });
  t_.ctx->line_stats = nullptr;
  EXPECT_EQ(rows, non_null * 10);
  EXPECT_EQ(lines[3].starts, 3000u);
  auto anti = Join(JoinKind::kAnti, outer, nullptr, kVectorSize);
  EXPECT_EQ(t_.CountRows(*anti), outer.size() - non_null);
}

TEST_F(OpNestedLoopsTest, PreviousParameterValuesAreRestored) {
  t_.ctx->eval.parameters = {I(1), I(2)};
  EXPECT_EQ(t_.Run(*Join(JoinKind::kSemi, Outer())).size(), 3u);
  ASSERT_EQ(t_.ctx->eval.parameters.size(), 2u);
  EXPECT_EQ(t_.ctx->eval.parameters[1].ToString(), "2");
  // A slot already in use keeps its value after the join.
  t_.ctx->eval.parameters.assign(kSlot + 1, I(0));
  t_.ctx->eval.parameters[kSlot] = I(42);
  EXPECT_EQ(t_.Run(*Join(JoinKind::kInner, Outer())).size(), 30u);
  ASSERT_EQ(t_.ctx->eval.parameters.size(), kSlot + 1);
  EXPECT_EQ(t_.ctx->eval.parameters[kSlot].ToString(), "42");
}

TEST_F(OpNestedLoopsTest, InnerRowsStreamAndSemiAntiStopAtTheFirstMatch) {
  int opens = 0, batches = 0;
  auto make = [&](JoinKind kind, BoundExprPtr cond) {
    auto j = std::make_unique<NestedLoops>(kind, std::move(cond), std::vector<size_t>{0},
                                           std::vector<size_t>{kSlot});
    j->AddChild(Values({kInt}, {{I(5000)}, {I(0)}, {N()}, {I(3)}}));
    j->AddChild(std::make_unique<ParamSource>(100, &opens, &batches));
    return j;
  };
  EXPECT_EQ(t_.CountRows(*make(JoinKind::kInner, nullptr)), 5003u);
  EXPECT_EQ(opens, 4);
  EXPECT_EQ(batches, 51);  // 50 batches for 5000 rows + 1 for 3
  opens = batches = 0;
  EXPECT_EQ(t_.Run(*make(JoinKind::kSemi, nullptr)), (Rows{"5000", "3"}));
  EXPECT_EQ(opens, 4);
  EXPECT_EQ(batches, 2);  // one batch per start that matched: the rest is never read
  opens = batches = 0;
  // inner (n, j) with j >= 250: a match in the third batch of the 5000-row start
  auto cond = [] { return Cmp(">=", Col(2), Const(I(250))); };
  EXPECT_EQ(t_.Run(*make(JoinKind::kAnti, cond())), (Rows{"0", "NULL", "3"}));
  EXPECT_EQ(batches, 3 + 1);
  // Large outer join output spanning output batches keeps every pair exactly once.
  opens = batches = 0;
  auto o = make(JoinKind::kLeftOuter, cond());
  size_t rows = 0, nulls = 0;
  RunPlan(*o, *t_.ctx, [&](const DataChunk& c) {
    for (auto& r : c.ToRows()) {
      rows++;
      if (r[1].is_null()) nulls++;
    }
  });
  EXPECT_EQ(rows, 4750u + 3u);
  EXPECT_EQ(nulls, 3u);
}

TEST_F(OpNestedLoopsTest, InnerTableAccessByIndexRowidRestartsWithTheIndex) {
  // inner: TABLE ACCESS BY INDEX ROWID BATCHED T (ID, K) <- INDEX RANGE SCAN T_K_ID (K = :p)
  IndexKeyRange range;
  range.equal.push_back(Param(kSlot));
  auto access = std::make_unique<TableAccessByIndexRowid>(*table_, std::vector<uint32_t>{0, 1},
                                                          nullptr, true);
  access->AddChild(std::make_unique<IndexRangeScan>(*table_, *index_,
                                                    std::vector<uint32_t>{kIndexRowIdOutput},
                                                    std::move(range), false, nullptr));
  // residual over outer (name, key) ++ inner (ID, K): ID < 200
  NestedLoops j(JoinKind::kLeftOuter, Cmp("<", Col(2), Const(I(200))), {1}, {kSlot});
  j.AddChild(Values({kStr, kInt}, {{S("a"), I(3)}, {S("b"), N()}, {S("c"), I(99)}}));
  j.AddChild(std::move(access));
  std::vector<OperatorRuntimeStats> lines;
  auto out = Sorted(RunMeasured(j, lines));
  EXPECT_EQ(out, (Rows{"a|3|103|3", "a|3|3|3", "b|NULL|NULL|NULL", "c|99|199|99", "c|99|99|99"}));
  // lines: 1 NESTED LOOPS OUTER, 2 VALUES, 3 TABLE ACCESS BY INDEX ROWID, 4 INDEX RANGE SCAN
  ASSERT_EQ(lines.size(), 5u);
  EXPECT_EQ(lines[3].starts, 3u);
  EXPECT_EQ(lines[4].starts, 3u);
  EXPECT_EQ(lines[4].rows, 20u);  // ten entries each for keys 3 and 99, none for NULL
  EXPECT_EQ(lines[1].rows, 5u);
}

TEST_F(OpNestedLoopsTest, RefusesBadParameterLists) {
  EXPECT_THROW(NestedLoops(JoinKind::kInner, nullptr, {}, {}), OraError);
  EXPECT_THROW(NestedLoops(JoinKind::kInner, nullptr, {0, 1}, {kSlot}), OraError);
  EXPECT_THROW(NestedLoops(JoinKind::kAntiNullAware, nullptr, {0}, {kSlot}), OraError);
}

}  // namespace
}  // namespace pathdb::test
