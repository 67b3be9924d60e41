// The catalogue of system views (the dictionary's USER_* and the session's V$), in name
// order, and the FIXED TABLE FULL operator that scans one of them.
#include "planner/views/system_views.h"

#include "planner/logical_plan.h"
#include "planner/planner.h"
#include "planner/views/view_builder.h"

namespace pathdb::planner {

namespace {

// Built once, immutable afterwards: safe to read from any thread.
const std::vector<SystemView>& Catalogue() {
  static const std::vector<SystemView> kViews = [] {
    std::vector<SystemView> v = views::DictionaryViews();
    for (auto& d : views::DynamicViews()) v.push_back(std::move(d));
    return v;
  }();
  return kViews;
}

}  // namespace

const SystemView* FindSystemView(std::string_view name) {
  for (const auto& v : Catalogue())
    if (v.table.name == name) return &v;
  return nullptr;
}

std::vector<const SystemView*> SystemViews() {
  std::vector<const SystemView*> out;
  for (const auto& v : Catalogue()) out.push_back(&v);
  return out;
}

std::unique_ptr<PhysicalOperator> PlanFixedTable(LogicalNode& n, PlanContext& ctx) {
  const SystemView* view = n.system_view;
  SystemViewSources sources = ctx.sources ? *ctx.sources : SystemViewSources{};
  auto rows = [view, sources](ExecContext& ec) { return view->rows(ec, sources); };
  auto op = std::make_unique<FixedTableFull>(view->table.name, n.types, n.column_ids,
                                             std::move(rows), std::move(n.predicate));
  // Fixed tables have no statistics: Oracle's default estimate for them is modest.
  op->estimated_rows = op->filter() ? 1 : 100;
  op->cost = 1;
  return op;
}

}  // namespace pathdb::planner
