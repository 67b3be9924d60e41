// Materialised WITH queries: the MATERIALIZE hint keeps a WITH query as a temporary result,
// loaded once per execution by TEMP TABLE TRANSFORMATION and read by each reference, as
// Oracle does (INLINE, the default here, binds the query again at every reference).
#include <fmt/format.h>

#include "common/error.h"
#include "executor/temp_table_transformation.h"
#include "planner/binder.h"
#include "planner/plan_rewrite.h"
#include "planner/sql_id.h"

namespace pathdb::planner {

namespace {

TempTableDef* FindDef(PlanContext& ctx, const ast::Query::With& cte) {
  for (auto& d : ctx.temp_tables)
    if (d.with == &cte) return &d;
  return nullptr;
}

}  // namespace

bool Binder::WantsMaterialize(const ast::Query::With& cte) {
  if (!cte.query || !cte.query->block) return false;
  bool materialize = false;
  for (const auto& h : cte.query->block->hints) {
    if (h.malformed) continue;
    if (h.name == "MATERIALIZE") materialize = true;
    if (h.name == "INLINE") return false;
  }
  return materialize;
}

LogicalPtr Binder::MaterializedCte(const ast::Query::With& cte) {
  TempTableDef* def = FindDef(ctx_, cte);
  if (def == nullptr) {
    Binder child(ctx_, nullptr, this);
    child.ctes_[cte.name] = nullptr;
    BoundQuery bq = child.BindQuery(*cte.query);
    if (!cte.columns.empty()) {
      if (cte.columns.size() != bq.names.size())
        ThrowOra(1730, "invalid number of column names specified");
      bq.names = cte.columns;
    }
    TempTableDef d;
    d.with = &cte;
    d.id = static_cast<uint32_t>(ctx_.temp_tables.size() + 1);
    // Oracle's names look like SYS_TEMP_0FD9D6601_4B2E0F: a running number and a hash.
    d.name = fmt::format("SYS_TEMP_0FD9D66{:02X}_{:06X}", d.id,
                         SqlHashValue(cte.name) & 0xFFFFFFu);
    d.names = bq.names;
    d.plan = std::shared_ptr<LogicalNode>(std::move(bq.plan));
    ctx_.temp_tables.push_back(std::move(d));
    def = &ctx_.temp_tables.back();
  }
  auto scan = std::make_unique<LogicalNode>(LogicalNode::Kind::kTempTable);
  scan->types = def->plan->types;
  scan->temp_id = def->id;
  scan->name = def->name;
  auto view = std::make_unique<LogicalNode>(LogicalNode::Kind::kView);
  view->name = cte.name;
  view->types = scan->types;
  view->children.push_back(std::move(scan));
  return view;
}

std::vector<std::string> Binder::MaterializedCteNames(const ast::Query::With& cte) {
  TempTableDef* def = FindDef(ctx_, cte);
  if (def == nullptr) ThrowOra(600, "internal error code, arguments: [temp table names]");
  return def->names;
}

}  // namespace pathdb::planner

namespace pathdb::planner {

std::unique_ptr<PhysicalOperator> PlanTempTableScan(const LogicalNode& n) {
  auto op = std::make_unique<TempTableScan>(n.temp_id, n.name, n.types);
  op->estimated_rows = 1;
  return op;
}

std::unique_ptr<PhysicalOperator> WrapTempTables(std::unique_ptr<PhysicalOperator> root,
                                                 PlanContext& ctx) {
  if (ctx.temp_tables.empty()) return root;
  auto top = std::make_unique<TempTableTransformation>();
  double cost = root->cost;
  for (auto& def : ctx.temp_tables) {
    auto load = std::make_unique<TempTableLoad>(def.id, def.name);
    auto body = PlanPhysical(*def.plan, ctx);
    load->estimated_rows = body->estimated_rows;
    load->estimated_bytes = body->estimated_bytes;
    load->cost = body->cost;
    load->cpu_cost = body->cpu_cost;
    cost += body->cost;
    // Every reader of this result now knows how many rows it holds.
    const double rows = body->estimated_rows;
    RewritePlan(root, ctx, [&](PhysicalOperator& op) -> std::unique_ptr<PhysicalOperator> {
      if (op.type() == OperatorType::kTempTableScan &&
          static_cast<const TempTableScan&>(op).id() == def.id)
        op.estimated_rows = rows;
      return nullptr;
    });
    load->AddChild(std::move(body));
    top->AddChild(std::move(load));
  }
  top->estimated_rows = root->estimated_rows;
  top->estimated_bytes = root->estimated_bytes;
  top->cpu_cost = root->cpu_cost;
  top->cost = cost;
  top->AddChild(std::move(root));
  return top;
}

}  // namespace pathdb::planner
