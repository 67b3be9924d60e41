// COUNT: numbers child 0's rows (ROWNUM) in arrival order.
#pragma once
#include "executor/child_typed_operator.h"

namespace pathdb {

//! Streaming. Output = child 0 columns then one INTEGER column: 1, 2, ... per row.
//! With a ROWNUM filter (ROWNUM > 1, ROWNUM = 2, ... over the output columns) a row gets the
//! next number only if it passes the filter with that number, as Oracle assigns ROWNUM — so
//! `WHERE ROWNUM > 1` returns no rows.
class Count : public ChildTypedOperator {
 public:
  explicit Count(BoundExprPtr rownum_filter = nullptr);
  //! Subquery plans inside the ROWNUM filter (ROWNUM <= (SELECT ...)).
  std::vector<const PhysicalOperator*> SubPlans() const override;
  std::unique_ptr<OperatorState> OpenImpl(ExecContext& ctx) const override;
  bool NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const override;

 protected:
  std::vector<LogicalType> ComputeTypes() const override;

 private:
  BoundExprPtr rownum_filter_;
};

}  // namespace pathdb
