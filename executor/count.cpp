#include "executor/count.h"

#include "executor/chunk_util.h"
#include "executor/subplans.h"

namespace pathdb {
namespace {
struct CountState : OperatorState {
  std::unique_ptr<OperatorState> child;
  DataChunk input;
  uint64_t rownum = 0;
};
}  // namespace

Count::Count(BoundExprPtr rownum_filter)
    : ChildTypedOperator(OperatorType::kCount, "COUNT"), rownum_filter_(std::move(rownum_filter)) {}

std::vector<const PhysicalOperator*> Count::SubPlans() const {
  std::vector<const PhysicalOperator*> out;
  if (rownum_filter_) CollectSubPlans(*rownum_filter_, out);
  return out;
}

std::vector<LogicalType> Count::ComputeTypes() const {
  auto t = ChildTypes(0);
  t.push_back(LogicalType::Integer());
  return t;
}

std::unique_ptr<OperatorState> Count::OpenImpl(ExecContext& ctx) const {
  auto st = std::make_unique<CountState>();
  st->child = children_.at(0)->Open(ctx);
  st->input.Initialize(children_[0]->types());
  return st;
}

bool Count::NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const {
  auto& st = static_cast<CountState&>(state);
  for (;;) {
    if (!children_[0]->Next(ctx, *st.child, st.input)) return false;
    ctx.CheckCancel();
    out.Reset();
    MoveColumns(st.input, out);
    Vector& rn = out.column(out.ColumnCount() - 1);
    if (!rownum_filter_) {
      for (size_t i = 0; i < out.Count(); i++)
        rn.Data<Decimal>()[out.RowIndex(i)] = Decimal::FromInt(static_cast<int64_t>(++st.rownum));
      return true;
    }
    // The candidate number depends on how many earlier rows passed, so rows are decided one at
    // a time; ROWNUM filters that are not a stopkey are rare and never on a hot path.
    const SelectionVector rows = [&] {
      SelectionVector all;
      for (size_t i = 0; i < out.Count(); i++) all.push_back(out.RowIndex(i));
      return all;
    }();
    SelectionVector keep;
    for (uint32_t row : rows) {
      rn.Data<Decimal>()[row] = Decimal::FromInt(static_cast<int64_t>(st.rownum + 1));
      out.SetSelection({row});
      ExpressionExecutor::Filter(*rownum_filter_, out, ctx.eval);
      if (out.Count() == 1) {
        keep.push_back(row);
        ++st.rownum;
      }
    }
    out.SetSelection(std::move(keep));
    if (out.Count() > 0) return true;
  }
}

}  // namespace pathdb
