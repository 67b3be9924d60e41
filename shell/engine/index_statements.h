// CREATE INDEX, DROP INDEX and the indexes of CREATE TABLE's PRIMARY KEY / UNIQUE constraints,
// for the Session's statement runner.
#pragma once
#include <string>

#include "executor/operator.h"
#include "parser/ast.h"
#include "shell/engine/session.h"

namespace pathdb {

//! Builds the index (progress through Session::progress()); returns the feedback line.
std::string CreateIndexStatement(Session& session, ExecContext& ctx, const ast::Statement& stmt);
//! ORA-01418 when missing (unless IF EXISTS), ORA-02429 for an index enforcing a constraint.
std::string DropIndexStatement(Session& session, const ast::Statement& stmt);
//! ALTER INDEX ... REBUILD (ORA-01418 when missing).
std::string AlterIndexStatement(Session& session, const ast::Statement& stmt);
//! After CREATE TABLE: one unique index per PRIMARY KEY / UNIQUE constraint. When one cannot
//! be created the table is dropped again and the error raised: the DDL is all or nothing.
void CreateConstraintIndexes(Session& session, ExecContext& ctx, const ast::Statement& stmt,
                             const storage::TableInfo& table);

}  // namespace pathdb
