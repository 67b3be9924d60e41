// Materialised WITH queries: the MATERIALIZE hint, or a second reference, keeps a WITH query as
// a temporary result, loaded once per execution by TEMP TABLE TRANSFORMATION and read by each
// reference, as Oracle does (INLINE, and a query referenced once, bind it again at the reference).
#include <fmt/format.h>

#include "common/error.h"
#include "executor/temp_table_transformation.h"
#include "planner/binder.h"
#include "planner/plan_rewrite.h"
#include "planner/sql_id.h"

namespace pathdb::planner {

namespace {

size_t CountInQuery(const ast::Query& q, const std::string& name);
size_t CountInBody(const ast::Query& q, const std::string& name);

size_t CountInExpr(const ast::Expr* e, const std::string& name) {
  if (e == nullptr) return 0;
  size_t n = e->subquery ? CountInQuery(*e->subquery, name) : 0;
  for (const auto& a : e->args) n += CountInExpr(a.get(), name);
  return n;
}

size_t CountInTableRef(const ast::TableRef* r, const std::string& name) {
  if (r == nullptr) return 0;
  switch (r->kind) {
    case ast::TableRef::Kind::kTable:
      return r->name.size() == 1 && r->name[0] == name ? 1 : 0;
    case ast::TableRef::Kind::kSubquery:
      return r->subquery ? CountInQuery(*r->subquery, name) : 0;
    case ast::TableRef::Kind::kJoin:
      return CountInTableRef(r->left.get(), name) + CountInTableRef(r->right.get(), name) +
             CountInExpr(r->on.get(), name);
    case ast::TableRef::Kind::kTableFunction:
      return CountInExpr(r->function.get(), name);
  }
  return 0;
}

// The query's own block or set operation, not its WITH list.
size_t CountInBody(const ast::Query& q, const std::string& name) {
  size_t n = 0;
  if (q.block) {
    const ast::QueryBlock& b = *q.block;
    for (const auto& item : b.items) n += CountInExpr(item.expr.get(), name);
    for (const auto& r : b.from) n += CountInTableRef(r.get(), name);
    for (const ast::Expr* e :
         {b.where.get(), b.start_with.get(), b.connect_by.get(), b.having.get()})
      n += CountInExpr(e, name);
    for (const auto& g : b.group_by) n += CountInExpr(g.get(), name);
  }
  if (q.left) n += CountInQuery(*q.left, name);
  if (q.right) n += CountInQuery(*q.right, name);
  for (const auto& o : q.order_by) n += CountInExpr(o.expr.get(), name);
  return n;
}

size_t CountInQuery(const ast::Query& q, const std::string& name) {
  size_t n = 0;
  for (const auto& w : q.with) {
    if (w.name == name) return n;  // hidden from here on (its own body sees the outer one)
    if (w.query) n += CountInQuery(*w.query, name);
  }
  return n + CountInBody(q, name);
}

TempTableDef* FindDef(PlanContext& ctx, const ast::Query::With& cte) {
  for (auto& d : ctx.temp_tables)
    if (d.with == &cte) return &d;
  return nullptr;
}

}  // namespace

size_t CountCteReferences(const ast::Query& q, size_t i) {
  const std::string& name = q.with[i].name;
  size_t n = 0;
  for (size_t j = i + 1; j < q.with.size(); ++j) {
    if (q.with[j].name == name) return n;
    if (q.with[j].query) n += CountInQuery(*q.with[j].query, name);
  }
  return n + CountInBody(q, name);
}

bool Binder::WantsMaterialize(const ast::Query::With& cte) const {
  if (!cte.query || !ctx_.temp_tables_allowed) return false;
  if (cte.query->block) {
    for (const auto& h : cte.query->block->hints) {
      if (h.malformed) continue;
      if (h.name == "MATERIALIZE") return true;
      if (h.name == "INLINE") return false;
    }
  }
  // Oracle materialises a WITH query the statement reads more than once, so it runs once.
  for (const Binder* b = this; b != nullptr; b = b->cte_parent_) {
    auto it = b->cte_references_.find(&cte);
    if (it != b->cte_references_.end()) return it->second > 1;
  }
  return false;
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
    d.name = fmt::format("SYS_TEMP_0FD9D66{:02X}_{:06X}", d.id, SqlHashValue(cte.name) & 0xFFFFFFu);
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

std::unique_ptr<PhysicalOperator> PlanTempTableScan(const LogicalNode& n, PlanContext& ctx) {
  auto op = std::make_unique<TempTableScan>(n.temp_id, n.name, n.types);
  op->estimated_rows = 1;
  for (size_t i = 0; i < ctx.temp_tables.size(); ++i) {
    if (ctx.temp_tables[i].id != n.temp_id) continue;
    if (!ctx.temp_tables[i].body) {
      // By index: planning may add to ctx.temp_tables and move its elements.
      const std::shared_ptr<LogicalNode> plan = ctx.temp_tables[i].plan;
      auto body = PlanPhysical(*plan, ctx);
      ctx.temp_tables[i].body = std::move(body);
    }
    op->estimated_rows = ctx.temp_tables[i].body->estimated_rows;
    op->estimated_bytes = ctx.temp_tables[i].body->estimated_bytes;
    break;
  }
  return op;
}

std::unique_ptr<PhysicalOperator> WrapTempTables(std::unique_ptr<PhysicalOperator> root,
                                                 PlanContext& ctx) {
  if (ctx.temp_tables.empty()) return root;
  auto top = std::make_unique<TempTableTransformation>();
  double cost = root->cost;
  for (auto& def : ctx.temp_tables) {
    auto load = std::make_unique<TempTableLoad>(def.id, def.name);
    // Planned at its first reference (PlanTempTableScan) unless no reference was planned.
    auto body = def.body ? std::move(def.body) : PlanPhysical(*def.plan, ctx);
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
