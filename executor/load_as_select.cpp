#include "executor/load_as_select.h"

namespace pathdb {
namespace {
struct LoadAsSelectState : OperatorState {
  std::unique_ptr<OperatorState> child;
  uint64_t rows = 0;
  bool done = false;
};
}  // namespace

LoadAsSelect::LoadAsSelect(const storage::TableInfo& table)
    : ChildTypedOperator(OperatorType::kLoadAsSelect, "LOAD AS SELECT"), table_(table) {
  object_name = table.name;
  types_ = ComputeTypes();
}

std::unique_ptr<OperatorState> LoadAsSelect::OpenImpl(ExecContext& ctx) const {
  auto st = std::make_unique<LoadAsSelectState>();
  st->child = children_.at(0)->Open(ctx);
  return st;
}

bool LoadAsSelect::NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const {
  auto& st = static_cast<LoadAsSelectState&>(state);
  if (st.done) return false;
  // Begun only now, after the child was opened: a scan of the same table (INSERT /*+ APPEND */
  // INTO t SELECT ... FROM t) sees the old HWM and never the rows this statement writes. When
  // anything throws, the unfinished insert is dropped with this frame: the HWM never moved.
  auto load = ctx.db.BeginDirectPathInsert(table_, ctx.txn, ctx.stats);
  DataChunk batch(children_[0]->types());
  while (children_[0]->Next(ctx, *st.child, batch)) {
    ctx.CheckCancel();
    st.rows += load->Append(batch, ctx.stats);
  }
  load->Finish(ctx.stats);
  st.done = true;
  out.Reset();
  out.column(0).Data<Decimal>()[0] = Decimal::FromInt(static_cast<int64_t>(st.rows));
  out.SetSize(1);
  return true;
}

}  // namespace pathdb
