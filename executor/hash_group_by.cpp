#include "executor/hash_group_by.h"

#include "executor/chunk_util.h"
#include "executor/row_hash_table.h"

namespace pathdb {
namespace {

struct HashGroupByState : OperatorState {
  std::unique_ptr<OperatorState> child;
  DataChunk input;
  std::vector<Vector> keys;                 //!< evaluated group expressions of one batch
  std::vector<std::unique_ptr<Vector>> args;  //!< evaluated aggregate arguments (null: none)
  std::unique_ptr<RowHashTable> table;
  std::unique_ptr<AggregateStates> aggs;
  bool built = false;
  uint32_t emitted = 0;  //!< groups already returned
};

}  // namespace

HashGroupBy::HashGroupBy(std::vector<BoundExprPtr> groups, std::vector<AggregateSpec> aggs)
    : ChildTypedOperator("HASH GROUP BY"), groups_(std::move(groups)), aggs_(std::move(aggs)) {
  types_ = ComputeTypes();
}

std::vector<LogicalType> HashGroupBy::ComputeTypes() const {
  std::vector<LogicalType> t;
  for (const auto& g : groups_) t.push_back(g->type);
  for (const auto& a : aggs_) t.push_back(a.type);
  return t;
}

std::unique_ptr<OperatorState> HashGroupBy::Open(ExecContext& ctx) const {
  auto st = std::make_unique<HashGroupByState>();
  st->child = children_.at(0)->Open(ctx);
  st->input.Initialize(children_[0]->types());
  std::vector<LogicalType> key_types;
  std::vector<TypeId> compare_as;
  for (const auto& g : groups_) {
    st->keys.emplace_back(g->type);
    key_types.push_back(g->type);
    compare_as.push_back(g->type.id);
  }
  for (const auto& a : aggs_)
    st->args.push_back(a.arg ? std::make_unique<Vector>(a.arg->type) : nullptr);
  st->table = std::make_unique<RowHashTable>(key_types, compare_as, /*nulls_equal=*/true);
  st->aggs = MakeAggregateStates(aggs_);
  return st;
}

bool HashGroupBy::Next(ExecContext& ctx, OperatorState& state, DataChunk& out) const {
  auto& st = static_cast<HashGroupByState&>(state);
  if (!st.built) {
    std::vector<const Vector*> key_ptrs;
    for (const auto& k : st.keys) key_ptrs.push_back(&k);
    std::vector<uint32_t> gids;
    while (children_[0]->Next(ctx, *st.child, st.input)) {
      ctx.CheckCancel();
      for (size_t i = 0; i < groups_.size(); i++)
        EvalInto(*groups_[i], st.input, st.keys[i], ctx.eval);
      st.table->FindOrInsert(key_ptrs, st.input, gids, nullptr);
      st.aggs->Resize(st.table->size());
      for (size_t a = 0; a < aggs_.size(); a++) {
        const Vector* arg = AggregateArgument(aggs_[a], st.input, st.args[a].get(), ctx.eval);
        st.aggs->Update(a, arg, st.input, gids);
      }
    }
    st.built = true;
  }
  ctx.CheckCancel();
  size_t total = st.table->size();
  if (st.emitted >= total) return false;
  out.Reset();
  size_t n = std::min(total - st.emitted, kVectorSize);
  std::vector<uint32_t> ids(n);
  for (size_t i = 0; i < n; i++) ids[i] = st.emitted + static_cast<uint32_t>(i);
  st.table->keys().Gather(ids.data(), n, out, 0, 0);
  for (size_t a = 0; a < aggs_.size(); a++)
    for (size_t i = 0; i < n; i++)
      st.aggs->Finalize(a, ids[i], out.column(groups_.size() + a), i);
  out.SetSize(n);
  st.emitted += static_cast<uint32_t>(n);
  return true;
}

}  // namespace pathdb
