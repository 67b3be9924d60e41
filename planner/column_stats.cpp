#include "planner/column_stats.h"

#include <algorithm>
#include <cmath>

namespace pathdb::planner {

card::ColumnView OutputColumnStats(const LogicalNode& n, size_t column) {
  using Kind = LogicalNode::Kind;
  switch (n.kind) {
    case Kind::kScan: {
      if (n.table == nullptr || n.system_view != nullptr || !n.table->stats.present) return {};
      if (column >= n.column_ids.size()) return {};
      const uint32_t tc = n.column_ids[column];
      if (tc >= n.table->stats.columns.size()) return {};
      return {&n.table->stats.columns[tc], static_cast<double>(n.table->stats.num_rows)};
    }
    case Kind::kView:
    case Kind::kFilter:
    case Kind::kLimit:
    case Kind::kSort:
    case Kind::kDistinct:
    case Kind::kCount:  // ROWNUM is appended after the child's columns
      if (n.children.empty() || column >= n.children[0]->types.size()) return {};
      return OutputColumnStats(*n.children[0], column);
    case Kind::kJoin: {
      const size_t left = n.children[0]->types.size();
      if (column < left) return OutputColumnStats(*n.children[0], column);
      return OutputColumnStats(*n.children[1], column - left);
    }
    case Kind::kProject: {
      if (column >= n.exprs.size() || !n.exprs[column]) return {};
      const BoundExpr& e = *n.exprs[column];
      if (e.kind != BoundKind::kColumn) return {};
      return OutputColumnStats(*n.children[0], e.column_index);
    }
    case Kind::kAggregate: {
      if (column >= n.groups.size() || !n.groups[column]) return {};
      const BoundExpr& e = *n.groups[column];
      if (e.kind != BoundKind::kColumn) return {};
      return OutputColumnStats(*n.children[0], e.column_index);
    }
    default:
      return {};
  }
}

double DistinctAmong(double ndv, double table_rows, double rows) {
  if (ndv <= 0 || rows <= 0) return 0;
  if (table_rows <= rows) return std::min(ndv, rows);
  const double d = ndv * (1.0 - std::pow(1.0 - rows / table_rows, table_rows / ndv));
  return std::clamp(d, 1.0, std::min(ndv, rows));
}

}  // namespace pathdb::planner
