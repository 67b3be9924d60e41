// SORT GROUP BY: groups in key order (NULL group last), every aggregate, DISTINCT, empty
// input, many groups over several batches.
#include <algorithm>

#include "executor/hash_group_by.h"
#include "executor/sort_group_by.h"
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

std::vector<AggregateSpec> SomeAggs() {
  std::vector<AggregateSpec> a;
  a.push_back(Agg("COUNT_STAR", nullptr, kInt));
  a.push_back(Agg("COUNT", Col(1), kInt));
  a.push_back(Agg("SUM", Col(1), kNum));
  a.push_back(Agg("MIN", Col(1), kInt));
  a.push_back(Agg("MAX", Col(1), kInt));
  a.push_back(Agg("COUNT", Col(1), kInt, /*distinct=*/true));
  return a;
}

TEST(OpSortGroupBy, GroupsComeOutInKeyOrderWithTheNullGroupLast) {
  TestDb t;
  std::vector<BoundExprPtr> groups;
  groups.push_back(Col(0, kStr));
  SortGroupBy g(std::move(groups), SomeAggs());
  g.AddChild(Values({kStr, kInt},
                    {{S("b"), I(5)},
                     {N(), I(10)},
                     {S("a"), I(1)},
                     {S("b"), I(5)},
                     {N(), N()},
                     {S("a"), I(2)},
                     {S("a"), N()},
                     {N(), I(20)}},
                    3));
  EXPECT_EQ(g.operation(), "SORT GROUP BY");
  EXPECT_EQ(t.Run(g), (Rows{"a|3|2|3|1|2|2", "b|2|2|10|5|5|1", "NULL|3|2|30|10|20|2"}));
}

TEST(OpSortGroupBy, EmptyInputGivesNoRows) {
  TestDb t;
  std::vector<BoundExprPtr> groups;
  groups.push_back(Col(0, kStr));
  SortGroupBy g(std::move(groups), SomeAggs());
  g.AddChild(Values({kStr, kInt}, {}));
  EXPECT_TRUE(t.Run(g).empty());
}

TEST(OpSortGroupBy, ManyGroupsAgreeWithHashGroupBySorted) {
  TestDb t;
  std::vector<std::vector<Value>> rows;
  for (int i = 0; i < 30000; i++) rows.push_back({I((i * 7919) % 4099), I(i)});
  auto aggs = [] {
    std::vector<AggregateSpec> a;
    a.push_back(Agg("COUNT_STAR", nullptr, kInt));
    a.push_back(Agg("SUM", Col(1), kNum));
    return a;
  };
  std::vector<BoundExprPtr> g1, g2;
  g1.push_back(Col(0));
  g2.push_back(Col(0));
  SortGroupBy sorted(std::move(g1), aggs());
  sorted.AddChild(Values({kInt, kInt}, rows));
  HashGroupBy hashed(std::move(g2), aggs());
  hashed.AddChild(Values({kInt, kInt}, rows));
  auto a = t.Run(sorted);
  auto b = t.Run(hashed);
  ASSERT_EQ(a.size(), 4099u);
  // Key order: numeric, so compare by the leading number rather than the string.
  EXPECT_TRUE(std::is_sorted(a.begin(), a.end(), [](const std::string& x, const std::string& y) {
    return std::stoll(x) < std::stoll(y);
  }));
  std::sort(b.begin(), b.end());
  auto a2 = a;
  std::sort(a2.begin(), a2.end());
  EXPECT_EQ(a2, b);
}

}  // namespace
}  // namespace pathdb::test
