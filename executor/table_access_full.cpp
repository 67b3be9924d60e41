#include "executor/table_access_full.h"

#include "common/error.h"

namespace pathdb {
namespace {

struct TableAccessFullState : OperatorState {
  std::unique_ptr<storage::TableScanState> scan;
  bool done = false;
};

std::vector<LogicalType> ProjectedTypes(const storage::TableInfo& table,
                                        const std::vector<uint32_t>& ids) {
  std::vector<LogicalType> types;
  types.reserve(ids.size());
  for (uint32_t id : ids) {
    if (id == storage::kRowIdColumn) {
      types.push_back(LogicalType::Integer());
    } else if (id < table.columns.size()) {
      types.push_back(table.columns[id].type);
    } else {
      ThrowOra(600, "internal error code, arguments: [table access full column {}]", id);
    }
  }
  return types;
}

}  // namespace

TableAccessFull::TableAccessFull(const storage::TableInfo& table,
                                 std::vector<uint32_t> column_ids, BoundExprPtr filter)
    : PhysicalOperator("TABLE ACCESS FULL", ProjectedTypes(table, column_ids)),
      table_(table),
      column_ids_(std::move(column_ids)),
      filter_(std::move(filter)) {
  object_name = table.name;
}

void TableAccessFull::AddRuntimeFilter(std::shared_ptr<const RuntimeFilter> filter) {
  runtime_filters_.push_back(std::move(filter));
}

std::unique_ptr<OperatorState> TableAccessFull::OpenImpl(ExecContext& ctx) const {
  auto st = std::make_unique<TableAccessFullState>();
  st->scan = ctx.db.BeginScan(table_, column_ids_, ctx.stats);
  return st;
}

bool TableAccessFull::NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const {
  auto& st = static_cast<TableAccessFullState&>(state);
  while (!st.done) {
    ctx.CheckCancel();
    out.Reset();
    if (!ctx.db.ScanNext(*st.scan, out, nullptr, ctx.stats)) {
      st.done = true;
      break;
    }
    if (filter_) ExpressionExecutor::Filter(*filter_, out, ctx.eval);
    for (const auto& rf : runtime_filters_) {
      if (out.Count() == 0) break;
      rf->Apply(out);
    }
    if (out.Count() > 0) return true;
  }
  return false;
}

}  // namespace pathdb
