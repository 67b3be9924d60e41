// TABLE ACCESS FULL: reads a heap segment through the buffer cache in physical block order.
#pragma once
#include <memory>
#include <vector>

#include "executor/operator.h"
#include "executor/runtime_filter.h"

namespace pathdb {

//! Leaf operator. Output columns are the requested table columns in request order; a request
//! of storage::kRowIdColumn yields the packed ROWID as INTEGER.
class TableAccessFull : public PhysicalOperator {
 public:
  //! REQUIRES: every id in column_ids is < table.columns.size() or storage::kRowIdColumn.
  //! `filter` (nullable) is a predicate whose column refs index the projected columns; it is
  //! applied per batch by shrinking the selection. `table` must outlive the operator.
  TableAccessFull(const storage::TableInfo& table, std::vector<uint32_t> column_ids,
                  BoundExprPtr filter);

  //! Attaches a run-time filter (join filter) applied after the static filter. Called by the
  //! planner while building the plan, never while it runs. The filter passes everything until
  //! its producer publishes it.
  void AddRuntimeFilter(std::shared_ptr<const RuntimeFilter> filter);

  const storage::TableInfo& table() const { return table_; }
  const std::vector<uint32_t>& column_ids() const { return column_ids_; }
  const BoundExpr* filter() const { return filter_.get(); }

  std::unique_ptr<OperatorState> OpenImpl(ExecContext& ctx) const override;
  bool NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const override;

 private:
  const storage::TableInfo& table_;
  std::vector<uint32_t> column_ids_;
  BoundExprPtr filter_;
  std::vector<std::shared_ptr<const RuntimeFilter>> runtime_filters_;
};

}  // namespace pathdb
