// COUNT: numbers child 0's rows (ROWNUM) in arrival order.
#pragma once
#include "executor/child_typed_operator.h"

namespace pathdb {

//! Streaming. Output = child 0 columns then one INTEGER column: 1, 2, ... per row.
class Count : public ChildTypedOperator {
 public:
  Count();
  std::unique_ptr<OperatorState> Open(ExecContext& ctx) const override;
  bool Next(ExecContext& ctx, OperatorState& state, DataChunk& out) const override;

 protected:
  std::vector<LogicalType> ComputeTypes() const override;
};

}  // namespace pathdb
