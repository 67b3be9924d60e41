// UPDATE: replaces some columns of the rows whose ROWIDs child 0 produces.
#pragma once
#include "executor/child_typed_operator.h"

namespace pathdb {

//! Sink. REQUIRES: child 0 yields the packed ROWID (INTEGER) then, for each entry of
//! set_columns (table column indexes), the new value already converted to that column's type.
//! Child 0 is materialised before the first change (Halloween problem). Each row is fetched,
//! patched and written back with Database::Update (NOT NULL -> ORA-01407). Outputs ONE row,
//! one INTEGER column: the number of rows updated.
class UpdateRows : public ChildTypedOperator {
 public:
  UpdateRows(const storage::TableInfo& table, std::vector<uint32_t> set_columns);

  const storage::TableInfo& table() const { return table_; }
  const std::vector<uint32_t>& set_columns() const { return set_columns_; }
  std::unique_ptr<OperatorState> OpenImpl(ExecContext& ctx) const override;
  bool NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const override;

 protected:
  std::vector<LogicalType> ComputeTypes() const override { return {LogicalType::Integer()}; }

 private:
  const storage::TableInfo& table_;
  std::vector<uint32_t> set_columns_;
};

}  // namespace pathdb
