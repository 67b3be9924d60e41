// Parse tree -> ast for DDL: CREATE/DROP TABLE, INDEX, VIEW, TRUNCATE and ALTER TABLE.
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

ast::ColumnDef* FindColumn(ast::Statement& st, const std::string& name) {
  for (auto& c : st.columns) {
    if (c.name == name) return &c;
  }
  return nullptr;
}

}  // namespace

ast::StatementPtr Transformer::CreateTable(P::CreateTableStatementContext* ctx) {
  bool as_select = ctx->query() != nullptr;
  auto st = MakeStmt(as_select ? ast::StmtKind::kCreateTableAs : ast::StmtKind::kCreateTable, ctx);
  st->name = QualifiedName(ctx->qualifiedName());
  st->if_not_exists = ctx->IF() != nullptr;
  std::vector<P::TableConstraintContext*> constraints;
  for (auto* el : ctx->tableElement()) {
    if (el->tableConstraint() != nullptr) {
      constraints.push_back(el->tableConstraint());
      continue;
    }
    auto* cd = el->columnDefinition();
    ast::ColumnDef col;
    col.name = Identifier(cd->identifier());
    // A column without a type (SQLite, or the column list of CREATE TABLE AS) stays kNull.
    if (cd->dataType() != nullptr) col.type = DataType(cd->dataType());
    std::string constraint_name;  // CONSTRAINT x names the constraint that follows it
    for (auto* cc : cd->columnConstraint()) {
      if (auto* n = dynamic_cast<P::NamedColumnConstraintContext*>(cc)) {
        constraint_name = Identifier(n->identifier());
        continue;
      }
      if (dynamic_cast<P::NotNullConstraintContext*>(cc)) col.not_null = true;
      if (dynamic_cast<P::NullConstraintContext*>(cc)) col.not_null = false;
      if (dynamic_cast<P::PrimaryKeyColumnConstraintContext*>(cc)) {
        col.primary_key = true;
        st->key_constraints.push_back({constraint_name, true, {col.name}});
      }
      if (dynamic_cast<P::UniqueColumnConstraintContext*>(cc)) {
        col.unique = true;
        st->key_constraints.push_back({constraint_name, false, {col.name}});
      }
      if (auto* d = dynamic_cast<P::DefaultConstraintContext*>(cc))
        col.default_value = Expr(d->expr());
      constraint_name.clear();
    }
    if (col.primary_key) col.not_null = true;
    st->columns.push_back(std::move(col));
  }
  for (auto* tc : constraints) {
    auto cols = IdentifierList(tc->identifierList().empty() ? nullptr : tc->identifierList()[0]);
    for (const auto& name : cols) {
      if (FindColumn(*st, name) == nullptr) {
        OraError e(904, fmt::format("\"{}\": invalid identifier", name));
        e.line = tc->start->getLine();
        e.column = tc->start->getCharPositionInLine();
        throw e;
      }
    }
    if (tc->PRIMARY() != nullptr || tc->UNIQUE() != nullptr) {
      st->key_constraints.push_back(
          {tc->identifier() ? Identifier(tc->identifier()) : "", tc->PRIMARY() != nullptr, cols});
    }
    if (tc->PRIMARY() != nullptr) {
      st->primary_key = cols;
      for (const auto& name : cols) {
        auto* c = FindColumn(*st, name);
        c->not_null = true;
        if (cols.size() == 1) c->primary_key = true;
      }
    } else if (tc->UNIQUE() != nullptr && cols.size() == 1) {
      FindColumn(*st, cols[0])->unique = true;
    }
  }
  for (auto* opt : ctx->tableOption()) {
    if (auto* p = dynamic_cast<P::PctfreeOptionContext*>(opt)) {
      int v = -1;
      try {
        v = std::stoi(p->NUMERIC_LITERAL()->getText());
      } catch (const std::exception&) {
      }
      if (v < 0 || v > 99) throw OraError(2211, "invalid value for PCTFREE or PCTUSED");
      st->pctfree = v;
    } else if (auto* im = dynamic_cast<P::InmemoryOptionContext*>(opt)) {
      st->inmemory = true;
      InmemoryAttributes(im->inmemoryAttribute(), *st);
    } else if (dynamic_cast<P::NoInmemoryOptionContext*>(opt)) {
      st->no_inmemory = true;
    }
  }
  if (as_select) st->query = Query(ctx->query());
  return st;
}

void Transformer::InmemoryAttributes(const std::vector<P::InmemoryAttributeContext*>& attrs,
                                     ast::Statement& st) {
  for (auto* a : attrs) {
    if (auto* m = dynamic_cast<P::MemcompressAttributeContext*>(a)) {
      st.memcompress = fmt::format("FOR {}", Upper(m->compressKind->getText()));
      if (m->level != nullptr) st.memcompress += fmt::format(" {}", Upper(m->level->getText()));
    } else if (dynamic_cast<P::NoMemcompressAttributeContext*>(a)) {
      st.memcompress = "NO MEMCOMPRESS";
    } else if (auto* p = dynamic_cast<P::PriorityAttributeContext*>(a)) {
      st.priority = Upper(p->level->getText());
    } else if (auto* c = dynamic_cast<P::InmemoryColumnsAttributeContext*>(a)) {
      for (auto& n : IdentifierList(c->identifierList())) st.inmemory_columns.push_back(n);
    } else if (auto* c = dynamic_cast<P::NoInmemoryColumnsAttributeContext*>(a)) {
      for (auto& n : IdentifierList(c->identifierList())) st.no_inmemory_columns.push_back(n);
    }
  }
}

ast::StatementPtr Transformer::CreateIndex(P::CreateIndexStatementContext* ctx) {
  auto st = MakeStmt(ast::StmtKind::kCreateIndex, ctx);
  st->unique = ctx->UNIQUE() != nullptr;
  st->if_not_exists = ctx->IF() != nullptr;
  st->name = QualifiedName(ctx->indexName);
  st->table = QualifiedName(ctx->tableName);
  for (auto* c : ctx->indexColumn()) {
    st->index_columns.push_back({Identifier(c->identifier()), c->DESC() != nullptr});
  }
  return st;
}

ast::StatementPtr Transformer::CreateView(P::CreateViewStatementContext* ctx) {
  auto st = MakeStmt(ast::StmtKind::kCreateView, ctx);
  st->or_replace = ctx->REPLACE() != nullptr;
  st->if_not_exists = ctx->IF() != nullptr;
  st->name = QualifiedName(ctx->qualifiedName());
  st->view_columns = IdentifierList(ctx->identifierList());
  st->query = Query(ctx->query());
  return st;
}

ast::StatementPtr Transformer::Drop(P::DropStatementContext* ctx) {
  if (auto* c = dynamic_cast<P::DropTableContext*>(ctx)) {
    auto st = MakeStmt(ast::StmtKind::kDropTable, c);
    st->if_exists = c->IF() != nullptr;
    st->purge = c->PURGE() != nullptr;
    st->name = QualifiedName(c->qualifiedName());
    return st;
  }
  if (auto* c = dynamic_cast<P::DropIndexContext*>(ctx)) {
    auto st = MakeStmt(ast::StmtKind::kDropIndex, c);
    st->if_exists = c->IF() != nullptr;
    st->name = QualifiedName(c->qualifiedName());
    return st;
  }
  if (auto* c = dynamic_cast<P::DropViewContext*>(ctx)) {
    auto st = MakeStmt(ast::StmtKind::kDropView, c);
    st->if_exists = c->IF() != nullptr;
    st->name = QualifiedName(c->qualifiedName());
    return st;
  }
  Unsupported(ctx);
}

ast::StatementPtr Transformer::AlterTable(P::AlterTableStatementContext* ctx) {
  auto st = MakeStmt(ast::StmtKind::kAlterTable, ctx);
  if (auto* c = dynamic_cast<P::AlterTableInmemoryContext*>(ctx)) {
    st->name = QualifiedName(c->qualifiedName());
    st->inmemory = true;
    InmemoryAttributes(c->inmemoryAttribute(), *st);
  } else if (auto* c = dynamic_cast<P::AlterTableNoInmemoryContext*>(ctx)) {
    st->name = QualifiedName(c->qualifiedName());
    if (c->identifierList() != nullptr) {
      // NO INMEMORY (c): only the columns change; the table stays INMEMORY.
      st->inmemory = true;
      st->no_inmemory_columns = IdentifierList(c->identifierList());
    } else {
      st->no_inmemory = true;
    }
  }
  return st;
}

ast::StatementPtr Transformer::AlterIndex(P::AlterIndexStatementContext* ctx) {
  if (auto* online = ctx->IDENTIFIER()) {
    std::string word = online->getText();
    for (auto& ch : word) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    if (word != "ONLINE") ThrowOra(922, "missing or invalid option");
  }
  auto st = MakeStmt(ast::StmtKind::kAlterIndex, ctx);
  st->name = QualifiedName(ctx->qualifiedName());
  return st;
}

}  // namespace pathdb::parser_internal
