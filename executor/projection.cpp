#include "executor/projection.h"

#include "common/error.h"
#include "executor/subplans.h"

namespace pathdb {
namespace {
struct ProjectionState : OperatorState {
  std::unique_ptr<OperatorState> child;
  DataChunk input;
};
}  // namespace

Projection::Projection(std::vector<BoundExprPtr> exprs, std::vector<LogicalType> types)
    : PhysicalOperator(OperatorType::kProjection, "", std::move(types)), exprs_(std::move(exprs)) {
  if (exprs_.size() != types_.size()) throw OraError(600, "internal error code, arguments: [projection arity]");
}

std::vector<const PhysicalOperator*> Projection::SubPlans() const {
  std::vector<const PhysicalOperator*> out;
  for (const auto& e : exprs_) CollectSubPlans(*e, out);
  return out;
}

std::unique_ptr<OperatorState> Projection::OpenImpl(ExecContext& ctx) const {
  auto st = std::make_unique<ProjectionState>();
  st->child = children_.at(0)->Open(ctx);
  st->input.Initialize(children_[0]->types());
  return st;
}

bool Projection::RestartImpl(ExecContext& ctx, OperatorState& state) const {
  auto& st = static_cast<ProjectionState&>(state);
  if (!children_[0]->Restart(ctx, *st.child)) st.child = children_[0]->Open(ctx);
  return true;
}

bool Projection::NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const {
  auto& st = static_cast<ProjectionState&>(state);
  if (!children_[0]->Next(ctx, *st.child, st.input)) return false;
  ctx.CheckCancel();
  out.Reset();
  // Results land at the input's row positions, so the input's selection carries over as is.
  for (size_t i = 0; i < exprs_.size(); i++)
    ExpressionExecutor::Execute(*exprs_[i], st.input, out.column(i), ctx.eval);
  out.SetSize(st.input.size());
  if (st.input.HasSelection()) out.SetSelection(st.input.selection());
  return true;
}

}  // namespace pathdb
