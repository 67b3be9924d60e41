// HASH UNIQUE: DISTINCT over all columns of child 0 by hashing.
#pragma once
#include <memory>

#include "executor/child_typed_operator.h"
#include "executor/temp_segment.h"

namespace pathdb {

//! Streaming: emits each row the first time its value tuple is seen (NULLs equal NULLs), so
//! output order is first-seen order. Output types = child 0 types.
//!
//! When the distinct rows outgrow ctx.work_area_bytes the table stops taking new ones: a row
//! already in it is dropped as before, any other row goes to one of 16 temporary partitions by
//! hash, and once the input ends (and the table is freed) each partition is made distinct by a
//! HASH UNIQUE of its own (which may spill again on other hash bits, at most 5 levels). A row
//! in a partition was never emitted, and equal rows meet in one partition, so the answer is
//! the in-memory one; rows found after the table filled come out last. All partitions share
//! one temporary file with buffers sized from the work area.
class HashUnique : public ChildTypedOperator {
 public:
  HashUnique();
  std::unique_ptr<OperatorState> OpenImpl(ExecContext& ctx) const override;
  bool NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const override;

 protected:
  std::vector<LogicalType> ComputeTypes() const override { return ChildTypes(0); }

 private:
  int spill_level_ = 0;  //!< partitions of partitions use other hash bits
  //! A partition's HASH UNIQUE: the spilling parent's temp segment, shared with it (null at
  //! the plan's own level, which makes one per start when it spills).
  std::shared_ptr<TempSegment> parent_temp_;
};

}  // namespace pathdb
