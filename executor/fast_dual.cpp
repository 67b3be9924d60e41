#include "executor/fast_dual.h"

namespace pathdb {
namespace {
struct FastDualState : OperatorState {
  bool done = false;
};
}  // namespace

FastDual::FastDual() : PhysicalOperator(OperatorType::kFastDual, "FAST DUAL", {}) {}

std::unique_ptr<OperatorState> FastDual::OpenImpl(ExecContext&) const {
  return std::make_unique<FastDualState>();
}

bool FastDual::NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const {
  ctx.CheckCancel();
  auto& st = static_cast<FastDualState&>(state);
  if (st.done) return false;
  st.done = true;
  out.Reset();
  out.SetSize(1);
  return true;
}

}  // namespace pathdb
