#include "executor/sort_group_by.h"

#include <numeric>

#include "executor/chunk_collection.h"
#include "executor/chunk_util.h"
#include "executor/row_sort.h"
#include "executor/spill_file.h"

namespace pathdb {

namespace {

struct SortGroupByState : OperatorState {
  std::unique_ptr<OperatorState> child;
  //! Input columns first (so aggregate arguments evaluate on gathered rows as on input
  //! rows), then the evaluated group keys.
  std::unique_ptr<ChunkCollection> rows;
  std::vector<uint32_t> first_row;  //!< per group (in key order): a row id holding its keys
  std::unique_ptr<AggregateStates> aggs;
  size_t emitted = 0;
  bool built = false;
};

}  // namespace

SortGroupBy::SortGroupBy(std::vector<BoundExprPtr> groups, std::vector<AggregateSpec> aggs)
    : ChildTypedOperator(OperatorType::kSortGroupBy, "SORT GROUP BY"),
      groups_(std::move(groups)),
      aggs_(std::move(aggs)) {}

std::vector<LogicalType> SortGroupBy::ComputeTypes() const {
  std::vector<LogicalType> t;
  for (const auto& g : groups_) t.push_back(g->type);
  for (const auto& a : aggs_) t.push_back(a.type);
  return t;
}

std::unique_ptr<OperatorState> SortGroupBy::OpenImpl(ExecContext& ctx) const {
  auto st = std::make_unique<SortGroupByState>();
  st->child = children_.at(0)->Open(ctx);
  return st;
}

namespace {

void Build(const SortGroupBy& op, const PhysicalOperator& child, ExecContext& ctx,
           SortGroupByState& st) {
  const size_t width = child.types().size();
  std::vector<LogicalType> types = child.types();
  for (const auto& g : op.groups()) types.push_back(g->type);
  st.rows = std::make_unique<ChunkCollection>(types);
  DataChunk input(child.types());
  std::vector<std::unique_ptr<Vector>> keys;
  for (const auto& g : op.groups()) keys.push_back(std::make_unique<Vector>(g->type));
  uint64_t bytes = 0;
  while (child.Next(ctx, *st.child, input)) {
    ctx.CheckCancel();
    std::vector<const Vector*> cols;
    for (size_t c = 0; c < width; ++c) cols.push_back(&input.column(c));
    for (size_t k = 0; k < keys.size(); ++k) {
      EvalInto(*op.groups()[k], input, *keys[k], ctx.eval);
      cols.push_back(keys[k].get());
    }
    st.rows->Append(cols, input);
    bytes += input.Count() * EstimatedRowBytes(types);
  }
  const auto n = static_cast<uint32_t>(st.rows->size());
  std::vector<uint32_t> ids(n);
  std::iota(ids.begin(), ids.end(), 0u);
  std::vector<SortColumn> key_cols;
  for (size_t k = 0; k < keys.size(); ++k) key_cols.push_back({width + k, false, false});
  SortRowIds(*st.rows, ids, key_cols);
  ctx.stats.Add(Stat::kSortsMemory);

  // Runs of equal keys are the groups; their ids follow key order.
  std::vector<uint32_t> gid_of(n);
  for (uint32_t i = 0; i < n; ++i) {
    if (i == 0 || CompareRows(*st.rows, ids[i - 1], ids[i], key_cols) != 0)
      st.first_row.push_back(ids[i]);
    gid_of[i] = static_cast<uint32_t>(st.first_row.size() - 1);
  }
  st.aggs = MakeAggregateStates(op.aggregates());
  st.aggs->Resize(st.first_row.size());
  DataChunk batch(types);
  std::vector<std::unique_ptr<Vector>> scratch;
  for (const auto& a : op.aggregates())
    scratch.push_back(a.arg ? std::make_unique<Vector>(a.arg->type) : nullptr);
  std::vector<uint32_t> gids;
  for (uint32_t i = 0; i < n; i += kVectorSize) {
    ctx.CheckCancel();
    const size_t m = std::min<size_t>(kVectorSize, n - i);
    batch.Reset();
    st.rows->Gather(ids.data() + i, m, batch, 0, 0);
    batch.SetSize(m);
    gids.assign(gid_of.begin() + i, gid_of.begin() + i + m);
    for (size_t a = 0; a < op.aggregates().size(); ++a) {
      const Vector* arg = AggregateArgument(op.aggregates()[a], batch, scratch[a].get(), ctx.eval);
      st.aggs->Update(a, arg, batch, gids);
    }
  }
  if (OperatorRuntimeStats* line = ctx.LineStats(op.line_id())) {
    line->work_area = true;
    line->mem_used = std::max(line->mem_used, bytes);
    line->mem_optimal = std::max(line->mem_optimal, bytes);
    line->mem_one_pass = std::max(line->mem_one_pass, bytes);
  }
  st.built = true;
}

}  // namespace

bool SortGroupBy::NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const {
  auto& st = static_cast<SortGroupByState&>(state);
  ctx.CheckCancel();
  if (!st.built) Build(*this, *children_[0], ctx, st);
  if (st.emitted >= st.first_row.size()) return false;
  const size_t m = std::min<size_t>(kVectorSize, st.first_row.size() - st.emitted);
  const size_t width = children_[0]->types().size();
  out.Reset();
  for (size_t k = 0; k < groups_.size(); ++k)
    st.rows->GatherColumn(width + k, st.first_row.data() + st.emitted, m, out.column(k), 0);
  for (size_t a = 0; a < aggs_.size(); ++a)
    for (size_t r = 0; r < m; ++r)
      st.aggs->Finalize(a, static_cast<uint32_t>(st.emitted + r), out.column(groups_.size() + a),
                        r);
  out.SetSize(m);
  st.emitted += m;
  return true;
}

}  // namespace pathdb
