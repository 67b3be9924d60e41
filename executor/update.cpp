#include "executor/update.h"

#include "common/error.h"
#include "executor/cell_ops.h"
#include "executor/chunk_collection.h"

namespace pathdb {
namespace {
struct UpdateState : OperatorState {
  std::unique_ptr<OperatorState> child;
  bool done = false;
};
}  // namespace

UpdateRows::UpdateRows(const storage::TableInfo& table, std::vector<uint32_t> set_columns)
    : ChildTypedOperator(OperatorType::kUpdate, "UPDATE"),
      table_(table),
      set_columns_(std::move(set_columns)) {
  object_name = table.name;
  types_ = ComputeTypes();
  for (uint32_t c : set_columns_)
    if (c >= table.columns.size())
      ThrowOra(600, "internal error code, arguments: [update column {}]", c);
}

std::unique_ptr<OperatorState> UpdateRows::OpenImpl(ExecContext& ctx) const {
  auto st = std::make_unique<UpdateState>();
  ctx.shared.NoteDml();  // before the input's scans open: they read through the cache
  st->child = children_.at(0)->Open(ctx);
  return st;
}

bool UpdateRows::NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const {
  auto& st = static_cast<UpdateState&>(state);
  if (st.done) return false;
  const auto& types = children_[0]->types();
  if (types.size() != set_columns_.size() + 1)
    ThrowOra(600, "internal error code, arguments: [update arity {}]", types.size());
  // Materialise first (Halloween problem): new values must come from the old rows only.
  ChunkCollection rows(types);
  DataChunk batch(types);
  while (children_[0]->Next(ctx, *st.child, batch)) {
    ctx.CheckCancel();
    rows.Append(batch);
  }
  uint64_t updated = 0;
  for (uint32_t r = 0; r < rows.size(); r++) {
    if (r % kVectorSize == 0) ctx.CheckCancel();
    const Vector& rid = rows.Column(0, r);
    size_t off = ChunkCollection::Offset(r);
    if (rid.IsNull(off)) continue;
    auto packed = rid.Data<Decimal>()[off].ToInt64();
    if (!packed) ThrowOra(1410, "invalid ROWID");
    auto rowid = storage::RowId::Unpack(*packed);
    auto values = ctx.db.Fetch(table_, rowid, ctx.stats);
    if (!values) continue;  // deleted meanwhile
    for (size_t k = 0; k < set_columns_.size(); k++) {
      const auto& col = table_.columns[set_columns_[k]];
      Value v = rows.GetValue(k + 1, r);
      if (v.is_null() && col.not_null)
        ThrowOra(1407, "cannot update (\"PATHDB\".\"{}\".\"{}\") to NULL", table_.name, col.name);
      (*values)[set_columns_[k]] = std::move(v);
    }
    ctx.db.Update(table_, rowid, *values, ctx.txn, ctx.stats);
    updated++;
  }
  st.done = true;
  out.Reset();
  out.column(0).Data<Decimal>()[0] = Decimal::FromInt(static_cast<int64_t>(updated));
  out.SetSize(1);
  return true;
}

}  // namespace pathdb
