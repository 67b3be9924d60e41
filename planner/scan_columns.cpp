#include "planner/scan_columns.h"

#include <optional>
#include <vector>

#include "executor/hash_group_by.h"
#include "executor/projection.h"
#include "executor/sort_aggregate.h"
#include "executor/sort_group_by.h"
#include "executor/table_access_full.h"
#include "planner/bound_util.h"
#include "planner/plan_rewrite.h"

namespace pathdb::planner {

namespace {

//! The input columns `op` reads, when it is an operator whose every input reference is in
//! the expressions below (nullopt: assume it reads all of them).
std::optional<std::vector<bool>> ColumnsRead(const PhysicalOperator& op, size_t width) {
  std::vector<bool> read(width, false);
  auto mark = [&](const BoundExpr& e) {
    VisitColumns(e, [&](size_t i) {
      if (i < read.size()) read[i] = true;
    });
  };
  auto aggregates = [&](const std::vector<AggregateSpec>& aggs) {
    for (const AggregateSpec& a : aggs) {
      if (a.arg) mark(*a.arg);
    }
  };
  switch (op.type()) {
    case OperatorType::kSortAggregate:
      aggregates(static_cast<const SortAggregate&>(op).aggregates());
      return read;
    case OperatorType::kHashGroupBy: {
      const auto& g = static_cast<const HashGroupBy&>(op);
      for (const auto& e : g.groups()) mark(*e);
      aggregates(g.aggregates());
      return read;
    }
    case OperatorType::kSortGroupBy: {
      const auto& g = static_cast<const SortGroupBy&>(op);
      for (const auto& e : g.groups()) mark(*e);
      aggregates(g.aggregates());
      return read;
    }
    case OperatorType::kProjection:
      for (const auto& e : static_cast<const Projection&>(op).exprs()) mark(*e);
      return read;
    default:
      return std::nullopt;
  }
}

}  // namespace

void PruneScanColumns(std::unique_ptr<PhysicalOperator>& root, PlanContext& ctx) {
  RewritePlan(root, ctx, [](PhysicalOperator& op) -> std::unique_ptr<PhysicalOperator> {
    if (op.children().size() != 1 || op.children()[0]->type() != OperatorType::kTableAccessFull)
      return nullptr;
    auto& scan = static_cast<TableAccessFull&>(*op.mutable_child(0));
    auto read = ColumnsRead(op, scan.types().size());
    if (!read) return nullptr;
    std::vector<bool> unread(read->size());
    for (size_t i = 0; i < unread.size(); ++i) unread[i] = !(*read)[i];
    scan.SetUnreadOutputs(unread);
    return nullptr;
  });
}

}  // namespace pathdb::planner
