#include "executor/sort_group_by.h"

#include <numeric>

#include "executor/chunk_util.h"
#include "executor/group_by_in_scan.h"
#include "executor/row_hash_table.h"
#include "executor/row_sort.h"
#include "executor/spill_file.h"

namespace pathdb {

namespace {

struct SortGroupByState : OperatorState {
  std::unique_ptr<OperatorState> child;
  //! The in-memory scan below may group and aggregate itself (group_by_in_scan.h).
  std::optional<storage::ScanGroupBy> in_scan;
  std::unique_ptr<RowHashTable> table;  //!< group keys -> group id (arrival order)
  std::unique_ptr<AggregateStates> aggs;
  std::vector<uint32_t> order;  //!< group ids in key order
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
  // The groups a scan may find are held as this operator holds its own: in the work area.
  std::vector<LogicalType> key_types;
  for (const auto& g : groups_) key_types.push_back(g->type);
  const uint64_t group_bytes = EstimatedRowBytes(key_types) + 32 * (1 + aggs_.size());
  st->in_scan = GroupByInScanSpec(groups_, aggs_, *children_.at(0), ctx.eval,
                                  ctx.work_area_bytes / group_bytes);
  // With the shortcut the child is opened only if the scan declines.
  if (!st->in_scan) st->child = children_[0]->Open(ctx);
  return st;
}

namespace {

// Oracle's SORT GROUP BY aggregates while it sorts: a row whose key is already in the sort
// area folds into that entry, so the work area holds groups, not rows. Here the groups are
// found by hashing as rows arrive and only the finished groups are sorted -- the same memory
// and the same order, without comparing every input row.
void Build(const SortGroupBy& op, const PhysicalOperator& child, ExecContext& ctx,
           SortGroupByState& st) {
  std::vector<LogicalType> key_types;
  std::vector<TypeId> compare_as;
  std::vector<Vector> keys;
  for (const auto& g : op.groups()) {
    key_types.push_back(g->type);
    compare_as.push_back(g->type.id);
    keys.emplace_back(g->type);
  }
  std::vector<const Vector*> key_ptrs(keys.size());
  st.table = std::make_unique<RowHashTable>(key_types, compare_as, /*nulls_equal=*/true);
  st.aggs = MakeAggregateStates(op.aggregates());
  std::vector<std::unique_ptr<Vector>> scratch;
  for (const auto& a : op.aggregates())
    scratch.push_back(a.arg ? std::make_unique<Vector>(a.arg->type) : nullptr);
  DataChunk input(child.types());
  std::vector<uint32_t> gids;
  if (st.in_scan && !GroupInScan(child, *st.in_scan, key_types, ctx, *st.table, *st.aggs)) {
    st.child = child.Open(ctx);
  }
  while (st.child && child.Next(ctx, *st.child, input)) {
    ctx.CheckCancel();
    for (size_t k = 0; k < keys.size(); ++k)
      key_ptrs[k] = EvalOrReference(*op.groups()[k], input, keys[k], ctx.eval);
    st.table->FindOrInsert(key_ptrs, input, gids, nullptr);
    st.aggs->Resize(st.table->size());
    UpdateAggregates(op.aggregates(), *st.aggs, input, scratch, gids, ctx.eval);
  }
  const auto n = static_cast<uint32_t>(st.table->size());
  st.order.resize(n);
  std::iota(st.order.begin(), st.order.end(), 0u);
  std::vector<SortColumn> key_cols;
  for (size_t k = 0; k < keys.size(); ++k) key_cols.push_back({k, false, false});
  SortRowIds(st.table->keys(), st.order, key_cols);
  ctx.stats.Add(Stat::kSortsMemory);
  if (OperatorRuntimeStats* line = ctx.LineStats(op.line_id())) {
    uint64_t bytes = n * (EstimatedRowBytes(key_types) + 32 * (1 + op.aggregates().size()));
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
  if (st.emitted >= st.order.size()) return false;
  const size_t m = std::min<size_t>(kVectorSize, st.order.size() - st.emitted);
  const uint32_t* ids = st.order.data() + st.emitted;
  out.Reset();
  st.table->keys().Gather(ids, m, out, 0, 0);
  for (size_t a = 0; a < aggs_.size(); ++a)
    for (size_t r = 0; r < m; ++r) st.aggs->Finalize(a, ids[r], out.column(groups_.size() + a), r);
  out.SetSize(m);
  st.emitted += m;
  return true;
}

}  // namespace pathdb
