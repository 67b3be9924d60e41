// UNION-ALL: concatenates all children in order.
#pragma once
#include "executor/child_typed_operator.h"

namespace pathdb {

//! Streaming. REQUIRES: every child has the same number of columns with the same TypeIds
//! (the planner inserts casts). Output types = child 0 types.
class UnionAll : public ChildTypedOperator {
 public:
  UnionAll();
  std::unique_ptr<OperatorState> OpenImpl(ExecContext& ctx) const override;
  bool NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const override;

 protected:
  std::vector<LogicalType> ComputeTypes() const override { return ChildTypes(0); }
};

}  // namespace pathdb
