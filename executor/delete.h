// DELETE: deletes the rows whose ROWIDs child 0 produces.
#pragma once
#include "executor/child_typed_operator.h"

namespace pathdb {

//! Sink. REQUIRES: child 0's column 0 is the packed ROWID (RowId::Pack, INTEGER) of a row of
//! `table`. All ROWIDs are collected before the first delete (so the scan below never sees
//! its own changes). Outputs ONE row, one INTEGER column: the number of rows deleted.
class DeleteRows : public ChildTypedOperator {
 public:
  explicit DeleteRows(const storage::TableInfo& table);

  const storage::TableInfo& table() const { return table_; }
  std::unique_ptr<OperatorState> OpenImpl(ExecContext& ctx) const override;
  bool NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const override;

 protected:
  std::vector<LogicalType> ComputeTypes() const override { return {LogicalType::Integer()}; }

 private:
  const storage::TableInfo& table_;
};

}  // namespace pathdb
