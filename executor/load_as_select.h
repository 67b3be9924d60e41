// LOAD AS SELECT: INSERT /*+ APPEND */ INTO t SELECT ... — a direct-path insert of child 0's
// rows above the table's high-water mark (Database::BeginDirectPathInsert).
#pragma once
#include "executor/child_typed_operator.h"

namespace pathdb {

//! Sink. REQUIRES: child 0 yields rows in table column order, already converted to the column
//! types. Formats the rows into new blocks written straight to the data file, publishes them
//! (HWM move, recorded in ctx.txn) when the child is exhausted, then outputs ONE row with one
//! INTEGER column: the number of rows inserted. object_name = table name.
class LoadAsSelect : public ChildTypedOperator {
 public:
  explicit LoadAsSelect(const storage::TableInfo& table);

  const storage::TableInfo& table() const { return table_; }

  std::unique_ptr<OperatorState> OpenImpl(ExecContext& ctx) const override;
  bool NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const override;

 protected:
  std::vector<LogicalType> ComputeTypes() const override { return {LogicalType::Integer()}; }

 private:
  const storage::TableInfo& table_;
};

}  // namespace pathdb
