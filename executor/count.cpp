#include "executor/count.h"

#include "executor/chunk_util.h"

namespace pathdb {
namespace {
struct CountState : OperatorState {
  std::unique_ptr<OperatorState> child;
  DataChunk input;
  uint64_t rownum = 0;
};
}  // namespace

Count::Count() : ChildTypedOperator("COUNT") {}

std::vector<LogicalType> Count::ComputeTypes() const {
  auto t = ChildTypes(0);
  t.push_back(LogicalType::Integer());
  return t;
}

std::unique_ptr<OperatorState> Count::Open(ExecContext& ctx) const {
  auto st = std::make_unique<CountState>();
  st->child = children_.at(0)->Open(ctx);
  st->input.Initialize(children_[0]->types());
  return st;
}

bool Count::Next(ExecContext& ctx, OperatorState& state, DataChunk& out) const {
  auto& st = static_cast<CountState&>(state);
  if (!children_[0]->Next(ctx, *st.child, st.input)) return false;
  ctx.CheckCancel();
  out.Reset();
  MoveColumns(st.input, out);
  Vector& rn = out.column(out.ColumnCount() - 1);
  for (size_t i = 0; i < out.Count(); i++)
    rn.Data<Decimal>()[out.RowIndex(i)] = Decimal::FromInt(static_cast<int64_t>(++st.rownum));
  return true;
}

}  // namespace pathdb
