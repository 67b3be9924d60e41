// INTERSECTION: distinct rows of child 0 that also occur in child 1 (NULLs equal).
#pragma once
#include "executor/child_typed_operator.h"

namespace pathdb {

//! Builds a hash set of child 1 (blocking on it), then streams child 0, emitting each distinct
//! row once, in child 0's first-seen order. REQUIRES: same column TypeIds on both children.
class Intersection : public ChildTypedOperator {
 public:
  Intersection();
  std::unique_ptr<OperatorState> OpenImpl(ExecContext& ctx) const override;
  bool NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const override;

 protected:
  std::vector<LogicalType> ComputeTypes() const override { return ChildTypes(0); }
};

}  // namespace pathdb
