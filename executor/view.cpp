#include "executor/view.h"

namespace pathdb {
namespace {
struct ViewState : OperatorState {
  std::unique_ptr<OperatorState> child;
};
}  // namespace

View::View(std::string name) : ChildTypedOperator(OperatorType::kView, "VIEW") {
  object_name = std::move(name);
}

std::unique_ptr<OperatorState> View::OpenImpl(ExecContext& ctx) const {
  auto st = std::make_unique<ViewState>();
  st->child = children_.at(0)->Open(ctx);
  return st;
}

bool View::NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const {
  ctx.CheckCancel();
  return children_[0]->Next(ctx, *static_cast<ViewState&>(state).child, out);
}

}  // namespace pathdb
