#include "executor/fixed_table.h"

#include <algorithm>

#include "common/error.h"

namespace pathdb {
namespace {

struct FixedTableState : OperatorState {
  std::vector<std::vector<Value>> rows;  //!< materialised at Open: one consistent snapshot
  size_t next = 0;
};

}  // namespace

FixedTableFull::FixedTableFull(std::string view_name, std::vector<LogicalType> types,
                               std::vector<uint32_t> column_ids, FixedTableRowsFn rows,
                               BoundExprPtr filter)
    : PhysicalOperator(OperatorType::kFixedTableFull, "FIXED TABLE FULL", std::move(types)),
      column_ids_(std::move(column_ids)),
      rows_(std::move(rows)),
      filter_(std::move(filter)) {
  object_name = std::move(view_name);
  if (column_ids_.size() != types_.size())
    ThrowOra(600, "internal error code, arguments: [fixed table], [{} columns, {} types]",
             column_ids_.size(), types_.size());
}

std::unique_ptr<OperatorState> FixedTableFull::OpenImpl(ExecContext& ctx) const {
  auto st = std::make_unique<FixedTableState>();
  st->rows = rows_(ctx);
  return st;
}

bool FixedTableFull::NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const {
  auto& st = static_cast<FixedTableState&>(state);
  while (st.next < st.rows.size()) {
    ctx.CheckCancel();
    out.Reset();
    const size_t n = std::min(kVectorSize, st.rows.size() - st.next);
    for (size_t c = 0; c < column_ids_.size(); ++c) {
      Vector& v = out.column(c);
      const uint32_t id = column_ids_[c];
      for (size_t r = 0; r < n; ++r) {
        const std::vector<Value>& row = st.rows[st.next + r];
        if (id >= row.size() || row[id].is_null()) {
          v.SetValue(r, Value::Null(types_[c]));
        } else {
          v.SetValue(r, row[id]);
        }
      }
    }
    out.SetSize(n);
    st.next += n;
    if (filter_) ExpressionExecutor::Filter(*filter_, out, ctx.eval);
    if (out.Count() > 0) return true;
  }
  return false;
}

}  // namespace pathdb
