// FAST DUAL: the one-row, zero-column source behind SELECT ... FROM DUAL.
#pragma once
#include "executor/operator.h"

namespace pathdb {

//! Produces exactly one batch of size 1 with no columns, then is exhausted.
class FastDual : public PhysicalOperator {
 public:
  FastDual();
  std::unique_ptr<OperatorState> OpenImpl(ExecContext& ctx) const override;
  bool NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const override;
};

}  // namespace pathdb
