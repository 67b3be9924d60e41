// HASH UNIQUE: DISTINCT over all columns of child 0 by hashing.
#pragma once
#include "executor/child_typed_operator.h"

namespace pathdb {

//! Streaming: emits each row the first time its value tuple is seen (NULLs equal NULLs), so
//! output order is first-seen order. Output types = child 0 types.
class HashUnique : public ChildTypedOperator {
 public:
  HashUnique();
  std::unique_ptr<OperatorState> OpenImpl(ExecContext& ctx) const override;
  bool NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const override;

 protected:
  std::vector<LogicalType> ComputeTypes() const override { return ChildTypes(0); }
};

}  // namespace pathdb
