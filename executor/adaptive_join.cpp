#include "executor/adaptive_join.h"

#include "common/error.h"

namespace pathdb {
namespace {

//! An input of the internal hash join that belongs to another plan line: it forwards to the
//! operator in a slot of the plan, so that line's statistics (Starts, A-Rows) are kept where
//! the plan shows it, and a line the planner puts into the slot later is run too.
class BorrowedInput : public PhysicalOperator {
 public:
  explicit BorrowedInput(const std::unique_ptr<PhysicalOperator>& slot)
      : PhysicalOperator(OperatorType::kOther, "", slot->types()), slot_(slot) {}
  std::unique_ptr<OperatorState> OpenImpl(ExecContext& ctx) const override {
    return slot_->Open(ctx);
  }
  bool NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const override {
    return slot_->Next(ctx, state, out);
  }

 private:
  const std::unique_ptr<PhysicalOperator>& slot_;
};

//! Adds what the collector's buffering caused (time, buffers, reads, writes) to `line`.
void AddCollectCharge(const OperatorRuntimeStats& collect, OperatorRuntimeStats* line) {
  if (line == nullptr) return;
  line->elapsed_ns += collect.elapsed_ns;
  line->buffers += collect.buffers;
  line->reads += collect.reads;
  line->writes += collect.writes;
}

struct AdaptiveJoinState : OperatorState {
  bool hash = false;
  std::unique_ptr<OperatorState> active;
};

}  // namespace

AdaptiveJoin::AdaptiveJoin(uint32_t adaptive_id, double inflection_point, bool default_hash,
                           std::unique_ptr<PhysicalOperator> nested_loops,
                           std::unique_ptr<PhysicalOperator> probe_input,
                           std::unique_ptr<HashJoin> hash_join)
    : PhysicalOperator(OperatorType::kAdaptiveJoin, "HASH JOIN", nested_loops->types()),
      adaptive_id_(adaptive_id),
      inflection_point_(inflection_point),
      default_hash_(default_hash),
      collector_(nullptr),
      hash_join_(std::move(hash_join)) {
  if (nested_loops->children().empty() ||
      nested_loops->children()[0]->type() != OperatorType::kStatisticsCollector)
    ThrowOra(600, "internal error code, arguments: [adaptive join without collector]");
  collector_ = static_cast<const StatisticsCollector*>(nested_loops->children()[0].get());
  if (collector_->adaptive_id() != adaptive_id_ || !hash_join_->children().empty())
    ThrowOra(600, "internal error code, arguments: [adaptive join inputs]");
  // The slots stay where they are: children_ holds exactly two, the nested loops its own.
  children_.reserve(2);
  children_.push_back(std::move(nested_loops));
  children_.push_back(std::move(probe_input));
  hash_join_->AddChild(std::make_unique<BorrowedInput>(children_[0]->mutable_child(0)));
  hash_join_->AddChild(std::make_unique<BorrowedInput>(children_[1]));
  hash_join_->ReportWorkAreaOn(this);
  if (hash_join_->types().size() != types_.size())
    ThrowOra(600, "internal error code, arguments: [adaptive join columns]");
  for (size_t i = 0; i < types_.size(); ++i)
    if (hash_join_->types()[i].id != types_[i].id)
      ThrowOra(600, "internal error code, arguments: [adaptive join columns]");
}

std::unique_ptr<OperatorState> AdaptiveJoin::OpenImpl(ExecContext& ctx) const {
  auto st = std::make_unique<AdaptiveJoinState>();
  AdaptiveDecision d;
  if (auto preset = ctx.shared.adaptive_presets.find(adaptive_id_);
      preset != ctx.shared.adaptive_presets.end()) {
    d.hash = d.wanted_hash = preset->second;
    d.preset = true;
  } else {
    // The bound keeps the buffered rows within what one work area may hold; beyond it the
    // hash join is the safe choice (its build spills gracefully, nested loops would not end).
    StatisticsCollector::Collected seen;
    OperatorRuntimeStats collect;
    std::unique_ptr<OperatorState> buffered;
    {
      LineCharge charge(ctx, ctx.LineStats(line_id()) != nullptr ? &collect : nullptr);
      buffered = collector_->Collect(ctx, inflection_point_, ctx.work_area_bytes, seen);
    }
    d.rows = seen.rows;
    d.over_memory = seen.over_memory;
    d.wanted_hash = !seen.ended;
    d.hash = ctx.shared.adaptive_reporting_only ? default_hash_ : d.wanted_hash;
    ctx.shared.StashCollector(adaptive_id_, std::move(buffered));
    // The buffering read the driving input before the lines that pass its rows on were
    // opened: charge it to them -- the collector, the lines put above it in the nested loops'
    // child 0 slot and the nested loops when they run -- so that, as in Oracle's ALLSTATS, a
    // line's Buffers and A-Time include its children's.
    for (const PhysicalOperator* op = children_[0]->children()[0].get();;
         op = op->children()[0].get()) {
      AddCollectCharge(collect, ctx.LineStats(op->line_id()));
      if (op == collector_) break;
    }
    if (!d.hash) AddCollectCharge(collect, ctx.LineStats(children_[0]->line_id()));
  }
  ctx.shared.RecordAdaptive(adaptive_id_, d);
  st->hash = d.hash;
  st->active = d.hash ? hash_join_->Open(ctx) : children_[0]->Open(ctx);
  // A collector the chosen join did not open keeps no stale buffer for a later start.
  ctx.shared.TakeCollector(adaptive_id_);
  return st;
}

bool AdaptiveJoin::NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const {
  auto& st = static_cast<AdaptiveJoinState&>(state);
  if (st.hash) return hash_join_->Next(ctx, *st.active, out);
  return children_[0]->Next(ctx, *st.active, out);
}

}  // namespace pathdb
