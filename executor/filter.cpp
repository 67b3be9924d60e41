#include "executor/filter.h"

#include "executor/subplans.h"

namespace pathdb {
namespace {
struct FilterState : OperatorState {
  std::unique_ptr<OperatorState> child;
};
}  // namespace

Filter::Filter(BoundExprPtr predicate)
    : ChildTypedOperator(OperatorType::kFilter, "FILTER"), predicate_(std::move(predicate)) {}

std::vector<const PhysicalOperator*> Filter::SubPlans() const {
  std::vector<const PhysicalOperator*> out;
  CollectSubPlans(*predicate_, out);
  return out;
}

std::unique_ptr<OperatorState> Filter::OpenImpl(ExecContext& ctx) const {
  auto st = std::make_unique<FilterState>();
  st->child = children_.at(0)->Open(ctx);
  return st;
}

bool Filter::RestartImpl(ExecContext& ctx, OperatorState& state) const {
  auto& st = static_cast<FilterState&>(state);
  if (!children_[0]->Restart(ctx, *st.child)) st.child = children_[0]->Open(ctx);
  return true;
}

bool Filter::NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const {
  auto& st = static_cast<FilterState&>(state);
  // The child fills `out` directly (same column types): filtering only shrinks the selection.
  while (children_[0]->Next(ctx, *st.child, out)) {
    ctx.CheckCancel();
    ExpressionExecutor::Filter(*predicate_, out, ctx.eval);
    if (out.Count() > 0) return true;
  }
  return false;
}

}  // namespace pathdb
