// Entry points: queries, INSERT/UPDATE/DELETE plans, CREATE TABLE dictionary entries.
#include "planner/planner.h"

#include <algorithm>
#include <set>
#include <tuple>

#include "common/error.h"
#include "executor/column_error.h"
#include "executor/delete.h"
#include "executor/load_as_select.h"
#include "executor/load_table.h"
#include "executor/projection.h"
#include "executor/table_access_full.h"
#include "executor/update.h"
#include "planner/access_path.h"
#include "planner/binder.h"
#include "planner/bound_util.h"
#include "planner/join_filters.h"
#include "planner/scan_columns.h"
#include "planner/temp_table.h"

namespace pathdb::planner {

void PlanRecord::Peek(PeekedBind bind) {
  auto before = [](const PeekedBind& p, const PeekedBind& b) {
    return std::tie(p.line, p.column) < std::tie(b.line, b.column);
  };
  auto at = std::lower_bound(peeked_binds.begin(), peeked_binds.end(), bind, before);
  if (at != peeked_binds.end() && at->line == bind.line && at->column == bind.column) return;
  peeked_binds.insert(at, std::move(bind));
}

namespace {

const storage::TableInfo& TargetTable(const ast::Statement& stmt, PlanContext& ctx) {
  if (stmt.name.empty()) ThrowOra(903, "invalid table name");
  const storage::TableInfo* t = ctx.db.FindTable(stmt.name.back());
  if (!t) ThrowOra(942, "table or view does not exist");
  return *t;
}

LogicalPtr ProjectOver(LogicalPtr child, std::vector<BoundExprPtr> exprs) {
  auto p = std::make_unique<LogicalNode>(LogicalNode::Kind::kProject);
  for (auto& e : exprs) p->types.push_back(e->type);
  p->exprs = std::move(exprs);
  p->children.push_back(std::move(child));
  return p;
}

// Converts a value for table column `col`; the cast names the column for ORA-12899.
BoundExprPtr CoerceToColumn(BoundExprPtr e, const storage::TableInfo& table, size_t col) {
  auto out = CoerceTo(std::move(e), table.columns[col].type);
  if (out->kind == BoundKind::kCast)
    out->name = QualifiedColumnName(table.name, table.columns[col].name);
  return out;
}

// Value for a column the INSERT does not name: its DEFAULT, else NULL.
BoundExprPtr DefaultFor(const storage::ColumnInfo& col) {
  if (col.default_value && !col.default_value->is_null())
    return CoerceTo(MakeConstant(*col.default_value), col.type);
  return MakeNullOf(col.type);
}

PhysicalPlan CountPlan(std::unique_ptr<PhysicalOperator> root, PlanRecord record) {
  PhysicalPlan p;
  p.record = std::move(record);
  p.root = std::move(root);
  p.names = {"ROWS"};
  p.types = {LogicalType::Integer()};
  return p;
}

}  // namespace

PhysicalPlan PlanQuery(const ast::Query& query, PlanContext& ctx) {
  ctx.temp_tables_allowed = true;  // WrapTempTables below
  Binder binder(ctx, nullptr, nullptr);
  BoundQuery bq = binder.BindQuery(query);
  PhysicalPlan p;
  p.types = bq.plan->types;
  p.root = WrapTempTables(PlanPhysical(*bq.plan, ctx), ctx);
  PruneScanColumns(p.root, ctx);
  PlaceJoinFilters(p.root, ctx);
  p.names = std::move(bq.names);
  p.named = std::move(bq.named);
  p.record = std::move(ctx.record);
  return p;
}

PhysicalPlan PlanInsert(const ast::Statement& stmt, PlanContext& ctx) {
  ctx.temp_tables_allowed = true;  // WrapTempTables below
  const storage::TableInfo& table = TargetTable(stmt, ctx);
  std::vector<size_t> targets;
  if (stmt.insert_columns.empty()) {
    for (size_t i = 0; i < table.columns.size(); ++i) targets.push_back(i);
  } else {
    std::set<size_t> seen;
    for (const auto& name : stmt.insert_columns) {
      auto idx = table.ColumnIndex(name);
      if (!idx) ThrowOra(904, "\"{}\": invalid identifier", name);
      if (!seen.insert(*idx).second) ThrowOra(957, "duplicate column name");
      targets.push_back(*idx);
    }
  }
  // Row shaped like the table from a row shaped like `targets`.
  auto shape = [&](std::vector<BoundExprPtr> values) {
    if (values.size() > targets.size()) ThrowOra(913, "too many values");
    if (values.size() < targets.size()) ThrowOra(947, "not enough values");
    std::vector<BoundExprPtr> row(table.columns.size());
    for (size_t k = 0; k < targets.size(); ++k)
      row[targets[k]] = CoerceToColumn(std::move(values[k]), table, targets[k]);
    for (size_t i = 0; i < row.size(); ++i)
      if (!row[i]) row[i] = DefaultFor(table.columns[i]);
    return row;
  };
  LogicalPtr source;
  if (stmt.query) {
    Binder binder(ctx, nullptr, nullptr);
    BoundQuery bq = binder.BindQuery(*stmt.query);
    std::vector<BoundExprPtr> cols;
    for (size_t i = 0; i < bq.plan->types.size(); ++i)
      cols.push_back(MakeColumn(i, bq.plan->types[i]));
    source = ProjectOver(std::move(bq.plan), shape(std::move(cols)));
  } else {
    if (stmt.values.empty()) ThrowOra(936, "missing expression");
    std::vector<LogicalPtr> rows;
    for (const auto& vals : stmt.values) {
      Binder binder(ctx, nullptr, nullptr);
      std::vector<BoundExprPtr> bound;
      for (const auto& v : vals) bound.push_back(binder.BindScalar(*v));
      rows.push_back(ProjectOver(std::make_unique<LogicalNode>(LogicalNode::Kind::kDual),
                                 shape(std::move(bound))));
    }
    if (rows.size() == 1) {
      source = std::move(rows[0]);
    } else {
      source = std::make_unique<LogicalNode>(LogicalNode::Kind::kSetOp);
      source->set_op = LogicalSetOp::kUnionAll;
      source->types = rows[0]->types;
      source->children = std::move(rows);
    }
  }
  // APPEND asks for a direct-path insert; like Oracle, only INSERT ... SELECT honours it.
  bool append = false;
  for (const auto& h : stmt.hints) append = append || (h.name == "APPEND" && !h.malformed);
  if (append && stmt.query) {
    auto load = std::make_unique<LoadAsSelect>(table);
    load->AddChild(WrapTempTables(PlanPhysical(*source, ctx), ctx));
    return CountPlan(std::move(load), std::move(ctx.record));
  }
  auto load = std::make_unique<LoadTableConventional>(table);
  load->object_name = table.name;
  load->AddChild(WrapTempTables(PlanPhysical(*source, ctx), ctx));
  return CountPlan(std::move(load), std::move(ctx.record));
}

namespace {

// Scan of the DML target with the ROWID first (the binder's RegisterTable numbering), through
// an index when the WHERE clause allows (planner/access_path.cpp).
std::unique_ptr<PhysicalOperator> TargetScan(const storage::TableInfo& table, Binder& binder,
                                             const ast::Statement& stmt, PlanContext& ctx) {
  std::vector<uint32_t> ids{storage::kRowIdColumn};
  for (uint32_t i = 0; i < table.columns.size(); ++i) ids.push_back(i);
  BoundExprPtr where = stmt.where ? binder.BindInScope(*stmt.where) : nullptr;
  return PlanTableAccess(table, std::move(ids), std::move(where),
                         stmt.alias.empty() ? table.name : stmt.alias, stmt.hints, ctx);
}

}  // namespace

PhysicalPlan PlanUpdate(const ast::Statement& stmt, PlanContext& ctx) {
  const storage::TableInfo& table = TargetTable(stmt, ctx);
  Binder binder(ctx, nullptr, nullptr);
  binder.RegisterTable(table, stmt.alias.empty() ? table.name : stmt.alias);
  std::vector<BoundExprPtr> exprs;
  exprs.push_back(MakeColumn(0, LogicalType::Integer()));
  std::vector<uint32_t> set_cols;
  for (const auto& [name, value] : stmt.assignments) {
    auto idx = table.ColumnIndex(name);
    if (!idx) ThrowOra(904, "\"{}\": invalid identifier", name);
    set_cols.push_back(static_cast<uint32_t>(*idx));
    exprs.push_back(CoerceToColumn(binder.BindInScope(*value), table, *idx));
  }
  auto scan = TargetScan(table, binder, stmt, ctx);
  std::vector<LogicalType> types;
  for (auto& e : exprs) types.push_back(e->type);
  auto proj = std::make_unique<Projection>(std::move(exprs), std::move(types));
  proj->AddChild(std::move(scan));
  auto upd = std::make_unique<UpdateRows>(table, std::move(set_cols));
  upd->object_name = table.name;
  upd->AddChild(std::move(proj));
  return CountPlan(std::move(upd), std::move(ctx.record));
}

PhysicalPlan PlanDelete(const ast::Statement& stmt, PlanContext& ctx) {
  const storage::TableInfo& table = TargetTable(stmt, ctx);
  Binder binder(ctx, nullptr, nullptr);
  binder.RegisterTable(table, stmt.alias.empty() ? table.name : stmt.alias);
  auto del = std::make_unique<DeleteRows>(table);
  del->object_name = table.name;
  del->AddChild(TargetScan(table, binder, stmt, ctx));
  return CountPlan(std::move(del), std::move(ctx.record));
}

Value EvaluateConstant(const ast::Expr& expr, PlanContext& ctx) {
  Binder binder(ctx, nullptr, nullptr);
  return FoldConstant(*binder.BindScalar(expr), ctx);
}

LogicalType StorageType(const LogicalType& declared) {
  LogicalType t = declared;
  if (t.id == TypeId::kVarchar && t.length == 0) t.length = 4000;
  if (t.id == TypeId::kChar && t.length == 0) t.length = 1;
  if (t.id == TypeId::kNull) ThrowOra(902, "invalid datatype");
  if (t.id == TypeId::kBoolean) ThrowOra(902, "invalid datatype");
  return t;
}

storage::TableInfo BuildTableInfo(const ast::Statement& stmt, PlanContext& ctx) {
  storage::TableInfo info;
  info.name = stmt.name.back();
  if (stmt.pctfree) info.pctfree = static_cast<uint32_t>(*stmt.pctfree);
  info.inmemory = stmt.inmemory;
  std::set<std::string> names;
  for (const auto& c : stmt.columns) {
    if (!names.insert(c.name).second) ThrowOra(957, "duplicate column name");
    storage::ColumnInfo col;
    col.name = c.name;
    col.type = StorageType(c.type);
    col.not_null = c.not_null || c.primary_key;
    for (const auto& pk : stmt.primary_key)
      if (pk == c.name) col.not_null = true;
    if (c.default_value) {
      Binder binder(ctx, nullptr, nullptr);
      Value v = FoldConstant(*binder.BindScalar(*c.default_value), ctx);
      col.default_value = CastValue(v, col.type, ctx.eval);
    }
    info.columns.push_back(std::move(col));
  }
  for (const auto& pk : stmt.primary_key)
    if (!names.count(pk)) ThrowOra(904, "\"{}\": invalid identifier", pk);
  if (info.columns.empty()) ThrowOra(904, "invalid identifier");
  ApplyInMemory(stmt, info);
  return info;
}

storage::TableInfo BuildTableInfoAs(const ast::Statement& stmt, const PhysicalPlan& plan) {
  storage::TableInfo info;
  info.name = stmt.name.back();
  if (stmt.pctfree) info.pctfree = static_cast<uint32_t>(*stmt.pctfree);
  info.inmemory = stmt.inmemory;
  if (!stmt.columns.empty() && stmt.columns.size() != plan.names.size())
    ThrowOra(1730, "invalid number of column names specified");
  std::set<std::string> names;
  for (size_t i = 0; i < plan.names.size(); ++i) {
    storage::ColumnInfo col;
    if (!stmt.columns.empty()) {
      col.name = stmt.columns[i].name;
      col.not_null = stmt.columns[i].not_null;
    } else {
      if (i < plan.named.size() && !plan.named[i])
        ThrowOra(998, "must name this expression with a column alias");
      col.name = plan.names[i];
    }
    if (!names.insert(col.name).second) ThrowOra(957, "duplicate column name");
    if (plan.types[i].id == TypeId::kNull) ThrowOra(1723, "zero-length columns are not allowed");
    col.type = StorageType(plan.types[i]);
    info.columns.push_back(std::move(col));
  }
  ApplyInMemory(stmt, info);
  return info;
}

PhysicalPlan PlanLoad(const storage::TableInfo& table, PhysicalPlan source) {
  std::vector<BoundExprPtr> exprs;
  std::vector<LogicalType> types;
  for (size_t i = 0; i < table.columns.size(); ++i) {
    exprs.push_back(CoerceToColumn(MakeColumn(i, source.types[i]), table, i));
    types.push_back(table.columns[i].type);
  }
  auto proj = std::make_unique<Projection>(std::move(exprs), std::move(types));
  proj->AddChild(std::move(source.root));
  // CREATE TABLE AS SELECT fills its new table through the direct path, as Oracle does.
  auto load = std::make_unique<LoadAsSelect>(table);
  load->AddChild(std::move(proj));
  return CountPlan(std::move(load), std::move(source.record));
}

}  // namespace pathdb::planner
