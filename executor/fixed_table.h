// FIXED TABLE FULL: Oracle's plan operation for a scan of an X$/V$ fixed table. Ours serves
// every dictionary and V$ view (USER_TABLES, V$MYSTAT ...): the rows are produced by a
// callback when the operator opens, so each execution sees the state of that moment.
#pragma once
#include <functional>
#include <vector>

#include "executor/operator.h"

namespace pathdb {

//! Produces every row of the view (all columns, in view column order) for one execution.
using FixedTableRowsFn = std::function<std::vector<std::vector<Value>>(ExecContext&)>;

//! Leaf operator. Output columns are the view columns listed in `column_ids`, in that order.
class FixedTableFull : public PhysicalOperator {
 public:
  //! `types` are the projected columns' types (one per column_ids entry). `filter` (nullable)
  //! indexes the projected columns and is applied per batch.
  FixedTableFull(std::string view_name, std::vector<LogicalType> types,
                 std::vector<uint32_t> column_ids, FixedTableRowsFn rows, BoundExprPtr filter);

  const BoundExpr* filter() const { return filter_.get(); }
  const std::vector<uint32_t>& column_ids() const { return column_ids_; }

  std::unique_ptr<OperatorState> OpenImpl(ExecContext& ctx) const override;
  bool NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const override;

 private:
  std::vector<uint32_t> column_ids_;
  FixedTableRowsFn rows_;
  BoundExprPtr filter_;
};

}  // namespace pathdb
