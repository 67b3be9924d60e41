// TABLE ACCESS BY INDEX ROWID [BATCHED]: fetches the table rows whose ROWIDs an index scan
// (child 0) returns.
#pragma once
#include <memory>
#include <vector>

#include "executor/child_typed_operator.h"

namespace pathdb {

//! Child 0's column 0 is the packed ROWID (INTEGER). Output columns are the requested table
//! columns in request order (storage::kRowIdColumn yields the ROWID again, for UPDATE/DELETE).
//!
//! BATCHED (Oracle 12c's row source): each batch of ROWIDs is sorted by table block before
//! the fetch so every block is visited once per batch, however badly the table is clustered
//! along the index. The rows then come out in block order, unless `keep_order` asks for the
//! index order back (a plan that relies on the index order to avoid a sort).
class TableAccessByIndexRowid : public ChildTypedOperator {
 public:
  //! `filter` (nullable) indexes the output columns. `table` must outlive the operator.
  TableAccessByIndexRowid(const storage::TableInfo& table, std::vector<uint32_t> column_ids,
                          BoundExprPtr filter, bool batched, bool keep_order = false);
  //! Subquery plans in this line's predicates: EXPLAIN shows them as further children.
  std::vector<const PhysicalOperator*> SubPlans() const override;

  const storage::TableInfo& table() const { return table_; }
  const std::vector<uint32_t>& column_ids() const { return column_ids_; }
  const BoundExpr* filter() const { return filter_.get(); }
  bool batched() const { return batched_; }
  bool keep_order() const { return keep_order_; }

  std::unique_ptr<OperatorState> OpenImpl(ExecContext& ctx) const override;
  bool NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const override;
  //! Restarts its index scan (or opens it again) and keeps its batches.
  bool RestartImpl(ExecContext& ctx, OperatorState& state) const override;

 protected:
  std::vector<LogicalType> ComputeTypes() const override { return output_types_; }

 private:
  const storage::TableInfo& table_;
  std::vector<uint32_t> column_ids_;
  std::vector<uint32_t> fetch_ids_;  //!< column_ids_ without the ROWID requests
  std::vector<LogicalType> output_types_;
  BoundExprPtr filter_;
  bool batched_;
  bool keep_order_;
};

}  // namespace pathdb
