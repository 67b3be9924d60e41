// LOAD TABLE CONVENTIONAL: INSERT ... SELECT / VALUES: inserts child 0's rows into a table.
#pragma once
#include "executor/child_typed_operator.h"

namespace pathdb {

//! Sink. REQUIRES: child 0 yields rows in table column order, already converted to the column
//! types. Inserts every batch via Database::Insert (recorded in ctx.txn), then outputs ONE row
//! with one INTEGER column: the number of rows inserted (also readable by RowsProcessed).
//! object_name = table name.
class LoadTableConventional : public ChildTypedOperator {
 public:
  explicit LoadTableConventional(const storage::TableInfo& table);

  const storage::TableInfo& table() const { return table_; }
  //! Rows inserted so far by the execution owning `state` (a state this operator opened).
  static uint64_t RowsProcessed(const OperatorState& state);

  std::unique_ptr<OperatorState> OpenImpl(ExecContext& ctx) const override;
  bool NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const override;

 protected:
  std::vector<LogicalType> ComputeTypes() const override { return {LogicalType::Integer()}; }

 private:
  const storage::TableInfo& table_;
};

}  // namespace pathdb
