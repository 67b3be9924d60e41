// HASH JOIN and NESTED LOOPS of every kind, with NULL keys and empty sides.
#include <algorithm>

#include "executor/hash_join.h"
#include "executor/nested_loops.h"
#include "op_test_util.h"

namespace pathdb::test {
namespace {

using Rows = std::vector<std::string>;
const LogicalType kInt = LogicalType::Integer();
const LogicalType kStr = LogicalType::Varchar(10);

// build / inner: (key, name)
std::vector<std::vector<Value>> Dept() {
  return {{I(10), S("acct")}, {I(20), S("ops")}, {N(), S("none")}, {I(20), S("ops2")}};
}
// probe / outer: (emp, key)
std::vector<std::vector<Value>> Emp() {
  return {{S("ann"), I(20)}, {S("bob"), I(30)}, {S("cid"), N()}, {S("dan"), I(10)}};
}

std::unique_ptr<HashJoin> MakeHash(JoinKind kind, std::vector<std::vector<Value>> build,
                                   std::vector<std::vector<Value>> probe,
                                   BoundExprPtr residual = nullptr) {
  std::vector<BoundExprPtr> bk, pk;
  bk.push_back(Col(0));
  pk.push_back(Col(1));
  auto j = std::make_unique<HashJoin>(kind, std::move(bk), std::move(pk), std::move(residual));
  j->AddChild(Values({kInt, kStr}, std::move(build), 2));
  j->AddChild(Values({kStr, kInt}, std::move(probe), 3));
  return j;
}

// outer = emp (emp, key), inner = dept (key, name); condition emp.key = dept.key
std::unique_ptr<NestedLoops> MakeNl(JoinKind kind, std::vector<std::vector<Value>> outer,
                                    std::vector<std::vector<Value>> inner, bool cross = false) {
  auto cond = cross ? nullptr : Cmp("=", Col(1), Col(2));
  auto j = std::make_unique<NestedLoops>(kind, std::move(cond));
  j->AddChild(Values({kStr, kInt}, std::move(outer), 3));
  j->AddChild(Values({kInt, kStr}, std::move(inner), 2));
  return j;
}

TEST(OpJoin, HashInner) {
  TestDb t;
  auto j = MakeHash(JoinKind::kInner, Dept(), Emp());
  EXPECT_EQ(j->operation(), "HASH JOIN");
  ASSERT_EQ(j->types().size(), 4u);
  EXPECT_EQ(t.Run(*j), (Rows{"20|ops|ann|20", "20|ops2|ann|20", "10|acct|dan|10"}));
}

TEST(OpJoin, HashOuterPreservesProbe) {
  TestDb t;
  auto j = MakeHash(JoinKind::kLeftOuter, Dept(), Emp());
  EXPECT_EQ(j->operation(), "HASH JOIN RIGHT OUTER");
  auto out = t.Run(*j);
  std::sort(out.begin(), out.end());
  EXPECT_EQ(out, (Rows{"10|acct|dan|10", "20|ops2|ann|20", "20|ops|ann|20", "NULL|NULL|bob|30",
                       "NULL|NULL|cid|NULL"}));
  auto e = MakeHash(JoinKind::kLeftOuter, {}, Emp());
  EXPECT_EQ(t.Run(*e).size(), 4u);
}

TEST(OpJoin, HashSemiAnti) {
  TestDb t;
  auto s = MakeHash(JoinKind::kSemi, Dept(), Emp());
  EXPECT_EQ(s->operation(), "HASH JOIN RIGHT SEMI");
  EXPECT_EQ(t.Run(*s), (Rows{"ann|20", "dan|10"}));
  auto a = MakeHash(JoinKind::kAnti, Dept(), Emp());
  EXPECT_EQ(a->operation(), "HASH JOIN RIGHT ANTI");
  EXPECT_EQ(t.Run(*a), (Rows{"bob|30", "cid|NULL"}));
}

TEST(OpJoin, HashAntiNullAware) {
  TestDb t;
  // a NULL on the build side: NOT IN yields nothing
  EXPECT_TRUE(t.Run(*MakeHash(JoinKind::kAntiNullAware, Dept(), Emp())).empty());
  // no NULL on the build side: NULL probe keys are still dropped
  std::vector<std::vector<Value>> clean = {{I(10), S("acct")}};
  EXPECT_EQ(t.Run(*MakeHash(JoinKind::kAntiNullAware, clean, Emp())), (Rows{"ann|20", "bob|30"}));
  // empty build: every probe row
  EXPECT_EQ(t.Run(*MakeHash(JoinKind::kAntiNullAware, {}, Emp())).size(), 4u);
}

TEST(OpJoin, HashEmptySides) {
  TestDb t;
  EXPECT_TRUE(t.Run(*MakeHash(JoinKind::kInner, {}, Emp())).empty());
  EXPECT_TRUE(t.Run(*MakeHash(JoinKind::kInner, Dept(), {})).empty());
  EXPECT_TRUE(t.Run(*MakeHash(JoinKind::kSemi, {}, Emp())).empty());
  EXPECT_EQ(t.Run(*MakeHash(JoinKind::kAnti, {}, Emp())).size(), 4u);
}

TEST(OpJoin, HashResidualOverProbeThenBuild) {
  TestDb t;
  // residual: probe.emp (col 0) <> 'ann' OR ... here: build name (probe cols 2 + 1 = col 3) = 'ops2'
  auto j = MakeHash(JoinKind::kInner, Dept(), Emp(), Cmp("=", Col(3, kStr), Const(S("ops2"))));
  EXPECT_EQ(t.Run(*j), (Rows{"20|ops2|ann|20"}));
  auto o = MakeHash(JoinKind::kLeftOuter, Dept(), Emp(), Cmp("=", Col(3, kStr), Const(S("ops2"))));
  auto out = t.Run(*o);
  std::sort(out.begin(), out.end());
  EXPECT_EQ(out, (Rows{"20|ops2|ann|20", "NULL|NULL|bob|30", "NULL|NULL|cid|NULL",
                       "NULL|NULL|dan|10"}));
}

TEST(OpJoin, HashNumberAgainstDoubleKeys) {
  TestDb t;
  std::vector<BoundExprPtr> bk, pk;
  bk.push_back(Col(0));
  pk.push_back(Col(0, LogicalType::Double()));
  HashJoin j(JoinKind::kInner, std::move(bk), std::move(pk), nullptr);
  j.AddChild(Values({kInt}, {{I(1)}, {I(2)}}));
  j.AddChild(Values({LogicalType::Double()}, {{D(2.0)}, {D(2.5)}}));
  auto out = t.Run(j);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].substr(0, 2), "2|");
}

TEST(OpJoin, HashManyMatchesSpanBatches) {
  TestDb t;
  std::vector<std::vector<Value>> build, probe;
  for (int i = 0; i < 3000; i++) build.push_back({I(1), S("b")});
  for (int i = 0; i < 3; i++) probe.push_back({S("p"), I(1)});
  auto j = MakeHash(JoinKind::kInner, build, probe);
  EXPECT_EQ(t.CountRows(*j), 9000u);
}

TEST(OpJoin, NestedLoopsInnerAndCross) {
  TestDb t;
  auto j = MakeNl(JoinKind::kInner, Emp(), Dept());
  EXPECT_EQ(j->operation(), "NESTED LOOPS");
  EXPECT_EQ(t.Run(*j), (Rows{"ann|20|20|ops", "ann|20|20|ops2", "dan|10|10|acct"}));
  EXPECT_EQ(t.CountRows(*MakeNl(JoinKind::kInner, Emp(), Dept(), true)), 16u);
}

TEST(OpJoin, NestedLoopsOuterSemiAnti) {
  TestDb t;
  auto o = MakeNl(JoinKind::kLeftOuter, Emp(), Dept());
  EXPECT_EQ(o->operation(), "NESTED LOOPS OUTER");
  EXPECT_EQ(t.Run(*o), (Rows{"ann|20|20|ops", "ann|20|20|ops2", "bob|30|NULL|NULL",
                             "cid|NULL|NULL|NULL", "dan|10|10|acct"}));
  EXPECT_EQ(t.Run(*MakeNl(JoinKind::kSemi, Emp(), Dept())), (Rows{"ann|20", "dan|10"}));
  EXPECT_EQ(t.Run(*MakeNl(JoinKind::kAnti, Emp(), Dept())), (Rows{"bob|30", "cid|NULL"}));
  // NOT IN with a NULL inside: the comparison with NULL is unknown -> nothing qualifies
  EXPECT_TRUE(t.Run(*MakeNl(JoinKind::kAntiNullAware, Emp(), Dept())).empty());
}

TEST(OpJoin, NestedLoopsEmptySides) {
  TestDb t;
  EXPECT_TRUE(t.Run(*MakeNl(JoinKind::kInner, Emp(), {})).empty());
  EXPECT_EQ(t.Run(*MakeNl(JoinKind::kLeftOuter, Emp(), {})).size(), 4u);
  EXPECT_EQ(t.Run(*MakeNl(JoinKind::kAnti, Emp(), {})).size(), 4u);
  EXPECT_TRUE(t.Run(*MakeNl(JoinKind::kSemi, {}, Dept())).empty());
}

TEST(OpJoin, NestedLoopsLargeCrossFillsBatches) {
  TestDb t;
  std::vector<std::vector<Value>> outer, inner;
  for (int i = 0; i < 100; i++) outer.push_back({S("o"), I(i)});
  for (int i = 0; i < 3000; i++) inner.push_back({I(i), S("i")});
  EXPECT_EQ(t.CountRows(*MakeNl(JoinKind::kInner, outer, inner, true)), 300000u);
  EXPECT_EQ(t.CountRows(*MakeNl(JoinKind::kInner, outer, inner)), 100u);
}

}  // namespace
}  // namespace pathdb::test

namespace pathdb::test {
namespace {

TEST(OpJoin, HashSemiAntiWithResidual) {
  TestDb t;
  // build name (probe cols 2 + col 1 = col 3) must be 'ops2'
  auto s = MakeHash(JoinKind::kSemi, Dept(), Emp(), Cmp("=", Col(3, kStr), Const(S("ops2"))));
  EXPECT_EQ(t.Run(*s), (Rows{"ann|20"}));
  auto a = MakeHash(JoinKind::kAnti, Dept(), Emp(), Cmp("=", Col(3, kStr), Const(S("ops2"))));
  EXPECT_EQ(t.Run(*a), (Rows{"bob|30", "cid|NULL", "dan|10"}));
}

TEST(OpJoin, OuterJoinsOverManyInnerChunks) {
  TestDb t;
  std::vector<std::vector<Value>> outer, inner;
  for (int i = 0; i < 5000; i++) outer.push_back({S("o"), I(i)});
  for (int i = 0; i < 5000; i += 2) inner.push_back({I(i), S("i")});
  auto nl = MakeNl(JoinKind::kLeftOuter, outer, inner);
  size_t with_match = 0, rows = 0;
  RunPlan(*nl, *t.ctx, [&](const DataChunk& c) {
    for (auto& r : c.ToRows()) {
      rows++;
      if (!r[2].is_null()) with_match++;
    }
  });
  EXPECT_EQ(rows, 5000u);
  EXPECT_EQ(with_match, 2500u);
  auto hj = MakeHash(JoinKind::kLeftOuter, inner, outer);
  EXPECT_EQ(t.CountRows(*hj), 5000u);
  EXPECT_EQ(t.CountRows(*MakeHash(JoinKind::kAnti, inner, outer)), 2500u);
  EXPECT_EQ(t.CountRows(*MakeNl(JoinKind::kSemi, outer, inner)), 2500u);
}

}  // namespace
}  // namespace pathdb::test
