// One test per statement form of contract.md: the AST fields the planner relies on.
#include <gtest/gtest.h>

#include <thread>

#include "common/error.h"
#include "parser/parser.h"

namespace pathdb {
namespace {

using ast::ExprKind;
using ast::StmtKind;

TEST(ParseSelect, ItemsAliasesAndFrom) {
  auto st = ParseStatement("select a, b + 1 as c, t.* , count(*) cnt from t1 t where x = 1;");
  ASSERT_EQ(st->kind, StmtKind::kSelect);
  EXPECT_EQ(st->text, "select a, b + 1 as c, t.* , count(*) cnt from t1 t where x = 1");
  const auto& b = *st->query->block;
  ASSERT_EQ(b.items.size(), 4u);
  EXPECT_EQ(b.items[0].expr->kind, ExprKind::kColumnRef);
  EXPECT_EQ(b.items[0].expr->names, std::vector<std::string>{"A"});
  EXPECT_EQ(b.items[1].alias, "C");
  EXPECT_EQ(b.items[1].text, "b + 1");
  EXPECT_EQ(b.items[2].expr->kind, ExprKind::kStar);
  EXPECT_EQ(b.items[2].expr->names, std::vector<std::string>{"T"});
  EXPECT_EQ(b.items[3].expr->kind, ExprKind::kFunction);
  EXPECT_EQ(b.items[3].alias, "CNT");
  ASSERT_EQ(b.items[3].expr->args.size(), 1u);
  EXPECT_EQ(b.items[3].expr->args[0]->kind, ExprKind::kStar);
  ASSERT_EQ(b.from.size(), 1u);
  EXPECT_EQ(b.from[0]->name, std::vector<std::string>{"T1"});
  EXPECT_EQ(b.from[0]->alias, "T");
  ASSERT_TRUE(b.where);
  EXPECT_EQ(b.where->kind, ExprKind::kCompare);
}

TEST(ParseSelect, DistinctStarDualAndQuotedNames) {
  auto st = ParseStatement("SELECT DISTINCT * FROM \"MixedCase\" WHERE \"col\" IS NOT NULL");
  const auto& b = *st->query->block;
  EXPECT_TRUE(b.distinct);
  EXPECT_EQ(b.items[0].expr->kind, ExprKind::kStar);
  EXPECT_TRUE(b.items[0].expr->names.empty());
  EXPECT_EQ(b.from[0]->name, std::vector<std::string>{"MixedCase"});
  EXPECT_EQ(b.where->kind, ExprKind::kIsNull);
  EXPECT_TRUE(b.where->negated);
  EXPECT_EQ(b.where->args[0]->names, std::vector<std::string>{"col"});
  auto d = ParseStatement("select sysdate, systimestamp, rownum from dual");
  EXPECT_EQ(d->query->block->items[0].expr->kind, ExprKind::kSysdate);
  EXPECT_EQ(d->query->block->items[1].expr->kind, ExprKind::kSystimestamp);
  EXPECT_EQ(d->query->block->items[2].expr->kind, ExprKind::kRownum);
}

TEST(ParseSelect, SelectWithoutFromIsAllowed) {
  auto st = ParseStatement("SELECT - 45 AS col1");
  EXPECT_TRUE(st->query->block->from.empty());
  EXPECT_EQ(st->query->block->items[0].alias, "COL1");
}

TEST(ParseSelect, AnsiJoins) {
  auto st = ParseStatement(
      "select * from a join b on a.id = b.id left outer join c using (k, l) "
      "cross join d natural join e full join f on 1 = 1 right join g on g.x = a.x");
  const auto& from = st->query->block->from;
  ASSERT_EQ(from.size(), 1u);
  // left-deep: ((((((a J b) LJ c) X d) N e) F f) R g)
  const ast::TableRef* r = from[0].get();
  EXPECT_EQ(r->kind, ast::TableRef::Kind::kJoin);
  EXPECT_EQ(r->join_type, ast::JoinType::kRight);
  EXPECT_EQ(r->right->name, std::vector<std::string>{"G"});
  r = r->left.get();
  EXPECT_EQ(r->join_type, ast::JoinType::kFull);
  ASSERT_TRUE(r->on);
  r = r->left.get();
  EXPECT_TRUE(r->natural);
  EXPECT_EQ(r->join_type, ast::JoinType::kInner);
  r = r->left.get();
  EXPECT_EQ(r->join_type, ast::JoinType::kCross);
  r = r->left.get();
  EXPECT_EQ(r->join_type, ast::JoinType::kLeft);
  EXPECT_EQ(r->using_columns, (std::vector<std::string>{"K", "L"}));
  r = r->left.get();
  EXPECT_EQ(r->join_type, ast::JoinType::kInner);
  EXPECT_EQ(r->on->kind, ExprKind::kCompare);
  EXPECT_EQ(r->left->name, std::vector<std::string>{"A"});
}

TEST(ParseSelect, CommaJoinsSubqueriesAndTableFunction) {
  auto st = ParseStatement(
      "select * from t1, (select x from t2) v, table(dbms_xplan.display_cursor(null, null, "
      "format => 'ALLSTATS LAST'))");
  const auto& from = st->query->block->from;
  ASSERT_EQ(from.size(), 3u);
  EXPECT_EQ(from[1]->kind, ast::TableRef::Kind::kSubquery);
  EXPECT_EQ(from[1]->alias, "V");
  ASSERT_TRUE(from[1]->subquery);
  EXPECT_EQ(from[2]->kind, ast::TableRef::Kind::kTableFunction);
  const auto& fn = *from[2]->function;
  EXPECT_EQ(fn.names, (std::vector<std::string>{"DBMS_XPLAN", "DISPLAY_CURSOR"}));
  ASSERT_EQ(fn.args.size(), 3u);
  EXPECT_EQ(fn.args[2]->op, "=>");
  EXPECT_EQ(fn.args[2]->args[0]->names, std::vector<std::string>{"FORMAT"});
  EXPECT_EQ(fn.args[2]->args[1]->literal.str(), "ALLSTATS LAST");
  auto d = ParseStatement("SELECT * FROM TABLE(DBMS_XPLAN.DISPLAY)");
  EXPECT_EQ(d->query->block->from[0]->function->kind, ExprKind::kFunction);
}

TEST(ParseSelect, GroupByHavingOrderByFetch) {
  auto st = ParseStatement(
      "select a, sum(b) from t group by a having sum(b) > 10 "
      "order by 2 desc nulls first, a offset 5 rows fetch first 10 rows only");
  const auto& q = *st->query;
  EXPECT_EQ(q.block->group_by.size(), 1u);
  ASSERT_TRUE(q.block->having);
  ASSERT_EQ(q.order_by.size(), 2u);
  EXPECT_TRUE(q.order_by[0].descending);
  EXPECT_EQ(q.order_by[0].nulls_first, std::optional<bool>(true));
  EXPECT_FALSE(q.order_by[1].nulls_first.has_value());
  ASSERT_TRUE(q.offset);
  EXPECT_EQ(q.offset->text, "5");
  ASSERT_TRUE(q.fetch_first);
  EXPECT_EQ(q.fetch_first->text, "10");
  auto p = ParseStatement("select * from t fetch next 5 percent rows with ties");
  EXPECT_TRUE(p->query->fetch_percent);
  EXPECT_TRUE(p->query->fetch_with_ties);
}

TEST(ParseSelect, SqliteLimit) {
  auto st = ParseStatement("select * from t limit 10 offset 3");
  EXPECT_EQ(st->query->fetch_first->text, "10");
  EXPECT_EQ(st->query->offset->text, "3");
  auto c = ParseStatement("select * from t limit 3, 10");
  EXPECT_EQ(c->query->fetch_first->text, "10");
  EXPECT_EQ(c->query->offset->text, "3");
}

TEST(ParseSelect, WithAndSetOperations) {
  auto st = ParseStatement(
      "with w (x) as (select 1 from dual), v as (select 2 from dual) "
      "select x from w union all select 2 from v minus select 3 from dual "
      "intersect (select 4 from dual) except select 5 from dual union select 6 from dual "
      "order by 1");
  const auto& q = *st->query;
  ASSERT_EQ(q.with.size(), 2u);
  EXPECT_EQ(q.with[0].name, "W");
  EXPECT_EQ(q.with[0].columns, std::vector<std::string>{"X"});
  EXPECT_EQ(q.set_op, ast::SetOp::kUnion);  // left-to-right, equal precedence
  EXPECT_EQ(q.left->set_op, ast::SetOp::kMinus);  // EXCEPT
  EXPECT_EQ(q.left->left->set_op, ast::SetOp::kIntersect);
  EXPECT_EQ(q.left->left->left->set_op, ast::SetOp::kMinus);
  EXPECT_EQ(q.left->left->left->left->set_op, ast::SetOp::kUnionAll);
  EXPECT_EQ(q.order_by.size(), 1u);
}

TEST(ParseSelect, ParenthesisedQueryWithOwnOrderByGetsWrapped) {
  auto st = ParseStatement("(select a from t order by a) order by 1 desc");
  const auto& q = *st->query;
  ASSERT_TRUE(q.block);
  ASSERT_EQ(q.block->from.size(), 1u);
  EXPECT_EQ(q.block->from[0]->kind, ast::TableRef::Kind::kSubquery);
  EXPECT_EQ(q.block->from[0]->subquery->order_by.size(), 1u);
  EXPECT_TRUE(q.order_by[0].descending);
}

TEST(ParseSelect, ConnectBy) {
  auto st = ParseStatement(
      "select level, rowid from emp start with mgr is null connect by nocycle prior id = mgr");
  const auto& b = *st->query->block;
  EXPECT_EQ(b.items[0].expr->kind, ExprKind::kLevel);
  EXPECT_EQ(b.items[1].expr->kind, ExprKind::kRowid);
  ASSERT_TRUE(b.start_with);
  ASSERT_TRUE(b.connect_by);
  EXPECT_TRUE(b.connect_by_nocycle);
  EXPECT_EQ(b.connect_by->args[0]->kind, ExprKind::kUnary);
  EXPECT_EQ(b.connect_by->args[0]->op, "PRIOR");
  auto g = ParseStatement("select rownum from dual connect by level <= 10");
  EXPECT_FALSE(g->query->block->start_with);
  EXPECT_EQ(g->query->block->connect_by->args[0]->kind, ExprKind::kLevel);
}

TEST(ParseDml, InsertValuesMultiRowAndHint) {
  auto st = ParseStatement("insert /*+ APPEND */ into t (a, b) values (1, 'x'), (2, null)");
  ASSERT_EQ(st->kind, StmtKind::kInsert);
  EXPECT_EQ(st->name, std::vector<std::string>{"T"});
  EXPECT_EQ(st->insert_columns, (std::vector<std::string>{"A", "B"}));
  ASSERT_EQ(st->values.size(), 2u);
  EXPECT_EQ(st->values[0][1]->literal.str(), "x");
  EXPECT_TRUE(st->values[1][1]->literal.is_null());
  ASSERT_EQ(st->hints.size(), 1u);
  EXPECT_EQ(st->hints[0].name, "APPEND");
}

TEST(ParseDml, InsertSelect) {
  auto st = ParseStatement("INSERT INTO t2 SELECT * FROM t1 WHERE a > 1");
  ASSERT_TRUE(st->query);
  EXPECT_TRUE(st->values.empty());
  auto w = ParseStatement("INSERT INTO t2 (a) WITH x AS (SELECT 1 a FROM dual) SELECT a FROM x");
  EXPECT_EQ(w->query->with.size(), 1u);
}

TEST(ParseDml, UpdateWithAliasAndWhere) {
  auto st = ParseStatement("update /*+ full(e) */ emp e set e.sal = sal * 2, comm = null where id = 7");
  ASSERT_EQ(st->kind, StmtKind::kUpdate);
  EXPECT_EQ(st->alias, "E");
  ASSERT_EQ(st->assignments.size(), 2u);
  EXPECT_EQ(st->assignments[0].first, "SAL");
  EXPECT_EQ(st->assignments[0].second->kind, ExprKind::kBinary);
  EXPECT_EQ(st->assignments[1].first, "COMM");
  ASSERT_TRUE(st->where);
  EXPECT_EQ(st->hints.at(0).name, "FULL");
}

TEST(ParseDml, DeleteForms) {
  auto st = ParseStatement("delete from t x where x.a = 1");
  EXPECT_EQ(st->kind, StmtKind::kDelete);
  EXPECT_EQ(st->alias, "X");
  ASSERT_TRUE(st->where);
  auto st2 = ParseStatement("DELETE t");
  EXPECT_EQ(st2->name, std::vector<std::string>{"T"});
  EXPECT_FALSE(st2->where);
}

TEST(ParseTransaction, CommitRollbackSavepoint) {
  EXPECT_EQ(ParseStatement("commit work")->kind, StmtKind::kCommit);
  EXPECT_EQ(ParseStatement("COMMIT")->kind, StmtKind::kCommit);
  auto r = ParseStatement("rollback to savepoint sp1");
  EXPECT_EQ(r->kind, StmtKind::kRollback);
  EXPECT_EQ(r->savepoint, "SP1");
  EXPECT_EQ(ParseStatement("rollback to sp2")->savepoint, "SP2");
  EXPECT_EQ(ParseStatement("rollback")->savepoint, "");
  auto s = ParseStatement("savepoint a1");
  EXPECT_EQ(s->kind, StmtKind::kSavepoint);
  EXPECT_EQ(s->savepoint, "A1");
}

TEST(ParseDdl, CreateTableColumnsAndConstraints) {
  auto st = ParseStatement(
      "create table t (id number(10) primary key, amt number(12,2) not null, "
      "name varchar2(20 byte) default 'x', c char(3), d date, ts timestamp, i integer, "
      "f binary_double, g float, h real, k double precision, v varchar(5), tx text, "
      "s smallint unique, n number, constraint pk2 unique (c)) pctfree 20 inmemory");
  ASSERT_EQ(st->kind, StmtKind::kCreateTable);
  ASSERT_EQ(st->columns.size(), 15u);
  EXPECT_EQ(st->columns[0].type, LogicalType::Number(10, 0));
  EXPECT_TRUE(st->columns[0].primary_key);
  EXPECT_TRUE(st->columns[0].not_null);
  EXPECT_EQ(st->columns[1].type, LogicalType::Number(12, 2));
  EXPECT_TRUE(st->columns[1].not_null);
  EXPECT_EQ(st->columns[2].type, LogicalType::Varchar(20));
  ASSERT_TRUE(st->columns[2].default_value);
  EXPECT_EQ(st->columns[3].type, LogicalType::Char(3));
  EXPECT_TRUE(st->columns[3].unique);
  EXPECT_EQ(st->columns[4].type, LogicalType::Date());
  EXPECT_EQ(st->columns[5].type, LogicalType::Timestamp());
  EXPECT_EQ(st->columns[6].type, LogicalType::Integer());
  for (int i = 7; i <= 10; ++i) EXPECT_EQ(st->columns[i].type, LogicalType::Double()) << i;
  EXPECT_EQ(st->columns[11].type, LogicalType::Varchar(5));
  EXPECT_EQ(st->columns[12].type.id, TypeId::kVarchar);
  EXPECT_EQ(st->columns[13].type, LogicalType::Integer());
  EXPECT_TRUE(st->columns[13].unique);
  EXPECT_EQ(st->columns[14].type, LogicalType::Number());
  EXPECT_EQ(st->pctfree, std::optional<int>(20));
  EXPECT_TRUE(st->inmemory);
}

TEST(ParseDdl, CreateTableTablePrimaryKeyAndIfNotExists) {
  auto st = ParseStatement(
      "CREATE TABLE IF NOT EXISTS t (a INTEGER, b INTEGER, PRIMARY KEY (a, b))");
  EXPECT_TRUE(st->if_not_exists);
  EXPECT_EQ(st->primary_key, (std::vector<std::string>{"A", "B"}));
  EXPECT_TRUE(st->columns[0].not_null);
  EXPECT_THROW(ParseStatement("create table t (a int, primary key (zz))"), OraError);
}

TEST(ParseDdl, CreateTableAsSelect) {
  auto st = ParseStatement("create table t2 pctfree 5 as select * from t1");
  EXPECT_EQ(st->kind, StmtKind::kCreateTableAs);
  ASSERT_TRUE(st->query);
  EXPECT_EQ(st->pctfree, std::optional<int>(5));
  auto c = ParseStatement("create table t3 (x, y) as select a, b from t1");
  EXPECT_EQ(c->kind, StmtKind::kCreateTableAs);
  ASSERT_EQ(c->columns.size(), 2u);
  EXPECT_EQ(c->columns[1].name, "Y");
}

TEST(ParseDdl, DropAndTruncate) {
  auto d = ParseStatement("drop table t purge");
  EXPECT_EQ(d->kind, StmtKind::kDropTable);
  EXPECT_TRUE(d->purge);
  EXPECT_FALSE(d->if_exists);
  auto e = ParseStatement("DROP TABLE IF EXISTS s.t CASCADE CONSTRAINTS");
  EXPECT_TRUE(e->if_exists);
  EXPECT_EQ(e->name, (std::vector<std::string>{"S", "T"}));
  EXPECT_EQ(ParseStatement("truncate table t")->kind, StmtKind::kTruncate);
  auto i = ParseStatement("drop index ix1");
  EXPECT_EQ(i->kind, StmtKind::kDropIndex);
  EXPECT_EQ(i->name, std::vector<std::string>{"IX1"});
  auto v = ParseStatement("DROP VIEW IF EXISTS view_1");
  EXPECT_EQ(v->kind, StmtKind::kDropView);
  EXPECT_TRUE(v->if_exists);
}

TEST(ParseDdl, CreateIndex) {
  auto st = ParseStatement("create unique index if not exists ix on t (a, b desc, c asc)");
  ASSERT_EQ(st->kind, StmtKind::kCreateIndex);
  EXPECT_TRUE(st->unique);
  EXPECT_TRUE(st->if_not_exists);
  EXPECT_EQ(st->name, std::vector<std::string>{"IX"});
  EXPECT_EQ(st->table, std::vector<std::string>{"T"});
  ASSERT_EQ(st->index_columns.size(), 3u);
  EXPECT_FALSE(st->index_columns[0].descending);
  EXPECT_TRUE(st->index_columns[1].descending);
  EXPECT_EQ(st->index_columns[2].name, "C");
}

TEST(ParseDdl, AlterTableInmemory) {
  auto st = ParseStatement("alter table t inmemory memcompress for query high priority critical");
  ASSERT_EQ(st->kind, StmtKind::kAlterTable);
  EXPECT_TRUE(st->inmemory);
  EXPECT_EQ(st->memcompress, "FOR QUERY HIGH");
  EXPECT_EQ(st->priority, "CRITICAL");
  auto n = ParseStatement("ALTER TABLE t NO INMEMORY");
  EXPECT_TRUE(n->no_inmemory);
  EXPECT_FALSE(n->inmemory);
}

TEST(ParseDdl, Views) {
  auto st = ParseStatement("create or replace view v (x, y) as select a, b from t");
  ASSERT_EQ(st->kind, StmtKind::kCreateView);
  EXPECT_TRUE(st->or_replace);
  EXPECT_EQ(st->view_columns, (std::vector<std::string>{"X", "Y"}));
  ASSERT_TRUE(st->query);
  auto p = ParseStatement("CREATE VIEW view_1 AS SELECT pk, col0 FROM tab0 WHERE col0 = 49");
  EXPECT_FALSE(p->or_replace);
}

TEST(ParseSession, AlterSessionSet) {
  auto st = ParseStatement("alter session set \"_serial_direct_read\" = ALWAYS");
  ASSERT_EQ(st->kind, StmtKind::kAlterSession);
  EXPECT_EQ(st->parameter, "_serial_direct_read");
  EXPECT_EQ(st->parameter_value, "ALWAYS");
  auto f = ParseStatement("ALTER SESSION SET nls_date_format = 'YYYY-MM-DD HH24:MI:SS'");
  EXPECT_EQ(f->parameter, "nls_date_format");
  EXPECT_EQ(f->parameter_value, "YYYY-MM-DD HH24:MI:SS");
  auto a = ParseStatement("alter session set statistics_level = all");
  EXPECT_EQ(a->parameter_value, "all");
  auto n = ParseStatement("alter session set db_file_multiblock_read_count = 16;");
  EXPECT_EQ(n->parameter_value, "16");
}

TEST(ParseSession, ForceParallelAndSystem) {
  auto st = ParseStatement("alter session force parallel query parallel 4");
  EXPECT_EQ(st->action, "FORCE PARALLEL QUERY");
  EXPECT_EQ(st->parallel_degree, std::optional<int>(4));
  auto e = ParseStatement("alter session enable parallel dml");
  EXPECT_EQ(e->action, "ENABLE PARALLEL DML");
  auto f = ParseStatement("alter system flush buffer_cache");
  EXPECT_EQ(f->kind, StmtKind::kAlterSystem);
  EXPECT_EQ(f->action, "FLUSH BUFFER_CACHE");
  EXPECT_EQ(ParseStatement("ALTER SYSTEM FLUSH SHARED_POOL")->action, "FLUSH SHARED_POOL");
  auto s = ParseStatement("alter system set db_cache_size = 64M");
  EXPECT_EQ(s->parameter, "db_cache_size");
  EXPECT_EQ(s->parameter_value, "64M");
}

TEST(ParseExplain, ExplainPlan) {
  auto st = ParseStatement(
      "explain plan set statement_id = 'q1' into plan_table for select * from t where a = 1");
  ASSERT_EQ(st->kind, StmtKind::kExplainPlan);
  EXPECT_EQ(st->statement_id, "q1");
  EXPECT_EQ(st->name, std::vector<std::string>{"PLAN_TABLE"});
  ASSERT_TRUE(st->explained);
  EXPECT_EQ(st->explained->kind, StmtKind::kSelect);
  EXPECT_EQ(st->explained->text, "select * from t where a = 1");
  auto u = ParseStatement("EXPLAIN PLAN FOR update t set a = 1");
  EXPECT_EQ(u->explained->kind, StmtKind::kUpdate);
}

TEST(ParsePlsql, AnonymousBlockWithNamedAndPositionalArgs) {
  auto st = ParseStatement(
      "BEGIN DBMS_STATS.GATHER_TABLE_STATS(user, 'T', method_opt => 'for all columns size 1'); "
      "dbms_random.seed(42); null; END;");
  ASSERT_EQ(st->kind, StmtKind::kPlsqlBlock);
  ASSERT_EQ(st->calls.size(), 2u);
  EXPECT_EQ(st->calls[0].name, (std::vector<std::string>{"DBMS_STATS", "GATHER_TABLE_STATS"}));
  ASSERT_EQ(st->calls[0].args.size(), 3u);
  EXPECT_EQ(st->calls[0].args[0].name, "");
  EXPECT_EQ(st->calls[0].args[2].name, "METHOD_OPT");
  EXPECT_EQ(st->calls[0].args[2].value->literal.str(), "for all columns size 1");
  EXPECT_EQ(st->calls[1].args[0].value->text, "42");
  EXPECT_EQ(st->text.back(), ';');
}

TEST(ParsePlsql, Exec) {
  auto st = ParseStatement("exec dbms_inmemory.populate('SCOTT', 'T')");
  ASSERT_EQ(st->kind, StmtKind::kPlsqlBlock);
  ASSERT_EQ(st->calls.size(), 1u);
  EXPECT_EQ(st->calls[0].args.size(), 2u);
  auto e = ParseStatement("EXECUTE dbms_stats.delete_table_stats(ownname => 'X', tabname => 'T');");
  EXPECT_EQ(e->calls[0].args[1].name, "TABNAME");
}

TEST(ParseUnimplemented, SqliteIsmsRaise3001) {
  for (const char* sql : {"CREATE TRIGGER t1r1 UPDATE ON t1 BEGIN SELECT 1; END;",
                          "REPLACE INTO t VALUES (1)", "INSERT OR REPLACE INTO t VALUES (1)",
                          "REINDEX t1", "MERGE INTO t USING s ON (1=1) WHEN MATCHED THEN UPDATE SET a=1",
                          "DECLARE x NUMBER; BEGIN NULL; END;"}) {
    try {
      ParseStatement(sql);
      ADD_FAILURE() << sql;
    } catch (const OraError& e) {
      EXPECT_EQ(e.code(), 3001) << sql;
    }
  }
}

}  // namespace
}  // namespace pathdb

// The grammar's tables are built once, by whichever comes first: PrepareParser on another
// thread (as the shell starts it) or a parse, which waits for a build under way.
TEST(ParsePrepare, PrepareParserBesideParses) {
  std::thread prepare(pathdb::PrepareParser);
  for (int i = 0; i < 20; ++i) {
    auto stmt = pathdb::ParseStatement("select a, b from t where a = 1");
    ASSERT_NE(stmt, nullptr);
  }
  prepare.join();
  pathdb::PrepareParser();  // again: a no-op
  EXPECT_NE(pathdb::ParseStatement("select 1 from dual"), nullptr);
}
