// Parse tree -> ast for queries: WITH, set operations, query blocks, FROM and row limiting.
#include "common/error.h"
#include "parser/internal/transformer.h"

namespace pathdb::parser_internal {

namespace {

// Wraps q as SELECT * FROM (q): used when a parenthesised query already has its own ORDER BY /
// FETCH / WITH and the outer level adds another.
ast::QueryPtr WrapAsInlineView(ast::QueryPtr q) {
  auto outer = std::make_unique<ast::Query>();
  outer->pos = q->pos;
  auto block = std::make_unique<ast::QueryBlock>();
  block->pos = q->pos;
  ast::SelectItem star;
  star.expr = std::make_unique<ast::Expr>(ast::ExprKind::kStar);
  star.text.push_back('*');
  block->items.push_back(std::move(star));
  auto ref = std::make_unique<ast::TableRef>(ast::TableRef::Kind::kSubquery);
  ref->pos = q->pos;
  ref->subquery = std::move(q);
  block->from.push_back(std::move(ref));
  outer->block = std::move(block);
  return outer;
}

}  // namespace

ast::QueryPtr Transformer::Query(P::QueryContext* ctx) {
  auto q = QueryExpression(ctx->queryExpression());
  bool adds_tail = ctx->orderByClause() != nullptr || ctx->rowLimitingClause() != nullptr;
  bool has_tail = !q->order_by.empty() || q->offset != nullptr || q->fetch_first != nullptr;
  if ((adds_tail && has_tail) || (ctx->withClause() != nullptr && !q->with.empty())) {
    q = WrapAsInlineView(std::move(q));
  }
  q->pos = PosOf(ctx->start);
  if (auto* w = ctx->withClause()) {
    for (auto* item : w->withItem()) {
      ast::Query::With with;
      with.name = Identifier(item->identifier());
      with.columns = IdentifierList(item->identifierList());
      with.query = Query(item->query());
      q->with.push_back(std::move(with));
    }
  }
  if (auto* o = ctx->orderByClause()) {
    for (auto* item : o->orderItem()) {
      ast::OrderItem oi;
      oi.expr = Expr(item->expr());
      oi.descending = item->DESC() != nullptr;
      if (item->NULLS() != nullptr) oi.nulls_first = item->FIRST() != nullptr;
      q->order_by.push_back(std::move(oi));
    }
  }
  if (auto* r = ctx->rowLimitingClause()) RowLimiting(r, *q);
  return q;
}

void Transformer::RowLimiting(P::RowLimitingClauseContext* r, ast::Query& q) {
  if (r->LIMIT() != nullptr) {
    if (r->COMMA() != nullptr) {  // SQLite LIMIT skip, count
      q.offset = Expr(r->limit);
      q.fetch_first = Expr(r->offset);
    } else {
      q.fetch_first = Expr(r->limit);
      if (r->offset != nullptr) q.offset = Expr(r->offset);
    }
    return;
  }
  if (r->offset != nullptr) q.offset = Expr(r->offset);
  if (auto* f = r->fetchClause()) {
    if (f->count != nullptr) {
      q.fetch_first = Expr(f->count);
    } else {
      auto one = std::make_unique<ast::Expr>(ast::ExprKind::kLiteral);
      one->pos = PosOf(f->start);
      one->literal = Value::Integer(1);
      one->text.push_back('1');
      q.fetch_first = std::move(one);
    }
    q.fetch_percent = f->PERCENT_KW() != nullptr;
    q.fetch_with_ties = f->TIES() != nullptr;
  }
}

ast::QueryPtr Transformer::QueryExpression(P::QueryExpressionContext* ctx) {
  auto prims = ctx->queryPrimary();
  auto ops = ctx->setOperator();
  if (prims.empty()) Unsupported(ctx);
  auto acc = QueryPrimary(prims[0]);
  for (size_t i = 0; i < ops.size() && i + 1 < prims.size(); ++i) {
    auto node = std::make_unique<ast::Query>();
    node->pos = PosOf(prims[0]->start);
    auto* op = ops[i];
    if (op->UNION() != nullptr) {
      node->set_op = op->ALL() != nullptr ? ast::SetOp::kUnionAll : ast::SetOp::kUnion;
    } else if (op->INTERSECT() != nullptr) {
      node->set_op = ast::SetOp::kIntersect;
    } else {
      node->set_op = ast::SetOp::kMinus;  // MINUS and EXCEPT
    }
    node->left = std::move(acc);
    node->right = QueryPrimary(prims[i + 1]);
    acc = std::move(node);
  }
  return acc;
}

ast::QueryPtr Transformer::QueryPrimary(P::QueryPrimaryContext* ctx) {
  if (ctx->query() != nullptr) return Query(ctx->query());
  auto q = std::make_unique<ast::Query>();
  q->pos = PosOf(ctx->start);
  q->block = QuerySpec(ctx->querySpecification());
  return q;
}

std::unique_ptr<ast::QueryBlock> Transformer::QuerySpec(P::QuerySpecificationContext* ctx) {
  auto b = std::make_unique<ast::QueryBlock>();
  b->pos = PosOf(ctx->start);
  b->hints = HintsAfter(ctx->SELECT()->getSymbol());
  b->distinct = ctx->setQuantifier != nullptr && ctx->setQuantifier->getType() != P::ALL;
  for (auto* item : ctx->selectList()->selectItem()) {
    ast::SelectItem si;
    si.text = TextOf(item);
    if (auto* s = dynamic_cast<P::ExprSelectItemContext*>(item)) {
      si.expr = Condition(s->condition());
      si.text = TextOf(s->condition());
      if (s->identifier() != nullptr) si.alias = Identifier(s->identifier());
    } else if (auto* s = dynamic_cast<P::QualifiedStarSelectItemContext*>(item)) {
      si.expr = std::make_unique<ast::Expr>(ast::ExprKind::kStar);
      si.expr->pos = PosOf(s->start);
      si.expr->names = QualifiedName(s->qualifiedName());
    } else {
      si.expr = std::make_unique<ast::Expr>(ast::ExprKind::kStar);
      si.expr->pos = PosOf(item->start);
    }
    b->items.push_back(std::move(si));
  }
  if (auto* from = ctx->tableReferenceList()) {
    for (auto* ref : from->tableReference()) b->from.push_back(TableReference(ref));
  }
  if (auto* w = ctx->whereClause()) b->where = Condition(w->condition());
  if (auto* h = ctx->hierarchicalClause()) {
    if (h->startCond != nullptr) b->start_with = Condition(h->startCond);
    b->connect_by = Condition(h->connectCond);
    b->connect_by_nocycle = h->NOCYCLE() != nullptr;
  }
  if (auto* g = ctx->groupByClause()) {
    for (auto* e : g->expr()) b->group_by.push_back(Expr(e));
  }
  if (auto* h = ctx->havingClause()) b->having = Condition(h->condition());
  return b;
}

ast::TableRefPtr Transformer::TableReference(P::TableReferenceContext* ctx) {
  auto acc = TablePrimary(ctx->tablePrimary());
  for (auto* jc : ctx->joinClause()) {
    auto join = std::make_unique<ast::TableRef>(ast::TableRef::Kind::kJoin);
    join->pos = PosOf(jc->start);
    P::JoinTypeContext* type = nullptr;
    P::TablePrimaryContext* right = nullptr;
    if (auto* c = dynamic_cast<P::CrossJoinContext*>(jc)) {
      join->join_type = ast::JoinType::kCross;
      right = c->tablePrimary();
    } else if (auto* c = dynamic_cast<P::NaturalJoinContext*>(jc)) {
      join->natural = true;
      type = c->joinType();
      right = c->tablePrimary();
    } else if (auto* c = dynamic_cast<P::QualifiedJoinContext*>(jc)) {
      type = c->joinType();
      right = c->tablePrimary();
      if (c->condition() != nullptr) join->on = Condition(c->condition());
      join->using_columns = IdentifierList(c->identifierList());
    } else {
      Unsupported(jc);
    }
    if (type != nullptr) {
      if (type->LEFT() != nullptr) join->join_type = ast::JoinType::kLeft;
      if (type->RIGHT() != nullptr) join->join_type = ast::JoinType::kRight;
      if (type->FULL() != nullptr) join->join_type = ast::JoinType::kFull;
    }
    join->left = std::move(acc);
    join->right = TablePrimary(right);
    acc = std::move(join);
  }
  return acc;
}

ast::TableRefPtr Transformer::TablePrimary(P::TablePrimaryContext* ctx) {
  using Kind = ast::TableRef::Kind;
  if (auto* c = dynamic_cast<P::NamedTablePrimaryContext*>(ctx)) {
    auto t = std::make_unique<ast::TableRef>(Kind::kTable);
    t->pos = PosOf(c->start);
    t->name = QualifiedName(c->qualifiedName());
    t->alias = Identifier(c->identifier());
    return t;
  }
  if (auto* c = dynamic_cast<P::SubqueryTablePrimaryContext*>(ctx)) {
    auto t = std::make_unique<ast::TableRef>(Kind::kSubquery);
    t->pos = PosOf(c->start);
    t->subquery = Query(c->query());
    t->alias = Identifier(c->identifier());
    return t;
  }
  if (auto* c = dynamic_cast<P::TableFunctionPrimaryContext*>(ctx)) {
    auto t = std::make_unique<ast::TableRef>(Kind::kTableFunction);
    t->pos = PosOf(c->start);
    t->function = Expr(c->expr());
    t->alias = Identifier(c->identifier());
    return t;
  }
  if (auto* c = dynamic_cast<P::ParenTablePrimaryContext*>(ctx)) {
    return TableReference(c->tableReference());
  }
  Unsupported(ctx);
}

}  // namespace pathdb::parser_internal
