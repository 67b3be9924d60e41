// SORT GROUP BY: groups child 0's rows by sorting them on the group keys, and returns the
// groups in key order -- the plan operation Oracle uses when the query also orders by the
// group keys, so no separate SORT ORDER BY is needed.
#pragma once
#include "executor/aggregate.h"
#include "executor/child_typed_operator.h"

namespace pathdb {

//! Blocking: consumes child 0 entirely on the first Next, aggregating each row into its group
//! as it arrives, then sorts the groups by their keys (ascending, NULLs last, as Oracle returns
//! the NULL group last). Output = group columns then aggregates, one row per group, in key
//! order. NULL keys are equal to each other. No input rows -> no output rows.
//! Memory: the groups (keys and accumulators), never the input rows; it does not spill, so the
//! planner only chooses this operation when the estimated groups fit ctx.work_area_bytes
//! (HASH GROUP BY, which spills, otherwise). Counts one `sorts (memory)`.
class SortGroupBy : public ChildTypedOperator {
 public:
  SortGroupBy(std::vector<BoundExprPtr> groups, std::vector<AggregateSpec> aggs);

  const std::vector<BoundExprPtr>& groups() const { return groups_; }
  const std::vector<AggregateSpec>& aggregates() const { return aggs_; }
  std::unique_ptr<OperatorState> OpenImpl(ExecContext& ctx) const override;
  bool NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const override;

 protected:
  std::vector<LogicalType> ComputeTypes() const override;

 private:
  std::vector<BoundExprPtr> groups_;
  std::vector<AggregateSpec> aggs_;
};

}  // namespace pathdb
