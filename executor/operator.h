// PhysicalOperator: one class per plan operation, named as the plan prints it
// (executor/hash_join.cpp runs HASH JOIN). The operator object is immutable while it runs;
// every piece of run-time state lives in the OperatorState it creates, so a cursor can run
// again (and later in parallel). Operators pull batches from their children.
#pragma once
#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "common/stats.h"
#include "common/vector.h"
#include "executor/expression.h"
#include "storage/storage.h"

namespace pathdb {

//! Everything a running statement may touch. Owned by the Session for one execution.
struct ExecContext {
  storage::Database& db;
  storage::Transaction& txn;
  SessionStats& stats;
  EvalContext eval;
  const std::atomic<bool>* cancel = nullptr;  //!< set by Ctrl-C: raise ORA-01013 promptly
  //! Memory one work area (hash table, sort) may use before it spills to temporary files in
  //! the database directory: pga_aggregate_target / 20, Oracle's serial _smm_max_size rule.
  uint64_t work_area_bytes = 100ull << 20;
  //! Throws ORA-01013 when the user asked to cancel. Called once per batch by every operator.
  void CheckCancel() const;
};

class OperatorState {
 public:
  virtual ~OperatorState() = default;
};

//! Per-plan-line run-time statistics (ALLSTATS): filled when statistics_level=ALL.
struct OperatorRuntimeStats {
  uint64_t starts = 0;
  uint64_t rows = 0;
  uint64_t elapsed_ns = 0;
  uint64_t buffers = 0;
  uint64_t reads = 0;
};

class PhysicalOperator {
 public:
  PhysicalOperator(std::string operation, std::vector<LogicalType> types)
      : operation_(std::move(operation)), types_(std::move(types)) {}
  virtual ~PhysicalOperator() = default;

  //! Called once per execution (and per restart of a correlated subplan) before Next.
  virtual std::unique_ptr<OperatorState> Open(ExecContext& ctx) const = 0;
  //! Fills `out` (already initialised with types()) with the next batch of at least one row and
  //! returns true, or returns false when exhausted. May be called again after false (returns
  //! false). Must call ctx.CheckCancel() at least once per batch it produces or consumes.
  virtual bool Next(ExecContext& ctx, OperatorState& state, DataChunk& out) const = 0;

  const std::string& operation() const { return operation_; }  //!< "TABLE ACCESS FULL"
  const std::vector<LogicalType>& types() const { return types_; }
  const std::vector<std::unique_ptr<PhysicalOperator>>& children() const { return children_; }
  void AddChild(std::unique_ptr<PhysicalOperator> child) { children_.push_back(std::move(child)); }

  // ---- what EXPLAIN shows (filled by the planner)
  std::string object_name;                     //!< Name column: table or index name
  std::vector<std::string> access_predicates;  //!< Oracle-style text
  std::vector<std::string> filter_predicates;
  double estimated_rows = 0;
  double estimated_bytes = 0;
  double cost = 0;

 protected:
  std::string operation_;
  std::vector<LogicalType> types_;
  std::vector<std::unique_ptr<PhysicalOperator>> children_;
};

//! Runs a plan to completion, handing each batch to `consume`. Opens the root once.
template <typename Fn>
void RunPlan(const PhysicalOperator& root, ExecContext& ctx, Fn&& consume) {
  auto state = root.Open(ctx);
  DataChunk chunk(root.types());
  while (root.Next(ctx, *state, chunk)) consume(chunk);
}

}  // namespace pathdb
