// SORT UNIQUE: DISTINCT over all columns, sorted ascending by all columns (UNION, and the
// inputs of INTERSECT/MINUS).
#pragma once
#include "executor/child_typed_operator.h"

namespace pathdb {

//! Blocking. Sorted by column 0, then 1, ... ascending, NULLs last; one row per distinct tuple
//! (NULLs equal). Output types = child 0 types. (UNION: put UNION-ALL below it.)
//! Sorts like SORT ORDER BY (runs on disk beyond ctx.work_area_bytes, `sorts (disk)`) and
//! drops each row equal to the one before it.
class SortUnique : public ChildTypedOperator {
 public:
  SortUnique();
  std::unique_ptr<OperatorState> OpenImpl(ExecContext& ctx) const override;
  bool NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const override;

 protected:
  std::vector<LogicalType> ComputeTypes() const override { return ChildTypes(0); }
};

}  // namespace pathdb
