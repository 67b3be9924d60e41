#include "executor/sort_order_by.h"

#include <algorithm>

#include "executor/chunk_collection.h"
#include "executor/chunk_util.h"
#include "executor/row_sort.h"

namespace pathdb {
namespace {

struct SortOrderByState : OperatorState {
  std::unique_ptr<OperatorState> child;
  DataChunk input;
  std::vector<Vector> keys;
  std::unique_ptr<ChunkCollection> rows;  //!< child columns then key columns
  std::vector<uint32_t> order;
  bool sorted = false;
  size_t emitted = 0;
};

// TUNING: a top-N sort re-sorts and truncates its buffer when it holds this many batches more
// than N rows, bounding memory to O(N) while sorting each row O(1) times on average.
constexpr size_t kStopkeySlackRows = 4 * kVectorSize;

}  // namespace

SortOrderBy::SortOrderBy(std::vector<SortKey> keys, std::optional<uint64_t> stopkey)
    : ChildTypedOperator(stopkey ? "SORT ORDER BY STOPKEY" : "SORT ORDER BY"),
      keys_(std::move(keys)),
      stopkey_(stopkey) {}

std::unique_ptr<OperatorState> SortOrderBy::Open(ExecContext& ctx) const {
  auto st = std::make_unique<SortOrderByState>();
  st->child = children_.at(0)->Open(ctx);
  st->input.Initialize(children_[0]->types());
  auto types = children_[0]->types();
  for (const auto& k : keys_) {
    st->keys.emplace_back(k.expr->type);
    types.push_back(k.expr->type);
  }
  st->rows = std::make_unique<ChunkCollection>(types);
  return st;
}

namespace {

std::vector<SortColumn> SortColumns(const std::vector<SortKey>& keys, size_t first) {
  std::vector<SortColumn> cols;
  for (size_t i = 0; i < keys.size(); i++)
    cols.push_back({first + i, keys[i].descending, keys[i].nulls_first});
  return cols;
}

//! Keeps the first `limit` rows of `rows` in sorted order; `order` becomes 0..limit-1.
void Truncate(std::unique_ptr<ChunkCollection>& rows, std::vector<uint32_t>& order,
              size_t limit) {
  auto kept = std::make_unique<ChunkCollection>(rows->types());
  DataChunk batch(rows->types());
  for (size_t i = 0; i < limit && i < order.size(); i += kVectorSize) {
    size_t n = std::min({kVectorSize, limit - i, order.size() - i});
    batch.Reset();
    rows->Gather(order.data() + i, n, batch, 0, 0);
    batch.SetSize(n);
    kept->Append(batch);
  }
  rows = std::move(kept);
  order.resize(rows->size());
  for (uint32_t i = 0; i < order.size(); i++) order[i] = i;
}

}  // namespace

bool SortOrderBy::Next(ExecContext& ctx, OperatorState& state, DataChunk& out) const {
  auto& st = static_cast<SortOrderByState&>(state);
  size_t nchild = children_[0]->types().size();
  auto cols = SortColumns(keys_, nchild);
  if (!st.sorted) {
    std::vector<const Vector*> all;
    for (size_t c = 0; c < nchild; c++) all.push_back(&st.input.column(c));
    for (const auto& k : st.keys) all.push_back(&k);
    while (children_[0]->Next(ctx, *st.child, st.input)) {
      ctx.CheckCancel();
      for (size_t i = 0; i < keys_.size(); i++)
        EvalInto(*keys_[i].expr, st.input, st.keys[i], ctx.eval);
      // input's column vectors may have been swapped by the child; refresh the pointers.
      for (size_t c = 0; c < nchild; c++) all[c] = &st.input.column(c);
      st.rows->Append(all, st.input);
      if (stopkey_ && st.rows->size() > *stopkey_ + kStopkeySlackRows) {
        st.order.resize(st.rows->size());
        for (uint32_t i = 0; i < st.order.size(); i++) st.order[i] = i;
        SortRowIds(*st.rows, st.order, cols);
        Truncate(st.rows, st.order, *stopkey_);
      }
    }
    st.order.resize(st.rows->size());
    for (uint32_t i = 0; i < st.order.size(); i++) st.order[i] = i;
    SortRowIds(*st.rows, st.order, cols);
    if (stopkey_ && st.order.size() > *stopkey_) st.order.resize(*stopkey_);
    ctx.stats.Add(Stat::kSortsMemory);
    st.sorted = true;
  }
  ctx.CheckCancel();
  if (st.emitted >= st.order.size()) return false;
  out.Reset();
  size_t n = std::min(kVectorSize, st.order.size() - st.emitted);
  for (size_t c = 0; c < nchild; c++)
    st.rows->GatherColumn(c, st.order.data() + st.emitted, n, out.column(c), 0);
  out.SetSize(n);
  st.emitted += n;
  return true;
}

}  // namespace pathdb
