// JoinHashTable: build rows chained per key in build order, NULL keys stored but unmatched,
// key hashes reusable (key_hash equals HashKey of the same key on either side), match marks.
#include "executor/join_hash_table.h"

#include <gtest/gtest.h>

#include "op_test_util.h"

namespace pathdb::test {
namespace {

DataChunk Batch(const std::vector<std::vector<Value>>& rows) {
  DataChunk c({LogicalType::Integer(), LogicalType::Varchar()});
  for (size_t i = 0; i < rows.size(); ++i)
    for (size_t j = 0; j < 2; ++j) c.column(j).SetValue(i, rows[i][j]);
  c.SetSize(rows.size());
  return c;
}

std::vector<uint32_t> Chain(const JoinHashTable& t, uint32_t key_id) {
  std::vector<uint32_t> rows;
  for (uint32_t r = t.first(key_id); r != JoinHashTable::kNone; r = t.next(r)) rows.push_back(r);
  return rows;
}

TEST(JoinHashTable, ChainsRowsPerKeyInBuildOrderAcrossBatches) {
  const std::vector<TypeId> compare_as{TypeId::kNumber};
  JoinHashTable t({LogicalType::Integer(), LogicalType::Varchar()}, {LogicalType::Integer()},
                  compare_as, /*keep_row_keys=*/true);
  DataChunk b1 = Batch({{I(1), S("a")}, {I(2), S("b")}, {I(1), S("c")}});
  DataChunk b2 = Batch({{N(), S("d")}, {I(1), S("e")}});
  EXPECT_FALSE(t.Insert({&b1.column(0)}, b1));
  EXPECT_TRUE(t.Insert({&b2.column(0)}, b2));  // the NULL key is reported
  EXPECT_EQ(t.row_count(), 5u);
  EXPECT_EQ(t.key_count(), 2u);
  EXPECT_EQ(t.row_key(3), JoinHashTable::kNone);

  DataChunk probe = Batch({{I(2), S("")}, {I(1), S("")}, {I(9), S("")}, {N(), S("")}});
  std::vector<uint32_t> ids;
  t.Find({&probe.column(0)}, probe, ids);
  ASSERT_EQ(ids.size(), 4u);
  EXPECT_EQ(Chain(t, ids[0]), (std::vector<uint32_t>{1}));
  EXPECT_EQ(Chain(t, ids[1]), (std::vector<uint32_t>{0, 2, 4}));
  EXPECT_EQ(ids[2], JoinHashTable::kNone);
  EXPECT_EQ(ids[3], JoinHashTable::kNone);

  // A join filter can take the build hashes from the table and hash probe keys the same way.
  for (size_t i = 0; i < 2; ++i)
    EXPECT_EQ(t.key_hash(ids[i]), JoinHashTable::HashKey({&probe.column(0)}, i, compare_as));

  EXPECT_FALSE(t.matched(0));
  t.MarkKey(ids[1]);
  t.MarkRow(1);
  EXPECT_TRUE(t.matched(0) && t.matched(1) && t.matched(4));
  EXPECT_FALSE(t.matched(3));

  t.Clear();
  EXPECT_EQ(t.row_count(), 0u);
  EXPECT_EQ(t.key_count(), 0u);
}

}  // namespace
}  // namespace pathdb::test
