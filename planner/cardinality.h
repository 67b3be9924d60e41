// Cardinality estimation with Oracle's formulas (design/oracle-reference.md section 9):
// single-column selectivities from NUM_DISTINCT / NUM_NULLS / LOW_VALUE / HIGH_VALUE and
// histograms, their combinations, and equi-join selectivity. Pure functions of the
// statistics, so the cost-based search can call them as often as it likes and tests can
// compare them with the formulas.
#pragma once
#include <optional>
#include <string_view>

#include "common/value.h"
#include "storage/storage.h"

namespace pathdb::planner::card {

//! Defaults Oracle uses where statistics cannot answer (unknown binds, functions of columns).
constexpr double kDefaultEquality = 0.01;        //!< f(col) = c
constexpr double kDefaultRange = 0.05;           //!< col > :b, f(col) > c, LIKE '%x'
constexpr double kDefaultBetweenBinds = 0.0025;  //!< col BETWEEN :a AND :b (5% x 5%)

//! A column's statistics as the estimator sees them: the table's row count goes with them.
struct ColumnView {
  const storage::ColumnStats* stats = nullptr;  //!< null when never gathered
  double num_rows = 0;

  bool usable() const { return stats != nullptr && stats->present && num_rows > 0; }
  //! Fraction of rows whose value is not NULL.
  double NonNullFraction() const;
  double Ndv() const;
};

//! Maps a value onto the number line Oracle interpolates on: numbers as themselves, DATE /
//! TIMESTAMP as seconds, strings by their first bytes read as a base-256 fraction.
double ToScale(const Value& v);

//! col = v (nn/ndv inside [low, high]; decays linearly to 0 one range width outside;
//! frequency / top-frequency / hybrid histograms when present).
double EqualitySel(const ColumnView& c, const Value& v);
//! col = :bind without peeking: nn/ndv (density with a histogram).
double EqualityBindSel(const ColumnView& c);
//! col <> v and col NOT IN (k values).
double NotEqualSel(const ColumnView& c, const Value& v);
//! col IN (values).
double InListSel(const ColumnView& c, const std::vector<Value>& values);

//! A range on one column: either end may be open (nullopt).
struct Range {
  std::optional<Value> low;
  bool low_inclusive = true;
  std::optional<Value> high;
  bool high_inclusive = true;
};
//! col > / >= / < / <= / BETWEEN by linear interpolation between LOW_VALUE and HIGH_VALUE
//! (+1/ndv per closed end), or by summing histogram buckets when there is a histogram.
double RangeSel(const ColumnView& c, const Range& r);
//! col LIKE pattern: a constant prefix becomes the range [prefix, prefix+1); a leading
//! wildcard gets the 5% default; no wildcard at all is an equality.
double LikeSel(const ColumnView& c, std::string_view pattern, char escape = '\0');
double IsNullSel(const ColumnView& c);
double IsNotNullSel(const ColumnView& c);

//! Combinations under the independence assumption.
inline double AndSel(double a, double b) {
  return a * b;
}
inline double OrSel(double a, double b) {
  return a + b - a * b;
}
inline double NotSel(double a) {
  return 1.0 - a;
}

//! Equi-join selectivity: 1/max(ndv_l, ndv_r) x nn_l x nn_r.
double JoinSel(const ColumnView& left, const ColumnView& right);

//! Rows from a selectivity: Oracle never estimates below one row for a non-empty input.
double Rows(double input_rows, double sel);

}  // namespace pathdb::planner::card
