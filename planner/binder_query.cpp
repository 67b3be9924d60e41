// Query block binding: WHERE, ROWNUM, CONNECT BY, GROUP BY/HAVING, select list, DISTINCT,
// ORDER BY, FETCH/OFFSET and set operations, assembled into a logical plan in Oracle's
// evaluation order (FROM/WHERE -> ROWNUM -> GROUP BY -> HAVING -> SELECT -> ORDER BY -> FETCH).
#include <fmt/format.h>

#include <cmath>

#include "common/error.h"
#include "planner/binder.h"
#include "planner/bound_util.h"
#include "planner/or_factoring.h"
#include "planner/subquery_filter.h"
#include "planner/temp_table.h"
#include "planner/transitive.h"
#include "planner/unnest.h"

namespace pathdb::planner {

namespace {

LogicalPtr MakeNode(LogicalNode::Kind k, LogicalPtr child) {
  auto n = std::make_unique<LogicalNode>(k);
  if (child) {
    n->types = child->types;
    n->children.push_back(std::move(child));
  }
  return n;
}

LogicalPtr MakeProject(LogicalPtr child, std::vector<BoundExprPtr> exprs) {
  auto p = std::make_unique<LogicalNode>(LogicalNode::Kind::kProject);
  for (auto& e : exprs) p->types.push_back(e->type);
  p->exprs = std::move(exprs);
  p->children.push_back(std::move(child));
  return p;
}

uint64_t ToCount(const Value& v) {
  if (v.is_null()) return 0;
  double d = v.type().id == TypeId::kDouble ? v.dbl() : v.number().ToDouble();
  if (!(d > 0)) return 0;
  if (d >= 1.8e19) return UINT64_MAX;
  return static_cast<uint64_t>(std::floor(d));
}

// ROWNUM <= n, ROWNUM < n, ROWNUM = 1 (and mirrored) -> the stopkey's row limit.
std::optional<uint64_t> StopkeyLimit(const BoundExpr& c, size_t rownum, PlanContext& ctx) {
  if (c.kind != BoundKind::kCompare) return std::nullopt;
  const BoundExpr* l = c.children[0].get();
  const BoundExpr* r = c.children[1].get();
  std::string op = c.name;
  if (r->kind == BoundKind::kColumn && r->column_index == rownum) {
    std::swap(l, r);
    if (op == "<")
      op = ">";
    else if (op == ">")
      op = "<";
    else if (op == "<=")
      op = ">=";
    else if (op == ">=")
      op = "<=";
  }
  if (l->kind != BoundKind::kColumn || l->column_index != rownum) return std::nullopt;
  bool has_cols = false;
  VisitColumns(*r, [&](size_t) { has_cols = true; });
  if (has_cols || HasSubquery(*r) || r->kind == BoundKind::kParameter) return std::nullopt;
  Value v = FoldConstant(*r, ctx);
  if (v.is_null()) return 0;
  double n = v.type().id == TypeId::kDouble ? v.dbl() : v.number().ToDouble();
  if (op == "<=") return n < 1 ? 0 : static_cast<uint64_t>(std::floor(n));
  if (op == "<") return n <= 1 ? 0 : static_cast<uint64_t>(std::ceil(n) - 1);
  if (op == "=" && n == 1) return 1;
  return std::nullopt;
}

bool IsIntegerLiteral(const ast::Expr& e, int64_t* out) {
  if (e.kind != ast::ExprKind::kLiteral || !e.literal.type().IsNumeric() || e.literal.is_null())
    return false;
  if (e.literal.type().id == TypeId::kDouble && !std::isfinite(e.literal.dbl())) return false;
  auto d = e.literal.type().id == TypeId::kDouble ? Decimal::FromDouble(e.literal.dbl())
                                                  : e.literal.number();
  auto i = d.ToInt64();
  if (!i || !d.IsInteger()) return false;
  *out = *i;
  return true;
}

}  // namespace

BoundQuery Binder::BindQuery(const ast::Query& q) {
  for (size_t i = 0; i < q.with.size(); ++i) {
    const auto& w = q.with[i];
    ctes_[w.name] = &w;
    cte_references_[&w] = CountCteReferences(q, i);
  }
  if (q.set_op == ast::SetOp::kNone) return BindBlock(*q.block, q);
  BoundQuery bq = BindSetOp(q);
  ApplyQueryOrderAndFetch(q, bq);
  return bq;
}

BoundQuery Binder::BindSetOp(const ast::Query& q) {
  Binder lb(ctx_, this, this), rb(ctx_, this, this);
  lb.passthrough_ = rb.passthrough_ = true;
  BoundQuery l = lb.BindQuery(*q.left);
  BoundQuery r = rb.BindQuery(*q.right);
  // A bare NULL select item does not constrain the column's type.
  auto types_of = [](const LogicalNode& n) {
    std::vector<LogicalType> t = n.types;
    if (n.kind == LogicalNode::Kind::kProject)
      for (size_t i = 0; i < t.size(); ++i)
        if (IsNullConstant(*n.exprs[i])) t[i] = LogicalType::Null();
    return t;
  };
  const auto lt = types_of(*l.plan);
  const auto rt = types_of(*r.plan);
  if (lt.size() != rt.size()) ThrowOra(1789, "query block has incorrect number of result columns");
  std::vector<LogicalType> types;
  for (size_t i = 0; i < lt.size(); ++i) {
    const LogicalType &a = lt[i], &b = rt[i];
    bool ok = a.id == TypeId::kNull || b.id == TypeId::kNull || a.id == b.id ||
              (a.IsNumeric() && b.IsNumeric()) || (a.IsString() && b.IsString());
    if (!ok && dialect() == Dialect::kSqlite) ok = true;
    if (!ok) ThrowOra(1790, "expression must have same datatype as corresponding expression");
    LogicalType t = (a.IsNumeric() && b.IsString()) || (a.IsString() && b.IsNumeric())
                        ? LogicalType::Varchar()
                        : UnifyTypes(a, b);
    if (t.id == TypeId::kNull) t = LogicalType::Varchar();
    types.push_back(t);
  }
  auto conform = [&](LogicalPtr p) {
    bool same = true;
    for (size_t i = 0; i < types.size(); ++i) same = same && p->types[i] == types[i];
    if (same) return p;
    std::vector<BoundExprPtr> exprs;
    for (size_t i = 0; i < types.size(); ++i)
      exprs.push_back(CoerceTo(MakeColumn(i, p->types[i]), types[i]));
    return MakeProject(std::move(p), std::move(exprs));
  };
  auto node = std::make_unique<LogicalNode>(LogicalNode::Kind::kSetOp);
  switch (q.set_op) {
    case ast::SetOp::kUnion:
      node->set_op = LogicalSetOp::kUnion;
      break;
    case ast::SetOp::kUnionAll:
      node->set_op = LogicalSetOp::kUnionAll;
      break;
    case ast::SetOp::kIntersect:
      node->set_op = LogicalSetOp::kIntersect;
      break;
    default:
      node->set_op = LogicalSetOp::kMinus;
      break;
  }
  node->types = types;
  node->children.push_back(conform(std::move(l.plan)));
  node->children.push_back(conform(std::move(r.plan)));
  BoundQuery out;
  out.plan = std::move(node);
  out.names = std::move(l.names);
  out.named = std::move(l.named);
  return out;
}

void Binder::ApplyQueryOrderAndFetch(const ast::Query& q, BoundQuery& bq) {
  if (!q.order_by.empty()) {
    auto sort = std::make_unique<LogicalNode>(LogicalNode::Kind::kSort);
    for (const auto& oi : q.order_by) {
      int64_t pos = 0;
      size_t col = SIZE_MAX;
      if (IsIntegerLiteral(*oi.expr, &pos)) {
        if (pos < 1 || static_cast<size_t>(pos) > bq.names.size())
          ThrowOra(1785, "ORDER BY item must be the number of a SELECT-list expression");
        col = static_cast<size_t>(pos - 1);
      } else if (oi.expr->kind == ast::ExprKind::kColumnRef) {
        for (size_t i = 0; i < bq.names.size() && col == SIZE_MAX; ++i)
          if (bq.names[i] == oi.expr->names.back()) col = i;
      }
      if (col == SIZE_MAX)
        ThrowOra(1785, "ORDER BY item must be the number of a SELECT-list expression");
      sort->keys.push_back({MakeColumn(col, bq.plan->types[col]), oi.descending,
                            oi.nulls_first.value_or(oi.descending)});
    }
    sort->types = bq.plan->types;
    sort->children.push_back(std::move(bq.plan));
    bq.plan = std::move(sort);
  }
  ApplyFetch(q, bq.plan, !q.order_by.empty());
}

void Binder::ApplyFetch(const ast::Query& q, LogicalPtr& plan, bool sorted) {
  if (!q.fetch_first && !q.offset) return;
  if (q.fetch_percent) ThrowUnimplemented("FETCH FIRST ... PERCENT");
  if (q.fetch_with_ties) ThrowUnimplemented("FETCH FIRST ... WITH TIES");
  uint64_t offset = q.offset ? ToCount(FoldConstant(*BindScalar(*q.offset), ctx_)) : 0;
  uint64_t limit =
      q.fetch_first ? ToCount(FoldConstant(*BindScalar(*q.fetch_first), ctx_)) : UINT64_MAX;
  if (sorted && plan->kind == LogicalNode::Kind::kSort && limit != UINT64_MAX)
    plan->limit = offset + limit;
  auto lim = MakeNode(LogicalNode::Kind::kLimit, std::move(plan));
  lim->limit = limit;
  lim->offset = offset;
  plan = std::move(lim);
}

BoundExprPtr Binder::RewritePostAggregate(BoundExprPtr e) {
  const size_t ngroups = group_exprs_.size();
  for (size_t g = 0; g < ngroups; ++g)
    if (ExprEquals(*e, *group_exprs_[g])) return MakeColumn(g, e->type);
  if (e->kind == BoundKind::kFunction && e->name == "$AGG")
    return MakeColumn(ngroups + e->column_index, e->type);
  if (e->kind == BoundKind::kColumn) {
    if (dialect() == Dialect::kSqlite) {
      // SQLite's lax GROUP BY: a bare column takes some value of its group.
      LogicalType t = e->type;
      aggregates_.push_back({"MAX", false, std::move(e), t});
      return MakeColumn(ngroups + aggregates_.size() - 1, t);
    }
    if (grouped_) ThrowOra(979, "not a GROUP BY expression");
    ThrowOra(937, "not a single-group group function");
  }
  for (auto& c : e->children) c = RewritePostAggregate(std::move(c));
  if (e->subquery)
    for (auto& c : e->subquery->correlated) c = RewritePostAggregate(std::move(c));
  return e;
}

namespace {

bool HasUsing(const FromTree& t) {
  if (!t.using_first.empty()) return true;
  return (t.left && HasUsing(*t.left)) || (t.right && HasUsing(*t.right));
}

//! Global indices in `SELECT *` order: a USING join's named columns, then its left side's
//! columns, then its right side's (each side in its own order, the named ones left out).
void StarOrder(const FromTree& t, std::vector<size_t>& out) {
  if (!t.left || !t.right) {
    for (size_t i = t.begin; i < t.end; ++i) out.push_back(i);
    return;
  }
  std::vector<size_t> sides;
  StarOrder(*t.left, sides);
  StarOrder(*t.right, sides);
  out.insert(out.end(), t.using_first.begin(), t.using_first.end());
  for (size_t i : sides)
    if (std::find(t.using_first.begin(), t.using_first.end(), i) == t.using_first.end())
      out.push_back(i);
}

}  // namespace

BoundQuery Binder::BindBlock(const ast::QueryBlock& b, const ast::Query& q) {
  const std::string query_block = fmt::format("SEL${}", ++ctx_.query_blocks);
  // ---- FROM
  std::unique_ptr<FromTree> root;
  auto cross = [](std::unique_ptr<FromTree> l, std::unique_ptr<FromTree> r) {
    auto j = std::make_unique<FromTree>();
    j->begin = l->begin;
    j->end = r->end;
    j->type = LogicalJoinType::kCross;
    j->left = std::move(l);
    j->right = std::move(r);
    return j;
  };
  if (b.from.empty()) {
    root = AddRelation(std::make_unique<LogicalNode>(LogicalNode::Kind::kDual), "DUAL", {});
  }
  for (const auto& ref : b.from) {
    auto t = BindTableRef(*ref);
    root = root ? cross(std::move(root), std::move(t)) : std::move(t);
  }
  star_order_.clear();
  // SQLite keeps the tables' own order (the right copy of a USING column left out).
  if (dialect() == Dialect::kOracle && HasUsing(*root)) StarOrder(*root, star_order_);
  // Hints name tables by alias; each table scan keeps the block's hints for its access path,
  // each inline view those naming it as a join's probe side (PX_JOIN_FILTER).
  for (auto& r : relations_)
    if (r.plan &&
        (r.plan->kind == LogicalNode::Kind::kScan || r.plan->kind == LogicalNode::Kind::kView)) {
      r.plan->hints = b.hints;
      r.plan->query_block = query_block;
    }
  // ---- CONNECT BY LEVEL <= n over DUAL: the row generator
  if (b.connect_by) {
    if (b.start_with) ThrowUnimplemented("START WITH");
    const LogicalNode* only = relations_.size() == 1 ? relations_[0].plan.get() : nullptr;
    if (only && only->kind == LogicalNode::Kind::kProject) only = only->children[0].get();
    if (!only || only->kind != LogicalNode::Kind::kDual)
      ThrowUnimplemented("CONNECT BY over a table");
    // The generator replaces DUAL: its only column is LEVEL.
    scope_.clear();
    const ast::Expr& c = *b.connect_by;
    auto is_gen = [](const ast::Expr& x) {
      return x.kind == ast::ExprKind::kLevel || x.kind == ast::ExprKind::kRownum;
    };
    const ast::Expr* bound = nullptr;
    bool inclusive = true;
    if (c.kind == ast::ExprKind::kCompare && c.args.size() == 2) {
      if (is_gen(*c.args[0]) && (c.op == "<=" || c.op == "<")) {
        bound = c.args[1].get();
        inclusive = c.op == "<=";
      } else if (is_gen(*c.args[1]) && (c.op == ">=" || c.op == ">")) {
        bound = c.args[0].get();
        inclusive = c.op == ">=";
      }
    }
    if (!bound) ThrowUnimplemented("CONNECT BY condition other than LEVEL <= n");
    auto gen = std::make_unique<LogicalNode>(LogicalNode::Kind::kConnectBy);
    gen->predicate = BindExpr(*bound);
    gen->inclusive = inclusive;
    gen->types = {LogicalType::Integer()};
    relations_[0].plan = std::move(gen);
    relations_[0].end = 1;
    root->end = 1;
    level_index_ = 0;
  }
  const size_t nglobal = root->end;
  rownum_index_ = nglobal;

  // ---- WHERE: conjuncts go as deep into the join tree as they can
  std::vector<BoundExprPtr> top, rownum_conds;
  std::optional<uint64_t> stopkey;
  std::vector<UnnestedSubquery> unnested;
  const size_t sub_base = nglobal + 1;  // unnested subqueries' columns, beyond ROWNUM
  if (b.where) {
    std::vector<DeferredSubquery> deferred = DeferrableSubqueries(*b.where);
    BoundExprPtr where;
    {
      struct Reset {
        Binder* b;
        ~Reset() { b->defer_subqueries_ = nullptr; }
      } reset{this};
      defer_subqueries_ = &deferred;
      where = BindExpr(*b.where);
    }
    std::vector<BoundExprPtr> conjs;
    SplitConjuncts(std::move(where), conjs);
    auto relation_of = [&](size_t i) {
      for (size_t r = 0; r < relations_.size(); ++r)
        if (i >= relations_[r].begin && i < relations_[r].end) return static_cast<int>(r);
      return -1;
    };
    if (ctx_.cost.or_factoring) FactorDisjunctions(conjs, relation_of);  // planner/or_factoring.h
    TransformWhere(*root, nglobal, conjs, deferred, unnested);
    AddTransitivePredicates(conjs, relation_of);  // planner/transitive.h
    AddTransitiveToUnnested(conjs, unnested, sub_base, relation_of);  // planner/transitive.h
    // A subquery filter that runs a correlated subquery per row goes above the semi and anti
    // joins of unnested subqueries when the block reads one table: they never add rows and
    // cost a hash probe per row, the subquery an execution. Scalar-subquery unnesting counted
    // on it (planner/unnest.cpp, outer_rows): Q20's 'forest%' semi join leaves 1% of PARTSUPP,
    // so its SUM runs 8,508 index probes, not 800,000 when no join filter shrinks the scan.
    // PUSH_SUBQ keeps it at the scan. (With several tables the join planner places it among
    // the joins: planner/subquery_filter.h.)
    const bool above_semi = root->relation >= 0 && !unnested.empty();
    for (auto& c : conjs) {
      if (above_semi && HasCorrelatedSubquery(*c) && PushSubqueryHint(*c, ctx_) != true) {
        top.push_back(std::move(c));
        continue;
      }
      size_t lo = SIZE_MAX, hi = 0;
      bool rownum = false;
      VisitColumns(*c, [&](size_t i) {
        if (i == nglobal) rownum = true;
        lo = std::min(lo, i);
        hi = std::max(hi, i);
      });
      if (rownum) {
        rownum_conds.push_back(std::move(c));
      } else if (lo == SIZE_MAX || !TryPlace(*root, c, lo, hi)) {
        top.push_back(std::move(c));
      }
    }
  }

  // A lone ROWNUM <= n becomes a stopkey; any other ROWNUM condition is decided by COUNT as
  // it numbers the rows (Oracle: a row only consumes a number when it passes).
  if (rownum_conds.size() == 1 && (stopkey = StopkeyLimit(*rownum_conds[0], nglobal, ctx_)))
    rownum_conds.clear();

  // ---- GROUP BY
  grouped_ = !b.group_by.empty();
  for (const auto& g : b.group_by) {
    const ast::Expr* ge = g.get();
    int64_t pos = 0;
    if (dialect() == Dialect::kSqlite && IsIntegerLiteral(*ge, &pos) && pos >= 1 &&
        static_cast<size_t>(pos) <= b.items.size())
      ge = b.items[pos - 1].expr.get();
    group_exprs_.push_back(BindExpr(*ge));
  }

  // ---- select list
  aggregates_allowed_ = true;
  std::vector<BoundExprPtr> proj;
  std::vector<std::string> aliases;  // per projected column, "" when none
  BoundQuery out;
  for (const auto& item : b.items) {
    if (item.expr->kind == ast::ExprKind::kStar) {
      const auto& qn = item.expr->names;
      bool any = false;
      std::vector<const ScopeColumn*> order;
      if (qn.empty() && !star_order_.empty()) {
        for (size_t i : star_order_) order.push_back(&scope_[i]);
      } else {
        for (const auto& c : scope_) order.push_back(&c);
      }
      for (const ScopeColumn* cp : order) {
        const ScopeColumn& c = *cp;
        if (c.hidden && qn.empty()) continue;
        if (!qn.empty() && c.qualifier != qn.back()) continue;
        proj.push_back(qn.empty() ? ScopeValue(c, scope_) : MakeColumn(c.index, c.type));
        out.names.push_back(c.name);
        out.named.push_back(true);
        aliases.emplace_back();
        any = true;
      }
      if (!any && !qn.empty()) ThrowOra(904, "\"{}\": invalid identifier", qn.back());
      continue;
    }
    proj.push_back(BindExpr(*item.expr));
    aliases.push_back(item.alias);
    bool is_col = item.expr->kind == ast::ExprKind::kColumnRef;
    if (!item.alias.empty())
      out.names.push_back(item.alias);
    else if (is_col)
      out.names.push_back(item.expr->names.back());
    else
      out.names.push_back(HeadingText(item.text.empty() ? item.expr->ToString() : item.text));
    out.named.push_back(!item.alias.empty() || is_col);
  }
  BoundExprPtr having = b.having ? BindExpr(*b.having) : nullptr;
  const bool aggregating = grouped_ || having || !aggregates_.empty();
  if (aggregating) {
    for (auto& p : proj) p = RewritePostAggregate(std::move(p));
    if (having) having = RewritePostAggregate(std::move(having));
  }
  // EXISTS asks only whether the block returns a row, as in Oracle, which never evaluates its
  // select list: once bound (for its errors), `*` or any list becomes the constant 1 so the
  // scans below read only what the WHERE clause and the correlation need. Not with an
  // aggregate (COUNT(*) of no rows is still a row) nor ORDER BY (its keys refer to the list).
  if (rows_only_ && !aggregating && q.order_by.empty() && q.set_op == ast::SetOp::kNone) {
    proj.clear();
    proj.push_back(MakeConstant(Value::Integer(1)));
    out.names.assign(1, "1");
    out.named.assign(1, false);
    aliases.assign(1, "");
  }

  // ---- ORDER BY (may add hidden projection columns)
  const size_t visible = proj.size();
  std::vector<LogicalSortKey> keys;
  for (const auto& oi : q.order_by) {
    int64_t pos = 0;
    size_t col = SIZE_MAX;
    if (IsIntegerLiteral(*oi.expr, &pos)) {
      if (pos < 1 || static_cast<size_t>(pos) > visible)
        ThrowOra(1785, "ORDER BY item must be the number of a SELECT-list expression");
      col = static_cast<size_t>(pos - 1);
    } else if (oi.expr->kind == ast::ExprKind::kColumnRef && oi.expr->names.size() == 1) {
      for (size_t i = 0; i < visible && col == SIZE_MAX; ++i)
        if (!aliases[i].empty() && aliases[i] == oi.expr->names[0]) col = i;
    }
    if (col == SIZE_MAX) {
      size_t naggs = aggregates_.size();
      BoundExprPtr e = BindExpr(*oi.expr);
      if (!aggregating && aggregates_.size() != naggs)
        ThrowOra(937, "not a single-group group function");
      if (aggregating) e = RewritePostAggregate(std::move(e));
      for (size_t i = 0; i < proj.size() && col == SIZE_MAX; ++i)
        if (ExprEquals(*proj[i], *e)) col = i;
      if (col == SIZE_MAX) {
        if (b.distinct) ThrowOra(1791, "not a SELECTed expression");
        proj.push_back(std::move(e));
        col = proj.size() - 1;
      }
    }
    keys.push_back(
        {MakeColumn(col, proj[col]->type), oi.descending, oi.nulls_first.value_or(oi.descending)});
  }
  aggregates_allowed_ = false;

  // ---- read only the columns the block uses
  {
    std::vector<BoundExpr*> from_exprs;
    for (auto& e : top) from_exprs.push_back(e.get());
    for (auto& u : unnested) from_exprs.push_back(u.condition.get());
    for (auto& e : rownum_conds) from_exprs.push_back(e.get());
    for (auto& e : group_exprs_) from_exprs.push_back(e.get());
    for (auto& a : aggregates_)
      if (a.arg) from_exprs.push_back(a.arg.get());
    if (!aggregating)
      for (auto& e : proj) from_exprs.push_back(e.get());
    PruneColumns(*root, nglobal, from_exprs);
  }

  // ---- assemble
  LogicalPtr plan = AttachUnnested(BuildFromTree(*root), std::move(unnested), sub_base);
  if (!top.empty()) {
    plan = MakeNode(LogicalNode::Kind::kFilter, std::move(plan));
    plan->predicate = MakeAnd(std::move(top));
  }
  if (stopkey || rownum_used_) {
    plan = MakeNode(LogicalNode::Kind::kCount, std::move(plan));
    plan->types.push_back(LogicalType::Integer());
    plan->append_rownum = true;
    plan->limit = stopkey;
    if (!rownum_conds.empty()) plan->predicate = MakeAnd(std::move(rownum_conds));
  }
  if (aggregating) {
    auto agg = std::make_unique<LogicalNode>(LogicalNode::Kind::kAggregate);
    for (auto& g : group_exprs_) {
      agg->types.push_back(g->type);
      agg->groups.push_back(std::move(g));
    }
    for (auto& a : aggregates_) agg->types.push_back(a.type);
    agg->aggregates = std::move(aggregates_);
    agg->children.push_back(std::move(plan));
    plan = std::move(agg);
    if (having) {
      plan = MakeNode(LogicalNode::Kind::kFilter, std::move(plan));
      plan->predicate = std::move(having);
    }
  }
  plan = MakeProject(std::move(plan), std::move(proj));
  if (b.distinct) plan = MakeNode(LogicalNode::Kind::kDistinct, std::move(plan));
  if (!keys.empty()) {
    plan = MakeNode(LogicalNode::Kind::kSort, std::move(plan));
    plan->keys = std::move(keys);
  }
  ApplyFetch(q, plan, !q.order_by.empty());
  if (plan->types.size() > visible) {
    std::vector<BoundExprPtr> exprs;
    for (size_t i = 0; i < visible; ++i) exprs.push_back(MakeColumn(i, plan->types[i]));
    plan = MakeProject(std::move(plan), std::move(exprs));
  }
  out.plan = std::move(plan);
  return out;
}

}  // namespace pathdb::planner
