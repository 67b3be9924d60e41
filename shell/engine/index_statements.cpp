#include "shell/engine/index_statements.h"

#include "common/error.h"
#include "planner/planner.h"

namespace pathdb {

std::string CreateIndexStatement(Session& session, ExecContext& ctx, const ast::Statement& stmt) {
  storage::Database& db = session.database();
  if (stmt.if_not_exists && !stmt.name.empty() && db.FindIndex(stmt.name.back()))
    return "Index created.";
  planner::PlanContext pctx{db, ctx.eval};
  db.CreateIndex(planner::BuildIndexInfo(stmt, pctx), session.stats(), session.progress());
  return "Index created.";
}

std::string DropIndexStatement(Session& session, const ast::Statement& stmt) {
  storage::Database& db = session.database();
  const storage::IndexInfo* index = stmt.name.empty() ? nullptr : db.FindIndex(stmt.name.back());
  if (!index) {
    if (stmt.if_exists) return "Index dropped.";
    ThrowOra(1418, "specified index does not exist");
  }
  if (!index->constraint_name.empty())
    ThrowOra(2429, "cannot drop index used for enforcement of unique/primary key");
  db.DropIndex(index->name);
  return "Index dropped.";
}

std::string AlterIndexStatement(Session& session, const ast::Statement& stmt) {
  storage::Database& db = session.database();
  const storage::IndexInfo* index = stmt.name.empty() ? nullptr : db.FindIndex(stmt.name.back());
  if (!index) ThrowOra(1418, "specified index does not exist");
  db.RebuildIndex(index->name, session.stats(), session.progress("ALTER INDEX REBUILD"));
  return "Index altered.";
}

void CreateConstraintIndexes(Session& session, ExecContext& ctx, const ast::Statement& stmt,
                             const storage::TableInfo& table) {
  storage::Database& db = session.database();
  const std::string name = table.name;
  try {
    planner::PlanContext pctx{db, ctx.eval};
    for (auto& info : planner::BuildConstraintIndexes(stmt, table, pctx))
      db.CreateIndex(std::move(info), session.stats(), session.progress());
  } catch (...) {
    db.DropTable(name);  // drops the indexes created so far with it
    throw;
  }
}

}  // namespace pathdb
