// The adaptive join (Oracle 12c's adaptive plan, oracle-reference.md 2): one plan node holding
// two ways of joining one driving input to one inner table -- NESTED LOOPS probing an index of
// the inner table, and a HASH JOIN building on the driving rows and probing with a full scan
// of the inner table -- and a STATISTICS COLLECTOR above the driving input that decides
// between them at run time by comparing the driving row count with the inflection point the
// planner found (the cardinality where the two cost functions cross).
//
// Plan lines, as Oracle prints them: this operator is the HASH JOIN line; child 0 is the
// NESTED LOOPS alternative (its child 0 the STATISTICS COLLECTOR over the driving input, its
// child 1 the index access); child 1 is the hash join's probe input. The hash join itself is an
// internal HashJoin whose inputs are the collector and child 1 (not plan lines of their own).
//
// Run time, every execution (every Open): the collector buffers driving rows until the count
// passes the inflection point (=> hash join) or the buffer reaches its memory bound (=> hash
// join) or the input ends (=> nested loops); the chosen join then reads the buffered rows and
// the rest of the input through the collector. With ctx.shared.adaptive_reporting_only the
// default method runs whatever was decided; with a preset (resolve-once) the preset method
// runs without buffering. The decision is recorded in ctx.shared (display, V$SQL, feedback).
//
// Threads: immutable while it runs, like every operator.
#pragma once
#include "executor/hash_join.h"
#include "executor/nested_loops.h"
#include "executor/statistics_collector.h"

namespace pathdb {

class AdaptiveJoin : public PhysicalOperator {
 public:
  //! REQUIRES: nested_loops's child 0 is a StatisticsCollector with `adaptive_id`; hash_join
  //! has no children yet, its build keys index the collector's columns and its probe keys
  //! probe_input's; collector columns + probe_input columns = nested_loops's columns (the
  //! inner table is read with the same columns by both alternatives). ORA-00600 otherwise.
  AdaptiveJoin(uint32_t adaptive_id, double inflection_point, bool default_hash,
               std::unique_ptr<PhysicalOperator> nested_loops,
               std::unique_ptr<PhysicalOperator> probe_input, std::unique_ptr<HashJoin> hash_join);

  uint32_t adaptive_id() const { return adaptive_id_; }
  //! Driving rows above which the hash join is cheaper.
  double inflection_point() const { return inflection_point_; }
  //! The optimizer's choice at the estimate (the plan EXPLAIN PLAN shows).
  bool default_hash() const { return default_hash_; }
  const StatisticsCollector& collector() const { return *collector_; }

  // ---- for the planner while the plan is built (planner/join_filters.cpp)
  //! The internal hash join, to create join filters on. Its inputs are whatever occupies the
  //! nested loops' child 0 slot (the collector, or a JOIN FILTER CREATE put above it) and this
  //! operator's child 1 slot (the probe input, or a JOIN FILTER USE put above it).
  //! REQUIRES: a line put into either slot passes its child's rows and columns through.
  HashJoin& mutable_hash_join() { return *hash_join_; }
  //! The nested-loops alternative (child 0) and the hash join's probe input (child 1).
  const PhysicalOperator& nested_loops() const { return *children_[0]; }
  const PhysicalOperator& probe_input() const { return *children_[1]; }

  std::unique_ptr<OperatorState> OpenImpl(ExecContext& ctx) const override;
  bool NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const override;

 private:
  uint32_t adaptive_id_;
  double inflection_point_;
  bool default_hash_;
  const StatisticsCollector* collector_;
  std::unique_ptr<HashJoin> hash_join_;  //!< over borrowed inputs: collector, child 1
};

}  // namespace pathdb
