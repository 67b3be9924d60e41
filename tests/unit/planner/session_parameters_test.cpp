// Typed session parameters (parsed once, malformed values refused) and the cost parameters the
// Session hands the planner from them.
#include <gtest/gtest.h>

#include <stdexcept>

#include "executor/work_area.h"
#include "planner/cost_params.h"
#include "session_test_util.h"
#include "shell/engine/parameters.h"

namespace pathdb {
namespace {

int SetError(Parameters& p, const std::string& name, const std::string& value) {
  try {
    p.Set(name, value);
  } catch (const OraError& e) {
    return e.code();
  }
  return 0;
}

TEST(TypedParameters, ParsedWhenSet) {
  Parameters p;
  EXPECT_TRUE(p.GetBool("optimizer_adaptive_plans"));
  p.Set("optimizer_adaptive_plans", "false");
  EXPECT_FALSE(p.GetBool("optimizer_adaptive_plans"));
  EXPECT_EQ(p.Get("optimizer_adaptive_plans"), "FALSE");
  // Oracle's hidden parameter behind it is the same setting
  EXPECT_FALSE(p.GetBool("_optimizer_adaptive_plans"));
  p.Set("_OPTIMIZER_ADAPTIVE_PLANS", "true");
  EXPECT_TRUE(p.GetBool("optimizer_adaptive_plans"));
  EXPECT_EQ(p.GetInt("pga_aggregate_target"), int64_t{2} << 30);
  p.Set("pga_aggregate_target", "1m");
  EXPECT_EQ(p.GetInt("pga_aggregate_target"), 1 << 20);
  EXPECT_EQ(p.Get("pga_aggregate_target"), "1M");
  EXPECT_EQ(p.GetText("optimizer_mode"), "ALL_ROWS");
  p.Set("nls_date_format", "YYYY-MM-DD");
  EXPECT_EQ(p.GetText("nls_date_format"), "YYYY-MM-DD");
}

TEST(TypedParameters, MalformedValuesAreErrorsAndKeepTheOldValue) {
  Parameters p;
  EXPECT_EQ(SetError(p, "optimizer_adaptive_plans", "maybe"), 96);
  EXPECT_TRUE(p.GetBool("optimizer_adaptive_plans"));
  EXPECT_EQ(SetError(p, "optimizer_mode", "fast"), 96);
  EXPECT_EQ(SetError(p, "pga_aggregate_target", "lots"), 2017);
  EXPECT_EQ(SetError(p, "pga_aggregate_target", "99999999999G"), 2017);  // overflows
  EXPECT_EQ(SetError(p, "db_file_multiblock_read_count", "16K"), 2017);  // no suffix here
  EXPECT_EQ(p.GetInt("pga_aggregate_target"), int64_t{2} << 30);
  EXPECT_EQ(SetError(p, "optimizer_index_cost_adj", "0"), 68);
  EXPECT_EQ(SetError(p, "optimizer_index_caching", "101"), 68);
  EXPECT_EQ(p.GetInt("optimizer_index_cost_adj"), 100);
  EXPECT_EQ(SetError(p, "no_such_parameter", "1"), 2248);
  EXPECT_EQ(SetError(p, "db_block_size", "4096"), 2095);
}

TEST(TypedParameters, ReadingTheWrongKindIsAProgrammingError) {
  Parameters p;
  EXPECT_THROW(p.GetInt("optimizer_mode"), std::logic_error);
  EXPECT_THROW(p.GetBool("pga_aggregate_target"), std::logic_error);
  EXPECT_THROW(p.GetText("optimizer_adaptive_plans"), std::logic_error);
}

using testing::SessionTest;

TEST_F(SessionTest, CostParametersFollowTheSessionsParameters) {
  const planner::cost::CostParams defaults;
  planner::cost::CostParams p = session_->CostParameters();
  EXPECT_EQ(p.mbrc, defaults.mbrc);
  EXPECT_EQ(p.sreadtim_ms, defaults.sreadtim_ms);
  EXPECT_EQ(p.mreadtim_ms, defaults.mreadtim_ms);
  EXPECT_EQ(p.optimizer_index_cost_adj, defaults.optimizer_index_cost_adj);
  EXPECT_EQ(p.optimizer_index_caching, defaults.optimizer_index_caching);
  EXPECT_EQ(p.table_scan_cost_plus_one, defaults.table_scan_cost_plus_one);
  EXPECT_EQ(p.work_area_bytes, static_cast<double>(WorkAreaBytes(uint64_t{2} << 30)));

  Exec("alter session set optimizer_index_cost_adj = 25");
  Exec("alter session set \"_db_file_optimizer_read_count\" = 16");
  Exec("alter session set pga_aggregate_target = 1M");
  p = session_->CostParameters();
  EXPECT_EQ(p.optimizer_index_cost_adj, 25);
  EXPECT_EQ(p.mbrc, 16);
  EXPECT_EQ(p.mreadtim_ms, 42);  // 10 ms seek + 16 x 8 KiB at 4096 bytes/ms
  // 1M / 20 is below the 64 KiB floor; planner and executor get the same figure.
  EXPECT_EQ(session_->WorkAreaBytes(), 64u << 10);
  EXPECT_EQ(p.work_area_bytes, 64 << 10);
}

TEST_F(SessionTest, TheCostModelReadsTheSessionsParameters) {
  Exec("create table t as select level as a, 'x' || level as b from dual connect by level <= 5000");
  Exec("create index t_a on t (a)");
  Exec("begin dbms_stats.gather_table_stats(user, 'T'); end;");
  const std::string q = "select b from t where a between 100 and 400";
  const auto plan = session_->ExplainOnly(q, "TYPICAL");
  Exec("alter session set optimizer_index_cost_adj = 10");
  const auto cheaper = session_->ExplainOnly(q, "TYPICAL");
  EXPECT_NE(plan, cheaper);
  Exec("alter session set optimizer_index_cost_adj = 100");
  EXPECT_EQ(session_->ExplainOnly(q, "TYPICAL"), plan);
}

}  // namespace
}  // namespace pathdb
