// Projection: evaluates the select list over child 0. Internal: EXPLAIN does not show it
// (operation ""), as Oracle folds projection into the line below.
#pragma once
#include "executor/operator.h"

namespace pathdb {

//! Streaming. Output column i = exprs[i] evaluated over child 0 (column refs index child 0).
//! The output keeps child 0's row positions and selection (no copy); columns may be constant
//! vectors.
class Projection : public PhysicalOperator {
 public:
  //! REQUIRES: exprs.size() == types.size(); types[i] == exprs[i]->type (physically).
  Projection(std::vector<BoundExprPtr> exprs, std::vector<LogicalType> types);

  const std::vector<BoundExprPtr>& exprs() const { return exprs_; }
  //! Scalar subqueries of the select list, in column order.
  std::vector<const PhysicalOperator*> SubPlans() const override;
  std::unique_ptr<OperatorState> OpenImpl(ExecContext& ctx) const override;
  bool NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const override;
  //! Restarts the child (or opens it again when it cannot restart).
  bool RestartImpl(ExecContext& ctx, OperatorState& state) const override;

 private:
  std::vector<BoundExprPtr> exprs_;
};

}  // namespace pathdb
