// The join builder: the one place in the planner that constructs join operators -- HASH JOIN
// and NESTED LOOPS with their outer / semi / anti variants and index nested loops -- with
// their EXPLAIN predicate text, and the join cost formulas. Its callers decide *what* is
// joined and how it is estimated: the join search (planner/join_planner.cpp: inner joins, join
// order and method), outer joins (planner/physical_planner.cpp) and unnested subqueries
// (planner/semi_join.cpp: semi and anti joins).
//
// This is where join filters (JOIN FILTER CREATE above the build input, JOIN FILTER USE above
// the probe-side scan, for inner and semi joins) and adaptive alternatives (HASH JOIN and
// NESTED LOOPS over one STATISTICS COLLECTOR on the driving input) will be added, so every
// caller gets them at once.
//
// Thread use: planning is single-threaded; these are plain functions.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "executor/join_kind.h"
#include "executor/operator.h"
#include "planner/cost_model.h"

namespace pathdb::planner {

//! A HASH JOIN to build: `build` becomes child 0 (the hash table), `probe` child 1.
struct HashJoinSpec {
  JoinKind kind = JoinKind::kInner;
  //! The kind applies to the build rows (HASH JOIN OUTER / SEMI / ANTI [NA]) instead of the
  //! probe rows (HASH JOIN RIGHT OUTER / RIGHT SEMI / RIGHT ANTI [NA]); see executor/hash_join.h.
  bool build_preserved = false;
  std::unique_ptr<PhysicalOperator> build, probe;
  std::vector<BoundExprPtr> build_keys;  //!< over build's columns
  std::vector<BoundExprPtr> probe_keys;  //!< over probe's columns, pairwise with build_keys
  BoundExprPtr residual;                 //!< over probe's columns then build's; null when none
  //! EXPLAIN text: access = the key equalities, filter = the residual's conjuncts.
  std::vector<std::string> access, filter;

  //! Sets both inputs with their keys (which side builds is the caller's choice).
  void SetInputs(std::unique_ptr<PhysicalOperator> build_input, std::vector<BoundExprPtr> build_on,
                 std::unique_ptr<PhysicalOperator> probe_input,
                 std::vector<BoundExprPtr> probe_on) {
    build = std::move(build_input);
    build_keys = std::move(build_on);
    probe = std::move(probe_input);
    probe_keys = std::move(probe_on);
  }
};

//! A NESTED LOOPS to build: `outer` becomes child 0, `inner` child 1.
struct NestedLoopsSpec {
  JoinKind kind = JoinKind::kInner;
  std::unique_ptr<PhysicalOperator> outer, inner;
  BoundExprPtr condition;  //!< over outer's columns then inner's; null = every pair matches
  //! Index nested loops: outer column outer_columns[k] is handed to the inner plan as
  //! parameter param_slots[k] before each start. Empty: the inner side is materialised once.
  std::vector<size_t> outer_columns, param_slots;
  std::vector<std::string> filter;  //!< EXPLAIN text of the condition's conjuncts
};

//! The join line with its children attached and its predicate text set. Estimates (rows,
//! bytes, cost) and column labels are the caller's: each caller estimates by its own rule.
//! REQUIRES (hash): build_keys.size() == probe_keys.size() >= 1; both inputs set.
std::unique_ptr<PhysicalOperator> BuildHashJoin(HashJoinSpec spec);
//! REQUIRES: both inputs set; outer_columns.size() == param_slots.size().
std::unique_ptr<PhysicalOperator> BuildNestedLoops(NestedLoopsSpec spec);

//! The hash join's own cost (building and probing, one pass over temp when the build exceeds
//! the work area the optimizer assumes), on top of its inputs' costs.
cost::Cost HashJoinCost(const cost::CostModel& model, double build_rows, double build_bytes,
                        double probe_rows);
//! The CPU of testing the join condition on every (outer, inner) pair: plain nested loops.
cost::Cost PairTestCost(const cost::CostModel& model, double outer_rows, double inner_rows);

}  // namespace pathdb::planner
