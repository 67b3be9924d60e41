// The shared machinery of the INDEX ... plan operations (INDEX UNIQUE SCAN, INDEX RANGE SCAN
// [DESCENDING], INDEX FULL SCAN [DESCENDING], INDEX FAST FULL SCAN; one file each): a leaf
// operator over a B+tree index that returns, per index entry, the requested key columns and/or
// the packed ROWID, a batch of up to kVectorSize entries at a time.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "executor/operator.h"

namespace pathdb {

//! The key range of an index scan as the plan states it: equality values for the leading key
//! columns, then an optional lower and/or upper end on the next key column. The expressions
//! have no column references (constants, binds, parameters of a correlated subplan) and are
//! evaluated at every Open, so a subplan re-opened for another outer row scans the new range.
//! A NULL value makes the range empty (no key is equal to or ordered against NULL).
struct IndexKeyRange {
  std::vector<BoundExprPtr> equal;
  BoundExprPtr lower;  //!< on key column equal.size(); null: open
  BoundExprPtr upper;
  bool lower_inclusive = true;
  bool upper_inclusive = true;

  bool empty() const { return equal.empty() && !lower && !upper; }
  IndexKeyRange Copy() const;
};

//! Output column request meaning "the packed ROWID" (same value as storage::kRowIdColumn).
constexpr uint32_t kIndexRowIdOutput = storage::kRowIdColumn;

class IndexScan : public PhysicalOperator {
 public:
  const storage::TableInfo& table() const { return table_; }
  const storage::IndexInfo& index() const { return index_; }
  //! Per output column: a key position (0 = the index's first column) or kIndexRowIdOutput.
  const std::vector<uint32_t>& outputs() const { return outputs_; }
  const IndexKeyRange& range() const { return range_; }
  bool descending() const { return descending_; }
  bool fast_full() const { return fast_full_; }
  //! Predicate over the output columns applied to every batch (null: none).
  const BoundExpr* filter() const { return filter_.get(); }

  std::unique_ptr<OperatorState> OpenImpl(ExecContext& ctx) const override;
  bool NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const override;
  //! A range scan restarts with its bounds evaluated again (the parameters of nested loops).
  bool RestartImpl(ExecContext& ctx, OperatorState& state) const override;
  //! The planner's JOIN FILTER USE placement: this fast full scan applies join filter
  //! `filter_id` itself, key column k of the filter being output column output_columns[k]
  //! (a key column, not the ROWID). On key column 0 alone, with the filter's exact integer
  //! key set, the storage layer tests the stored key bytes (IndexScanState::key_filters);
  //! otherwise each batch is probed here. REQUIRES: fast_full().
  void UseJoinFilter(uint32_t filter_id, std::vector<uint32_t> output_columns);

 protected:
  //! REQUIRES: every output is < index.columns.size() or kIndexRowIdOutput; the range's
  //! equal.size() (+1 with a lower/upper end) <= index.columns.size(). `table` and `index`
  //! must outlive the operator.
  IndexScan(OperatorType type, std::string operation, const storage::TableInfo& table,
            const storage::IndexInfo& index, std::vector<uint32_t> outputs, IndexKeyRange range,
            bool descending, bool fast_full, BoundExprPtr filter);

 private:
  //! Evaluates the key range and positions the storage scan (every Open and Restart).
  void Begin(ExecContext& ctx, OperatorState& state) const;
  const storage::TableInfo& table_;
  const storage::IndexInfo& index_;
  //! The leading key columns the outputs read (the storage layer decodes no more).
  size_t DecodedColumns() const;
  std::vector<uint32_t> outputs_;
  IndexKeyRange range_;
  bool descending_;
  bool fast_full_;
  BoundExprPtr filter_;
  struct JoinFilterUse {
    uint32_t filter_id;
    std::vector<uint32_t> output_columns;
  };
  std::vector<JoinFilterUse> join_filters_;
};

}  // namespace pathdb
