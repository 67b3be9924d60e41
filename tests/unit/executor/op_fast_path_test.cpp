// Fast paths of the scan/aggregate loop must agree with the exact Decimal operators: plain
// column arguments read in place (with a filter's selection), the same-scale SUM add at its
// edges (a sum that cancels to zero, one that outgrows 38 digits), same-scale compares.
#include "executor/filter.h"
#include "executor/hash_group_by.h"
#include "executor/sort_aggregate.h"
#include "op_test_util.h"

namespace pathdb::test {
namespace {

using Rows = std::vector<std::string>;
const LogicalType kNum = LogicalType::Number();
const LogicalType kInt = LogicalType::Integer();

Decimal Dec(const char* s) { return *Decimal::Parse(s); }
Value V(const char* s) { return Value::Number(Dec(s)); }

std::vector<AggregateSpec> SumAndCount(size_t col) {
  std::vector<AggregateSpec> a;
  a.push_back(AggregateSpec{"SUM", false, Col(col, kNum), kNum});
  a.push_back(AggregateSpec{"COUNT", false, Col(col, kNum), kInt});
  return a;
}

TEST(OpFastPath, SumThatCancelsToZeroKeepsExactScale) {
  TestDb t;
  SortAggregate agg(SumAndCount(0));
  // 1.25 - 1.25 is the canonical 0 (scale 0); the next adds must not reuse a stale scale.
  agg.AddChild(Values({kNum}, {{V("1.25")}, {V("-1.25")}, {V("0.5")}, {Value()}, {V("2.75")}}));
  EXPECT_EQ(t.Run(agg), (Rows{"3.25|4"}));
}

TEST(OpFastPath, SumPastThirtyEightDigitsTakesExactPath) {
  TestDb t;
  const char* big = "99999999999999999999999999999999999999";
  SortAggregate agg(SumAndCount(0));
  agg.AddChild(Values({kNum}, {{V(big)}, {V("1")}, {V("-3")}}));
  Decimal want = Dec(big) + Dec("1") + Dec("-3");
  EXPECT_EQ(t.Run(agg), (Rows{Value::Number(want).ToString() + "|3"}));
}

TEST(OpFastPath, InPlaceArgumentsHonourTheFilterSelection) {
  TestDb t;
  std::vector<std::vector<Value>> rows;
  // Same scale as the literal (1.51), other scales (1.5, 2, 1.499) and NULL: compare exactly.
  for (int i = 0; i < 3000; ++i) {
    const char* v[] = {"1.51", "1.5", "2", "1.499", "1.50"};
    rows.push_back({i % 7 == 0 ? Value() : V(v[i % 5]), V(i % 2 ? "10" : "20")});
  }
  auto f = std::make_unique<Filter>(Cmp(">", Col(0, kNum), Const(V("1.50"))));
  f->AddChild(Values({kNum, kNum}, rows, 1000));
  std::vector<BoundExprPtr> groups;
  groups.push_back(Col(1, kNum));
  HashGroupBy g(std::move(groups), SumAndCount(0));
  g.AddChild(std::move(f));
  // Expected by brute force with Decimal's own operators.
  Decimal sum10{}, sum20{};
  int n10 = 0, n20 = 0;
  for (const auto& r : rows) {
    if (r[0].is_null() || !(r[0].number() > Dec("1.50"))) continue;
    bool ten = r[1].number() == Dec("10");
    (ten ? sum10 : sum20) = (ten ? sum10 : sum20) + r[0].number();
    ++(ten ? n10 : n20);
  }
  EXPECT_EQ(t.Run(g), (Rows{"20|" + Value::Number(sum20).ToString() + "|" + std::to_string(n20),
                            "10|" + Value::Number(sum10).ToString() + "|" + std::to_string(n10)}));
}

}  // namespace
}  // namespace pathdb::test
