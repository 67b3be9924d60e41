// Private to parser/: turns the ANTLR parse tree into ast nodes. This header includes the
// generated parser, so only parser/*.cpp may include it (the public headers stay ANTLR-free).
#pragma once
#include <string>
#include <vector>

#include "SqlLexer.h"
#include "SqlParser.h"
#include "parser/ast.h"

namespace pathdb::parser_internal {

using P = sqlp::SqlParser;

class Transformer {
 public:
  explicit Transformer(antlr4::CommonTokenStream& tokens) : tokens_(tokens) {}

  ast::StatementPtr Statement(P::StatementContext* ctx);
  ast::ExprPtr Condition(P::ConditionContext* ctx);
  ast::QueryPtr Query(P::QueryContext* ctx);

 private:
  // ---- expressions (transform_expr.cpp)
  ast::ExprPtr Predicate(P::PredicateContext* ctx);
  ast::ExprPtr PredicateTail(P::ExprContext* left, P::PredicateTailContext* tail);
  ast::ExprPtr Expr(P::ExprContext* ctx);
  ast::ExprPtr Primary(P::PrimaryContext* ctx);
  ast::ExprPtr Literal(P::LiteralContext* ctx);
  ast::ExprPtr FunctionArg(P::FunctionArgContext* ctx);
  ast::ExprPtr TrimFrom(P::TrimFromPrimaryContext* ctx);
  LogicalType DataType(P::DataTypeContext* ctx);

  // ---- queries (transform_query.cpp)
  ast::QueryPtr QueryExpression(P::QueryExpressionContext* ctx);
  ast::QueryPtr QueryPrimary(P::QueryPrimaryContext* ctx);
  std::unique_ptr<ast::QueryBlock> QuerySpec(P::QuerySpecificationContext* ctx);
  ast::TableRefPtr TableReference(P::TableReferenceContext* ctx);
  ast::TableRefPtr TablePrimary(P::TablePrimaryContext* ctx);
  void RowLimiting(P::RowLimitingClauseContext* ctx, ast::Query& q);

  // ---- statements (transform_stmt.cpp, transform_ddl.cpp)
  ast::StatementPtr Insert(P::InsertStatementContext* ctx);
  ast::StatementPtr Update(P::UpdateStatementContext* ctx);
  ast::StatementPtr Delete(P::DeleteStatementContext* ctx);
  ast::StatementPtr CreateTable(P::CreateTableStatementContext* ctx);
  ast::StatementPtr CreateIndex(P::CreateIndexStatementContext* ctx);
  ast::StatementPtr CreateView(P::CreateViewStatementContext* ctx);
  ast::StatementPtr Drop(P::DropStatementContext* ctx);
  ast::StatementPtr AlterTable(P::AlterTableStatementContext* ctx);
  ast::StatementPtr AlterIndex(P::AlterIndexStatementContext* ctx);
  ast::StatementPtr AlterSession(P::AlterSessionStatementContext* ctx);
  ast::StatementPtr AlterSystem(P::AlterSystemStatementContext* ctx);
  ast::StatementPtr Explain(P::ExplainStatementContext* ctx);
  ast::StatementPtr PlsqlBlock(P::PlsqlBlockContext* ctx);
  ast::ProcCall ProcCall(P::ProcCallContext* ctx);
  ast::ProcCall BindAssignment(P::BindAssignmentContext* ctx);
  void InmemoryAttributes(const std::vector<P::InmemoryAttributeContext*>& attrs,
                          ast::Statement& st);

  // ---- helpers (transform_util.cpp)
 public:
  static ast::Pos PosOf(antlr4::Token* tok);
  static std::string Identifier(P::IdentifierContext* ctx);
  static std::vector<std::string> QualifiedName(P::QualifiedNameContext* ctx);
  static std::vector<std::string> IdentifierList(P::IdentifierListContext* ctx);
  //! The source text a context covers, exactly as written.
  static std::string TextOf(antlr4::ParserRuleContext* ctx);
  //! Hints from /*+ ... */ comments directly after `keyword`.
  std::vector<ast::Hint> HintsAfter(antlr4::Token* keyword);
  [[noreturn]] static void Unsupported(antlr4::ParserRuleContext* ctx);

 private:
  antlr4::CommonTokenStream& tokens_;
};

//! Removes quotes from a '...' literal (with '' escapes, optional N prefix) or q'[...]' form.
std::string UnquoteString(const std::string& token_text);
//! ASCII upper-casing (identifiers and keywords; quoted names are never passed here).
std::string Upper(std::string s);
std::string Lower(std::string s);

}  // namespace pathdb::parser_internal
