#include "executor/intersection.h"

#include "executor/set_operation.h"

namespace pathdb {

Intersection::Intersection() : ChildTypedOperator(OperatorType::kIntersection, "INTERSECTION") {}

std::unique_ptr<OperatorState> Intersection::OpenImpl(ExecContext& ctx) const {
  return OpenSetOperation(*this, ctx);
}

bool Intersection::NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const {
  return NextSetOperation(*this, /*keep_matches=*/true, ctx, state, out);
}

}  // namespace pathdb
