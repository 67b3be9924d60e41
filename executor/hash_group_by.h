// HASH GROUP BY: groups child 0's rows by key expressions in a hash table and aggregates.
#pragma once
#include "executor/aggregate.h"
#include "executor/child_typed_operator.h"
#include "executor/temp_segment.h"

namespace pathdb {

//! Blocking: consumes child 0 entirely on the first Next, then emits one row
//! per group (group columns first, then aggregates), in first-seen order of the groups.
//! NULL keys are equal to each other (one NULL group). No input rows -> no output rows.
//!
//! When the groups outgrow ctx.work_area_bytes the table stops taking new groups: rows of
//! groups already in it are still aggregated in memory, rows of new groups are written to 16
//! temporary partitions by key hash, and each partition is then grouped by a HASH GROUP BY of
//! its own (which may spill again on other hash bits: multi-pass, at most 5 levels). All
//! partitions of all levels are extents of one temporary file, each written through a buffer
//! of 1/17 of the work area (8 KiB to 1 MiB), so open files and buffers stay bounded. Every group's
//! rows meet in exactly one place, so the answer is the in-memory one; only the group order
//! differs.
class HashGroupBy : public ChildTypedOperator {
 public:
  //! groups: key expressions over child 0 (output types = their types); aggs: see
  //! AggregateSpec (output types = spec.type).
  HashGroupBy(std::vector<BoundExprPtr> groups, std::vector<AggregateSpec> aggs);

  const std::vector<BoundExprPtr>& groups() const { return groups_; }
  const std::vector<AggregateSpec>& aggregates() const { return aggs_; }
  std::unique_ptr<OperatorState> OpenImpl(ExecContext& ctx) const override;
  bool NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const override;

 protected:
  std::vector<LogicalType> ComputeTypes() const override;

 private:
  std::vector<BoundExprPtr> groups_;
  std::vector<AggregateSpec> aggs_;
  int spill_level_ = 0;  //!< partitions of partitions use other hash bits
  //! A partition's grouping: the spilling parent's temp segment, shared with it (null at the
  //! plan's own level, which makes one per start when it spills).
  std::shared_ptr<TempSegment> parent_temp_;
};

}  // namespace pathdb
