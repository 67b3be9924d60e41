#include "executor/sort_aggregate.h"

#include "executor/chunk_util.h"

namespace pathdb {
namespace {
struct SortAggregateState : OperatorState {
  std::unique_ptr<OperatorState> child;
  DataChunk input;
  std::vector<std::unique_ptr<Vector>> args;
  std::unique_ptr<AggregateStates> aggs;
  bool done = false;
};
}  // namespace

SortAggregate::SortAggregate(std::vector<AggregateSpec> aggs)
    : ChildTypedOperator(OperatorType::kSortAggregate, "SORT AGGREGATE"), aggs_(std::move(aggs)) {
  types_ = ComputeTypes();
}

std::vector<LogicalType> SortAggregate::ComputeTypes() const {
  std::vector<LogicalType> t;
  for (const auto& a : aggs_) t.push_back(a.type);
  return t;
}

std::unique_ptr<OperatorState> SortAggregate::OpenImpl(ExecContext& ctx) const {
  auto st = std::make_unique<SortAggregateState>();
  st->child = children_.at(0)->Open(ctx);
  st->input.Initialize(children_[0]->types());
  for (const auto& a : aggs_)
    st->args.push_back(a.arg ? std::make_unique<Vector>(a.arg->type) : nullptr);
  st->aggs = MakeAggregateStates(aggs_);
  st->aggs->Resize(1);
  return st;
}

bool SortAggregate::NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const {
  auto& st = static_cast<SortAggregateState&>(state);
  ctx.CheckCancel();
  if (st.done) return false;
  std::vector<uint32_t> gids;
  while (children_[0]->Next(ctx, *st.child, st.input)) {
    ctx.CheckCancel();
    gids.assign(st.input.Count(), 0);
    for (size_t a = 0; a < aggs_.size(); a++) {
      const Vector* arg = AggregateArgument(aggs_[a], st.input, st.args[a].get(), ctx.eval);
      st.aggs->Update(a, arg, st.input, gids);
    }
  }
  out.Reset();
  for (size_t a = 0; a < aggs_.size(); a++) st.aggs->Finalize(a, 0, out.column(a), 0);
  out.SetSize(1);
  st.done = true;
  return true;
}

}  // namespace pathdb
