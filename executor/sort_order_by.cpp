#include "executor/sort_order_by.h"

#include <algorithm>

#include "executor/cell_ops.h"
#include "executor/chunk_collection.h"
#include "executor/chunk_util.h"
#include "executor/row_sort.h"
#include "executor/run_merge.h"
#include "executor/spill_file.h"

namespace pathdb {
namespace {

struct SortOrderByState : OperatorState {
  std::unique_ptr<OperatorState> child;
  DataChunk input;
  std::vector<size_t> computed;  //!< keys that are not plain child columns (evaluated per batch)
  std::vector<Vector> keys;      //!< their values, one vector per computed key
  std::vector<SortColumn> cols;  //!< where each key is in `rows`
  std::unique_ptr<ChunkCollection> rows;  //!< child columns then computed key columns
  std::vector<uint32_t> order;
  bool sorted = false;
  size_t emitted = 0;
  // ---- external sort: sorted runs in one temp segment, merged (in passes if there are more
  // than the work area's fan-in)
  std::shared_ptr<TempSegment> segment;
  std::vector<std::unique_ptr<SpillFile>> runs;
  std::unique_ptr<RunMerger> merger;
  bool spilled = false;
  int passes = 0;
  // ---- work-area statistics
  size_t row_bytes = 0;  //!< what one buffered row weighs (EstimatedRowBytes)
  uint64_t input_rows = 0;
  uint64_t peak_rows = 0;  //!< most rows buffered at once
  uint64_t temp_bytes = 0;
};

// TUNING: a top-N sort re-sorts and truncates its buffer when it holds this many batches more
// than N rows, bounding memory to O(N) while sorting each row O(1) times on average.
constexpr size_t kStopkeySlackRows = 4 * kVectorSize;

}  // namespace

SortOrderBy::SortOrderBy(std::vector<SortKey> keys, std::optional<uint64_t> stopkey)
    : ChildTypedOperator(OperatorType::kSortOrderBy,
                         stopkey ? "SORT ORDER BY STOPKEY" : "SORT ORDER BY"),
      keys_(std::move(keys)),
      stopkey_(stopkey) {}

std::unique_ptr<OperatorState> SortOrderBy::OpenImpl(ExecContext& ctx) const {
  auto st = std::make_unique<SortOrderByState>();
  st->child = children_.at(0)->Open(ctx);
  st->input.Initialize(children_[0]->types());
  auto types = children_[0]->types();
  size_t nchild = types.size();
  for (size_t i = 0; i < keys_.size(); ++i) {
    const SortKey& k = keys_[i];
    size_t column;
    if (k.expr->kind == BoundKind::kColumn && k.expr->column_index < nchild &&
        k.expr->type == types[k.expr->column_index]) {
      // ORDER BY a column: sort on the buffered column itself, no copy of it is kept.
      column = k.expr->column_index;
    } else {
      column = types.size();
      st->computed.push_back(i);
      st->keys.emplace_back(k.expr->type);
      types.push_back(k.expr->type);
    }
    st->cols.push_back({column, k.descending, k.nulls_first});
  }
  st->row_bytes = EstimatedRowBytes(types);
  st->rows = std::make_unique<ChunkCollection>(types);
  return st;
}

namespace {

// TUNING: a sort's extents are 1/16 of its work area (8 KiB to 1 MiB), so a merge reads
// through fan-in = work area / extent - 1 runs at once (7 for the 64 KiB floor, 99 for 100 MiB).
constexpr size_t kSortBuffers = 16;

//! Sorts what the collection holds and writes it as one run.
void WriteRun(SortOrderByState& st, const std::vector<SortColumn>& cols, ExecContext& ctx) {
  st.order.resize(st.rows->size());
  for (uint32_t i = 0; i < st.order.size(); i++) st.order[i] = i;
  SortRowIds(*st.rows, st.order, cols);
  if (!st.segment) {
    st.segment = std::make_shared<TempSegment>(ctx.db.directory(),
                                               SpillBufferBytes(ctx.work_area_bytes, kSortBuffers));
  }
  auto run = std::make_unique<SpillFile>(st.segment, st.rows->types());
  DataChunk batch(st.rows->types());
  for (size_t i = 0; i < st.order.size(); i += kVectorSize) {
    size_t n = std::min(kVectorSize, st.order.size() - i);
    batch.Reset();
    st.rows->Gather(st.order.data() + i, n, batch, 0, 0);
    batch.SetSize(n);
    run->Append(batch, ctx.stats);
  }
  run->Rewind(ctx.stats);
  st.temp_bytes += run->bytes();
  st.runs.push_back(std::move(run));
  st.spilled = true;
  st.rows = std::make_unique<ChunkCollection>(st.rows->types());
  st.order.clear();
}

//! Merges the runs down to the fan-in, then starts the final merge (which NextImpl reads).
void StartMerge(SortOrderByState& st, ExecContext& ctx) {
  MergeShape shape = PlanMerge(ctx.work_area_bytes, st.segment->extent_bytes(), st.row_bytes);
  MergeDownResult extra = MergeDown(st.runs, st.cols, shape, st.segment, ctx);
  // Used-Tmp counts what the sort wrote: the runs, then what the extra passes rewrote.
  st.temp_bytes += extra.bytes;
  st.passes = 1 + extra.passes;
  st.merger = std::make_unique<RunMerger>(std::move(st.runs), st.cols, shape.head_rows);
  st.runs.clear();
}

//! Keeps the first `limit` rows of `rows` in sorted order; `order` becomes 0..limit-1.
void Truncate(std::unique_ptr<ChunkCollection>& rows, std::vector<uint32_t>& order, size_t limit) {
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

bool SortOrderBy::NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const {
  auto& st = static_cast<SortOrderByState&>(state);
  size_t nchild = children_[0]->types().size();
  const auto& cols = st.cols;
  if (!st.sorted) {
    std::vector<const Vector*> all;
    for (size_t c = 0; c < nchild; c++) all.push_back(&st.input.column(c));
    for (const auto& k : st.keys) all.push_back(&k);
    while (children_[0]->Next(ctx, *st.child, st.input)) {
      ctx.CheckCancel();
      for (size_t i = 0; i < st.computed.size(); i++)
        EvalInto(*keys_[st.computed[i]].expr, st.input, st.keys[i], ctx.eval);
      // input's column vectors may have been swapped by the child; refresh the pointers.
      for (size_t c = 0; c < nchild; c++) all[c] = &st.input.column(c);
      st.rows->Append(all, st.input);
      st.input_rows += st.input.Count();
      st.peak_rows = std::max<uint64_t>(st.peak_rows, st.rows->size());
      if (!stopkey_ && st.rows->size() * st.row_bytes > ctx.work_area_bytes) {
        WriteRun(st, cols, ctx);
      }
      if (stopkey_ && st.rows->size() > *stopkey_ + kStopkeySlackRows) {
        st.order.resize(st.rows->size());
        for (uint32_t i = 0; i < st.order.size(); i++) st.order[i] = i;
        SortRowIds(*st.rows, st.order, cols);
        Truncate(st.rows, st.order, *stopkey_);
      }
    }
    if (st.spilled) {
      if (!st.rows->empty()) WriteRun(st, cols, ctx);
      st.rows.reset();  // the merge's buffers take the collection's place
      StartMerge(st, ctx);
      ctx.stats.Add(Stat::kSortsDisk);
    } else {
      st.order.resize(st.rows->size());
      for (uint32_t i = 0; i < st.order.size(); i++) st.order[i] = i;
      SortRowIds(*st.rows, st.order, cols);
      if (stopkey_ && st.order.size() > *stopkey_) st.order.resize(*stopkey_);
      ctx.stats.Add(Stat::kSortsMemory);
    }
    if (OperatorRuntimeStats* line =
            ctx.LineStats(work_area_line_ >= 0 ? work_area_line_ : line_id())) {
      WorkAreaUsage usage;
      usage.used = st.peak_rows * st.row_bytes;
      // A top-N sort never needs more than the buffer it kept; a full sort needs every row.
      usage.optimal = stopkey_ ? usage.used : st.input_rows * st.row_bytes;
      usage.one_pass = stopkey_ ? usage.optimal : OnePassSortBytes(usage.optimal);
      usage.temp = st.temp_bytes;
      usage.passes = st.passes;  // 0 in memory, 1 one merge, 2+ runs merged in passes first
      ReportWorkArea(line, usage);
    }
    st.sorted = true;
  }
  ctx.CheckCancel();
  if (st.merger) return st.merger->Next(out, nchild, kVectorSize, ctx.stats);
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
