// The measured path of PhysicalOperator::Open/Next (statistics_level=ALL,
// GATHER_PLAN_STATISTICS) and plan-line numbering. The unmeasured path is the inline branch in
// operator.h, so collecting nothing costs nothing.
#include "executor/operator.h"

#include <chrono>

namespace pathdb {

namespace {

uint64_t NowNs() {
  return static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                   std::chrono::steady_clock::now().time_since_epoch())
                                   .count());
}

// The counters a plan line is charged with, read before and after a call: the difference is
// what the call (and the children it pulled from) caused.
struct Snapshot {
  uint64_t ns, buffers, reads, writes;
  static Snapshot Take(const SessionStats& s) {
    return {NowNs(), s.Get(Stat::kConsistentGets) + s.Get(Stat::kDbBlockGets),
            s.Get(Stat::kPhysicalReads), s.Get(Stat::kPhysicalWrites)};
  }
  void ChargeTo(OperatorRuntimeStats& line, const SessionStats& s) const {
    Snapshot now = Take(s);
    line.elapsed_ns += now.ns - ns;
    line.buffers += now.buffers - buffers;
    line.reads += now.reads - reads;
    line.writes += now.writes - writes;
  }
};

}  // namespace

LineCharge::LineCharge(const ExecContext& ctx, OperatorRuntimeStats* line)
    : ctx_(ctx), line_(line) {
  if (line_ == nullptr) return;
  const Snapshot s = Snapshot::Take(ctx.stats);
  ns_ = s.ns;
  buffers_ = s.buffers;
  reads_ = s.reads;
  writes_ = s.writes;
}

LineCharge::~LineCharge() {
  if (line_ != nullptr) Snapshot{ns_, buffers_, reads_, writes_}.ChargeTo(*line_, ctx_.stats);
}

std::unique_ptr<OperatorState> PhysicalOperator::OpenMeasured(ExecContext& ctx) const {
  OperatorRuntimeStats* line = ctx.LineStats(line_id_);
  if (line == nullptr) return OpenImpl(ctx);
  ++line->starts;
  Snapshot before = Snapshot::Take(ctx.stats);
  auto state = OpenImpl(ctx);
  before.ChargeTo(*line, ctx.stats);
  return state;
}

bool PhysicalOperator::RestartMeasured(ExecContext& ctx, OperatorState& state) const {
  OperatorRuntimeStats* line = ctx.LineStats(line_id_);
  if (line == nullptr) return RestartImpl(ctx, state);
  Snapshot before = Snapshot::Take(ctx.stats);
  const bool restarted = RestartImpl(ctx, state);
  before.ChargeTo(*line, ctx.stats);
  if (restarted) ++line->starts;
  return restarted;
}

bool PhysicalOperator::NextMeasured(ExecContext& ctx, OperatorState& state, DataChunk& out) const {
  OperatorRuntimeStats* line = ctx.LineStats(line_id_);
  if (line == nullptr) return NextImpl(ctx, state, out);
  Snapshot before = Snapshot::Take(ctx.stats);
  bool more = NextImpl(ctx, state, out);
  before.ChargeTo(*line, ctx.stats);
  if (more) {
    line->rows += out.Count();
  } else {
    ++line->ends;
  }
  return more;
}

namespace {

void Walk(const PhysicalOperator& op, int depth,
          const std::function<void(const PhysicalOperator&, int)>& fn) {
  fn(op, depth);
  for (const auto& c : op.children()) Walk(*c, depth + 1, fn);
  for (const PhysicalOperator* s : op.SubPlans()) Walk(*s, depth + 1, fn);
}

}  // namespace

int NumberPlanLines(const PhysicalOperator& root, int first) {
  int next = first;
  // Operators that are no plan line (internal projections): they get no
  // number, so line ids equal the Id column DBMS_XPLAN and V$SQL_PLAN show.
  Walk(root, 0,
       [&](const PhysicalOperator& op, int) { op.line_id_ = op.IsPlanLine() ? next++ : -1; });
  return next;
}

void ForEachPlanLine(const PhysicalOperator& root,
                     const std::function<void(const PhysicalOperator&, int depth)>& fn) {
  Walk(root, 0, fn);
}

}  // namespace pathdb
