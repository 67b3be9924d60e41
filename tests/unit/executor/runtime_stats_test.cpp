// Run-time statistics of plan lines (ALLSTATS) against what really happened: A-Rows equals the
// rows each line passed up (counted by running the line's subtree on its own), Buffers equals
// the session's logical reads, Starts counts opens, the work-area columns and `sorts (memory|
// disk)` follow spilling, and nothing is collected when ExecContext::line_stats is null.
#include <set>

#include "executor/filter.h"
#include "executor/hash_group_by.h"
#include "executor/hash_unique.h"
#include "executor/index_range_scan.h"
#include "executor/intersection.h"
#include "executor/load_table.h"
#include "executor/minus.h"
#include "executor/nested_loops.h"
#include "executor/sort_order_by.h"
#include "executor/sort_unique.h"
#include "executor/table_access_by_index_rowid.h"
#include "executor/table_access_full.h"
#include "op_test_util.h"

namespace pathdb::test {
namespace {

const LogicalType kInt = LogicalType::Integer();
const LogicalType kStr = LogicalType::Varchar(20);

using LineStats = std::vector<OperatorRuntimeStats>;

//! Numbers the plan, runs it once collecting statistics into `lines` (sized here on first use,
//! cumulative across calls) and returns the rows the root produced.
uint64_t RunMeasured(TestDb& t, const PhysicalOperator& root, LineStats& lines) {
  size_t n = static_cast<size_t>(NumberPlanLines(root));
  if (lines.size() != n) lines.assign(n, OperatorRuntimeStats{});
  t.ctx->line_stats = &lines;
  uint64_t rows = 0;
  RunPlan(root, *t.ctx, [&](const DataChunk& c) { rows += c.Count(); });
  t.ctx->line_stats = nullptr;
  return rows;
}

const storage::TableInfo& MakeTable(TestDb& t, int rows) {
  storage::TableInfo info;
  info.name = "T";
  info.columns.push_back({"ID", kInt, false, std::nullopt});
  info.columns.push_back({"GRP", kInt, false, std::nullopt});
  info.columns.push_back({"NAME", kStr, false, std::nullopt});
  const auto& table = t.db->CreateTable(std::move(info));
  std::vector<std::vector<Value>> data;
  for (int i = 0; i < rows; i++) data.push_back({I(i), I(i % 7), S(fmt::format("name {}", i))});
  LoadTableConventional load(table);
  load.AddChild(Values({kInt, kInt, kStr}, data, 500));
  t.Run(load);
  return table;
}

AggregateSpec CountStar() {
  return AggregateSpec{"COUNT_STAR", false, nullptr, kInt};
}

// SORT ORDER BY <- HASH GROUP BY <- FILTER <- TABLE ACCESS FULL (with its own filter)
std::unique_ptr<SortOrderBy> GroupedPlan(const storage::TableInfo& table) {
  auto scan = std::make_unique<TableAccessFull>(table, std::vector<uint32_t>{0, 1},
                                                Cmp("<", Col(0), Const(I(900))));
  auto filter = std::make_unique<Filter>(Cmp("<>", Col(1), Const(I(3))));
  filter->AddChild(std::move(scan));
  std::vector<BoundExprPtr> groups;
  groups.push_back(Col(1));
  std::vector<AggregateSpec> aggs;
  aggs.push_back(CountStar());
  auto group = std::make_unique<HashGroupBy>(std::move(groups), std::move(aggs));
  group->AddChild(std::move(filter));
  std::vector<SortKey> keys;
  keys.push_back({Col(0), true, false});
  auto sort = std::make_unique<SortOrderBy>(std::move(keys), std::nullopt);
  sort->AddChild(std::move(group));
  return sort;
}

TEST(RuntimeStats, ARowsOfEveryLineEqualTheRowsItPassesUp) {
  TestDb t;
  const auto& table = MakeTable(t, 1000);
  auto plan = GroupedPlan(table);
  LineStats lines;
  uint64_t produced = RunMeasured(t, *plan, lines);
  ASSERT_EQ(lines.size(), 5u);  // ids 1..4 (slot 0 unused)
  EXPECT_EQ(produced, 6u);      // 7 groups but 3
  EXPECT_EQ(lines[1].rows, produced);
  int seen = 0;
  ForEachPlanLine(*plan, [&](const PhysicalOperator& op, int) {
    ++seen;
    // The line's subtree run alone, unmeasured, yields the same rows.
    EXPECT_EQ(lines[op.line_id()].rows, t.CountRows(op)) << op.operation();
    EXPECT_EQ(lines[op.line_id()].starts, 1u) << op.operation();
  });
  EXPECT_EQ(seen, 4);
  uint64_t kept = 0;
  for (int i = 0; i < 900; ++i) kept += i % 7 != 3;
  EXPECT_EQ(lines[4].rows, 900u);  // TABLE ACCESS FULL after its filter
  EXPECT_EQ(lines[3].rows, kept);  // FILTER grp <> 3
  EXPECT_EQ(lines[0].starts, 0u);
}

TEST(RuntimeStats, BuffersMatchTheSessionsLogicalReads) {
  TestDb t;
  const auto& table = MakeTable(t, 1000);
  ASSERT_GT(table.hwm_blocks, 1u);
  auto plan = GroupedPlan(table);
  uint64_t gets0 = t.stats.Get(Stat::kConsistentGets) + t.stats.Get(Stat::kDbBlockGets);
  uint64_t rows0 = t.stats.Get(Stat::kTableScanRowsGotten);
  uint64_t blocks0 = t.stats.Get(Stat::kTableScanBlocksGotten);
  LineStats lines;
  RunMeasured(t, *plan, lines);
  uint64_t gets = t.stats.Get(Stat::kConsistentGets) + t.stats.Get(Stat::kDbBlockGets) - gets0;
  EXPECT_GT(gets, 0u);
  EXPECT_EQ(lines[1].buffers, gets);
  // Buffers include the children's: every line above the scan shows the scan's gets.
  for (int id = 1; id <= 4; ++id) EXPECT_EQ(lines[id].buffers, gets) << id;
  // All 1000 rows fit one batch, so each block below the HWM is visited exactly once.
  EXPECT_EQ(lines[4].buffers, table.hwm_blocks);
  // The scan statistics count rows read from the blocks, before any filter.
  EXPECT_EQ(t.stats.Get(Stat::kTableScanRowsGotten) - rows0, 1000u);
  EXPECT_EQ(t.stats.Get(Stat::kTableScanBlocksGotten) - blocks0, table.hwm_blocks);
  EXPECT_GT(lines[1].elapsed_ns, 0u);
  EXPECT_GE(lines[1].elapsed_ns, lines[4].elapsed_ns);
}

TEST(RuntimeStats, ScanBlocksGottenOnceEachAcrossBatches) {
  TestDb t;
  const auto& table = MakeTable(t, 5000);  // several batches
  TableAccessFull scan(table, {0}, Cmp(">=", Col(0), Const(I(4990))));
  uint64_t rows0 = t.stats.Get(Stat::kTableScanRowsGotten);
  uint64_t blocks0 = t.stats.Get(Stat::kTableScanBlocksGotten);
  uint64_t gets0 = t.stats.Get(Stat::kConsistentGets);
  LineStats lines;
  EXPECT_EQ(RunMeasured(t, scan, lines), 10u);
  EXPECT_EQ(lines[1].rows, 10u);
  EXPECT_EQ(t.stats.Get(Stat::kTableScanRowsGotten) - rows0, 5000u);
  EXPECT_EQ(t.stats.Get(Stat::kTableScanBlocksGotten) - blocks0, table.hwm_blocks);
  // A block cut by a batch boundary is got again by the next fetch, as in Oracle: at most one
  // extra get per batch.
  uint64_t gets = t.stats.Get(Stat::kConsistentGets) - gets0;
  EXPECT_EQ(lines[1].buffers, gets);
  EXPECT_GE(gets, table.hwm_blocks);
  EXPECT_LE(gets, table.hwm_blocks + (5000 + kVectorSize - 1) / kVectorSize);
}

TEST(RuntimeStats, StartsOfNestedLoopsLinesAndRepeatedRuns) {
  TestDb t;
  std::vector<std::vector<Value>> outer, inner;
  for (int i = 0; i < 50; ++i) outer.push_back({S(fmt::format("e{}", i)), I(i % 5)});
  for (int i = 0; i < 4; ++i) inner.push_back({I(i), S(fmt::format("d{}", i))});
  auto nl = std::make_unique<NestedLoops>(JoinKind::kInner, Cmp("=", Col(1), Col(2)));
  nl->AddChild(Values({kStr, kInt}, outer, 7));
  nl->AddChild(Values({kInt, kStr}, inner, 3));
  LineStats lines;
  EXPECT_EQ(RunMeasured(t, *nl, lines), 40u);
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_EQ(lines[1].starts, 1u);
  EXPECT_EQ(lines[2].starts, 1u);
  EXPECT_EQ(lines[3].starts, 1u);  // materialised once, not once per outer row
  EXPECT_EQ(lines[1].rows, 40u);
  EXPECT_EQ(lines[2].rows, 50u);
  EXPECT_EQ(lines[3].rows, 4u);
  // Statistics are cumulative over executions.
  RunMeasured(t, *nl, lines);
  EXPECT_EQ(lines[1].starts, 2u);
  EXPECT_EQ(lines[3].starts, 2u);
  EXPECT_EQ(lines[1].rows, 80u);
  EXPECT_EQ(lines[2].rows, 100u);
}

TEST(RuntimeStats, NothingCollectedWithoutLineStats) {
  TestDb t;
  const auto& table = MakeTable(t, 1000);
  auto plan = GroupedPlan(table);
  LineStats lines;
  RunMeasured(t, *plan, lines);
  LineStats before = lines;
  ASSERT_EQ(t.ctx->line_stats, nullptr);
  EXPECT_EQ(t.CountRows(*plan), 6u);  // runs with line_stats == nullptr
  for (size_t i = 0; i < lines.size(); ++i) {
    EXPECT_EQ(lines[i].starts, before[i].starts) << i;
    EXPECT_EQ(lines[i].rows, before[i].rows) << i;
    EXPECT_EQ(lines[i].buffers, before[i].buffers) << i;
    EXPECT_EQ(lines[i].elapsed_ns, before[i].elapsed_ns) << i;
    EXPECT_EQ(lines[i].mem_used, before[i].mem_used) << i;
  }
  // And an unnumbered copy of an operator has no line to charge.
  TableAccessFull scan(table, {0}, nullptr);
  EXPECT_EQ(scan.line_id(), -1);
  EXPECT_EQ(t.ctx->LineStats(scan.line_id()), nullptr);
}

// HASH GROUP BY over `groups` distinct keys, 2 rows each.
std::unique_ptr<HashGroupBy> GroupBy(int groups) {
  std::vector<std::vector<Value>> rows;
  for (int r = 0; r < 2; ++r)
    for (int i = 0; i < groups; ++i) rows.push_back({I(i), S(fmt::format("v{}", i))});
  std::vector<BoundExprPtr> keys;
  keys.push_back(Col(0));
  keys.push_back(Col(1, kStr));
  std::vector<AggregateSpec> aggs;
  aggs.push_back(CountStar());
  auto g = std::make_unique<HashGroupBy>(std::move(keys), std::move(aggs));
  g->AddChild(Values({kInt, kStr}, rows));
  return g;
}

TEST(RuntimeStats, HashGroupByWorkAreaOptimalOnePassMultiPass) {
  TestDb t;
  auto g = GroupBy(20000);
  // Optimal: everything in memory.
  t.ctx->work_area_bytes = 1ull << 30;
  LineStats mem;
  EXPECT_EQ(RunMeasured(t, *g, mem), 20000u);
  const auto& m = mem[1];
  EXPECT_TRUE(m.work_area);
  EXPECT_FALSE(mem[2].work_area);
  EXPECT_EQ(m.passes, 0);
  EXPECT_EQ(m.temp_used, 0u);
  EXPECT_GT(m.mem_used, 20000u * 16);
  EXPECT_EQ(m.mem_used, m.mem_optimal);
  // One pass needs one partition's share of the groups: above 4 KB, below a quarter of all.
  EXPECT_GT(m.mem_one_pass, 4u << 10);
  EXPECT_LE(m.mem_one_pass, m.mem_optimal / 4);
  EXPECT_EQ(m.writes, 0u);

  // One-pass: the limit holds a good share of the groups, each partition fits.
  t.ctx->work_area_bytes = m.mem_optimal / 4;
  LineStats one;
  uint64_t disk0 = t.stats.Get(Stat::kSortsDisk);
  EXPECT_EQ(RunMeasured(t, *g, one), 20000u);
  EXPECT_GT(t.stats.Get(Stat::kSortsDisk), disk0);
  EXPECT_EQ(one[1].passes, 1);
  EXPECT_GT(one[1].temp_used, 0u);
  EXPECT_GT(one[1].writes, 0u);
  EXPECT_GT(one[1].reads, 0u);
  EXPECT_EQ(one[1].mem_optimal, m.mem_optimal);  // same groups, same estimate
  EXPECT_LT(one[1].mem_used, m.mem_used);
  EXPECT_EQ(one[1].rows, 20000u);

  // Multi-pass: partitions overflow again.
  t.ctx->work_area_bytes = 4 << 10;
  LineStats multi;
  EXPECT_EQ(RunMeasured(t, *g, multi), 20000u);
  EXPECT_GE(multi[1].passes, 2);
  EXPECT_GT(multi[1].temp_used, one[1].temp_used);
  EXPECT_EQ(multi[1].mem_optimal, m.mem_optimal);
  EXPECT_LT(multi[1].mem_used, one[1].mem_used);
  EXPECT_EQ(multi[1].starts, 1u);
}

std::unique_ptr<SortOrderBy> SortPlan(int rows, std::optional<uint64_t> stopkey = std::nullopt) {
  std::vector<std::vector<Value>> data;
  for (int i = 0; i < rows; ++i) data.push_back({I((i * 7919) % rows), S(fmt::format("s{}", i))});
  std::vector<SortKey> keys;
  keys.push_back({Col(0), false, false});
  auto s = std::make_unique<SortOrderBy>(std::move(keys), stopkey);
  s->AddChild(Values({kInt, kStr}, data));
  return s;
}

TEST(RuntimeStats, SortOrderBySortsMemoryOrDisk) {
  TestDb t;
  auto s = SortPlan(30000);
  t.ctx->work_area_bytes = 1ull << 30;
  uint64_t mem0 = t.stats.Get(Stat::kSortsMemory), disk0 = t.stats.Get(Stat::kSortsDisk);
  LineStats in_mem;
  EXPECT_EQ(RunMeasured(t, *s, in_mem), 30000u);
  EXPECT_EQ(t.stats.Get(Stat::kSortsMemory), mem0 + 1);
  EXPECT_EQ(t.stats.Get(Stat::kSortsDisk), disk0);
  EXPECT_TRUE(in_mem[1].work_area);
  EXPECT_EQ(in_mem[1].passes, 0);
  EXPECT_EQ(in_mem[1].temp_used, 0u);
  EXPECT_EQ(in_mem[1].mem_used, in_mem[1].mem_optimal);
  EXPECT_LT(in_mem[1].mem_one_pass, in_mem[1].mem_optimal);  // sqrt rule, > 1 MB of rows
  EXPECT_GT(in_mem[1].mem_one_pass, 0u);

  t.ctx->work_area_bytes = in_mem[1].mem_optimal / 10;
  LineStats spilled;
  EXPECT_EQ(RunMeasured(t, *s, spilled), 30000u);
  EXPECT_EQ(t.stats.Get(Stat::kSortsMemory), mem0 + 1);
  EXPECT_EQ(t.stats.Get(Stat::kSortsDisk), disk0 + 1);
  EXPECT_EQ(spilled[1].passes, 1);
  EXPECT_GT(spilled[1].temp_used, 0u);
  EXPECT_GT(spilled[1].writes, 0u);
  EXPECT_EQ(spilled[1].mem_optimal, in_mem[1].mem_optimal);
  EXPECT_LE(spilled[1].mem_used,
            t.ctx->work_area_bytes + in_mem[1].mem_optimal / 30000 * kVectorSize);
  EXPECT_EQ(spilled[1].rows, 30000u);
  EXPECT_EQ(spilled[2].rows, 30000u);

  // Without statistics the sort still counts as a session sort.
  t.ctx->work_area_bytes = 1ull << 30;
  EXPECT_EQ(t.CountRows(*s), 30000u);
  EXPECT_EQ(t.stats.Get(Stat::kSortsMemory), mem0 + 2);

  // A top-N sort keeps a bounded buffer: its optimal size is that buffer, far below the input.
  auto top = SortPlan(30000, 10);
  LineStats topn;
  EXPECT_EQ(RunMeasured(t, *top, topn), 10u);
  EXPECT_TRUE(topn[1].work_area);
  EXPECT_EQ(topn[1].passes, 0);
  EXPECT_EQ(topn[1].mem_used, topn[1].mem_optimal);
  EXPECT_LT(topn[1].mem_optimal, in_mem[1].mem_optimal / 2);
}

TEST(RuntimeStats, UniqueAndSetOperationLinesHaveWorkAreas) {
  TestDb t;
  std::vector<std::vector<Value>> a, b;
  for (int i = 0; i < 3000; ++i) a.push_back({I(i % 1000), S(fmt::format("x{}", i % 1000))});
  for (int i = 0; i < 500; ++i) b.push_back({I(i * 3), S(fmt::format("x{}", i * 3))});

  SortUnique su;
  su.AddChild(Values({kInt, kStr}, a));
  uint64_t mem0 = t.stats.Get(Stat::kSortsMemory);
  LineStats l1;
  EXPECT_EQ(RunMeasured(t, su, l1), 1000u);
  EXPECT_EQ(t.stats.Get(Stat::kSortsMemory), mem0 + 1);
  EXPECT_TRUE(l1[1].work_area);
  EXPECT_EQ(l1[1].passes, 0);
  EXPECT_GT(l1[1].mem_used, 0u);
  EXPECT_EQ(l1[1].rows, 1000u);
  EXPECT_EQ(l1[2].rows, 3000u);

  HashUnique hu;
  hu.AddChild(Values({kInt, kStr}, a));
  LineStats l2;
  EXPECT_EQ(RunMeasured(t, hu, l2), 1000u);
  EXPECT_TRUE(l2[1].work_area);
  EXPECT_EQ(l2[1].passes, 0);
  EXPECT_GT(l2[1].mem_used, 0u);
  EXPECT_EQ(l2[1].mem_used, l2[1].mem_optimal);

  Intersection in;
  in.AddChild(Values({kInt, kStr}, a));
  in.AddChild(Values({kInt, kStr}, b));
  LineStats l3;
  EXPECT_EQ(RunMeasured(t, in, l3), 334u);  // multiples of 3 below 1000
  EXPECT_TRUE(l3[1].work_area);
  EXPECT_GT(l3[1].mem_used, 0u);
  EXPECT_EQ(l3[2].rows, 3000u);
  EXPECT_EQ(l3[3].rows, 500u);

  Minus mi;
  mi.AddChild(Values({kInt, kStr}, a));
  mi.AddChild(Values({kInt, kStr}, b));
  LineStats l4;
  EXPECT_EQ(RunMeasured(t, mi, l4), 666u);
  EXPECT_TRUE(l4[1].work_area);
  EXPECT_GT(l4[1].mem_used, 0u);
  // A line without a work area never shows one.
  EXPECT_FALSE(l4[2].work_area);
  EXPECT_FALSE(l4[3].work_area);
}

TEST(RuntimeStats, SortUniqueSpillsWithTheSameAnswer) {
  TestDb t;
  // 30,000 rows over 9,000 distinct (key, text) pairs plus one all-NULL tuple; duplicates are
  // far apart in the input, so they meet only after sorting (and across runs when spilled).
  std::vector<std::vector<Value>> rows;
  std::set<std::string> distinct;
  for (int i = 0; i < 30000; ++i) {
    int k = (i * 7919) % 9000;
    if (i % 101 == 0) {
      rows.push_back({N(), N()});
      distinct.insert("NULL");
    } else {
      rows.push_back({I(k), S(fmt::format("t{}", k % 300))});
      distinct.insert(fmt::format("{}|t{}", k, k % 300));
    }
  }
  SortUnique su;
  su.AddChild(Values({kInt, kStr}, rows));
  t.ctx->work_area_bytes = 1ull << 30;
  uint64_t mem0 = t.stats.Get(Stat::kSortsMemory), disk0 = t.stats.Get(Stat::kSortsDisk);
  LineStats in_mem;
  NumberPlanLines(su);
  in_mem.assign(3, OperatorRuntimeStats{});
  t.ctx->line_stats = &in_mem;
  auto expected = t.Run(su);
  t.ctx->line_stats = nullptr;
  EXPECT_EQ(expected.size(), distinct.size());
  EXPECT_EQ(expected.back(), "NULL|NULL");  // NULLs sort last
  EXPECT_EQ(expected.front(), "0|t0");
  EXPECT_EQ(t.stats.Get(Stat::kSortsMemory), mem0 + 1);
  EXPECT_EQ(in_mem[1].passes, 0);
  EXPECT_EQ(in_mem[1].rows, distinct.size());
  EXPECT_EQ(in_mem[2].rows, 30000u);

  t.ctx->work_area_bytes = in_mem[1].mem_optimal / 8;
  LineStats spilled(3);
  t.ctx->line_stats = &spilled;
  auto got = t.Run(su);
  t.ctx->line_stats = nullptr;
  EXPECT_EQ(got, expected);
  EXPECT_EQ(t.stats.Get(Stat::kSortsDisk), disk0 + 1);
  EXPECT_EQ(t.stats.Get(Stat::kSortsMemory), mem0 + 1);
  EXPECT_TRUE(spilled[1].work_area);
  EXPECT_EQ(spilled[1].passes, 1);
  EXPECT_GT(spilled[1].temp_used, 0u);
  EXPECT_EQ(spilled[1].mem_optimal, in_mem[1].mem_optimal);
  EXPECT_LT(spilled[1].mem_used, in_mem[1].mem_used);
  EXPECT_EQ(spilled[1].rows, distinct.size());
  EXPECT_EQ(spilled[1].starts, 1u);
  EXPECT_EQ(spilled[2].starts, 1u);
}

TEST(RuntimeStats, IndexAccessLinesChargeTheirOwnGets) {
  TestDb t;
  const auto& table = MakeTable(t, 5000);
  storage::IndexInfo info;
  info.name = "T_ID";
  info.table_name = "T";
  info.table_object_id = table.object_id;
  info.columns = {0};
  info.unique = true;
  const auto& index = t.db->CreateIndex(std::move(info), t.stats);
  // ID in [1000, 3047]: 2048 rows, two batches of ROWIDs.
  IndexKeyRange range;
  range.lower = Const(I(1000));
  range.upper = Const(I(3047));
  auto access = std::make_unique<TableAccessByIndexRowid>(
      table, std::vector<uint32_t>{0, 2}, Cmp("<>", Col(0), Const(I(2000))), /*batched=*/true);
  access->AddChild(std::make_unique<IndexRangeScan>(
      table, index, std::vector<uint32_t>{kIndexRowIdOutput}, std::move(range), false, nullptr));
  uint64_t gets0 = t.stats.Get(Stat::kConsistentGets) + t.stats.Get(Stat::kDbBlockGets);
  uint64_t fetch0 = t.stats.Get(Stat::kTableFetchByRowid);
  LineStats lines;
  EXPECT_EQ(RunMeasured(t, *access, lines), 2047u);
  uint64_t gets = t.stats.Get(Stat::kConsistentGets) + t.stats.Get(Stat::kDbBlockGets) - gets0;
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[1].rows, 2047u);
  EXPECT_EQ(lines[2].rows, 2048u);
  EXPECT_EQ(lines[2].rows, t.CountRows(*access->children()[0]));
  EXPECT_EQ(lines[1].starts, 1u);
  EXPECT_EQ(lines[2].starts, 1u);
  EXPECT_EQ(lines[1].buffers, gets);
  EXPECT_GT(lines[2].buffers, 0u);  // root, branch and leaf blocks of the index
  EXPECT_LT(lines[2].buffers, lines[1].buffers);
  EXPECT_EQ(t.stats.Get(Stat::kTableFetchByRowid) - fetch0, 2048u);
  // Batched: each table block at most once per batch of ROWIDs.
  uint64_t table_gets = lines[1].buffers - lines[2].buffers;
  EXPECT_LE(table_gets, 2 * table.hwm_blocks);
  EXPECT_FALSE(lines[1].work_area);
}

}  // namespace
}  // namespace pathdb::test
