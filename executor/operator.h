// PhysicalOperator: one class per plan operation, named as the plan prints it
// (executor/hash_join.cpp runs HASH JOIN). The operator object is immutable while it runs;
// every piece of run-time state lives in the OperatorState it creates, so a cursor can run
// again (and later in parallel). Operators pull batches from their children. What operators
// of one execution hand each other (join filters, WITH rows) lives in ExecContext::shared.
//
// The run-time filter rule: a HASH JOIN reads its build input to the end and publishes its
// join filters BEFORE it opens its probe input, so a probe-side scan has its filters from its
// first block. A scan still looks for newly published filters at every region and batch, so
// a filter from a producer that is not its ancestor (or a later parallel build) is used as
// soon as it appears; before that it passes every row.
//
// Threads: an operator tree is immutable and may be shared between threads; an OperatorState
// and an ExecContext belong to one thread.
#pragma once
#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "common/stats.h"
#include "common/vector.h"
#include "executor/execution_state.h"
#include "executor/expression.h"
#include "executor/operator_type.h"
#include "storage/storage.h"

namespace pathdb {

class ChunkCollection;

//! Run-time statistics of one plan line (ALLSTATS), cumulative over its starts. Kept only when
//! statistics_level=ALL or the GATHER_PLAN_STATISTICS hint asks (ExecContext::line_stats set).
//! Time and buffers include the line's children, as Oracle's A-Time and Buffers do.
struct OperatorRuntimeStats {
  uint64_t starts = 0;      //!< Open calls
  uint64_t ends = 0;        //!< Next calls that reported the end (a start read to its end)
  uint64_t rows = 0;        //!< A-Rows: active rows passed up
  uint64_t elapsed_ns = 0;  //!< A-Time
  uint64_t buffers = 0;     //!< consistent gets + db block gets caused
  uint64_t reads = 0;       //!< physical reads caused
  uint64_t writes = 0;      //!< physical writes (direct and temp) caused
  // Work-area lines (hash join, hash/sort group by, sorts): bytes.
  uint64_t mem_optimal = 0;   //!< OMem: memory an in-memory run would need (estimate)
  uint64_t mem_one_pass = 0;  //!< 1Mem: memory for a one-pass run (estimate)
  uint64_t mem_used = 0;      //!< Used-Mem: peak memory actually used (last start)
  uint64_t temp_used = 0;     //!< Used-Tmp: bytes written to temporary files
  int passes = 0;             //!< 0 optimal, 1 one-pass, 2+ multi-pass
  bool work_area = false;     //!< the line has a work area (prints the memory columns)
  // Full scans (table and index fast full):
  uint64_t bytes_skipped = 0;  //!< Skipped: bytes the storage index kept the scan from reading
  //! How the last start read and why ("direct path read (segment ...)"), for the Note.
  std::string access_note;
};

//! Everything a running statement may touch. Owned by the Session for one execution.
struct ExecContext {
  storage::Database& db;
  storage::Transaction& txn;
  SessionStats& stats;
  EvalContext eval;
  const std::atomic<bool>* cancel = nullptr;  //!< set by Ctrl-C: raise ORA-01013 promptly
  //! Memory one work area (hash table, sort) may use before it spills to temp files: the Session
  //! sets WorkAreaBytes(pga_aggregate_target) (executor/work_area.h), as its plans were costed.
  uint64_t work_area_bytes = 100ull << 20;
  //! Per plan line (index = PhysicalOperator::line_id()): run-time statistics are collected
  //! when this is set; null (the default) costs one branch per Open/Next.
  std::vector<OperatorRuntimeStats>* line_stats = nullptr;
  //! What the operators of this execution publish to each other (join filters, WITH rows).
  ExecutionState shared{};
  //! Throws ORA-01013 when the user asked to cancel. Called once per batch by every operator.
  void CheckCancel() const;
  //! The statistics of plan line `line_id`, or null when not collecting (or unnumbered).
  OperatorRuntimeStats* LineStats(int line_id) const {
    if (line_stats == nullptr || line_id < 0 || static_cast<size_t>(line_id) >= line_stats->size())
      return nullptr;
    return &(*line_stats)[static_cast<size_t>(line_id)];
  }
};

class OperatorState {
 public:
  virtual ~OperatorState() = default;
};

//! Charges what happens while it lives (time, buffers, reads, writes) to a plan line, as its
//! Open and Next calls are charged: for work an operator does inside its parent's call (a full
//! scan computing SORT AGGREGATE's aggregates). `line` may be null: nothing is measured.
class LineCharge {
 public:
  LineCharge(const ExecContext& ctx, OperatorRuntimeStats* line);
  ~LineCharge();
  LineCharge(const LineCharge&) = delete;
  LineCharge& operator=(const LineCharge&) = delete;

 private:
  const ExecContext& ctx_;
  OperatorRuntimeStats* line_;
  uint64_t ns_ = 0, buffers_ = 0, reads_ = 0, writes_ = 0;
};

class PhysicalOperator {
 public:
  //! `type` is the operator's identity (planner rewrites and EXPLAIN test it); `operation` is
  //! the text the plan prints ("" for an operator that is no plan line).
  PhysicalOperator(OperatorType type, std::string operation, std::vector<LogicalType> types)
      : type_(type), operation_(std::move(operation)), types_(std::move(types)) {}
  //! An operator outside the plan vocabulary (test sources): kOther.
  PhysicalOperator(std::string operation, std::vector<LogicalType> types)
      : PhysicalOperator(OperatorType::kOther, std::move(operation), std::move(types)) {}
  virtual ~PhysicalOperator() = default;

  //! Called once per execution (and per restart of a correlated subplan) before Next.
  std::unique_ptr<OperatorState> Open(ExecContext& ctx) const {
    if (ctx.line_stats == nullptr || line_id_ < 0) return OpenImpl(ctx);
    return OpenMeasured(ctx);
  }
  //! Fills `out` (already initialised with types()) with the next batch of at least one row and
  //! returns true, or returns false when exhausted. May be called again after false (returns
  //! false). Implementations must call ctx.CheckCancel() at least once per batch they produce
  //! or consume.
  bool Next(ExecContext& ctx, OperatorState& state, DataChunk& out) const {
    if (ctx.line_stats == nullptr || line_id_ < 0) return NextImpl(ctx, state, out);
    return NextMeasured(ctx, state, out);
  }

  //! Starts the operator again on the state of an earlier Open whose rows were all read,
  //! keeping what the state allocated (index nested loops restart their inner side once per
  //! outer row). True when it restarted (a start of the line); false when it cannot, and the
  //! caller opens afresh.
  bool Restart(ExecContext& ctx, OperatorState& state) const {
    if (ctx.line_stats == nullptr || line_id_ < 0) return RestartImpl(ctx, state);
    return RestartMeasured(ctx, state);
  }

  //! Plan line number (Id column; 1 = the root operator), -1 until NumberPlanLines ran.
  int line_id() const { return line_id_; }
  //! Operators running inside this one's expressions (subquery plans of a FILTER, a
  //! projection's scalar subqueries): shown as further children of this plan line.
  virtual std::vector<const PhysicalOperator*> SubPlans() const { return {}; }

  OperatorType type() const { return type_; }
  //! Display text only ("TABLE ACCESS FULL"); identify an operator by type().
  const std::string& operation() const { return operation_; }
  //! False for operators that show no plan line (projections): they get no Id.
  bool IsPlanLine() const { return type_ != OperatorType::kProjection; }
  const std::vector<LogicalType>& types() const { return types_; }
  const std::vector<std::unique_ptr<PhysicalOperator>>& children() const { return children_; }
  void AddChild(std::unique_ptr<PhysicalOperator> child) { children_.push_back(std::move(child)); }
  //! The planner's handle on child `i` while the plan is still being built (plan rewrites,
  //! planner/plan_rewrite.h): the child may be changed or replaced through it. Once the plan
  //! is handed to the executor only const access remains, so a running plan is immutable.
  //! REQUIRES: i < children().size(); a replacement has the same types() and is not null.
  std::unique_ptr<PhysicalOperator>& mutable_child(size_t i) { return children_.at(i); }

  // ---- what EXPLAIN shows (filled by the planner)
  std::string object_name;                     //!< Name column: table or index name
  std::vector<std::string> access_predicates;  //!< Oracle-style text
  std::vector<std::string> filter_predicates;
  //! Conjuncts the storage layer evaluates while it reads blocks (full scans), shown as
  //! storage(...) before the filter(...) that holds them too, as on Exadata.
  std::vector<std::string> storage_predicates;
  double estimated_rows = 0;
  double estimated_bytes = 0;
  double cost = 0;
  double cpu_cost = 0;  //!< the CPU part of cost (Cost (%CPU))
  //! Oracle-style text of each output column ("O"."ID", SUM("O"."TOTAL")) for predicate text.
  std::vector<std::string> column_labels;
  //! Query block and alias of an object line ("SEL$1", "O@SEL$1") for the ALIAS section.
  std::string query_block, object_alias;

 protected:
  virtual std::unique_ptr<OperatorState> OpenImpl(ExecContext& ctx) const = 0;
  virtual bool NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const = 0;
  //! Restart (above); the default cannot.
  virtual bool RestartImpl(ExecContext& /*ctx*/, OperatorState& /*state*/) const { return false; }

  OperatorType type_;
  std::string operation_;
  std::vector<LogicalType> types_;
  std::vector<std::unique_ptr<PhysicalOperator>> children_;

 private:
  friend int NumberPlanLines(const PhysicalOperator& root, int first);
  std::unique_ptr<OperatorState> OpenMeasured(ExecContext& ctx) const;
  bool RestartMeasured(ExecContext& ctx, OperatorState& state) const;
  bool NextMeasured(ExecContext& ctx, OperatorState& state, DataChunk& out) const;
  // Assigned once after planning (NumberPlanLines); mutable because subquery plans are shared
  // as const and numbered with their parent.
  mutable int line_id_ = -1;
};

//! Numbers the plan lines depth-first in display order (children, then SubPlans) starting
//! at `first` for `root`; returns the next free number.
int NumberPlanLines(const PhysicalOperator& root, int first = 1);
//! Calls fn(op, depth) for every line in id order (the order NumberPlanLines numbers them).
void ForEachPlanLine(const PhysicalOperator& root,
                     const std::function<void(const PhysicalOperator&, int depth)>& fn);

//! Runs a plan to completion, handing each batch to `consume`. Opens the root once.
template <typename Fn>
void RunPlan(const PhysicalOperator& root, ExecContext& ctx, Fn&& consume) {
  auto state = root.Open(ctx);
  DataChunk chunk(root.types());
  while (root.Next(ctx, *state, chunk)) consume(chunk);
}

}  // namespace pathdb
