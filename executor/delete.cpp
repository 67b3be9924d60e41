#include "executor/delete.h"

#include <algorithm>

#include "common/error.h"
#include "executor/cell_ops.h"

namespace pathdb {
namespace {
struct DeleteState : OperatorState {
  std::unique_ptr<OperatorState> child;
  bool done = false;
};
}  // namespace

DeleteRows::DeleteRows(const storage::TableInfo& table)
    : ChildTypedOperator(OperatorType::kDelete, "DELETE"), table_(table) {
  object_name = table.name;
  types_ = ComputeTypes();
}

std::unique_ptr<OperatorState> DeleteRows::OpenImpl(ExecContext& ctx) const {
  auto st = std::make_unique<DeleteState>();
  ctx.shared.NoteDml();  // before the input's scans open: they read through the cache
  st->child = children_.at(0)->Open(ctx);
  return st;
}

bool DeleteRows::NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const {
  auto& st = static_cast<DeleteState&>(state);
  if (st.done) return false;
  // Every ROWID is collected before the first delete, so the scan never sees its own work.
  std::vector<int64_t> rowids;
  DataChunk batch(children_[0]->types());
  while (children_[0]->Next(ctx, *st.child, batch)) {
    ctx.CheckCancel();
    const Vector& v = batch.column(0);
    for (size_t i = 0; i < batch.Count(); i++) {
      size_t r = PhysRow(v, batch.RowIndex(i));
      if (v.IsNull(r)) continue;
      auto packed = v.Data<Decimal>()[r].ToInt64();
      if (!packed) ThrowOra(1410, "invalid ROWID");
      rowids.push_back(*packed);
    }
  }
  // A row reached twice (through a join) is deleted once.
  std::sort(rowids.begin(), rowids.end());
  rowids.erase(std::unique(rowids.begin(), rowids.end()), rowids.end());
  for (size_t i = 0; i < rowids.size(); i++) {
    if (i % kVectorSize == 0) ctx.CheckCancel();
    ctx.db.Delete(table_, storage::RowId::Unpack(rowids[i]), ctx.txn, ctx.stats);
  }
  st.done = true;
  out.Reset();
  out.column(0).Data<Decimal>()[0] = Decimal::FromInt(static_cast<int64_t>(rowids.size()));
  out.SetSize(1);
  return true;
}

}  // namespace pathdb
