// HASH GROUP BY and SORT AGGREGATE: every aggregate, NULL keys, empty input, DISTINCT.
#include "common/error.h"
#include "executor/hash_group_by.h"
#include "executor/sort_aggregate.h"
#include "op_test_util.h"

namespace pathdb::test {
namespace {

using Rows = std::vector<std::string>;
const LogicalType kInt = LogicalType::Integer();
const LogicalType kNum = LogicalType::Number();
const LogicalType kStr = LogicalType::Varchar(10);

AggregateSpec Agg(std::string fn, BoundExprPtr arg, LogicalType type, bool distinct = false) {
  return AggregateSpec{std::move(fn), distinct, std::move(arg), type};
}

std::vector<AggregateSpec> AllAggs(LogicalType arg_type) {
  std::vector<AggregateSpec> a;
  a.push_back(Agg("COUNT_STAR", nullptr, kInt));
  a.push_back(Agg("COUNT", Col(1, arg_type), kInt));
  a.push_back(Agg("SUM", Col(1, arg_type), kNum));
  a.push_back(Agg("AVG", Col(1, arg_type), kNum));
  a.push_back(Agg("MIN", Col(1, arg_type), arg_type));
  a.push_back(Agg("MAX", Col(1, arg_type), arg_type));
  return a;
}

std::vector<std::vector<Value>> GroupRows() {
  return {{S("a"), I(1)}, {N(), I(10)}, {S("b"), I(5)}, {S("a"), I(2)},
          {N(), N()},     {S("a"), N()}, {N(), I(20)}, {S("b"), I(5)}};
}

TEST(OpAggregate, HashGroupByEveryAggregateWithNullGroup) {
  TestDb t;
  std::vector<BoundExprPtr> groups;
  groups.push_back(Col(0, kStr));
  HashGroupBy g(std::move(groups), AllAggs(kInt));
  g.AddChild(Values({kStr, kInt}, GroupRows(), 3));
  EXPECT_EQ(g.operation(), "HASH GROUP BY");
  ASSERT_EQ(g.types().size(), 7u);
  // first-seen group order; NULL keys form one group
  EXPECT_EQ(t.Run(g), (Rows{"a|3|2|3|1.5|1|2", "NULL|3|2|30|15|10|20", "b|2|2|10|5|5|5"}));
}

TEST(OpAggregate, HashGroupByEmptyInputGivesNoRows) {
  TestDb t;
  std::vector<BoundExprPtr> groups;
  groups.push_back(Col(0, kStr));
  HashGroupBy g(std::move(groups), AllAggs(kInt));
  g.AddChild(Values({kStr, kInt}, {}));
  EXPECT_TRUE(t.Run(g).empty());
}

TEST(OpAggregate, HashGroupByManyGroups) {
  TestDb t;
  std::vector<std::vector<Value>> rows;
  for (int i = 0; i < 20000; i++) rows.push_back({I(i % 5000), I(i)});
  std::vector<BoundExprPtr> groups;
  groups.push_back(Col(0));
  std::vector<AggregateSpec> aggs;
  aggs.push_back(Agg("COUNT_STAR", nullptr, kInt));
  aggs.push_back(Agg("SUM", Col(1), kNum));
  HashGroupBy g(std::move(groups), std::move(aggs));
  g.AddChild(Values({kInt, kInt}, rows));
  auto out = t.Run(g);
  ASSERT_EQ(out.size(), 5000u);
  EXPECT_EQ(out[0], "0|4|30000");        // 0 + 5000 + 10000 + 15000
  EXPECT_EQ(out[4999], "4999|4|49996");  // 4999*4 + 30000
}

TEST(OpAggregate, SortAggregateOfNoRows) {
  TestDb t;
  SortAggregate s(AllAggs(kInt));
  s.AddChild(Values({kStr, kInt}, {}));
  EXPECT_EQ(s.operation(), "SORT AGGREGATE");
  EXPECT_EQ(t.Run(s), (Rows{"0|0|NULL|NULL|NULL|NULL"}));
}

TEST(OpAggregate, SortAggregateExactAvgAndStrings) {
  TestDb t;
  std::vector<AggregateSpec> aggs;
  aggs.push_back(Agg("AVG", Col(1), kNum));
  aggs.push_back(Agg("MIN", Col(0, kStr), kStr));
  aggs.push_back(Agg("MAX", Col(0, kStr), kStr));
  aggs.push_back(Agg("AVG", Col(1), LogicalType::Double()));
  SortAggregate s(std::move(aggs));
  s.AddChild(Values({kStr, kInt}, {{S("pear"), I(1)}, {S("apple"), I(1)}, {N(), I(2)}}));
  auto out = t.Run(s);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].substr(0, 20), "1.333333333333333333");  // exact NUMBER division
  EXPECT_NE(out[0].find("|apple|pear|"), std::string::npos);
}

TEST(OpAggregate, VarianceAndStddevAreSample) {
  TestDb t;
  std::vector<AggregateSpec> aggs;
  aggs.push_back(Agg("VARIANCE", Col(0), kNum));
  aggs.push_back(Agg("STDDEV", Col(0), kNum));
  SortAggregate s(std::move(aggs));
  s.AddChild(Values({kInt}, {{I(2)}, {I(4)}, {I(4)}, {I(4)}, {I(5)}, {I(5)}, {I(7)}, {I(9)}}));
  auto out = t.Run(s);
  ASSERT_EQ(out.size(), 1u);
  // sum of squared deviations 32, n-1 = 7
  EXPECT_EQ(out[0].substr(0, 12), "4.5714285714");
  EXPECT_NE(out[0].find("|2.13808993529"), std::string::npos);

  std::vector<AggregateSpec> one;
  one.push_back(Agg("VARIANCE", Col(0), kNum));
  one.push_back(Agg("STDDEV", Col(0), kNum));
  SortAggregate s1(std::move(one));
  s1.AddChild(Values({kInt}, {{I(42)}}));
  EXPECT_EQ(t.Run(s1), (Rows{"0|0"}));
}

TEST(OpAggregate, DistinctAggregates) {
  TestDb t;
  std::vector<BoundExprPtr> groups;
  groups.push_back(Col(0, kStr));
  std::vector<AggregateSpec> aggs;
  aggs.push_back(Agg("COUNT", Col(1), kInt, true));
  aggs.push_back(Agg("SUM", Col(1), kNum, true));
  HashGroupBy g(std::move(groups), std::move(aggs));
  g.AddChild(Values({kStr, kInt}, {{S("a"), I(1)}, {S("a"), I(1)}, {S("a"), I(2)},
                                   {S("b"), I(1)}, {S("b"), N()}, {S("b"), I(1)}}));
  EXPECT_EQ(t.Run(g), (Rows{"a|2|3", "b|1|1"}));
}

TEST(OpAggregate, DoubleSumAndUnknownFunction) {
  TestDb t;
  std::vector<AggregateSpec> aggs;
  aggs.push_back(Agg("SUM", Col(0, LogicalType::Double()), LogicalType::Double()));
  SortAggregate s(std::move(aggs));
  s.AddChild(Values({LogicalType::Double()}, {{D(1.5)}, {D(2.25)}}));
  auto out = t.Run(s);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].substr(0, 4), "3.75");

  std::vector<AggregateSpec> bad;
  bad.push_back(Agg("MEDIANX", Col(0), kNum));
  SortAggregate s2(std::move(bad));
  s2.AddChild(Values({kInt}, {{I(1)}}));
  EXPECT_THROW(t.Run(s2), OraError);
}

}  // namespace
}  // namespace pathdb::test
