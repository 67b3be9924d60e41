// NESTED LOOPS: for each outer row (child 0), the inner rows (child 1) satisfying a condition.
#pragma once
#include "executor/child_typed_operator.h"
#include "executor/join_kind.h"

namespace pathdb {

//! The inner input is materialised once per Open; the condition is evaluated vectorized over
//! (one outer row x a batch of inner rows). Output = outer columns then inner columns (semi,
//! anti: outer columns only), in outer order. Operation "NESTED LOOPS" + JoinKindSuffix.
//! kAntiNullAware treats a NULL (unknown) condition result as a match, as NOT IN requires.
class NestedLoops : public ChildTypedOperator {
 public:
  //! condition: over outer columns then inner columns; null = cross join (every pair matches).
  NestedLoops(JoinKind kind, BoundExprPtr condition);
  //! Subquery plans in this line's predicates: EXPLAIN shows them as further children.
  std::vector<const PhysicalOperator*> SubPlans() const override;
  //! Index nested loops: the inner child is not materialised but re-opened once per outer
  //! row, after outer column outer_columns[k] was stored in EvalContext::parameters
  //! [param_slots[k]] (the vector grows as needed; previous values are restored when the join
  //! closes). The inner plan's key range refers to those parameters (BoundKind::kParameter),
  //! so each start reads only the matching index entries. Starts of the inner lines = outer
  //! rows; the inner rows stream (semi/anti abandon a start at its first match). The
  //! parameters are restored when the outer side is exhausted. kAntiNullAware is refused
  //! (ORA-00600): a keyed lookup cannot tell whether the whole inner set holds a NULL.
  //! REQUIRES: outer_columns.size() == param_slots.size() >= 1.
  NestedLoops(JoinKind kind, BoundExprPtr condition, std::vector<size_t> outer_columns,
              std::vector<size_t> param_slots);

  JoinKind kind() const { return kind_; }
  const BoundExpr* condition() const { return condition_.get(); }
  //! Outer columns whose values the inner side reads as parameters (index nested loops).
  const std::vector<size_t>& outer_columns() const { return outer_columns_; }
  std::unique_ptr<OperatorState> OpenImpl(ExecContext& ctx) const override;
  bool NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const override;

 protected:
  std::vector<LogicalType> ComputeTypes() const override;

 private:
  JoinKind kind_;
  BoundExprPtr condition_;
  std::vector<size_t> outer_columns_;  //!< empty: the inner child is materialised once
  std::vector<size_t> param_slots_;
};

}  // namespace pathdb
