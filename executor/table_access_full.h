// TABLE ACCESS FULL: reads a heap segment in physical block order through a storage scan
// source opened from a ScanSpec. Its variant TABLE ACCESS INMEMORY FULL (same class, same
// OperatorType, like INDEX RANGE SCAN DESCENDING) asks the storage layer for the table's
// in-memory copy (storage/inmemory/im_scan.h), which serves every block it holds and leaves
// the others to the row store; its pushed conjuncts show as inmemory(...). The simple conjuncts of
// the filter (column compared with a constant, IN list, IS [NOT] NULL) go into the spec and are
// evaluated by the scan on the decoded columns before output vectors are built; the rest is
// evaluated here per batch.
#pragma once
#include <memory>
#include <optional>
#include <vector>

#include "executor/operator.h"
#include "storage/scan_spec.h"

namespace pathdb {

//! Leaf operator. Output columns are the requested table columns in request order; a request
//! of storage::kRowIdColumn yields the packed ROWID as INTEGER.
class TableAccessFull : public PhysicalOperator {
 public:
  //! REQUIRES: every id in column_ids is < table.columns.size() or storage::kRowIdColumn.
  //! `filter` (nullable) is a predicate whose column refs index the projected columns; rows
  //! for which it is not TRUE are dropped. `table` must outlive the operator.
  //! `inmemory`: TABLE ACCESS INMEMORY FULL.
  TableAccessFull(const storage::TableInfo& table, std::vector<uint32_t> column_ids,
                  BoundExprPtr filter, bool inmemory = false);
  //! Subquery plans in this line's predicates: EXPLAIN shows them as further children.
  std::vector<const PhysicalOperator*> SubPlans() const override;
  bool inmemory() const { return spec_.inmemory; }

  //! The scan uses join filter `filter_id` (published by a HASH JOIN of the same execution)
  //! on table columns `table_columns` (one per key column of the filter, in its order).
  //! Called while the plan is built, never while it runs.
  //! REQUIRES: each is one of column_ids (the membership test reads its vector); the join is
  //! one where dropping probe rows without a match is safe (inner, semi).
  void UseJoinFilter(uint32_t filter_id, std::vector<uint32_t> table_columns);
  //! The join filters this scan applies, by id.
  std::vector<uint32_t> join_filter_ids() const;

  //! unread[i]: no operator above reads output column i. The scan then leaves it NULL and
  //! does not decode it, unless this operator's own remaining filter reads it. Called while
  //! the plan is built (planner/scan_columns.cpp), never while it runs.
  void SetUnreadOutputs(const std::vector<bool>& unread);
  //! Output columns the scan leaves NULL (see SetUnreadOutputs).
  const std::vector<bool>& unread_outputs() const { return spec_.skip_output; }

  //! True when the scan evaluates `conjunct` itself (a column of the projection `ids` against
  //! constants: compare, IN list, IS [NOT] NULL), i.e. it is a storage(...) predicate.
  static bool EvaluatedByScan(const BoundExpr& conjunct, const storage::TableInfo& table,
                              const std::vector<uint32_t>& ids);

  const storage::TableInfo& table() const { return table_; }
  const std::vector<uint32_t>& column_ids() const { return column_ids_; }
  //! The whole filter as planned (pushed conjuncts included).
  const BoundExpr* filter() const { return filter_.get(); }
  //! The conjuncts the scan evaluates itself, and what is left for this operator.
  const std::vector<storage::ScanPredicate>& scan_predicates() const { return spec_.predicates; }
  const BoundExpr* residual_filter() const { return residual_.get(); }

  //! SORT AGGREGATE's shortcut: an in-memory scan without a residual filter or join filter
  //! computes `aggs` itself on the encoded columns (the scan line is charged one start and
  //! the rows that passed). std::nullopt when it cannot; then run the scan as usual.
  std::optional<std::vector<Value>> AggregateInScan(
      ExecContext& ctx, const std::vector<storage::ScanAggregate>& aggs) const;

  //! SORT/HASH GROUP BY's shortcut, as AggregateInScan: the in-memory scan groups and
  //! aggregates itself (storage::ScanSource::GroupAggregate).
  std::optional<storage::ScanGroups> GroupByInScan(ExecContext& ctx,
                                                   const storage::ScanGroupBy& spec) const;

  std::unique_ptr<OperatorState> OpenImpl(ExecContext& ctx) const override;
  bool NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const override;

 private:
  struct JoinFilterUse {
    uint32_t filter_id;
    std::vector<uint32_t> table_columns;
  };
  const storage::TableInfo& table_;
  std::vector<uint32_t> column_ids_;
  BoundExprPtr filter_;
  BoundExprPtr residual_;
  storage::ScanSpec spec_;  //!< without run-time filters: those are attached per execution
  std::vector<JoinFilterUse> join_filters_;
  //! Pushed conjuncts with bind variables (`col = :x`, `col BETWEEN :a AND :b`, `IN (:x, 1)`):
  //! the predicate with NULL where each bind's value goes, filled in at every Open.
  struct BindPredicate {
    storage::ScanPredicate predicate;
    std::vector<const BoundExpr*> binds;  //!< nodes of filter_, in value order
  };
  std::vector<BindPredicate> bind_predicates_;
  //! Those conjuncts, evaluated here in an execution where one of the binds is NULL.
  BoundExprPtr bind_residual_;
  //! spec_ with the bind predicates of this execution; nullopt when a bind is NULL.
  std::optional<storage::ScanSpec> SpecWithBinds(ExecContext& ctx) const;
};

}  // namespace pathdb
