// Parse tree -> ast for statements other than DDL: queries, DML, transactions, ALTER
// SESSION/SYSTEM, EXPLAIN PLAN and PL/SQL calls.
#include "common/error.h"
#include "parser/internal/transformer.h"

namespace pathdb::parser_internal {

namespace {

ast::StatementPtr MakeStmt(ast::StmtKind k, antlr4::ParserRuleContext* ctx) {
  auto st = std::make_unique<ast::Statement>(k);
  st->pos = Transformer::PosOf(ctx->start);
  st->text = Transformer::TextOf(ctx);
  return st;
}

// A parameter value as written; a single quoted string loses its quotes.
std::string ParameterValue(P::ParameterValueContext* ctx) {
  std::string text = Transformer::TextOf(ctx);
  if (ctx->children.size() == 1 && ctx->start->getType() == P::STRING_LITERAL) {
    return UnquoteString(text);
  }
  return text;
}

}  // namespace

ast::StatementPtr Transformer::Statement(P::StatementContext* ctx) {
  if (auto* c = ctx->query()) {
    auto st = MakeStmt(ast::StmtKind::kSelect, ctx);
    st->query = Query(c);
    return st;
  }
  if (auto* c = ctx->insertStatement()) return Insert(c);
  if (auto* c = ctx->updateStatement()) return Update(c);
  if (auto* c = ctx->deleteStatement()) return Delete(c);
  if (auto* c = ctx->createTableStatement()) return CreateTable(c);
  if (auto* c = ctx->createIndexStatement()) return CreateIndex(c);
  if (auto* c = ctx->createViewStatement()) return CreateView(c);
  if (auto* c = ctx->dropStatement()) return Drop(c);
  if (auto* c = ctx->truncateStatement()) {
    auto st = MakeStmt(ast::StmtKind::kTruncate, c);
    st->name = QualifiedName(c->qualifiedName());
    return st;
  }
  if (auto* c = ctx->alterTableStatement()) return AlterTable(c);
  if (auto* c = ctx->alterIndexStatement()) return AlterIndex(c);
  if (auto* c = ctx->commitStatement()) return MakeStmt(ast::StmtKind::kCommit, c);
  if (auto* c = ctx->rollbackStatement()) {
    auto st = MakeStmt(ast::StmtKind::kRollback, c);
    st->savepoint = Identifier(c->identifier());
    return st;
  }
  if (auto* c = ctx->savepointStatement()) {
    auto st = MakeStmt(ast::StmtKind::kSavepoint, c);
    st->savepoint = Identifier(c->identifier());
    return st;
  }
  if (auto* c = ctx->alterSessionStatement()) return AlterSession(c);
  if (auto* c = ctx->alterSystemStatement()) return AlterSystem(c);
  if (auto* c = ctx->explainStatement()) return Explain(c);
  if (auto* c = ctx->plsqlBlock()) return PlsqlBlock(c);
  if (auto* c = ctx->execStatement()) {
    auto st = MakeStmt(ast::StmtKind::kPlsqlBlock, c);
    st->calls.push_back(c->procCall() != nullptr ? ProcCall(c->procCall())
                                                 : BindAssignment(c->bindAssignment()));
    return st;
  }
  Unsupported(ctx);
}

ast::StatementPtr Transformer::Insert(P::InsertStatementContext* ctx) {
  auto st = MakeStmt(ast::StmtKind::kInsert, ctx);
  st->hints = HintsAfter(ctx->INSERT()->getSymbol());
  st->name = QualifiedName(ctx->qualifiedName());
  st->alias = Identifier(ctx->alias);
  st->insert_columns = IdentifierList(ctx->identifierList());
  for (auto* row : ctx->valuesRow()) {
    std::vector<ast::ExprPtr> values;
    for (auto* e : row->exprList()->expr()) values.push_back(Expr(e));
    st->values.push_back(std::move(values));
  }
  if (ctx->query() != nullptr) st->query = Query(ctx->query());
  return st;
}

ast::StatementPtr Transformer::Update(P::UpdateStatementContext* ctx) {
  auto st = MakeStmt(ast::StmtKind::kUpdate, ctx);
  st->hints = HintsAfter(ctx->UPDATE()->getSymbol());
  st->name = QualifiedName(ctx->qualifiedName());
  st->alias = Identifier(ctx->alias);
  for (auto* a : ctx->assignment()) {
    auto target = QualifiedName(a->qualifiedName());
    st->assignments.emplace_back(target.back(), Condition(a->condition()));
  }
  if (ctx->whereClause() != nullptr) st->where = Condition(ctx->whereClause()->condition());
  return st;
}

ast::StatementPtr Transformer::Delete(P::DeleteStatementContext* ctx) {
  auto st = MakeStmt(ast::StmtKind::kDelete, ctx);
  st->hints = HintsAfter(ctx->DELETE()->getSymbol());
  st->name = QualifiedName(ctx->qualifiedName());
  st->alias = Identifier(ctx->alias);
  if (ctx->whereClause() != nullptr) st->where = Condition(ctx->whereClause()->condition());
  return st;
}

ast::StatementPtr Transformer::AlterSession(P::AlterSessionStatementContext* ctx) {
  auto st = MakeStmt(ast::StmtKind::kAlterSession, ctx);
  if (auto* c = dynamic_cast<P::AlterSessionSetContext*>(ctx)) {
    st->parameter = Lower(Identifier(c->parameterName()->identifier()));
    st->parameter_value = ParameterValue(c->parameterValue());
  } else if (auto* c = dynamic_cast<P::AlterSessionForceParallelContext*>(ctx)) {
    st->action = fmt::format("FORCE PARALLEL {}", Upper(c->kind->getText()));
    if (c->degree != nullptr) {
      try {
        st->parallel_degree = std::stoi(c->degree->getText());
      } catch (const std::exception&) {
        throw OraError(12817, "parallel degree must be a positive integer");
      }
    }
  } else if (auto* c = dynamic_cast<P::AlterSessionToggleParallelContext*>(ctx)) {
    st->action = fmt::format("{} PARALLEL {}", Upper(c->toggle->getText()), Upper(c->kind->getText()));
  }
  return st;
}

ast::StatementPtr Transformer::AlterSystem(P::AlterSystemStatementContext* ctx) {
  auto st = MakeStmt(ast::StmtKind::kAlterSystem, ctx);
  if (auto* c = dynamic_cast<P::AlterSystemFlushContext*>(ctx)) {
    st->action = fmt::format("FLUSH {}", Upper(c->target->getText()));
  } else if (auto* c = dynamic_cast<P::AlterSystemSetContext*>(ctx)) {
    st->parameter = Lower(Identifier(c->parameterName()->identifier()));
    st->parameter_value = ParameterValue(c->parameterValue());
  }
  return st;
}

ast::StatementPtr Transformer::Explain(P::ExplainStatementContext* ctx) {
  auto st = MakeStmt(ast::StmtKind::kExplainPlan, ctx);
  if (ctx->statementId != nullptr) st->statement_id = UnquoteString(ctx->statementId->getText());
  st->name = QualifiedName(ctx->qualifiedName());
  st->explained = Statement(ctx->statement());
  st->explained->text = TextOf(ctx->statement());
  return st;
}

ast::ProcCall Transformer::ProcCall(P::ProcCallContext* ctx) {
  ast::ProcCall call;
  call.name = QualifiedName(ctx->qualifiedName());
  for (auto* a : ctx->functionArg()) {
    ast::ProcCall::Arg arg;
    arg.name = Identifier(a->identifier());
    arg.value = Condition(a->condition());
    call.args.push_back(std::move(arg));
  }
  return call;
}

ast::ProcCall Transformer::BindAssignment(P::BindAssignmentContext* ctx) {
  ast::ProcCall call;
  call.assign_bind = Upper(ctx->BIND_VARIABLE()->getText().substr(1));
  ast::ProcCall::Arg value;
  value.value = Condition(ctx->condition());
  call.args.push_back(std::move(value));
  return call;
}

ast::StatementPtr Transformer::PlsqlBlock(P::PlsqlBlockContext* ctx) {
  auto st = MakeStmt(ast::StmtKind::kPlsqlBlock, ctx);
  for (auto* c : ctx->plsqlCall()) {
    if (c->procCall() != nullptr) st->calls.push_back(ProcCall(c->procCall()));
    if (c->bindAssignment() != nullptr) st->calls.push_back(BindAssignment(c->bindAssignment()));
  }
  return st;
}

}  // namespace pathdb::parser_internal
