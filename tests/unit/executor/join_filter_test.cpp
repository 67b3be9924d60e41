// A HASH JOIN publishes a join filter when its build ends; the probe-side TABLE ACCESS FULL
// of the same execution has it before it reads its first block.
#include "common/error.h"
#include "executor/hash_join.h"
#include "executor/load_table.h"
#include "executor/table_access_full.h"
#include "op_test_util.h"

namespace pathdb::test {
namespace {

const LogicalType kInt = LogicalType::Integer();
const LogicalType kStr = LogicalType::Varchar(200);

//! FACT(ID, PAD): 40,000 rows, ID ascending, so each storage region holds one ID range.
const storage::TableInfo& MakeFact(TestDb& t) {
  storage::TableInfo info;
  info.name = "FACT";
  info.columns.push_back({"ID", kInt, false, std::nullopt});
  info.columns.push_back({"PAD", kStr, false, std::nullopt});
  const auto& table = t.db->CreateTable(std::move(info));
  std::vector<std::vector<Value>> rows;
  for (int i = 0; i < 40000; i++) rows.push_back({I(i), S(std::string(100, 'p'))});
  LoadTableConventional load(table);
  load.AddChild(Values({kInt, kStr}, rows, 2048));
  t.Run(load);
  return table;
}

//! HASH JOIN (build: two dimension keys) over FACT, with join filter 0 on FACT.ID.
std::unique_ptr<HashJoin> StarJoin(const storage::TableInfo& fact, bool with_filter) {
  std::vector<BoundExprPtr> bk, pk;
  bk.push_back(Col(0));
  pk.push_back(Col(0));
  auto join = std::make_unique<HashJoin>(JoinKind::kInner, std::move(bk), std::move(pk), nullptr);
  join->AddChild(Values({kInt}, {{I(39100)}, {I(39999)}}));
  auto scan = std::make_unique<TableAccessFull>(fact, std::vector<uint32_t>{0}, nullptr);
  if (with_filter) {
    join->CreateJoinFilter(0, 0);
    scan->UseJoinFilter(0, 0);
  }
  join->AddChild(std::move(scan));
  NumberPlanLines(*join);
  return join;
}

TEST(JoinFilter, ProbeScanHasTheFilterBeforeItsFirstBlock) {
  TestDb t;
  const auto& fact = MakeFact(t);
  // A scan with a predicate on ID summarises the regions' ID ranges (the storage index).
  TableAccessFull warm(fact, {0}, Cmp(">=", Col(0), Const(I(0))));
  EXPECT_EQ(t.CountRows(warm), 40000u);

  std::vector<OperatorRuntimeStats> lines(4);  // by line id: 1 join, 2 build, 3 scan
  t.ctx->line_stats = &lines;
  auto plain = StarJoin(fact, false);
  EXPECT_EQ(t.Run(*plain), (std::vector<std::string>{"39100|39100", "39999|39999"}));
  const uint64_t plain_buffers = lines[3].buffers;
  EXPECT_EQ(lines[3].rows, 40000u);

  lines.assign(4, OperatorRuntimeStats{});
  const uint64_t saved = t.stats.Get(Stat::kCellPhysicalIoBytesSavedByStorageIndex);
  auto filtered = StarJoin(fact, true);
  EXPECT_EQ(t.Run(*filtered), (std::vector<std::string>{"39100|39100", "39999|39999"}));
  // Only the matching rows leave the scan (the membership test) ...
  EXPECT_EQ(lines[3].rows, 2u);
  // ... and the regions before ID 39100 were never read: the first region, read first by a
  // scan without the filter, was skipped, so the filter was there before any block.
  EXPECT_GT(t.stats.Get(Stat::kCellPhysicalIoBytesSavedByStorageIndex), saved);
  EXPECT_LT(lines[3].buffers * 4, plain_buffers);
  EXPECT_EQ(lines[3].starts, 1u);
}

TEST(JoinFilter, EachExecutionStartsWithAnUnpublishedFilter) {
  TestDb t;
  const auto& fact = MakeFact(t);
  auto join = StarJoin(fact, true);
  for (int run = 0; run < 2; ++run) {
    ExecContext ctx{*t.db, t.txn, t.stats, EvalContext{}, nullptr};
    EXPECT_FALSE(ctx.shared.JoinFilterById(0)->published());
    size_t rows = 0;
    RunPlan(*join, ctx, [&](const DataChunk& c) { rows += c.Count(); });
    EXPECT_EQ(rows, 2u);
    EXPECT_TRUE(ctx.shared.JoinFilterById(0)->published());
    EXPECT_EQ(ctx.shared.JoinFilterById(0)->min()->number().ToInt64(), 39100);
  }
}

TEST(JoinFilter, EmptyBuildMeansTheProbeReadsNothing) {
  TestDb t;
  const auto& fact = MakeFact(t);
  std::vector<BoundExprPtr> bk, pk;
  bk.push_back(Col(0));
  pk.push_back(Col(0));
  HashJoin join(JoinKind::kInner, std::move(bk), std::move(pk), nullptr);
  join.AddChild(Values({kInt}, {}));
  auto scan = std::make_unique<TableAccessFull>(fact, std::vector<uint32_t>{0}, nullptr);
  scan->UseJoinFilter(0, 0);
  join.CreateJoinFilter(0, 0);
  join.AddChild(std::move(scan));
  const uint64_t gets = t.stats.Get(Stat::kConsistentGets);
  EXPECT_EQ(t.CountRows(join), 0u);
  EXPECT_EQ(t.stats.Get(Stat::kConsistentGets), gets);
}

TEST(JoinFilter, OnlyJoinsThatMayDropUnmatchedProbeRowsCreateOne) {
  auto join = [](JoinKind kind, bool build_preserved) {
    std::vector<BoundExprPtr> bk, pk;
    bk.push_back(Col(0));
    pk.push_back(Col(0));
    return HashJoin(kind, std::move(bk), std::move(pk), nullptr, build_preserved);
  };
  auto code = [](HashJoin&& j, size_t key) {
    try {
      j.CreateJoinFilter(0, key);
    } catch (const OraError& e) {
      return e.code();
    }
    return 0;
  };
  EXPECT_EQ(code(join(JoinKind::kInner, false), 0), 0);
  EXPECT_EQ(code(join(JoinKind::kSemi, false), 0), 0);
  EXPECT_EQ(code(join(JoinKind::kInner, false), 1), 600);      // no such key
  EXPECT_EQ(code(join(JoinKind::kLeftOuter, false), 0), 600);  // preserves probe rows
  EXPECT_EQ(code(join(JoinKind::kAnti, false), 0), 600);
  EXPECT_EQ(code(join(JoinKind::kSemi, true), 0), 600);  // the build side is the tested one
}

}  // namespace
}  // namespace pathdb::test
