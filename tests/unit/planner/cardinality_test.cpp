// Cardinality estimates against the formulas of oracle-reference.md section 9.
#include "planner/cardinality.h"

#include <gtest/gtest.h>

namespace pathdb::planner::card {
namespace {

using storage::ColumnStats;
using storage::HistogramBucket;
using storage::HistogramType;

// N = 10,000 rows, 1,000 NULLs, 100 distinct values between 1 and 100.
ColumnStats Uniform() {
  ColumnStats s;
  s.present = true;
  s.num_distinct = 100;
  s.num_nulls = 1000;
  s.low_value = Value::Integer(1);
  s.high_value = Value::Integer(100);
  s.density = 0.01;
  return s;
}

constexpr double kN = 10000;
constexpr double kNn = 0.9;  // (N - nulls) / N

TEST(Cardinality, EqualityInsideRangeIsNonNullOverNdv) {
  ColumnStats s = Uniform();
  ColumnView c{&s, kN};
  EXPECT_DOUBLE_EQ(EqualitySel(c, Value::Integer(42)), kNn / 100);
  EXPECT_DOUBLE_EQ(Rows(kN, EqualitySel(c, Value::Integer(42))), 90);
  EXPECT_DOUBLE_EQ(EqualityBindSel(c), kNn / 100);
  EXPECT_DOUBLE_EQ(EqualitySel(c, Value::Null()), 0);
}

TEST(Cardinality, EqualityOutsideRangeDecaysLinearly) {
  ColumnStats s = Uniform();
  ColumnView c{&s, kN};
  // Range width 99: half a width above HIGH_VALUE keeps half the estimate; a full width, none.
  EXPECT_NEAR(EqualitySel(c, Value::Number(Decimal::FromDouble(149.5))), kNn / 100 * 0.5, 1e-12);
  EXPECT_DOUBLE_EQ(EqualitySel(c, Value::Integer(199)), 0);
  EXPECT_NEAR(EqualitySel(c, Value::Number(Decimal::FromDouble(-48.5))), kNn / 100 * 0.5, 1e-12);
  EXPECT_DOUBLE_EQ(Rows(kN, EqualitySel(c, Value::Integer(500))), 1);  // never below one row
}

TEST(Cardinality, OpenRangesInterpolate) {
  ColumnStats s = Uniform();
  ColumnView c{&s, kN};
  Range gt;
  gt.low = Value::Integer(60);
  gt.low_inclusive = false;
  EXPECT_NEAR(RangeSel(c, gt), kNn * (100.0 - 60) / 99, 1e-12);
  Range ge = gt;
  ge.low_inclusive = true;  // closed end: + 1/ndv
  EXPECT_NEAR(RangeSel(c, ge), kNn * ((100.0 - 60) / 99 + 1.0 / 100), 1e-12);
  Range lt;
  lt.high = Value::Integer(20);
  lt.high_inclusive = false;
  EXPECT_NEAR(RangeSel(c, lt), kNn * (20.0 - 1) / 99, 1e-12);
  Range below;  // entirely below LOW_VALUE
  below.high = Value::Integer(0);
  EXPECT_DOUBLE_EQ(RangeSel(c, below), 0);
  Range all;  // covers everything: clamped to the non-NULL rows
  all.low = Value::Integer(-1000);
  EXPECT_DOUBLE_EQ(RangeSel(c, all), kNn);
}

TEST(Cardinality, BetweenAddsTwoOverNdv) {
  ColumnStats s = Uniform();
  ColumnView c{&s, kN};
  Range r{Value::Integer(20), true, Value::Integer(40), true};
  EXPECT_NEAR(RangeSel(c, r), kNn * ((40.0 - 20) / 99 + 2.0 / 100), 1e-12);
}

TEST(Cardinality, InListNotEqualNullsAndCombinations) {
  ColumnStats s = Uniform();
  ColumnView c{&s, kN};
  EXPECT_NEAR(InListSel(c, {Value::Integer(1), Value::Integer(2), Value::Integer(3)}),
              3 * kNn / 100, 1e-12);
  EXPECT_NEAR(NotEqualSel(c, Value::Integer(5)), kNn * (1 - 1.0 / 100), 1e-12);
  EXPECT_DOUBLE_EQ(IsNullSel(c), 0.1);
  EXPECT_DOUBLE_EQ(IsNotNullSel(c), kNn);
  EXPECT_DOUBLE_EQ(AndSel(0.5, 0.2), 0.1);
  EXPECT_DOUBLE_EQ(OrSel(0.5, 0.2), 0.6);
  EXPECT_DOUBLE_EQ(NotSel(0.25), 0.75);
}

TEST(Cardinality, LikeWithPrefixIsARange) {
  ColumnStats s;
  s.present = true;
  s.num_distinct = 26;
  s.num_nulls = 0;
  s.low_value = Value::Varchar("A");
  s.high_value = Value::Varchar("Z");
  ColumnView c{&s, 2600};
  Range r{Value::Varchar("M"), true, Value::Varchar("N"), false};
  EXPECT_DOUBLE_EQ(LikeSel(c, "M%"), RangeSel(c, r));
  EXPECT_NEAR(LikeSel(c, "M%"), 1.0 / 25 + 1.0 / 26, 1e-9);
  EXPECT_DOUBLE_EQ(LikeSel(c, "%M"), kDefaultRange);
  EXPECT_DOUBLE_EQ(LikeSel(c, "Q"), EqualitySel(c, Value::Varchar("Q")));
}

TEST(Cardinality, FrequencyHistogramGivesExactCounts) {
  // Values 1 (7000 rows), 2 (2000), 3 (900), 4 (100): a skewed column without NULLs.
  ColumnStats s;
  s.present = true;
  s.num_distinct = 4;
  s.num_nulls = 0;
  s.low_value = Value::Integer(1);
  s.high_value = Value::Integer(4);
  s.histogram = HistogramType::kFrequency;
  s.buckets = {{Value::Integer(1), 7000, 0},
               {Value::Integer(2), 9000, 0},
               {Value::Integer(3), 9900, 0},
               {Value::Integer(4), 10000, 0}};
  ColumnView c{&s, kN};
  EXPECT_DOUBLE_EQ(Rows(kN, EqualitySel(c, Value::Integer(1))), 7000);
  EXPECT_DOUBLE_EQ(Rows(kN, EqualitySel(c, Value::Integer(4))), 100);
  // Absent value: half the least frequent bucket.
  EXPECT_DOUBLE_EQ(Rows(kN, EqualitySel(c, Value::Integer(7))), 50);
  Range r{Value::Integer(2), true, Value::Integer(3), true};
  EXPECT_DOUBLE_EQ(Rows(kN, RangeSel(c, r)), 2900);
  Range gt{Value::Integer(1), false, std::nullopt, true};
  EXPECT_DOUBLE_EQ(Rows(kN, RangeSel(c, gt)), 3000);
  // Without the histogram the same column looks uniform: 2500 rows per value.
  ColumnStats flat = s;
  flat.histogram = HistogramType::kNone;
  flat.buckets.clear();
  EXPECT_DOUBLE_EQ(Rows(kN, EqualitySel(ColumnView{&flat, kN}, Value::Integer(1))), 2500);
}

TEST(Cardinality, HybridHistogramPopularAndNonPopular) {
  // 1000 rows, 4 buckets of ~250: value 10 is popular (repeat 400), others are not.
  ColumnStats s;
  s.present = true;
  s.num_distinct = 200;
  s.num_nulls = 0;
  s.low_value = Value::Integer(1);
  s.high_value = Value::Integer(300);
  s.histogram = HistogramType::kHybrid;
  s.buckets = {{Value::Integer(1), 1, 1},
               {Value::Integer(10), 450, 400},
               {Value::Integer(150), 700, 3},
               {Value::Integer(300), 1000, 2}};
  ColumnView c{&s, 1000};
  EXPECT_DOUBLE_EQ(Rows(1000, EqualitySel(c, Value::Integer(10))), 400);
  // Non-popular: NewDensity = rows not in popular values / total / other distinct values.
  double new_density = (1000.0 - 400) / 1000 / (200 - 1);
  EXPECT_NEAR(EqualitySel(c, Value::Integer(77)), new_density, 1e-12);
  // Range up to and including the popular endpoint counts its cumulative rows.
  Range r{std::nullopt, true, Value::Integer(10), true};
  EXPECT_DOUBLE_EQ(Rows(1000, RangeSel(c, r)), 450);
  Range r2{std::nullopt, true, Value::Integer(10), false};
  EXPECT_DOUBLE_EQ(Rows(1000, RangeSel(c, r2)), 50);
}

TEST(Cardinality, JoinSelectivityUsesTheLargerNdv) {
  ColumnStats a = Uniform();  // ndv 100, 10% NULL
  ColumnStats b;
  b.present = true;
  b.num_distinct = 400;
  b.num_nulls = 0;
  ColumnView l{&a, kN}, r{&b, 400};
  EXPECT_NEAR(JoinSel(l, r), kNn * 1.0 / 400, 1e-12);
  EXPECT_NEAR(Rows(kN * 400, JoinSel(l, r)), kN * 400 * kNn / 400, 1e-6);
}

TEST(Cardinality, NoStatisticsFallsBackToDefaults) {
  ColumnView none{nullptr, 0};
  EXPECT_DOUBLE_EQ(EqualitySel(none, Value::Integer(1)), kDefaultEquality);
  EXPECT_DOUBLE_EQ(RangeSel(none, Range{Value::Integer(1), true, std::nullopt, true}),
                   kDefaultRange);
}

}  // namespace
}  // namespace pathdb::planner::card
