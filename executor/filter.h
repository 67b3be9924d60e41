// FILTER: keeps the rows of child 0 for which a predicate is TRUE.
#pragma once
#include "executor/child_typed_operator.h"

namespace pathdb {

//! Streaming. Output types = child 0 types; only the selection shrinks, no data is copied.
//! Never returns an empty batch: it pulls until a batch has a surviving row.
class Filter : public ChildTypedOperator {
 public:
  //! predicate: column refs index child 0's columns. Attach child 0 with AddChild.
  explicit Filter(BoundExprPtr predicate);

  const BoundExpr& predicate() const { return *predicate_; }
  //! The predicate's subquery plans (a correlated EXISTS shows as FILTER's second child).
  std::vector<const PhysicalOperator*> SubPlans() const override;
  std::unique_ptr<OperatorState> OpenImpl(ExecContext& ctx) const override;
  bool NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const override;
  //! Restarts the child (or opens it again when it cannot restart).
  bool RestartImpl(ExecContext& ctx, OperatorState& state) const override;

 protected:
  std::vector<LogicalType> ComputeTypes() const override { return ChildTypes(0); }

 private:
  BoundExprPtr predicate_;
};

}  // namespace pathdb
