// HASH GROUP BY: groups child 0's rows by key expressions in a hash table and aggregates.
#pragma once
#include "executor/aggregate.h"
#include "executor/child_typed_operator.h"

namespace pathdb {

//! Blocking: consumes child 0 entirely on the first Next, then emits one row
//! per group (group columns first, then aggregates), in first-seen order of the groups.
//! NULL keys are equal to each other (one NULL group). No input rows -> no output rows.
class HashGroupBy : public ChildTypedOperator {
 public:
  //! groups: key expressions over child 0 (output types = their types); aggs: see
  //! AggregateSpec (output types = spec.type).
  HashGroupBy(std::vector<BoundExprPtr> groups, std::vector<AggregateSpec> aggs);

  const std::vector<BoundExprPtr>& groups() const { return groups_; }
  const std::vector<AggregateSpec>& aggregates() const { return aggs_; }
  std::unique_ptr<OperatorState> Open(ExecContext& ctx) const override;
  bool Next(ExecContext& ctx, OperatorState& state, DataChunk& out) const override;

 protected:
  std::vector<LogicalType> ComputeTypes() const override;

 private:
  std::vector<BoundExprPtr> groups_;
  std::vector<AggregateSpec> aggs_;
};

}  // namespace pathdb
