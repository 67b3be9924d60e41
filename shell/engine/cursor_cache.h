// The session's cursor cache (Oracle's library cache, reduced to one session): parent cursors
// keyed by SQL_ID, child cursors by optimizer environment, each keeping its plan so that the
// same text runs again without planning (a soft parse), plus the execution statistics V$SQL,
// V$SQL_PLAN_STATISTICS_ALL and DBMS_XPLAN.DISPLAY_CURSOR show.
//
// Thread contract: owned by one Session and used only on its thread; not thread-safe. A cached
// plan is immutable once stored, so an execution never writes into it (its run-time figures
// are copied into the child cursor after the run).
#pragma once
#include <cstdint>
#include <list>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "executor/join_filter.h"
#include "executor/operator.h"
#include "planner/planner.h"

namespace pathdb {

//! One child cursor: a plan built for one optimizer environment, and what its runs cost.
struct ChildCursor {
  int child_number = 0;
  //! Optimizer environment the plan was built in (every parameter that may shape a plan).
  std::string environment;
  //! Dictionary fingerprint at planning time: a different one means the plan may be stale
  //! (a table dropped/recreated, an index added, statistics gathered).
  uint64_t dictionary = 0;
  bool valid = true;  //!< false once invalidated; the next execution plans again
  //! "SELECT STATEMENT", "INSERT STATEMENT" ... (line 0 of the plan display)
  std::string statement_operation;
  planner::PhysicalPlan plan;  //!< numbered (NumberPlanLines)
  int line_count = 0;          //!< next free line id: size of the run-time statistics vector
  uint32_t plan_hash_value = 0;
  bool has_plan = false;  //!< false until the first successful planning
  // V$SQL counters (cumulative over executions of this child).
  uint64_t parse_calls = 0;
  uint64_t executions = 0;
  uint64_t loads = 0;  //!< hard parses of this child (1 + reloads after invalidation)
  uint64_t invalidations = 0;
  uint64_t elapsed_us = 0;
  uint64_t buffer_gets = 0;
  uint64_t disk_reads = 0;
  uint64_t rows_processed = 0;
  //! Run-time statistics by plan line id (index 0 unused), when collected: last execution
  //! and the sum over the executions that collected them.
  std::vector<OperatorRuntimeStats> last_stats, total_stats;
  uint64_t last_starts_executions = 0;  //!< executions summed in total_stats
  bool has_runtime = false;
  //! The join filters of the last execution (V$SQL_JOIN_FILTER), by filter id.
  std::vector<std::pair<uint32_t, JoinFilter::Counters>> join_filters;
  // ---- adaptive plans
  bool adaptive = false;              //!< the plan holds adaptive joins
  uint32_t full_plan_hash_value = 0;  //!< every line; plan_hash_value is the final plan's
  //! What the adaptive joins of the last execution decided (by adaptive id); empty before.
  std::map<uint32_t, AdaptiveDecision> adaptive_decisions;
  // ---- statistics feedback (shell/engine/statistics_feedback.h)
  //! An execution saw cardinalities far from the estimates: the next one plans a new child.
  bool reoptimizable = false;
  //! The corrections that made it reoptimizable (V$SQL_REOPTIMIZATION_HINTS).
  std::vector<planner::CardinalityCorrection> corrections;
  //! Built from another child's corrections (it is not monitored again).
  bool from_feedback = false;
};

struct ParentCursor {
  std::string sql_id;
  std::string sql_text;
  std::vector<std::unique_ptr<ChildCursor>> children;  //!< by child number
};

class CursorCache {
 public:
  explicit CursorCache(size_t capacity = 1000) : capacity_(capacity) {}

  //! The child of `sql_id` built for `environment`, whether or not it is still valid (the
  //! caller checks `valid` and `dictionary`); nullptr when there is none. Marks it recently used.
  ChildCursor* Find(const std::string& sql_id, const std::string& environment);
  //! Finds or creates the child for (sql_id, environment): a new child gets the next number.
  //! Evicts the least recently used parent when over capacity.
  ChildCursor& Obtain(const std::string& sql_id, const std::string& sql_text,
                      const std::string& environment);
  //! nullptr when absent.
  const ParentCursor* Parent(const std::string& sql_id) const;
  const ChildCursor* Child(const std::string& sql_id, int child_number) const;
  //! Every parent, most recently used first.
  std::vector<const ParentCursor*> All() const;
  //! DDL and statistics: every plan must be rebuilt before its next execution.
  void InvalidateAll();
  size_t size() const { return parents_.size(); }

 private:
  ParentCursor* FindParent(const std::string& sql_id);
  size_t capacity_;
  std::list<ParentCursor> parents_;  //!< most recently used first
  std::unordered_map<std::string, std::list<ParentCursor>::iterator> by_id_;
};

//! Accumulates one execution's line statistics into a cursor's totals.
void AccumulateRuntime(std::vector<OperatorRuntimeStats>& total,
                       const std::vector<OperatorRuntimeStats>& last);

}  // namespace pathdb
