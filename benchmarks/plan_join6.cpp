// How long planning a 6-table join takes (issue 5: under 50 ms): parse + bind + the
// cost-based join search + building the operators, on tables with gathered statistics and
// an index per join column, so every join offers hash join both ways and index nested loops.
//
//   build/plan_join6
//
// The tables are small: planning time depends on the statistics, not on the data.
#include <benchmark/benchmark.h>
#include <fmt/format.h>
#include <unistd.h>

#include <filesystem>
#include <memory>
#include <string>

#include "parser/parser.h"
#include "planner/planner.h"
#include "shell/engine/session.h"
#include "storage/storage.h"

namespace {

using namespace pathdb;

class NullSink : public ResultSink {
 public:
  void Begin(const std::vector<std::string>&, const std::vector<LogicalType>&) override {}
  void Rows(const DataChunk&) override {}
  void End() override {}
};

constexpr const char* kQuery =
    "select t1.v, t2.v, t3.v, t4.v, t5.v, t6.v from t1, t2, t3, t4, t5, t6 "
    "where t1.id = t2.p and t2.id = t3.p and t3.id = t4.p and t4.id = t5.p and t5.id = t6.p "
    "and t1.v < 50 and t6.v = 3";

struct Fixture {
  Fixture() {
    dir = std::filesystem::temp_directory_path() / fmt::format("pathdb_plan_join6_{}", ::getpid());
    std::filesystem::remove_all(dir);
    db = storage::Database::Open(dir, storage::DatabaseOptions{});
    session = std::make_unique<Session>(*db);
    NullSink sink;
    for (int i = 1; i <= 6; ++i) {
      session->Execute(fmt::format("create table t{} (id number, p number, v number)", i), sink);
      session->Execute(fmt::format("insert into t{} select level, mod(level * 7, {}) + 1, "
                                   "mod(level, 97) from dual connect by level <= {}",
                                   i, 100 * i, 500 * i),
                       sink);
      session->Execute(fmt::format("create index t{0}_p on t{0} (p)", i), sink);
      session->Execute(fmt::format("create index t{0}_id on t{0} (id)", i), sink);
      session->Execute(fmt::format("begin dbms_stats.gather_table_stats(user, 'T{}'); end;", i),
                       sink);
    }
    session->Execute("commit", sink);
  }
  ~Fixture() {
    session.reset();
    db.reset();
    std::filesystem::remove_all(dir);
  }
  std::filesystem::path dir;
  std::unique_ptr<storage::Database> db;
  std::unique_ptr<Session> session;
};

void BM_PlanJoin6(benchmark::State& state) {
  static Fixture f;
  {
    // The plan must join all six tables (five join lines), or the timing means nothing.
    auto stmt = ParseStatement(kQuery);
    EvalContext eval;
    planner::PlanContext ctx{*f.db, eval};
    planner::PhysicalPlan plan = planner::PlanQuery(*stmt->query, ctx);
    int joins = 0;
    ForEachPlanLine(*plan.root, [&](const PhysicalOperator& op, int) {
      joins +=
          op.operation().rfind("HASH JOIN", 0) == 0 || op.operation().rfind("NESTED LOOPS", 0) == 0;
    });
    if (joins != 5) state.SkipWithError("the plan does not join six tables");
  }
  for (auto _ : state) {
    auto stmt = ParseStatement(kQuery);
    EvalContext eval;
    planner::PlanContext ctx{*f.db, eval};
    planner::PhysicalPlan plan = planner::PlanQuery(*stmt->query, ctx);
    benchmark::DoNotOptimize(plan.root.get());
  }
}
BENCHMARK(BM_PlanJoin6)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
