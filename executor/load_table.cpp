#include "executor/load_table.h"

namespace pathdb {
namespace {
struct LoadTableState : OperatorState {
  std::unique_ptr<OperatorState> child;
  uint64_t rows = 0;
  bool done = false;
};
}  // namespace

LoadTableConventional::LoadTableConventional(const storage::TableInfo& table)
    : ChildTypedOperator(OperatorType::kLoadTableConventional, "LOAD TABLE CONVENTIONAL"),
      table_(table) {
  object_name = table.name;
  types_ = ComputeTypes();
}

uint64_t LoadTableConventional::RowsProcessed(const OperatorState& state) {
  return static_cast<const LoadTableState&>(state).rows;
}

std::unique_ptr<OperatorState> LoadTableConventional::OpenImpl(ExecContext& ctx) const {
  auto st = std::make_unique<LoadTableState>();
  st->child = children_.at(0)->Open(ctx);
  return st;
}

bool LoadTableConventional::NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const {
  auto& st = static_cast<LoadTableState&>(state);
  if (st.done) return false;
  DataChunk batch(children_[0]->types());
  while (children_[0]->Next(ctx, *st.child, batch)) {
    ctx.CheckCancel();
    ctx.db.Insert(table_, batch, ctx.txn, ctx.stats);
    st.rows += batch.Count();
  }
  st.done = true;
  out.Reset();
  out.column(0).Data<Decimal>()[0] = Decimal::FromInt(static_cast<int64_t>(st.rows));
  out.SetSize(1);
  return true;
}

}  // namespace pathdb
