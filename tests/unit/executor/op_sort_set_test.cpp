// SORT ORDER BY [STOPKEY], SORT UNIQUE, HASH UNIQUE, INTERSECTION, MINUS.
#include "executor/hash_unique.h"
#include "executor/intersection.h"
#include "executor/minus.h"
#include "executor/sort_order_by.h"
#include "executor/sort_unique.h"
#include "op_test_util.h"

namespace pathdb::test {
namespace {

using Rows = std::vector<std::string>;
const LogicalType kInt = LogicalType::Integer();
const LogicalType kStr = LogicalType::Varchar(10);

std::vector<std::vector<Value>> SortRows() {
  return {{I(3), S("c")}, {N(), S("n1")}, {I(1), S("a")}, {I(3), S("c2")},
          {I(2), S("b")}, {N(), S("n2")}, {I(1), S("a2")}};
}

std::unique_ptr<SortOrderBy> SortBy(bool desc, bool nulls_first,
                                    std::optional<uint64_t> stopkey = std::nullopt) {
  std::vector<SortKey> keys;
  keys.push_back({Col(0), desc, nulls_first});
  auto s = std::make_unique<SortOrderBy>(std::move(keys), stopkey);
  s->AddChild(Values({kInt, kStr}, SortRows(), 3));
  return s;
}

TEST(OpSort, AscendingNullsLastIsStable) {
  TestDb t;
  auto s = SortBy(false, false);
  EXPECT_EQ(s->operation(), "SORT ORDER BY");
  EXPECT_EQ(t.Run(*s), (Rows{"1|a", "1|a2", "2|b", "3|c", "3|c2", "NULL|n1", "NULL|n2"}));
}

TEST(OpSort, DescendingNullsFirst) {
  TestDb t;
  EXPECT_EQ(t.Run(*SortBy(true, true)),
            (Rows{"NULL|n1", "NULL|n2", "3|c", "3|c2", "2|b", "1|a", "1|a2"}));
  EXPECT_EQ(t.Run(*SortBy(true, false)),
            (Rows{"3|c", "3|c2", "2|b", "1|a", "1|a2", "NULL|n1", "NULL|n2"}));
}

TEST(OpSort, StopkeyKeepsTopN) {
  TestDb t;
  auto s = SortBy(false, false, 3);
  EXPECT_EQ(s->operation(), "SORT ORDER BY STOPKEY");
  EXPECT_EQ(t.Run(*s), (Rows{"1|a", "1|a2", "2|b"}));
}

TEST(OpSort, StopkeyOverManyBatchesMatchesFullSort) {
  TestDb t;
  std::vector<std::vector<Value>> rows;
  for (int i = 0; i < 50000; i++) rows.push_back({I((i * 7919) % 10007), I(i)});
  std::vector<SortKey> keys;
  keys.push_back({Col(0), true, false});
  SortOrderBy s(std::move(keys), 5);
  s.AddChild(Values({kInt, kInt}, rows));
  auto out = t.Run(s);
  ASSERT_EQ(out.size(), 5u);
  // 10006 occurs for i = 10006*k^-1 ... the top key is 10006, and the ties keep input order
  EXPECT_EQ(out[0].substr(0, 6), "10006|");
  EXPECT_EQ(out[1].substr(0, 6), "10006|");
  int a = std::stoi(out[0].substr(6)), b = std::stoi(out[1].substr(6));
  EXPECT_LT(a, b);
}

TEST(OpSort, StringsByteOrderAndMixedNumbers) {
  TestDb t;
  std::vector<SortKey> keys;
  keys.push_back({Col(0, kStr), false, false});
  SortOrderBy s(std::move(keys), std::nullopt);
  s.AddChild(Values({kStr}, {{S("b")}, {S("B")}, {S("a")}, {S("")}, {S("ab")}}));
  EXPECT_EQ(t.Run(s), (Rows{"", "B", "a", "ab", "b"}));

  std::vector<SortKey> dkeys;
  dkeys.push_back({Col(0, LogicalType::Double()), false, false});
  SortOrderBy d(std::move(dkeys), std::nullopt);
  d.AddChild(Values({LogicalType::Double()}, {{D(2.5)}, {D(-1)}, {D(0.5)}}));
  auto out = t.Run(d);
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(out[0].substr(0, 2), "-1");
}

std::vector<std::vector<Value>> DupRows() {
  return {{I(2), S("x")}, {N(), N()}, {I(1), S("y")}, {I(2), S("x")}, {N(), N()}, {I(1), N()}};
}

TEST(OpSet, SortUniqueSortsAndDedupsWithNulls) {
  TestDb t;
  SortUnique s;
  s.AddChild(Values({kInt, kStr}, DupRows(), 2));
  EXPECT_EQ(t.Run(s), (Rows{"1|y", "1|NULL", "2|x", "NULL|NULL"}));
}

TEST(OpSet, HashUniqueKeepsFirstSeenOrder) {
  TestDb t;
  HashUnique h;
  h.AddChild(Values({kInt, kStr}, DupRows(), 2));
  EXPECT_EQ(h.operation(), "HASH UNIQUE");
  EXPECT_EQ(t.Run(h), (Rows{"2|x", "NULL|NULL", "1|y", "1|NULL"}));
}

TEST(OpSet, HashUniqueEmptyInput) {
  TestDb t;
  HashUnique h;
  h.AddChild(Values({kInt}, {}));
  EXPECT_TRUE(t.Run(h).empty());
}

TEST(OpSet, IntersectionWithNullsAndDuplicates) {
  TestDb t;
  Intersection x;
  x.AddChild(Values({kInt, kStr}, DupRows(), 4));
  x.AddChild(Values({kInt, kStr}, {{N(), N()}, {I(2), S("x")}, {I(2), S("x")}, {I(9), S("z")}}));
  EXPECT_EQ(x.operation(), "INTERSECTION");
  EXPECT_EQ(t.Run(x), (Rows{"2|x", "NULL|NULL"}));
}

TEST(OpSet, MinusWithNullsAndEmptySides) {
  TestDb t;
  Minus m;
  m.AddChild(Values({kInt, kStr}, DupRows(), 4));
  m.AddChild(Values({kInt, kStr}, {{N(), N()}, {I(1), S("y")}}));
  EXPECT_EQ(m.operation(), "MINUS");
  EXPECT_EQ(t.Run(m), (Rows{"2|x", "1|NULL"}));

  Minus m2;
  m2.AddChild(Values({kInt, kStr}, DupRows()));
  m2.AddChild(Values({kInt, kStr}, {}));
  EXPECT_EQ(t.Run(m2), (Rows{"2|x", "NULL|NULL", "1|y", "1|NULL"}));

  Intersection x2;
  x2.AddChild(Values({kInt, kStr}, DupRows()));
  x2.AddChild(Values({kInt, kStr}, {}));
  EXPECT_TRUE(t.Run(x2).empty());
}

TEST(OpSet, NumberAndDoubleCompareByValue) {
  TestDb t;
  Intersection x;
  x.AddChild(Values({kInt}, {{I(1)}, {I(2)}, {I(3)}}));
  x.AddChild(Values({LogicalType::Double()}, {{D(2.0)}, {D(3.5)}}));
  EXPECT_EQ(t.Run(x), (Rows{"2"}));
}

}  // namespace
}  // namespace pathdb::test
