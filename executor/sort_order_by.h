// SORT ORDER BY [STOPKEY]: sorts child 0's rows by key expressions (stable), optionally
// keeping only the first N (top-N without sorting everything).
#pragma once
#include <optional>

#include "executor/child_typed_operator.h"

namespace pathdb {

struct SortKey {
  BoundExprPtr expr;  //!< over child 0's columns
  bool descending = false;
  bool nulls_first = false;  //!< Oracle default: NULLS LAST for ASC, NULLS FIRST for DESC
  SortKey Copy() const { return {expr->Copy(), descending, nulls_first}; }
};

//! Blocking. Output types = child 0 types. NUMBER and BINARY_DOUBLE compare by value, strings
//! by bytes, dates/timestamps chronologically. Equal keys keep their input order.
//! Without a stopkey, rows beyond ctx.work_area_bytes are sorted in runs written to one
//! temporary file and merged (`sorts (disk)`), still stable: at most a fan-in derived from the
//! work area at once (executor/run_merge.h), in several passes when there are more runs, so
//! memory and open files stay bounded whatever the input size.
class SortOrderBy : public ChildTypedOperator {
 public:
  //! stopkey set: operation "SORT ORDER BY STOPKEY"; emits at most *stopkey rows.
  SortOrderBy(std::vector<SortKey> keys, std::optional<uint64_t> stopkey);

  const std::vector<SortKey>& keys() const { return keys_; }
  std::optional<uint64_t> stopkey() const { return stopkey_; }
  //! Fills the work-area columns of plan line `line` instead of its own (SORT UNIQUE sorts
  //! through a SortOrderBy that is not a plan line). Called while building, never while running.
  void ReportWorkAreaAs(int line) { work_area_line_ = line; }
  std::unique_ptr<OperatorState> OpenImpl(ExecContext& ctx) const override;
  bool NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const override;

 protected:
  std::vector<LogicalType> ComputeTypes() const override { return ChildTypes(0); }

 private:
  std::vector<SortKey> keys_;
  std::optional<uint64_t> stopkey_;
  int work_area_line_ = -1;  //!< -1: its own line
};

}  // namespace pathdb
