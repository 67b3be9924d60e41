// CONNECT BY WITHOUT FILTERING: the row generator SELECT LEVEL FROM DUAL CONNECT BY LEVEL <= n.
#pragma once
#include "executor/operator.h"

namespace pathdb {

//! Streaming source over child 0 (FAST DUAL, drained once per Open). Output: one INTEGER
//! column LEVEL = 1..n (n = the bound, evaluated once per Open; "<" when !inclusive gives
//! 1..n-1), produced in batches of kVectorSize without materialising. A NULL bound or a bound
//! below 1 still yields LEVEL 1 (Oracle always returns the root row).
class ConnectByWithoutFiltering : public PhysicalOperator {
 public:
  //! level_bound: constant expression (no column refs; parameters allowed).
  ConnectByWithoutFiltering(BoundExprPtr level_bound, bool inclusive);

  const BoundExpr& level_bound() const { return *level_bound_; }
  bool inclusive() const { return inclusive_; }
  std::unique_ptr<OperatorState> OpenImpl(ExecContext& ctx) const override;
  bool NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const override;

 private:
  BoundExprPtr level_bound_;
  bool inclusive_;
};

}  // namespace pathdb
