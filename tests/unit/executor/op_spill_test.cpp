// Work areas that outgrow their limit: HASH JOIN (every kind) and HASH GROUP BY fed ten times
// the work-area limit give the same answer as with a large limit, spill (sorts (disk),
// direct writes), and leave no temporary file behind.
#include <algorithm>

#include "executor/hash_group_by.h"
#include "executor/hash_join.h"
#include "executor/hash_unique.h"
#include "executor/sort_order_by.h"
#include "op_test_util.h"

namespace pathdb::test {
namespace {

const LogicalType kInt = LogicalType::Integer();
const LogicalType kNum = LogicalType::Number();
const LogicalType kStr = LogicalType::Varchar(20);

std::vector<std::string> Sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

size_t TempFilesIn(const std::filesystem::path& dir) {
  size_t n = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    if (e.path().filename().string().starts_with("temp_")) ++n;
  }
  return n;
}

// build (key, name): 40,000 rows over 20,000 keys; probe (name, key): 60,000 rows over 25,000
// keys with every 97th key NULL.
std::vector<std::vector<Value>> BuildRows(bool with_null) {
  std::vector<std::vector<Value>> rows;
  for (int64_t i = 0; i < 40000; ++i) rows.push_back({I(i % 20000), S(fmt::format("b{}", i))});
  if (with_null) rows.push_back({N(), S("null-build")});
  return rows;
}
std::vector<std::vector<Value>> ProbeRows() {
  std::vector<std::vector<Value>> rows;
  for (int64_t i = 0; i < 60000; ++i) {
    rows.push_back({S(fmt::format("p{}", i)), i % 97 == 0 ? N() : I((i * 7) % 25000)});
  }
  return rows;
}

std::unique_ptr<HashJoin> Join(JoinKind kind, bool build_null) {
  std::vector<BoundExprPtr> bk, pk;
  bk.push_back(Col(0));
  pk.push_back(Col(1));
  // Residual on some kinds: keep pairs whose names differ in their last digit.
  auto j = std::make_unique<HashJoin>(kind, std::move(bk), std::move(pk), nullptr);
  j->AddChild(Values({kInt, kStr}, BuildRows(build_null)));
  j->AddChild(Values({kStr, kInt}, ProbeRows()));
  return j;
}

class SpillJoin : public ::testing::TestWithParam<JoinKind> {};

TEST_P(SpillJoin, SameAnswerAsInMemoryAndNoTempFilesLeft) {
  for (bool build_null : {false, true}) {
    TestDb t;
    auto join = Join(GetParam(), build_null);
    t.ctx->work_area_bytes = 1ull << 30;
    auto in_memory = Sorted(t.Run(*join));
    EXPECT_EQ(t.stats.Get(Stat::kSortsDisk), 0u);
    t.ctx->work_area_bytes = 200 << 10;  // the build side is ~10x this
    auto spilled = Sorted(t.Run(*join));
    EXPECT_GT(t.stats.Get(Stat::kSortsDisk), 0u);
    // (NOT IN with a NULL in the set answers nothing before any partition is read back.)
    if (GetParam() != JoinKind::kAntiNullAware || !build_null) {
      EXPECT_GT(t.stats.Get(Stat::kPhysicalWritesDirect), 0u);
    }
    EXPECT_EQ(spilled.size(), in_memory.size());
    EXPECT_EQ(spilled, in_memory);
    EXPECT_EQ(TempFilesIn(t.dir), 0u);
  }
}

INSTANTIATE_TEST_SUITE_P(AllKinds, SpillJoin,
                         ::testing::Values(JoinKind::kInner, JoinKind::kLeftOuter, JoinKind::kSemi,
                                           JoinKind::kAnti, JoinKind::kAntiNullAware));

TEST(OpSpill, HashGroupBySpillsAndAgrees) {
  TestDb t;
  std::vector<std::vector<Value>> rows;
  for (int64_t i = 0; i < 120000; ++i) {
    rows.push_back(
        {i % 1009 == 0 ? N() : S(fmt::format("g{}", i % 30011)), i % 13 == 0 ? N() : I(i % 1000)});
  }
  auto make = [&] {
    std::vector<BoundExprPtr> groups;
    groups.push_back(Col(0, kStr));
    std::vector<AggregateSpec> aggs;
    aggs.push_back({"COUNT_STAR", false, nullptr, kInt});
    aggs.push_back({"SUM", false, Col(1), kNum});
    aggs.push_back({"MIN", false, Col(1), kInt});
    aggs.push_back({"MAX", false, Col(1), kInt});
    aggs.push_back({"AVG", false, Col(1), kNum});
    aggs.push_back({"COUNT", true, Col(1), kInt});
    auto g = std::make_unique<HashGroupBy>(std::move(groups), std::move(aggs));
    g->AddChild(Values({kStr, kInt}, rows));
    return g;
  };
  auto g = make();
  t.ctx->work_area_bytes = 1ull << 30;
  auto in_memory = Sorted(t.Run(*g));
  ASSERT_EQ(in_memory.size(), 30012u);  // 30,011 groups and the NULL group
  EXPECT_EQ(t.stats.Get(Stat::kSortsDisk), 0u);
  t.ctx->work_area_bytes = 256 << 10;  // ~10x less than the groups need
  auto spilled = Sorted(t.Run(*g));
  EXPECT_GT(t.stats.Get(Stat::kSortsDisk), 0u);
  EXPECT_EQ(spilled, in_memory);
  // Tiny limit: partitions spill again (multi-pass) and the answer still agrees.
  t.ctx->work_area_bytes = 8 << 10;
  EXPECT_EQ(Sorted(t.Run(*g)), in_memory);
  EXPECT_EQ(TempFilesIn(t.dir), 0u);
}

TEST(OpSpill, HashUniqueSpillsAndAgrees) {
  TestDb t;
  std::vector<std::vector<Value>> rows;
  // 90,000 rows, 30,011 distinct (key, name) pairs plus NULL ones that equal each other.
  for (int64_t i = 0; i < 90000; ++i) {
    rows.push_back({i % 1009 == 0 ? N() : I(i % 30011), S(fmt::format("n{}", i % 30011))});
  }
  auto u = std::make_unique<HashUnique>();
  u->AddChild(Values({kInt, kStr}, rows));
  t.ctx->work_area_bytes = 1ull << 30;
  auto in_memory = t.Run(*u);
  EXPECT_EQ(t.stats.Get(Stat::kSortsDisk), 0u);
  std::vector<std::string> unique_rows = Sorted(in_memory);
  unique_rows.erase(std::unique(unique_rows.begin(), unique_rows.end()), unique_rows.end());
  ASSERT_EQ(unique_rows.size(), in_memory.size());  // no duplicates in memory either
  ASSERT_GT(in_memory.size(), 30011u);
  for (uint64_t limit : {256ull << 10, 8ull << 10}) {  // one level; partitions spill again
    const uint64_t disk_before = t.stats.Get(Stat::kSortsDisk);
    t.ctx->work_area_bytes = limit;
    auto spilled = t.Run(*u);
    EXPECT_GT(t.stats.Get(Stat::kSortsDisk), disk_before);
    ASSERT_EQ(spilled.size(), in_memory.size());  // no row twice, none lost
    EXPECT_EQ(Sorted(spilled), unique_rows);
    // Rows seen before the table filled keep their first-seen order at the front.
    EXPECT_EQ(spilled.front(), in_memory.front());
  }
  EXPECT_EQ(TempFilesIn(t.dir), 0u);
}

TEST(OpSpill, SortOrderByMergesRunsInTheSameOrder) {
  TestDb t;
  std::vector<std::vector<Value>> rows;
  for (int64_t i = 0; i < 100000; ++i) {
    // Many equal keys (stability shows) and some NULLs.
    rows.push_back({i % 101 == 0 ? N() : I((i * 7919) % 5003), S(fmt::format("r{}", i))});
  }
  auto make = [&](bool descending) {
    std::vector<SortKey> keys;
    keys.push_back({Col(0), descending, descending});
    auto s = std::make_unique<SortOrderBy>(std::move(keys), std::nullopt);
    s->AddChild(Values({kInt, kStr}, rows));
    return s;
  };
  for (bool desc : {false, true}) {
    auto sort = make(desc);
    t.ctx->work_area_bytes = 1ull << 30;
    auto in_memory = t.Run(*sort);
    uint64_t disk_before = t.stats.Get(Stat::kSortsDisk);
    t.ctx->work_area_bytes = 300 << 10;  // ~20 runs
    auto merged = t.Run(*sort);
    EXPECT_GT(t.stats.Get(Stat::kSortsDisk), disk_before);
    ASSERT_EQ(merged.size(), rows.size());
    EXPECT_EQ(merged, in_memory);  // same order, ties included
  }
  EXPECT_EQ(TempFilesIn(t.dir), 0u);
}

}  // namespace
}  // namespace pathdb::test
