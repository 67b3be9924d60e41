#include "executor/join_filter_create.h"

#include <fmt/format.h>

namespace pathdb {
namespace {
struct PassState : OperatorState {
  std::unique_ptr<OperatorState> child;
};
}  // namespace

std::string JoinFilterName(uint32_t filter_id) {
  return fmt::format(":BF{:04d}", filter_id);
}

JoinFilterCreate::JoinFilterCreate(uint32_t filter_id)
    : ChildTypedOperator(OperatorType::kJoinFilterCreate, "JOIN FILTER CREATE"),
      filter_id_(filter_id) {
  object_name = JoinFilterName(filter_id);
}

std::unique_ptr<OperatorState> JoinFilterCreate::OpenImpl(ExecContext& ctx) const {
  auto st = std::make_unique<PassState>();
  st->child = children_.at(0)->Open(ctx);
  return st;
}

bool JoinFilterCreate::NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const {
  ctx.CheckCancel();
  return children_[0]->Next(ctx, *static_cast<PassState&>(state).child, out);
}

}  // namespace pathdb
