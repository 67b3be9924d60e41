// HASH JOIN naming (RIGHT variants vs build-preserved), the build-preserved kinds (HASH JOIN
// OUTER / SEMI / ANTI / ANTI NA) in memory and spilled, the ALLSTATS work-area figures and
// prompt cancellation while building.
#include <algorithm>
#include <atomic>
#include <set>
#include <tuple>

#include "common/error.h"
#include "executor/hash_join.h"
#include "op_test_util.h"

namespace pathdb::test {
namespace {

using Rows = std::vector<std::string>;
const LogicalType kInt = LogicalType::Integer();
const LogicalType kStr = LogicalType::Varchar(10);

Rows Sorted(Rows v) {
  std::sort(v.begin(), v.end());
  return v;
}

// build (key, name): an unmatched key 40 and a NULL key
std::vector<std::vector<Value>> Dept() {
  return {{I(10), S("acct")},
          {I(20), S("ops")},
          {N(), S("none")},
          {I(20), S("ops2")},
          {I(40), S("hr")}};
}
// probe (emp, key)
std::vector<std::vector<Value>> Emp() {
  return {{S("ann"), I(20)}, {S("bob"), I(30)}, {S("cid"), N()}, {S("dan"), I(10)}};
}
std::vector<std::vector<Value>> EmpNoNull() {
  return {{S("ann"), I(20)}, {S("bob"), I(30)}, {S("dan"), I(10)}};
}

std::unique_ptr<HashJoin> MakeHash(JoinKind kind, bool build_preserved,
                                   std::vector<std::vector<Value>> build,
                                   std::vector<std::vector<Value>> probe,
                                   BoundExprPtr residual = nullptr) {
  std::vector<BoundExprPtr> bk, pk;
  bk.push_back(Col(0));
  pk.push_back(Col(1));
  auto j = std::make_unique<HashJoin>(kind, std::move(bk), std::move(pk), std::move(residual),
                                      build_preserved);
  j->AddChild(Values({kInt, kStr}, std::move(build), 2));
  j->AddChild(Values({kStr, kInt}, std::move(probe), 3));
  return j;
}

TEST(OpHashJoin, OperationNames) {
  struct Case {
    JoinKind kind;
    const char* right;
    const char* left;
  };
  for (const auto& c :
       {Case{JoinKind::kInner, "HASH JOIN", "HASH JOIN"},
        Case{JoinKind::kLeftOuter, "HASH JOIN RIGHT OUTER", "HASH JOIN OUTER"},
        Case{JoinKind::kSemi, "HASH JOIN RIGHT SEMI", "HASH JOIN SEMI"},
        Case{JoinKind::kAnti, "HASH JOIN RIGHT ANTI", "HASH JOIN ANTI"},
        Case{JoinKind::kAntiNullAware, "HASH JOIN RIGHT ANTI NA", "HASH JOIN ANTI NA"}}) {
    EXPECT_EQ(MakeHash(c.kind, false, {}, {})->operation(), c.right);
    auto bp = MakeHash(c.kind, true, {}, {});
    EXPECT_EQ(bp->operation(), c.left);
    EXPECT_EQ(bp->build_preserved(), c.kind != JoinKind::kInner);
  }
  // Semi/anti output the tested side's columns: the build side's when it is preserved.
  EXPECT_EQ(MakeHash(JoinKind::kSemi, true, {}, {})->types()[0].id, kInt.id);
  EXPECT_EQ(MakeHash(JoinKind::kSemi, false, {}, {})->types()[0].id, kStr.id);
  EXPECT_EQ(MakeHash(JoinKind::kLeftOuter, true, {}, {})->types().size(), 4u);
}

TEST(OpHashJoin, BuildPreservedOuter) {
  TestDb t;
  auto j = MakeHash(JoinKind::kLeftOuter, true, Dept(), Emp());
  // Matches in probe order, then the unmatched build rows (NULL key included) in build order.
  EXPECT_EQ(t.Run(*j), (Rows{"20|ops|ann|20", "20|ops2|ann|20", "10|acct|dan|10",
                             "NULL|none|NULL|NULL", "40|hr|NULL|NULL"}));
  // Empty probe: every build row NULL-extended; empty build: nothing, whatever the probe.
  EXPECT_EQ(t.Run(*MakeHash(JoinKind::kLeftOuter, true, Dept(), {})).size(), 5u);
  EXPECT_TRUE(t.Run(*MakeHash(JoinKind::kLeftOuter, true, {}, Emp())).empty());
}

TEST(OpHashJoin, BuildPreservedSemiAnti) {
  TestDb t;
  EXPECT_EQ(t.Run(*MakeHash(JoinKind::kSemi, true, Dept(), Emp())),
            (Rows{"10|acct", "20|ops", "20|ops2"}));
  EXPECT_EQ(t.Run(*MakeHash(JoinKind::kAnti, true, Dept(), Emp())), (Rows{"NULL|none", "40|hr"}));
  EXPECT_TRUE(t.Run(*MakeHash(JoinKind::kSemi, true, Dept(), {})).empty());
  EXPECT_EQ(t.Run(*MakeHash(JoinKind::kAnti, true, Dept(), {})).size(), 5u);
  EXPECT_TRUE(t.Run(*MakeHash(JoinKind::kSemi, true, {}, Emp())).empty());
  EXPECT_TRUE(t.Run(*MakeHash(JoinKind::kAnti, true, {}, Emp())).empty());
  // A probe made only of NULL keys matches nothing.
  EXPECT_EQ(t.Run(*MakeHash(JoinKind::kAnti, true, Dept(), {{S("x"), N()}})).size(), 5u);
}

TEST(OpHashJoin, BuildPreservedAntiNullAware) {
  TestDb t;
  // NOT IN a set holding NULL: nothing.
  EXPECT_TRUE(t.Run(*MakeHash(JoinKind::kAntiNullAware, true, Dept(), Emp())).empty());
  // No NULL in the set: unmatched non-NULL build keys only (NULL NOT IN (...) is unknown).
  EXPECT_EQ(t.Run(*MakeHash(JoinKind::kAntiNullAware, true, Dept(), EmpNoNull())), (Rows{"40|hr"}));
  // Empty set: every build row, the NULL key included.
  EXPECT_EQ(t.Run(*MakeHash(JoinKind::kAntiNullAware, true, Dept(), {})).size(), 5u);
}

TEST(OpHashJoin, BuildPreservedResidual) {
  TestDb t;
  // residual over probe (emp, key) then build (key, name): build name = 'ops2' (column 3)
  auto ops2 = [] { return Cmp("=", Col(3, kStr), Const(S("ops2"))); };
  EXPECT_EQ(t.Run(*MakeHash(JoinKind::kLeftOuter, true, Dept(), Emp(), ops2())),
            (Rows{"20|ops2|ann|20", "10|acct|NULL|NULL", "20|ops|NULL|NULL", "NULL|none|NULL|NULL",
                  "40|hr|NULL|NULL"}));
  EXPECT_EQ(t.Run(*MakeHash(JoinKind::kSemi, true, Dept(), Emp(), ops2())), (Rows{"20|ops2"}));
  EXPECT_EQ(t.Run(*MakeHash(JoinKind::kAnti, true, Dept(), Emp(), ops2())),
            (Rows{"10|acct", "20|ops", "NULL|none", "40|hr"}));
  EXPECT_EQ(t.Run(*MakeHash(JoinKind::kAntiNullAware, true, Dept(), EmpNoNull(), ops2())),
            (Rows{"10|acct", "20|ops", "40|hr"}));
  // residual on the probe column: emp <> 'ann' leaves only dan's match
  auto not_ann = [] { return Cmp("<>", Col(0, kStr), Const(S("ann"))); };
  EXPECT_EQ(t.Run(*MakeHash(JoinKind::kSemi, true, Dept(), Emp(), not_ann())), (Rows{"10|acct"}));
}

TEST(OpHashJoin, BuildPreservedManyRowsSpanBatches) {
  TestDb t;
  std::vector<std::vector<Value>> build, probe;
  for (int i = 0; i < 5000; i++) build.push_back({I(i), S("b")});
  for (int i = 0; i < 5000; i += 3) probe.push_back({S("p"), I(i)});
  size_t matched = (5000 + 2) / 3;
  EXPECT_EQ(t.CountRows(*MakeHash(JoinKind::kLeftOuter, true, build, probe)), 5000u);
  EXPECT_EQ(t.CountRows(*MakeHash(JoinKind::kSemi, true, build, probe)), matched);
  EXPECT_EQ(t.CountRows(*MakeHash(JoinKind::kAnti, true, build, probe)), 5000u - matched);
  EXPECT_EQ(t.CountRows(*MakeHash(JoinKind::kAntiNullAware, true, build, probe)), 5000u - matched);
}

// ---- spilling: build (key, name) 40,000 rows over 20,000 keys (+ a NULL key); probe
// (name, key) 60,000 rows over 25,000 keys (every 97th NULL when asked).
std::vector<std::vector<Value>> BigBuild(bool with_null) {
  std::vector<std::vector<Value>> rows;
  for (int64_t i = 0; i < 40000; ++i) rows.push_back({I(i % 20000), S(fmt::format("b{}", i))});
  if (with_null) rows.push_back({N(), S("null-build")});
  return rows;
}
std::vector<std::vector<Value>> BigProbe(bool with_null) {
  std::vector<std::vector<Value>> rows;
  for (int64_t i = 0; i < 60000; ++i)
    rows.push_back({S(fmt::format("p{}", i)), with_null && i % 97 == 0 ? N() : I((i * 7) % 25000)});
  return rows;
}

std::unique_ptr<HashJoin> BigJoin(JoinKind kind, bool build_null, bool probe_null, bool residual) {
  std::vector<BoundExprPtr> bk, pk;
  bk.push_back(Col(0));
  pk.push_back(Col(1));
  // residual: probe name (column 0) <> 'p7' (drops the pairs of one probe row)
  auto r = residual ? Cmp("<>", Col(0, kStr), Const(S("p7"))) : nullptr;
  auto j = std::make_unique<HashJoin>(kind, std::move(bk), std::move(pk), std::move(r), true);
  j->AddChild(Values({kInt, kStr}, BigBuild(build_null)));
  j->AddChild(Values({kStr, kInt}, BigProbe(probe_null)));
  return j;
}

//! Build rows expected from a build-preserved semi/anti join, counted independently.
size_t ExpectedBuildRows(JoinKind kind, bool build_null, bool probe_null, bool residual) {
  std::set<int64_t> probe_keys;
  bool probe_has_null = false;
  for (auto& r : BigProbe(probe_null)) {
    if (r[1].is_null()) {
      probe_has_null = true;
    } else if (!residual || r[0].ToString() != "p7") {
      probe_keys.insert(r[1].number().ToInt64().value_or(-1));
    }
  }
  size_t n = 0;
  for (auto& r : BigBuild(build_null)) {
    bool null_key = r[0].is_null();
    bool matched = !null_key && probe_keys.count(r[0].number().ToInt64().value_or(-1)) > 0;
    switch (kind) {
      case JoinKind::kSemi:
        n += matched;
        break;
      case JoinKind::kAnti:
        n += !matched;
        break;
      case JoinKind::kAntiNullAware:
        n += !probe_has_null && !null_key && !matched;
        break;
      default:
        break;
    }
  }
  return n;
}

size_t TempFilesIn(const std::filesystem::path& dir) {
  size_t n = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir))
    if (e.path().filename().string().starts_with("temp_")) ++n;
  return n;
}

class SpillBuildPreserved : public ::testing::TestWithParam<JoinKind> {};

TEST_P(SpillBuildPreserved, SameAnswerAsInMemory) {
  JoinKind kind = GetParam();
  // (build NULL key, probe NULL key, residual): NOT IN needs a probe without NULL to answer.
  for (auto [build_null, probe_null, residual] : {std::tuple{false, false, false},
                                                  {true, false, true},
                                                  {true, true, true},
                                                  {false, true, false}}) {
    {
      {
        SCOPED_TRACE(fmt::format("build_null={} probe_null={} residual={}", build_null, probe_null,
                                 residual));
        TestDb t;
        auto join = BigJoin(kind, build_null, probe_null, residual);
        t.ctx->work_area_bytes = 1ull << 30;
        auto in_memory = Sorted(t.Run(*join));
        EXPECT_EQ(t.stats.Get(Stat::kSortsDisk), 0u);
        t.ctx->work_area_bytes = 200 << 10;  // the build side (~3.4 MB) is ~17x this
        auto spilled = Sorted(t.Run(*join));
        EXPECT_GT(t.stats.Get(Stat::kSortsDisk), 0u);
        EXPECT_EQ(spilled.size(), in_memory.size());
        EXPECT_EQ(spilled, in_memory);
        if (kind != JoinKind::kLeftOuter) {
          EXPECT_EQ(in_memory.size(), ExpectedBuildRows(kind, build_null, probe_null, residual));
        } else {
          // every build row at least once; NULL-extended exactly when it has no match
          size_t extended = 0;
          for (auto& r : in_memory) extended += r.ends_with("|NULL|NULL");
          EXPECT_EQ(extended, ExpectedBuildRows(JoinKind::kAnti, build_null, probe_null, residual));
        }
        EXPECT_EQ(TempFilesIn(t.dir), 0u);
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(AllKinds, SpillBuildPreserved,
                         ::testing::Values(JoinKind::kLeftOuter, JoinKind::kSemi, JoinKind::kAnti,
                                           JoinKind::kAntiNullAware));

// ---- ALLSTATS work-area figures
OperatorRuntimeStats RunWithStats(TestDb& t, const PhysicalOperator& join, size_t* rows) {
  std::vector<OperatorRuntimeStats> lines(static_cast<size_t>(NumberPlanLines(join)));
  t.ctx->line_stats = &lines;
  *rows = t.CountRows(join);
  t.ctx->line_stats = nullptr;
  return lines[1];
}

TEST(OpHashJoin, WorkAreaStatisticsInMemoryOnePassMultiPass) {
  TestDb t;
  std::vector<BoundExprPtr> bk, pk;
  bk.push_back(Col(0));
  pk.push_back(Col(1));
  HashJoin join(JoinKind::kInner, std::move(bk), std::move(pk), nullptr);
  join.AddChild(Values({kInt, kStr}, BigBuild(false)));
  join.AddChild(Values({kStr, kInt}, BigProbe(true)));

  size_t rows_mem = 0, rows_one = 0, rows_multi = 0;
  t.ctx->work_area_bytes = 1ull << 30;
  auto mem = RunWithStats(t, join, &rows_mem);
  EXPECT_TRUE(mem.work_area);
  EXPECT_EQ(mem.passes, 0);
  EXPECT_EQ(mem.temp_used, 0u);
  EXPECT_GT(mem.mem_used, 40000u * 8);       // at least 8 bytes per build row
  EXPECT_EQ(mem.mem_used, mem.mem_optimal);  // the whole build side was held
  EXPECT_LE(mem.mem_one_pass, mem.mem_optimal);
  EXPECT_GT(mem.mem_one_pass, 0u);

  t.ctx->work_area_bytes = 1 << 20;  // the build side (~3.4 MB) spills, a partition fits
  auto one = RunWithStats(t, join, &rows_one);
  EXPECT_EQ(rows_one, rows_mem);
  EXPECT_EQ(one.passes, 1);
  EXPECT_GT(one.temp_used, 0u);
  EXPECT_EQ(one.mem_optimal, mem.mem_optimal);  // the same input needs the same memory
  // At most the limit plus the batch that crossed it (or a partition, smaller).
  EXPECT_LE(one.mem_used, (1u << 20) + mem.mem_optimal / 40000 * kVectorSize);
  EXPECT_LT(one.mem_used, mem.mem_used);

  t.ctx->work_area_bytes = 40 << 10;  // partitions (~1/16 of the build) spill again
  auto multi = RunWithStats(t, join, &rows_multi);
  EXPECT_EQ(rows_multi, rows_mem);
  EXPECT_GE(multi.passes, 2);
  EXPECT_GT(multi.temp_used, one.temp_used);  // partitions were written more than once
}

TEST(OpHashJoin, NoWorkAreaFiguresWithoutStatistics) {
  TestDb t;
  auto j = MakeHash(JoinKind::kInner, false, Dept(), Emp());
  EXPECT_EQ(t.Run(*j).size(), 3u);  // line_stats unset: nothing to write, must not crash
  std::vector<OperatorRuntimeStats> lines(static_cast<size_t>(NumberPlanLines(*j)));
  t.ctx->line_stats = &lines;
  EXPECT_EQ(t.Run(*j).size(), 3u);
  t.ctx->line_stats = nullptr;
  EXPECT_TRUE(lines[1].work_area);
  EXPECT_FALSE(lines[2].work_area);  // the VALUES children have none
  EXPECT_EQ(lines[1].starts, 1u);
  EXPECT_EQ(lines[1].rows, 3u);
}

// ---- Ctrl-C: a source that never checks the cancel flag itself and raises it after `after`
// batches, counting the batches it served.
class CancellingSource : public PhysicalOperator {
 public:
  CancellingSource(std::vector<LogicalType> types, std::atomic<bool>* flag, int after, int* served)
      : PhysicalOperator("CANCELLING", std::move(types)),
        flag_(flag),
        after_(after),
        served_(served) {}
  std::unique_ptr<OperatorState> OpenImpl(ExecContext&) const override {
    return std::make_unique<OperatorState>();
  }
  bool NextImpl(ExecContext&, OperatorState&, DataChunk& out) const override {
    out.Reset();
    for (size_t i = 0; i < kVectorSize; i++) {
      out.column(0).SetValue(i, I(static_cast<int64_t>(i)));
      out.column(1).SetValue(i, S("x"));
    }
    out.SetSize(kVectorSize);
    if (++*served_ == after_) flag_->store(true);
    return true;  // endless: only a cancel stops it
  }

 private:
  std::atomic<bool>* flag_;
  int after_;
  int* served_;
};

TEST(OpHashJoin, CancelStopsTheBuildAndTheProbePromptly) {
  for (bool build_preserved : {false, true}) {
    for (bool cancel_in_build : {true, false}) {
      TestDb t;
      std::atomic<bool> cancel{false};
      t.ctx->cancel = &cancel;
      int served = 0;
      std::vector<BoundExprPtr> bk, pk;
      bk.push_back(Col(0));
      pk.push_back(Col(0));
      auto kind = build_preserved ? JoinKind::kAnti : JoinKind::kInner;
      HashJoin j(kind, std::move(bk), std::move(pk), nullptr, build_preserved);
      if (cancel_in_build) {
        j.AddChild(std::make_unique<CancellingSource>(std::vector<LogicalType>{kInt, kStr}, &cancel,
                                                      5, &served));
        j.AddChild(Values({kInt, kStr}, {{I(1), S("p")}}));
      } else {
        j.AddChild(Values({kInt, kStr}, {{I(1), S("b")}}));
        j.AddChild(std::make_unique<CancellingSource>(std::vector<LogicalType>{kInt, kStr}, &cancel,
                                                      5, &served));
      }
      int code = 0;
      try {
        t.Run(j);
      } catch (const OraError& e) {
        code = e.code();
      }
      EXPECT_EQ(code, 1013);
      EXPECT_EQ(served, 5);  // not one batch (2048 rows) more after the flag went up
    }
  }
}

}  // namespace
}  // namespace pathdb::test
