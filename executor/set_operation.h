// The shared engine of INTERSECTION and MINUS: a hash set of child 1, then a streaming pass
// over child 0 that keeps each distinct row once, if it is (INTERSECT) or is not (MINUS) in
// the set.
#pragma once
#include "executor/operator.h"

namespace pathdb {

//! Opens both children of `op` (REQUIRES: two children with matching TypeIds).
std::unique_ptr<OperatorState> OpenSetOperation(const PhysicalOperator& op, ExecContext& ctx);
//! Next for INTERSECTION (keep_matches) or MINUS (!keep_matches).
bool NextSetOperation(const PhysicalOperator& op, bool keep_matches, ExecContext& ctx,
                      OperatorState& state, DataChunk& out);

}  // namespace pathdb
