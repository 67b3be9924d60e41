#include "executor/sort_unique.h"

#include "executor/cell_ops.h"
#include "executor/row_sort.h"
#include "executor/sort_order_by.h"

namespace pathdb {
namespace {

//! Hands SORT UNIQUE's child to the sort inside it without taking ownership: not a plan line,
//! so the child's own line still measures itself.
class ChildInput : public PhysicalOperator {
 public:
  explicit ChildInput(const PhysicalOperator& child)
      : PhysicalOperator(OperatorType::kSortUniqueInput, "SORT UNIQUE INPUT", child.types()),
        child_(child) {}
  std::unique_ptr<OperatorState> OpenImpl(ExecContext& ctx) const override {
    return child_.Open(ctx);
  }
  bool NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const override {
    return child_.Next(ctx, state, out);
  }

 private:
  const PhysicalOperator& child_;
};

struct SortUniqueState : OperatorState {
  // The sort is built per start: the operator stays immutable while it runs.
  std::unique_ptr<SortOrderBy> sort;
  std::unique_ptr<OperatorState> sorted;
  std::vector<SortColumn> cols;  //!< every column, ascending, NULLs last
  DataChunk last;                //!< the last row returned: its duplicates may follow
  bool has_last = false;
};

}  // namespace

SortUnique::SortUnique() : ChildTypedOperator(OperatorType::kSortUnique, "SORT UNIQUE") {}

std::unique_ptr<OperatorState> SortUnique::OpenImpl(ExecContext& ctx) const {
  auto st = std::make_unique<SortUniqueState>();
  const auto& child = *children_.at(0);
  std::vector<SortKey> keys;
  for (size_t c = 0; c < types_.size(); c++) {
    auto e = std::make_unique<BoundExpr>(BoundKind::kColumn, types_[c]);
    e->column_index = c;
    keys.push_back({std::move(e), false, false});
    st->cols.push_back({c, false, false});
  }
  // The sort spills beyond ctx.work_area_bytes, counts `sorts (memory|disk)` and fills this
  // line's work-area columns; duplicates come out next to each other.
  st->sort = std::make_unique<SortOrderBy>(std::move(keys), std::nullopt);
  st->sort->AddChild(std::make_unique<ChildInput>(child));
  st->sort->ReportWorkAreaAs(line_id());
  st->sorted = st->sort->Open(ctx);
  st->last.Initialize(types_);
  return st;
}

bool SortUnique::NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const {
  auto& st = static_cast<SortUniqueState&>(state);
  while (st.sort->Next(ctx, *st.sorted, out)) {
    ctx.CheckCancel();
    SelectionVector keep;
    size_t n = out.Count();
    for (size_t i = 0; i < n; i++) {
      size_t r = out.RowIndex(i);
      bool dup = keep.empty() ? st.has_last && CompareChunkRows(out, r, st.last, 0, st.cols) == 0
                              : CompareChunkRows(out, r, out, keep.back(), st.cols) == 0;
      if (!dup) keep.push_back(static_cast<uint32_t>(r));
    }
    if (keep.empty()) continue;
    st.last.Reset();
    for (size_t c = 0; c < types_.size(); c++)
      CopyCell(out.column(c), keep.back(), st.last.column(c), 0);
    st.last.SetSize(1);
    st.has_last = true;
    if (keep.size() < n) out.SetSelection(std::move(keep));
    return true;
  }
  return false;
}

}  // namespace pathdb
