// ExecutionState: what the operators of ONE execution publish to each other, beside their
// own OperatorStates: join filters by id (:BF0000 is id 0), the rows of materialised WITH
// queries by id, and the decisions of adaptive joins (with the rows their statistics
// collectors buffered while deciding). Owned by the
// execution's ExecContext, so a cached plan stays immutable and every execution, including a
// re-execution of the same cursor, starts clean.
//
// Threads: one execution's thread today. Parallel workers of one query (later) will share
// one ExecutionState; publication then needs a lock or publish-once atomics (join filters
// already publish with a release store, see storage::RuntimeFilter).
#pragma once
#include <cstdint>
#include <map>
#include <memory>

#include "executor/join_filter.h"

namespace pathdb {

class ChunkCollection;
class OperatorState;
struct BoundExpr;
namespace expr {
struct SubqueryCache;
}

//! What one adaptive join decided in one execution (executor/adaptive_join.h).
struct AdaptiveDecision {
  bool hash = false;         //!< the method that ran: HASH JOIN (else NESTED LOOPS)
  bool wanted_hash = false;  //!< what the collector chose (differs under reporting only)
  uint64_t rows = 0;         //!< driving rows the collector saw when it decided
  bool over_memory = false;  //!< the buffer bound forced the hash join
  bool preset = false;       //!< resolved by an earlier execution (freeze), not collected
};

class ExecutionState {
 public:
  ExecutionState();
  ~ExecutionState();
  ExecutionState(ExecutionState&&) noexcept;
  ExecutionState& operator=(ExecutionState&&) noexcept;

  //! Join filter `id` of this execution: created unpublished by whichever of its producer
  //! (the hash join) and its consumers (probe-side scans) asks first.
  std::shared_ptr<JoinFilter> JoinFilterById(uint32_t id);
  //! Every join filter of this execution, by id (V$SQL_JOIN_FILTER, statistics).
  const std::map<uint32_t, std::shared_ptr<JoinFilter>>& join_filters() const {
    return join_filters_;
  }
  //! Rows of the materialised WITH query `id` (TEMP TABLE TRANSFORMATION).
  void PutTempTable(uint32_t id, std::shared_ptr<const ChunkCollection> rows);
  //! Null when `id` has not been materialised in this execution.
  std::shared_ptr<const ChunkCollection> TempTable(uint32_t id) const;
  //! The result cache of the uncorrelated subquery expression `e` for this execution: such a
  //! subquery runs once per execution, not once per batch (its rows depend on nothing the
  //! outer rows carry). Created empty on first use.
  std::shared_ptr<expr::SubqueryCache>& SubqueryCacheFor(const BoundExpr* e) {
    return subquery_caches_[e];
  }
  //! A DML operation of this execution changes tables while its scans run (set by the DML
  //! operator before it opens its input): full scans then read through the buffer cache.
  void NoteDml() { dml_ = true; }
  bool dml() const { return dml_; }

  // ---- adaptive joins (keyed by the plan's adaptive id: 0, 1 ... in plan order)
  //! optimizer_adaptive_reporting_only: decide and record, but run the default method.
  bool adaptive_reporting_only = false;
  //! Decisions fixed before the run (Oracle's resolve-once behaviour): the join runs this
  //! method without buffering. Set by the session from the cursor's first execution.
  std::map<uint32_t, bool> adaptive_presets;
  void RecordAdaptive(uint32_t id, const AdaptiveDecision& d) { adaptive_[id] = d; }
  //! Every adaptive join's decision in this execution (the last start's, for a restarted one).
  const std::map<uint32_t, AdaptiveDecision>& adaptive_decisions() const { return adaptive_; }
  //! The collector's state holding the rows it buffered, handed from the adaptive join that
  //! made it collect to the collector's next Open (by the chosen join). Consumed by Take.
  void StashCollector(uint32_t id, std::unique_ptr<OperatorState> state);
  std::unique_ptr<OperatorState> TakeCollector(uint32_t id);

 private:
  std::map<uint32_t, std::shared_ptr<JoinFilter>> join_filters_;
  std::map<uint32_t, std::shared_ptr<const ChunkCollection>> temp_tables_;
  std::map<const BoundExpr*, std::shared_ptr<expr::SubqueryCache>> subquery_caches_;
  bool dml_ = false;
  std::map<uint32_t, AdaptiveDecision> adaptive_;
  std::map<uint32_t, std::unique_ptr<OperatorState>> collectors_;
};

}  // namespace pathdb
