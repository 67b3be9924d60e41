// VIEW: a named inline view or stored view boundary; passes child 0 through unchanged.
#pragma once
#include "executor/child_typed_operator.h"

namespace pathdb {

//! Streaming pass-through. object_name is set to `name` (shown in EXPLAIN's Name column).
class View : public ChildTypedOperator {
 public:
  explicit View(std::string name);
  std::unique_ptr<OperatorState> OpenImpl(ExecContext& ctx) const override;
  bool NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const override;

 protected:
  std::vector<LogicalType> ComputeTypes() const override { return ChildTypes(0); }
};

}  // namespace pathdb
