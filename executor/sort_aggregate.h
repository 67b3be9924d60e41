// SORT AGGREGATE: aggregates without GROUP BY; always exactly one output row.
#pragma once
#include "executor/aggregate.h"
#include "executor/child_typed_operator.h"

namespace pathdb {

//! Blocking: consumes child 0, then emits one row (COUNT of nothing = 0, others NULL).
class SortAggregate : public ChildTypedOperator {
 public:
  explicit SortAggregate(std::vector<AggregateSpec> aggs);

  const std::vector<AggregateSpec>& aggregates() const { return aggs_; }
  std::unique_ptr<OperatorState> OpenImpl(ExecContext& ctx) const override;
  bool NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const override;
  //! Restarts the child (or opens it again when it cannot restart).
  bool RestartImpl(ExecContext& ctx, OperatorState& state) const override;

 protected:
  std::vector<LogicalType> ComputeTypes() const override;

 private:
  std::vector<AggregateSpec> aggs_;
};

}  // namespace pathdb
