// Streaming operators: FAST DUAL, FILTER, projection, VIEW, UNION-ALL, COUNT, COUNT STOPKEY,
// CONNECT BY WITHOUT FILTERING, and cancellation.
#include <atomic>

#include "common/error.h"
#include "executor/connect_by.h"
#include "executor/count.h"
#include "executor/count_stopkey.h"
#include "executor/fast_dual.h"
#include "executor/filter.h"
#include "executor/projection.h"
#include "executor/union_all.h"
#include "executor/view.h"
#include "op_test_util.h"

namespace pathdb::test {
namespace {

using Rows = std::vector<std::string>;
const LogicalType kInt = LogicalType::Integer();
const LogicalType kStr = LogicalType::Varchar(10);

TEST(OpStream, FastDualYieldsOneRowWithNoColumns) {
  TestDb t;
  FastDual dual;
  EXPECT_EQ(dual.operation(), "FAST DUAL");
  EXPECT_TRUE(dual.types().empty());
  EXPECT_EQ(t.CountRows(dual), 1u);
}

TEST(OpStream, FilterKeepsTrueRowsOnly) {
  TestDb t;
  Filter f(Cmp(">", Col(0), Const(I(2))));
  f.AddChild(Values({kInt, kStr}, {{I(1), S("a")}, {I(3), S("b")}, {N(), S("c")}, {I(5), N()}}));
  ASSERT_EQ(f.types().size(), 2u);
  EXPECT_EQ(t.Run(f), (Rows{"3|b", "5|NULL"}));
}

TEST(OpStream, FilterSkipsEmptyBatches) {
  TestDb t;
  std::vector<std::vector<Value>> rows;
  for (int i = 0; i < 100; i++) rows.push_back({I(i)});
  Filter f(Cmp("=", Col(0), Const(I(77))));
  f.AddChild(Values({kInt}, rows, 10));
  EXPECT_EQ(t.Run(f), (Rows{"77"}));  // Run asserts every batch is non-empty
}

TEST(OpStream, ProjectionEvaluatesOverSelection) {
  TestDb t;
  auto f = std::make_unique<Filter>(Cmp("<>", Col(0), Const(I(2))));
  f->AddChild(Values({kInt, kStr}, {{I(1), S("a")}, {I(2), S("b")}, {I(3), S("c")}}));
  std::vector<BoundExprPtr> exprs;
  exprs.push_back(Col(1, kStr));
  exprs.push_back(Const(I(7)));
  Projection p(std::move(exprs), {kStr, kInt});
  p.AddChild(std::move(f));
  EXPECT_EQ(p.operation(), "");
  EXPECT_EQ(t.Run(p), (Rows{"a|7", "c|7"}));
}

TEST(OpStream, ViewPassesThrough) {
  TestDb t;
  View v("V1");
  v.AddChild(Values({kInt}, {{I(1)}, {I(2)}}));
  EXPECT_EQ(v.object_name, "V1");
  EXPECT_EQ(t.Run(v), (Rows{"1", "2"}));
}

TEST(OpStream, UnionAllConcatenatesIncludingEmptyChildren) {
  TestDb t;
  UnionAll u;
  u.AddChild(Values({kInt}, {{I(1)}, {I(2)}}));
  u.AddChild(Values({kInt}, {}));
  u.AddChild(Values({kInt}, {{I(2)}, {N()}}));
  EXPECT_EQ(u.operation(), "UNION-ALL");
  EXPECT_EQ(t.Run(u), (Rows{"1", "2", "2", "NULL"}));
}

TEST(OpStream, CountAppendsRownum) {
  TestDb t;
  Count c;
  c.AddChild(Values({kStr}, {{S("x")}, {S("y")}, {S("z")}}, 2));
  ASSERT_EQ(c.types().size(), 2u);
  EXPECT_EQ(t.Run(c), (Rows{"x|1", "y|2", "z|3"}));
}

TEST(OpStream, CountStopkeyStopsPullingEarly) {
  TestDb t;
  std::vector<std::vector<Value>> rows;
  for (int i = 0; i < 10000; i++) rows.push_back({I(i)});
  int calls = 0;
  CountStopkey c(25);
  c.AddChild(Values({kInt}, rows, 10, &calls));
  EXPECT_EQ(c.operation(), "COUNT STOPKEY");
  auto out = t.Run(c);
  ASSERT_EQ(out.size(), 25u);
  EXPECT_EQ(out.front(), "0");
  EXPECT_EQ(out.back(), "24");
  EXPECT_EQ(calls, 3);
}

TEST(OpStream, CountStopkeyOffsetAndRownum) {
  TestDb t;
  std::vector<std::vector<Value>> rows;
  for (int i = 0; i < 20; i++) rows.push_back({I(i)});
  CountStopkey c(3, 5, /*append_rownum=*/true);
  c.AddChild(Values({kInt}, rows, 4));
  EXPECT_EQ(t.Run(c), (Rows{"5|1", "6|2", "7|3"}));
}

TEST(OpStream, CountStopkeyZeroLimitNeverPulls) {
  TestDb t;
  int calls = 0;
  CountStopkey c(0);
  c.AddChild(Values({kInt}, {{I(1)}}, 1, &calls));
  EXPECT_EQ(t.CountRows(c), 0u);
  EXPECT_EQ(calls, 0);
}

std::unique_ptr<ConnectByWithoutFiltering> Levels(Value bound, bool inclusive) {
  auto c = std::make_unique<ConnectByWithoutFiltering>(Const(std::move(bound)), inclusive);
  c->AddChild(std::make_unique<FastDual>());
  return c;
}

TEST(OpStream, ConnectByProducesMillionLevelsInBatches) {
  TestDb t;
  auto c = Levels(I(1000000), true);
  size_t rows = 0, batches = 0;
  Value last;
  RunPlan(*c, *t.ctx, [&](const DataChunk& chunk) {
    EXPECT_LE(chunk.Count(), kVectorSize);
    rows += chunk.Count();
    batches++;
    last = chunk.column(0).GetValue(chunk.Count() - 1);
  });
  EXPECT_EQ(rows, 1000000u);
  EXPECT_EQ(batches, (1000000 + kVectorSize - 1) / kVectorSize);
  EXPECT_EQ(Cell(last), "1000000");
}

TEST(OpStream, ConnectByBounds) {
  TestDb t;
  EXPECT_EQ(t.Run(*Levels(I(3), true)), (Rows{"1", "2", "3"}));
  EXPECT_EQ(t.Run(*Levels(I(3), false)), (Rows{"1", "2"}));
  EXPECT_EQ(t.Run(*Levels(I(0), true)), (Rows{"1"}));  // the root row always comes back
  EXPECT_EQ(t.Run(*Levels(N(), true)), (Rows{"1"}));
  EXPECT_EQ(t.Run(*Levels(Value::Number(*Decimal::Parse("2.5")), false)), (Rows{"1", "2"}));
}

TEST(OpStream, CancelRaisesOra01013) {
  TestDb t;
  std::atomic<bool> cancel{true};
  t.ctx->cancel = &cancel;
  auto c = Levels(I(10), true);
  try {
    t.CountRows(*c);
    FAIL() << "expected ORA-01013";
  } catch (const OraError& e) {
    EXPECT_EQ(e.code(), 1013);
  }
}

}  // namespace
}  // namespace pathdb::test

namespace pathdb::test {
namespace {

TEST(OpStream, UnionAllConvertsNumberAndDoubleBranches) {
  TestDb t;
  UnionAll u;
  u.AddChild(Values({LogicalType::Integer()}, {{I(1)}}));
  u.AddChild(Values({LogicalType::Double()}, {{D(2.5)}}));
  u.AddChild(Values({LogicalType::Null()}, {{N()}}));
  EXPECT_EQ(t.Run(u), (std::vector<std::string>{"1", "2.5", "NULL"}));

  UnionAll bad;
  bad.AddChild(Values({LogicalType::Integer()}, {{I(1)}}));
  bad.AddChild(Values({LogicalType::Date()}, {{Value::Date(0)}}));
  EXPECT_THROW(t.Run(bad), OraError);
}

}  // namespace
}  // namespace pathdb::test
