#include "executor/run_merge.h"

#include <algorithm>

#include "executor/cell_ops.h"

namespace pathdb {

MergeShape PlanMerge(uint64_t work_area_bytes, size_t extent_bytes, size_t row_bytes) {
  MergeShape s;
  uint64_t buffers = work_area_bytes / std::max<size_t>(extent_bytes, 1);
  s.fan_in = static_cast<size_t>(std::max<uint64_t>(2, buffers > 1 ? buffers - 1 : 0));
  // TUNING: below 16 rows per head, the per-batch overhead of refilling dominates the merge.
  uint64_t rows = work_area_bytes / 2 / (s.fan_in * std::max<size_t>(row_bytes, 1));
  s.head_rows = static_cast<size_t>(std::clamp<uint64_t>(rows, 16, kVectorSize));
  return s;
}

RunMerger::RunMerger(std::vector<std::unique_ptr<SpillFile>> runs, std::vector<SortColumn> cols,
                     size_t head_rows)
    : runs_(std::move(runs)), cols_(std::move(cols)), head_rows_(head_rows) {}

// Heap order: the smaller head on top; on a tie the earlier run (stability).
bool RunMerger::After(size_t a, size_t b) const {
  int c = CompareChunkRows(head_[a], head_pos_[a], head_[b], head_pos_[b], cols_);
  return c > 0 || (c == 0 && a > b);
}

void RunMerger::Start(SessionStats& stats) {
  head_.resize(runs_.size());
  head_pos_.assign(runs_.size(), 0);
  for (size_t r = 0; r < runs_.size(); ++r) {
    head_[r].Initialize(runs_[r]->types(), head_rows_);
    if (runs_[r]->Read(head_[r], stats, head_rows_)) heap_.push_back(r);
  }
  auto after = [this](size_t a, size_t b) { return After(a, b); };
  std::make_heap(heap_.begin(), heap_.end(), after);
  started_ = true;
}

bool RunMerger::Next(DataChunk& out, size_t ncols, size_t max_rows, SessionStats& stats) {
  if (!started_) Start(stats);
  auto after = [this](size_t a, size_t b) { return After(a, b); };
  out.Reset();
  size_t n = 0;
  while (n < max_rows && !heap_.empty()) {
    std::pop_heap(heap_.begin(), heap_.end(), after);
    size_t r = heap_.back();
    for (size_t c = 0; c < ncols; ++c) CopyCell(head_[r].column(c), head_pos_[r], out.column(c), n);
    ++n;
    if (++head_pos_[r] >= head_[r].size()) {
      head_pos_[r] = 0;
      if (!runs_[r]->Read(head_[r], stats, head_rows_)) {
        heap_.pop_back();
        runs_[r].reset();  // its extents are free for the runs still being written
        continue;
      }
    }
    std::push_heap(heap_.begin(), heap_.end(), after);
  }
  out.SetSize(n);
  return n > 0;
}

MergeDownResult MergeDown(std::vector<std::unique_ptr<SpillFile>>& runs,
                          const std::vector<SortColumn>& cols, const MergeShape& shape,
                          const std::shared_ptr<TempSegment>& segment, ExecContext& ctx) {
  MergeDownResult result;
  while (runs.size() > shape.fan_in) {
    // Merging g runs into one removes g - 1; merge just enough (earliest first) to leave
    // fan_in, so a pass never rewrites runs the final merge could have read directly. A pass
    // that cannot get there merges every run once, in groups of fan_in.
    size_t excess = runs.size() - shape.fan_in;
    std::vector<std::unique_ptr<SpillFile>> next;
    size_t i = 0;
    while (excess > 0 && runs.size() - i >= 2) {
      size_t g = std::min({shape.fan_in, excess + 1, runs.size() - i});
      std::vector<std::unique_ptr<SpillFile>> group;
      for (size_t k = 0; k < g; ++k) group.push_back(std::move(runs[i + k]));
      i += g;
      excess -= g - 1;
      const auto types = group.front()->types();
      RunMerger merger(std::move(group), cols, shape.head_rows);
      auto merged = std::make_unique<SpillFile>(segment, types);
      DataChunk batch(types, shape.head_rows);
      while (merger.Next(batch, types.size(), shape.head_rows, ctx.stats)) {
        ctx.CheckCancel();
        merged->Append(batch, ctx.stats);
      }
      merged->Rewind(ctx.stats);
      result.bytes += merged->bytes();
      next.push_back(std::move(merged));
    }
    for (; i < runs.size(); ++i) next.push_back(std::move(runs[i]));
    runs = std::move(next);
    ++result.passes;
  }
  return result;
}

}  // namespace pathdb
