// STATISTICS COLLECTOR: the row source directly above an adaptive join's driving input. Before
// either join method runs, the adaptive join (executor/adaptive_join.h) makes it buffer and
// count driving rows until the count passes the inflection point, the buffer reaches its
// memory bound, or the input ends; the join then picks its method, and the collector, opened
// by the chosen join, replays the buffered rows and streams the rest of its input.
//
// Threads: like every operator; its state belongs to one execution.
#pragma once
#include "executor/child_typed_operator.h"

namespace pathdb {

class StatisticsCollector : public ChildTypedOperator {
 public:
  //! `adaptive_id`: the adaptive join this collector decides for (ExecutionState keys).
  explicit StatisticsCollector(uint32_t adaptive_id);
  uint32_t adaptive_id() const { return adaptive_id_; }

  //! What Collect saw.
  struct Collected {
    uint64_t rows = 0;
    bool ended = false;        //!< the input ended within the limits
    bool over_memory = false;  //!< the buffer reached max_bytes first
  };
  //! Opens the driving input (child 0) and buffers its rows until more than `threshold` rows
  //! or `max_bytes` bytes were read, or the input ended. Returns the state to stash in
  //! ctx.shared (StashCollector) for this collector's next Open, which replays the buffer.
  //! Not a start of the collector's plan line: the rows count when they are replayed.
  std::unique_ptr<OperatorState> Collect(ExecContext& ctx, double threshold, uint64_t max_bytes,
                                         Collected& seen) const;

  //! Takes the stashed state when there is one (Collect ran), else opens the input afresh
  //! and passes it through.
  std::unique_ptr<OperatorState> OpenImpl(ExecContext& ctx) const override;
  bool NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const override;

 protected:
  std::vector<LogicalType> ComputeTypes() const override { return ChildTypes(0); }

 private:
  uint32_t adaptive_id_;
};

}  // namespace pathdb
