// Where a join places a correlated subquery filter (planner/subquery_filter.h): the step with
// the fewest rows when it saves at least half the executions, and the PUSH_SUBQ /
// NO_PUSH_SUBQ hints.
#include "planner/subquery_filter.h"

#include <gtest/gtest.h>

namespace pathdb::planner {
namespace {

TEST(SubqueryFilterStep, MovesToTheStepWithFewestRows) {
  // Scan of 1,000 rows joined at step 1 (900 rows), then 100, then 400.
  const std::vector<double> rows{50, 900, 100, 400};
  EXPECT_EQ(SubqueryFilterStep(1000, rows, 1, std::nullopt), std::optional<size_t>(2));
  // The first of equal minima: the earliest place that sees them.
  EXPECT_EQ(SubqueryFilterStep(1000, {50, 100, 100}, 1, std::nullopt), std::optional<size_t>(1));
}

TEST(SubqueryFilterStep, StaysWhenTheGainIsSmall) {
  EXPECT_EQ(SubqueryFilterStep(150, {50, 900, 100}, 1, std::nullopt), std::nullopt);
  EXPECT_EQ(SubqueryFilterStep(200, {50, 900, 100}, 1, std::nullopt), std::optional<size_t>(2));
  // Nothing after the table's own step: nowhere to go.
  EXPECT_EQ(SubqueryFilterStep(1000, {50, 10}, 2, std::nullopt), std::nullopt);
}

TEST(SubqueryFilterStep, HintsDecide) {
  const std::vector<double> rows{50, 900, 100, 400};
  EXPECT_EQ(SubqueryFilterStep(1000, rows, 1, true), std::nullopt);             // PUSH_SUBQ
  EXPECT_EQ(SubqueryFilterStep(10, rows, 1, false), std::optional<size_t>(3));  // NO_PUSH_SUBQ
}

}  // namespace
}  // namespace pathdb::planner
