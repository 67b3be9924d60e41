// DBMS_STATS: histogram construction on hand-made value distributions, METHOD_OPT parsing,
// and gathering end to end through a Session (stored statistics, errors, named/positional
// arguments, EXEC and BEGIN ... END).
#include "planner/dbms_stats/dbms_stats.h"

#include <gtest/gtest.h>

#include "session_test_util.h"

namespace pathdb::planner {
namespace {

using storage::HistogramType;

std::vector<ValueCount> Counts(const std::vector<std::pair<int64_t, uint64_t>>& v) {
  std::vector<ValueCount> out;
  for (auto [value, count] : v) out.push_back({Value::Integer(value), count});
  return out;
}

int64_t Endpoint(const storage::HistogramBucket& b) {
  return b.endpoint.number().ToInt64().value_or(-999);
}

TEST(Histogram, FrequencyWhenValuesFitTheBuckets) {
  storage::ColumnStats cs;
  BuildHistogram(Counts({{1, 10}, {2, 30}, {5, 60}}), 254, true, cs);
  EXPECT_EQ(cs.histogram, HistogramType::kFrequency);
  ASSERT_EQ(cs.buckets.size(), 3u);
  EXPECT_EQ(cs.buckets[0].endpoint_number, 10u);
  EXPECT_EQ(cs.buckets[1].endpoint_number, 40u);
  EXPECT_EQ(cs.buckets[2].endpoint_number, 100u);
  EXPECT_EQ(Endpoint(cs.buckets[2]), 5);
  EXPECT_DOUBLE_EQ(cs.density, 0.5 / 100);  // half a row of the sample, as Oracle shows it
}

TEST(Histogram, SizeOneMeansNoHistogram) {
  storage::ColumnStats cs;
  BuildHistogram(Counts({{1, 10}, {2, 30}, {5, 60}}), 1, true, cs);
  EXPECT_EQ(cs.histogram, HistogramType::kNone);
  EXPECT_TRUE(cs.buckets.empty());
  EXPECT_DOUBLE_EQ(cs.density, 1.0 / 3);
}

TEST(Histogram, TopFrequencyKeepsLowAndHighValues) {
  // 10 values; 1..4 hold 95% of the rows; 0 and 9 are rare but must stay in the histogram.
  std::vector<std::pair<int64_t, uint64_t>> v{{0, 1},  {1, 240}, {2, 240}, {3, 240}, {4, 230},
                                              {5, 10}, {6, 10},  {7, 10},  {8, 10},  {9, 9}};
  storage::ColumnStats cs;
  BuildHistogram(Counts(v), 4, true, cs);
  ASSERT_EQ(cs.histogram, HistogramType::kTopFrequency);
  ASSERT_EQ(cs.buckets.size(), 4u);
  EXPECT_EQ(Endpoint(cs.buckets.front()), 0);
  EXPECT_EQ(Endpoint(cs.buckets.back()), 9);
  // The two most frequent values fill the remaining slots (ties: lower value first).
  EXPECT_EQ(Endpoint(cs.buckets[1]), 1);
  EXPECT_EQ(Endpoint(cs.buckets[2]), 2);
  EXPECT_EQ(cs.buckets[3].endpoint_number, 1u + 240 + 240 + 9);
}

TEST(Histogram, NotTopFrequencyWhenTopValuesCoverTooLittle) {
  // Uniform: the top 4 of 10 values cover 40% < 75% -> hybrid.
  std::vector<std::pair<int64_t, uint64_t>> v;
  for (int64_t i = 0; i < 10; ++i) v.push_back({i, 10});
  storage::ColumnStats cs;
  BuildHistogram(Counts(v), 4, true, cs);
  EXPECT_EQ(cs.histogram, HistogramType::kHybrid);
}

TEST(Histogram, HybridEndpointsCarryRepeatCounts) {
  // 1000 rows, 5 buckets of 200: 7 (300 rows) and 13 (200 rows) are popular.
  std::vector<std::pair<int64_t, uint64_t>> v{{7, 300}, {13, 200}};
  for (int64_t i = 501; i <= 1000; ++i) v.push_back({i, 1});
  storage::ColumnStats cs;
  BuildHistogram(Counts(v), 5, true, cs);
  ASSERT_EQ(cs.histogram, HistogramType::kHybrid);
  ASSERT_EQ(cs.buckets.size(), 5u);
  EXPECT_EQ(Endpoint(cs.buckets[0]), 7);
  EXPECT_EQ(cs.buckets[0].endpoint_number, 300u);
  EXPECT_EQ(cs.buckets[0].repeat_count, 300u);
  EXPECT_EQ(Endpoint(cs.buckets[1]), 13);
  EXPECT_EQ(cs.buckets[1].repeat_count, 200u);
  EXPECT_EQ(Endpoint(cs.buckets.back()), 1000);
  EXPECT_EQ(cs.buckets.back().endpoint_number, 1000u);
  // Density over the 500 non-popular rows and values.
  EXPECT_DOUBLE_EQ(cs.density, 500.0 / 1000 / 500);
  for (size_t i = 1; i < cs.buckets.size(); ++i)
    EXPECT_GT(cs.buckets[i].endpoint_number, cs.buckets[i - 1].endpoint_number);
}

TEST(Histogram, HeightBalancedWithExplicitSamplePercent) {
  std::vector<std::pair<int64_t, uint64_t>> v{{7, 300}, {13, 200}};
  for (int64_t i = 501; i <= 1000; ++i) v.push_back({i, 1});
  storage::ColumnStats cs;
  BuildHistogram(Counts(v), 5, false, cs);
  ASSERT_EQ(cs.histogram, HistogramType::kHeightBalanced);
  // Endpoints 0..5 at rows 1, 200, 400, 600, 800, 1000: 7, 7, 13, 600, 800, 1000; the run of
  // 7s keeps only its highest number.
  ASSERT_EQ(cs.buckets.size(), 5u);
  EXPECT_EQ(cs.buckets[0].endpoint_number, 1u);
  EXPECT_EQ(Endpoint(cs.buckets[0]), 7);
  EXPECT_EQ(Endpoint(cs.buckets[2]), 600);
  EXPECT_EQ(cs.buckets.back().endpoint_number, 5u);
}

TEST(Histogram, SkewRule) {
  EXPECT_FALSE(IsSkewed(10, 10, 1000, 100));    // uniform
  EXPECT_FALSE(IsSkewed(167, 166, 1000, 6));    // uniform up to rounding
  EXPECT_TRUE(IsSkewed(500, 1, 1000, 100));     // one value holds half the rows
  EXPECT_TRUE(IsSkewed(1200, 200, 2000, 3));    // one value is rare (200 vs 667 average)
  EXPECT_FALSE(IsSkewed(2, 1, 1999, 1000));     // almost unique
  EXPECT_FALSE(IsSkewed(1, 1, 1000, 1000));     // unique
  EXPECT_FALSE(IsSkewed(1000, 1000, 1000, 1));  // a single value
}

storage::TableInfo Table() {
  storage::TableInfo t;
  t.name = "T";
  t.columns = {{"A", LogicalType::Number(), false, std::nullopt},
               {"B", LogicalType::Varchar(10), false, std::nullopt},
               {"C", LogicalType::Date(), false, std::nullopt}};
  return t;
}

TEST(MethodOpt, AllColumnsSizes) {
  auto m = ParseMethodOpt("for all columns size 1", Table(), {});
  ASSERT_EQ(m.columns.size(), 3u);
  EXPECT_EQ(m.columns[0].kind, HistogramSize::kNone);
  m = ParseMethodOpt("FOR ALL COLUMNS SIZE 75", Table(), {});
  EXPECT_EQ(m.columns[2].kind, HistogramSize::kBuckets);
  EXPECT_EQ(m.columns[2].buckets, 75u);
  m = ParseMethodOpt("for all columns size auto", Table(), {});
  EXPECT_EQ(m.columns[1].kind, HistogramSize::kAuto);
}

TEST(MethodOpt, ColumnLists) {
  auto m = ParseMethodOpt("for columns a, c size 10", Table(), {});
  ASSERT_EQ(m.columns.size(), 2u);
  EXPECT_EQ(m.columns[0].buckets, 10u);
  EXPECT_EQ(m.columns[2].buckets, 10u);
  EXPECT_EQ(m.columns.count(1), 0u);
  m = ParseMethodOpt("for columns size 20 a b size 3", Table(), {});
  EXPECT_EQ(m.columns[0].buckets, 20u);
  EXPECT_EQ(m.columns[1].buckets, 3u);
  m = ParseMethodOpt("for all columns size 1 for columns b size 254", Table(), {});
  EXPECT_EQ(m.columns[0].kind, HistogramSize::kNone);
  EXPECT_EQ(m.columns[1].buckets, 254u);
}

TEST(MethodOpt, IndexedColumns) {
  storage::IndexInfo ix;
  ix.columns = {1};
  auto m = ParseMethodOpt("for all indexed columns size 1", Table(), {&ix});
  ASSERT_EQ(m.columns.size(), 1u);
  EXPECT_EQ(m.columns.count(1), 1u);
}

int Code(const std::string& text) {
  try {
    ParseMethodOpt(text, Table(), {});
  } catch (const OraError& e) {
    return e.code();
  }
  return 0;
}

TEST(MethodOpt, Errors) {
  EXPECT_EQ(Code("for all colums size 1"), 20000);
  EXPECT_EQ(Code("for all columns size 0"), 20000);
  EXPECT_EQ(Code("for all columns size 2049"), 20000);
  EXPECT_EQ(Code("for columns zz"), 20001);
  EXPECT_EQ(Code(""), 20000);
}

class DbmsStatsTest : public testing::SessionTest {
 protected:
  void Load() {
    Exec("create table t (id number not null, grp number, name varchar2(20))");
    Exec(
        "insert into t select level, case when level <= 600 then 1 else mod(level, 10) end, "
        "case when mod(level, 4) = 0 then null else 'n' || mod(level, 7) end "
        "from dual connect by level <= 1000");
    Exec("commit");
  }
  const storage::TableStats& Stats() { return db_->FindTable("T")->stats; }
};

TEST_F(DbmsStatsTest, GatherComputesExactStatistics) {
  Load();
  EXPECT_FALSE(Stats().present);
  EXPECT_EQ(Exec("begin dbms_stats.gather_table_stats('PATHDB', 'T'); end;"),
            "PL/SQL procedure successfully completed.");
  const auto& s = Stats();
  ASSERT_TRUE(s.present);
  EXPECT_EQ(s.num_rows, 1000u);
  EXPECT_EQ(s.blocks, db_->FindTable("T")->hwm_blocks);
  EXPECT_GT(s.avg_row_len, 0u);
  ASSERT_EQ(s.columns.size(), 3u);
  EXPECT_EQ(s.columns[0].num_distinct, 1000u);
  EXPECT_EQ(s.columns[0].low_value->number().ToInt64(), 1);
  EXPECT_EQ(s.columns[0].high_value->number().ToInt64(), 1000);
  EXPECT_EQ(s.columns[0].histogram, HistogramType::kNone);  // unique: no histogram
  EXPECT_DOUBLE_EQ(s.columns[0].density, 0.001);
  EXPECT_EQ(s.columns[1].num_distinct, 10u);
  EXPECT_EQ(s.columns[1].histogram, HistogramType::kFrequency);  // skewed, 10 values
  EXPECT_EQ(s.columns[2].num_nulls, 250u);
  EXPECT_EQ(s.columns[2].num_distinct, 7u);
  EXPECT_EQ(s.columns[2].low_value->str(), "n0");
}

TEST_F(DbmsStatsTest, MethodOptSizeOneAndNamedArguments) {
  Load();
  Exec(
      "begin dbms_stats.gather_table_stats(tabname => 't', ownname => user, "
      "method_opt => 'for all columns size 1', cascade => true); end;");
  EXPECT_EQ(Stats().columns[1].histogram, HistogramType::kNone);
  EXPECT_DOUBLE_EQ(Stats().columns[1].density, 0.1);
}

TEST_F(DbmsStatsTest, SetAndDeleteTableStats) {
  Load();
  Exec(
      "begin dbms_stats.set_table_stats('PATHDB', 'T', numrows => 5000000, numblks => 40000, "
      "avgrlen => 77); end;");
  EXPECT_TRUE(Stats().present);
  EXPECT_EQ(Stats().num_rows, 5000000u);
  EXPECT_EQ(Stats().blocks, 40000u);
  EXPECT_EQ(Stats().avg_row_len, 77u);
  Exec("begin dbms_stats.delete_table_stats(null, 'T'); end;");
  EXPECT_FALSE(Stats().present);
}

TEST_F(DbmsStatsTest, GatherCommitsOpenWorkLikeDdl) {
  Exec("create table t (id number)");
  Exec("insert into t select level from dual connect by level <= 10");
  Exec("begin dbms_stats.gather_table_stats(user, 't'); end;");
  EXPECT_EQ(Stats().num_rows, 10u);
  Exec("rollback");
  EXPECT_EQ(Rows("select count(*) from t"), testing::Strings{"10"});
}

TEST_F(DbmsStatsTest, Errors) {
  Load();
  EXPECT_EQ(ErrorCode("begin dbms_stats.gather_table_stats('PATHDB', 'NOPE'); end;"), 20000);
  EXPECT_EQ(ErrorCode("begin dbms_stats.gather_table_stats('SCOTT', 'T'); end;"), 20000);
  EXPECT_EQ(ErrorCode("begin dbms_stats.gather_tab_stats('PATHDB', 'T'); end;"), 6550);
  EXPECT_EQ(ErrorCode("begin dbms_stats.gather_table_stats('PATHDB'); end;"), 6550);
  EXPECT_EQ(ErrorCode("begin dbms_stats.gather_table_stats('PATHDB', 'T', x => 1); end;"), 6550);
  EXPECT_EQ(ErrorCode("begin dbms_stats.gather_table_stats('PATHDB', 'T', "
                      "method_opt => 'for all columns size many'); end;"),
            20000);
  EXPECT_FALSE(Stats().present);  // nothing stored by the failed calls
}

}  // namespace
}  // namespace pathdb::planner
