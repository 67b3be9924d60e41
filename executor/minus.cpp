#include "executor/minus.h"

#include "executor/set_operation.h"

namespace pathdb {

Minus::Minus() : ChildTypedOperator(OperatorType::kMinus, "MINUS") {}

std::unique_ptr<OperatorState> Minus::OpenImpl(ExecContext& ctx) const {
  return OpenSetOperation(*this, ctx);
}

bool Minus::NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const {
  return NextSetOperation(*this, /*keep_matches=*/false, ctx, state, out);
}

}  // namespace pathdb
