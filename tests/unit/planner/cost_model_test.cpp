// The cost model against the formulas of oracle-reference.md 6.2 and 6.3.
#include "planner/cost_model.h"

#include <gtest/gtest.h>

namespace pathdb::planner::cost {
namespace {

TEST(CostModel, FullScanIoIsBlocksOverMbrcScaledByReadTimes) {
  CostModel m;
  // 10,000 blocks: ceil(10000 / 8 x 26 / 12) + 1 = 2709 + 1 (_table_scan_cost_plus_one).
  Cost c = m.FullScan(10000, 1'000'000, 1);
  EXPECT_DOUBLE_EQ(c.io, 2710);
  EXPECT_NEAR(c.cpu, (10000 * 7000.0 + 1e6 * 150 + 1e6 * 50) / (1000 * 1000 * 12.0), 1e-9);
  EXPECT_GT(c.cpu_percent(), 0);
  EXPECT_LT(c.cpu_percent(), 10);
}

TEST(CostModel, IndexAccessFollowsTheClassicFormula) {
  CostModel m;
  EXPECT_DOUBLE_EQ(m.IndexUniqueScan(2).io, 3);
  // blevel 2, 5000 leaves, 1% selectivity: 2 + ceil(0.01 x 5000) = 52; CF 100,000 -> 1000.
  EXPECT_DOUBLE_EQ(m.IndexRangeScan(2, 5000, 0.01, 10000).io, 52);
  EXPECT_DOUBLE_EQ(m.TableAccessByRowid(100000, 0.01, 10000).io, 1000);
  // A well-clustered index visits far fewer table blocks for the same rows.
  EXPECT_DOUBLE_EQ(m.TableAccessByRowid(2000, 0.01, 10000).io, 20);
  EXPECT_DOUBLE_EQ(m.IndexFullScan(1, 300, 1000).io, 301);
  CostParams p;
  p.optimizer_index_cost_adj = 50;
  EXPECT_DOUBLE_EQ(CostModel(p).IndexRangeScan(2, 5000, 0.01, 10000).io, 26);
}

TEST(CostModel, FastFullScanIsAMultiblockScanOfTheLeaves) {
  CostModel m;
  EXPECT_DOUBLE_EQ(m.IndexFastFullScan(800, 100000).io, m.FullScan(800, 0, 0).io);
}

TEST(CostModel, HashJoinSpillsOnlyBeyondTheWorkArea) {
  CostModel m;
  EXPECT_DOUBLE_EQ(m.HashJoin(1000, 100'000, 1e6, 64 << 20).io, 0);
  EXPECT_GT(m.HashJoin(1e6, 200e6, 1e7, 64 << 20).io, 0);
}

TEST(CostModel, NestedLoopsMultipliesTheInnerCost) {
  CostModel m;
  Cost outer{10, 1};
  Cost inner{3, 0.5};
  Cost nl = m.NestedLoops(outer, 100, inner);
  EXPECT_DOUBLE_EQ(nl.io, 310);
  EXPECT_DOUBLE_EQ(nl.cpu, 51);
}

TEST(CostModel, TimeColumnIsCostTimesSingleBlockReadTime) {
  CostParams p;
  p.sreadtim_ms = 10.204;
  CostModel m(p);
  EXPECT_EQ(m.TimeColumn(137), "00:00:02");  // 137 x 10.204 ms = 1.398 s -> 2 s
  EXPECT_EQ(CostModel().TimeColumn(1), "00:00:01");
  EXPECT_EQ(CostModel().TimeColumn(1e40), "1000000:00:00");  // clamped, not an int64 overflow
  EXPECT_EQ(CostModel().TimeColumn(400000), "01:20:00");  // 4800 s
}

}  // namespace
}  // namespace pathdb::planner::cost
