// Merging sorted runs: the external half of SORT ORDER BY (and SORT UNIQUE through it). The
// number of runs merged at once (the fan-in) comes from the work area, so a merge holds a
// bounded number of buffers whatever the input size; more runs than that are first merged in
// groups of consecutive runs (multi-pass, as Oracle's multipass work areas do) until few
// enough remain. All runs live in one TempSegment: one open file however many runs there are.
#pragma once
#include <memory>
#include <vector>

#include "executor/row_sort.h"
#include "executor/spill_file.h"

namespace pathdb {

struct MergeShape {
  size_t fan_in = 2;      //!< runs merged at once (>= 2)
  size_t head_rows = 64;  //!< rows each run being merged keeps decoded
};

//! The fan-in and head size for a work area of `work_area_bytes` whose rows weigh about
//! `row_bytes` and whose segment's extents (= one run's read buffer) are `extent_bytes`:
//! fan_in = max(2, work_area / extent - 1) (the inputs' buffers and the output's fit in the
//! work area), and the inputs' decoded heads together take about half the work area.
MergeShape PlanMerge(uint64_t work_area_bytes, size_t extent_bytes, size_t row_bytes);

//! Merges runs into one ordered stream. Belongs to one execution and its thread.
class RunMerger {
 public:
  //! REQUIRES: every run sorted by `cols` (over its own columns) and rewound. On equal keys the
  //! earlier run's row comes first, so merging the consecutive runs of a stable sort is stable.
  RunMerger(std::vector<std::unique_ptr<SpillFile>> runs, std::vector<SortColumn> cols,
            size_t head_rows);
  //! Fills `out` (reset first; its columns are the runs' first `ncols`) with the next rows, at
  //! most `max_rows` (<= out's capacity); false when the runs are exhausted.
  bool Next(DataChunk& out, size_t ncols, size_t max_rows, SessionStats& stats);

 private:
  bool After(size_t a, size_t b) const;
  void Start(SessionStats& stats);

  std::vector<std::unique_ptr<SpillFile>> runs_;
  std::vector<SortColumn> cols_;
  size_t head_rows_;
  std::vector<DataChunk> head_;   //!< current batch of each run
  std::vector<size_t> head_pos_;  //!< next row in it
  std::vector<size_t> heap_;      //!< runs with rows left, smallest head on top
  bool started_ = false;
};

//! Merges groups of consecutive runs of `runs` into single runs written to `segment` until at
//! most shape.fan_in remain (the earliest runs first, just enough to get there), keeping their
//! order. The merged runs' extents are reused by the next merges. Checks for cancel once per
//! batch.
struct MergeDownResult {
  int passes = 0;      //!< passes made (0 when `runs` were few enough)
  uint64_t bytes = 0;  //!< bytes of the runs they wrote
};
MergeDownResult MergeDown(std::vector<std::unique_ptr<SpillFile>>& runs,
                          const std::vector<SortColumn>& cols, const MergeShape& shape,
                          const std::shared_ptr<TempSegment>& segment, ExecContext& ctx);

}  // namespace pathdb
