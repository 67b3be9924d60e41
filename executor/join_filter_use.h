// JOIN FILTER USE: the probe side's end of a join filter (:BF0000), directly above the scan it
// filters. Where the scan below applies the filter itself -- a TABLE ACCESS FULL whose key
// columns are plain columns: the min/max become range predicates that skip storage-index
// regions and rows, the Bloom bits are probed per batch; an INDEX FAST FULL SCAN whose keys
// are its key columns -- this line passes rows through.
// Otherwise (another access path, or a key that is an expression of the scan's columns) it
// evaluates the key expressions on each batch and probes the bits itself. Either way the
// filter passes everything until its join publishes it, and an empty build ends the input.
//
// Threads: as every operator (executor/operator.h).
#pragma once
#include "executor/child_typed_operator.h"

namespace pathdb {

class JoinFilterUse : public ChildTypedOperator {
 public:
  //! `keys` over the child's columns, in the filter's key order; empty when the child (a
  //! TableAccessFull or an INDEX FAST FULL SCAN given the filter by UseJoinFilter) applies
  //! the filter itself.
  JoinFilterUse(uint32_t filter_id, std::vector<BoundExprPtr> keys);
  uint32_t filter_id() const { return filter_id_; }
  bool applied_by_child() const { return keys_.empty(); }
  std::unique_ptr<OperatorState> OpenImpl(ExecContext& ctx) const override;
  bool NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const override;

 protected:
  std::vector<LogicalType> ComputeTypes() const override { return ChildTypes(0); }

 private:
  bool NextRows(ExecContext& ctx, OperatorState& state, DataChunk& out) const;

  uint32_t filter_id_;
  std::vector<BoundExprPtr> keys_;
};

}  // namespace pathdb
