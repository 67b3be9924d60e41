// A table of valid statements (Oracle habits, the performance-engineer scripts and the
// sqllogictest corpus's generic syntax): each must parse to the expected statement kind.
#include <gtest/gtest.h>

#include "common/error.h"
#include "parser/parser.h"

namespace pathdb {
namespace {

using ast::StmtKind;

struct Case {
  const char* sql;
  StmtKind kind;
};

const Case kCorpus[] = {
    {"select 1 from dual", StmtKind::kSelect},
    {"SELECT * FROM t1", StmtKind::kSelect},
    {"select a, b from t1 where a > 1 and b < 2 or c = 3", StmtKind::kSelect},
    {"select count(*) from orders o where o.customer_id = :cid", StmtKind::kSelect},
    {"select /*+ full(o) */ count(*) from orders o", StmtKind::kSelect},
    {"select /*+ index(o ord_cust_ix) */ * from orders o where customer_id = 42", StmtKind::kSelect},
    {"select /*+ leading(c o) use_hash(o) swap_join_inputs(o) */ c.cust_email, sum(o.order_total) "
     "from customers c, orders o where o.customer_id = c.customer_id group by c.cust_email",
     StmtKind::kSelect},
    {"select * from table(dbms_xplan.display)", StmtKind::kSelect},
    {"select * from table(dbms_xplan.display(format => '+HINT_REPORT'))", StmtKind::kSelect},
    {"select * from table(dbms_xplan.display_cursor(null, null, 'ALLSTATS LAST'))", StmtKind::kSelect},
    {"select s.name, m.value from v$statname s, v$mystat m where m.statistic# = s.statistic# "
     "and s.name = 'table scans (direct read)'", StmtKind::kSelect},
    {"select rownum, level from dual connect by level <= 1000", StmtKind::kSelect},
    {"select rownum n, mod(rownum, 10) m, dbms_random.string('x', 10) s from dual "
     "connect by level <= 100", StmtKind::kSelect},
    {"select trunc(dbms_random.value(1, 100)) from dual", StmtKind::kSelect},
    {"select * from t where d > sysdate - 30", StmtKind::kSelect},
    {"select to_char(d, 'YYYY-MM-DD') from t", StmtKind::kSelect},
    {"select to_date('2024-01-01', 'YYYY-MM-DD') from dual", StmtKind::kSelect},
    {"select add_months(sysdate, -1) from dual", StmtKind::kSelect},
    {"select nvl(a, 0), nvl2(a, 1, 0), coalesce(a, b, c), nullif(a, b) from t", StmtKind::kSelect},
    {"select decode(a, 1, 'one', 2, 'two', 'many') from t", StmtKind::kSelect},
    {"select abs(a), round(b, 2), trunc(c), mod(d, 3), floor(e), ceil(f) from t", StmtKind::kSelect},
    {"select power(2, 10), sqrt(16) from dual", StmtKind::kSelect},
    {"select upper(a), lower(b), initcap(c) from t", StmtKind::kSelect},
    {"select substr(a, 1, 3), instr(a, 'x'), length(a) from t", StmtKind::kSelect},
    {"select trim(a), ltrim(a), rtrim(a, 'x'), lpad(a, 10, '*'), rpad(a, 5) from t", StmtKind::kSelect},
    {"select replace(a, 'x', 'y') from t", StmtKind::kSelect},
    {"select to_number('12.5') from dual", StmtKind::kSelect},
    {"select stddev(a), variance(a), avg(a), min(a), max(a) from t", StmtKind::kSelect},
    {"select count(distinct a), count(all b) from t", StmtKind::kSelect},
    {"select a || '-' || b as ab from t", StmtKind::kSelect},
    {"select cast(a as varchar2(10)) from t", StmtKind::kSelect},
    {"select cast(a as number) from t", StmtKind::kSelect},
    {"select case when a < 0 then 'neg' when a = 0 then 'zero' else 'pos' end from t", StmtKind::kSelect},
    {"select case a when 1 then 'x' end from t", StmtKind::kSelect},
    {"select * from t where a between 1 and 10", StmtKind::kSelect},
    {"select * from t where a not between 1 and 10", StmtKind::kSelect},
    {"select * from t where a in (1, 2, 3)", StmtKind::kSelect},
    {"select * from t where a not in (select b from u)", StmtKind::kSelect},
    {"select * from t where (a, b) in (select c, d from u)", StmtKind::kSelect},
    {"select * from t where name like 'A%' escape '\\'", StmtKind::kSelect},
    {"select * from t where name not like '%x%'", StmtKind::kSelect},
    {"select * from t where a is null or b is not null", StmtKind::kSelect},
    {"select * from t where exists (select 1 from u where u.a = t.a)", StmtKind::kSelect},
    {"select * from t where not exists (select 1 from u where u.a = t.a)", StmtKind::kSelect},
    {"select * from t where a > all (select b from u)", StmtKind::kSelect},
    {"select * from t where a = any (select b from u)", StmtKind::kSelect},
    {"select (select max(b) from u) mx from t", StmtKind::kSelect},
    {"select * from t order by a desc nulls last, b", StmtKind::kSelect},
    {"select * from t order by 1 fetch first 10 rows only", StmtKind::kSelect},
    {"select * from t offset 10 rows fetch next 5 rows only", StmtKind::kSelect},
    {"select * from t fetch first 1 row only", StmtKind::kSelect},
    {"select * from t where rownum <= 10", StmtKind::kSelect},
    {"select a from t union select a from u", StmtKind::kSelect},
    {"select a from t union all select a from u", StmtKind::kSelect},
    {"select a from t intersect select a from u", StmtKind::kSelect},
    {"select a from t minus select a from u", StmtKind::kSelect},
    {"(select a from t) union (select a from u) order by 1", StmtKind::kSelect},
    {"with x as (select * from t) select * from x", StmtKind::kSelect},
    {"with x as (select * from t), y as (select * from x) select * from x, y", StmtKind::kSelect},
    {"select * from a inner join b on a.id = b.id", StmtKind::kSelect},
    {"select * from a left join b on a.id = b.id", StmtKind::kSelect},
    {"select * from a right outer join b on a.id = b.id", StmtKind::kSelect},
    {"select * from a full outer join b on a.id = b.id", StmtKind::kSelect},
    {"select * from a join b using (id)", StmtKind::kSelect},
    {"select * from a cross join b", StmtKind::kSelect},
    {"select * from a natural join b", StmtKind::kSelect},
    {"select * from (a join b on a.x = b.x) join c on c.y = b.y", StmtKind::kSelect},
    {"select e.* from emp e start with mgr is null connect by prior empno = mgr", StmtKind::kSelect},
    {"select * from t where a = 1 group by a having count(*) > 1", StmtKind::kSelect},
    {"select 1e3, 1.5e-2, .5, 5., 2.0 from dual", StmtKind::kSelect},
    {"select date '2024-01-31', timestamp '2024-01-31 10:11:12.123' from dual", StmtKind::kSelect},
    {"select 'it''s' from dual", StmtKind::kSelect},
    {"select systimestamp from dual", StmtKind::kSelect},
    {"select rowid, t.* from t", StmtKind::kSelect},
    {"SELECT ALL + 2 * - col0 AS col2 FROM tab0 AS cor0", StmtKind::kSelect},
    {"SELECT - col1 * + CAST ( NULL AS INTEGER ) FROM tab0", StmtKind::kSelect},
    {"SELECT DISTINCT - 54 AS col2 FROM tab0 GROUP BY col0 HAVING NOT NULL IS NULL", StmtKind::kSelect},
    {"SELECT * FROM tab1 WHERE NOT ( + col0 ) BETWEEN col1 AND + + col2", StmtKind::kSelect},
    {"SELECT COUNT ( * ) FROM tab2 AS cor0 CROSS JOIN tab1 AS cor1", StmtKind::kSelect},
    {"SELECT col2 FROM tab0 WHERE - col1 NOT IN ( col0, col2 * 2, - 3 )", StmtKind::kSelect},
    {"SELECT ALL col1 col1 FROM tab0 WHERE NOT col2 IS NULL", StmtKind::kSelect},
    {"SELECT + 59 * + 70 * CASE WHEN NOT - 16 IS NULL THEN 1 ELSE NULL END", StmtKind::kSelect},
    {"SELECT a+b*2, CASE WHEN a<b-3 THEN 111 WHEN a<=b THEN 222 ELSE 444 END FROM t1 ORDER BY 1,2",
     StmtKind::kSelect},
    {"SELECT x FROM t1 WHERE x IN ()", StmtKind::kSelect},
    {"SELECT MIN ( DISTINCT col0 ) FROM tab0", StmtKind::kSelect},
    {"SELECT - - + col1 FROM tab0", StmtKind::kSelect},
    {"SELECT * FROM t1 LIMIT 5", StmtKind::kSelect},
    {"SELECT col0 FROM tab0 WHERE col0 = 1 OR ( col1 > 2 AND col3 < 4 )", StmtKind::kSelect},
    {"SELECT pk FROM tab0 WHERE col0 IN (SELECT col3 FROM tab0 WHERE col4 > 1.5)", StmtKind::kSelect},
    {"insert into t values (1, 'a', null, date '2024-01-01')", StmtKind::kInsert},
    {"insert into t (a, b) values (1, 2), (3, 4)", StmtKind::kInsert},
    {"insert /*+ append */ into t select * from u", StmtKind::kInsert},
    {"INSERT INTO tab0 VALUES(0,389,380.80,'lfcbq',391,284.1,'ktpko')", StmtKind::kInsert},
    {"update t set a = a + 1", StmtKind::kUpdate},
    {"update t set a = (select max(b) from u) where c = 1", StmtKind::kUpdate},
    {"delete from t where a = 1", StmtKind::kDelete},
    {"delete t", StmtKind::kDelete},
    {"commit", StmtKind::kCommit},
    {"rollback", StmtKind::kRollback},
    {"savepoint s1", StmtKind::kSavepoint},
    {"create table t (a number)", StmtKind::kCreateTable},
    {"create table orders (order_id number(12) not null primary key, customer_id number(12) not null, "
     "order_date date, order_total number(8,2), status varchar2(20)) pctfree 10",
     StmtKind::kCreateTable},
    {"CREATE TABLE tab0(pk INTEGER PRIMARY KEY, col0 INTEGER, col1 FLOAT, col2 TEXT, col3 INTEGER, "
     "col4 FLOAT, col5 TEXT)", StmtKind::kCreateTable},
    {"CREATE TABLE t1(a INTEGER, b INTEGER, c INTEGER, d INTEGER, e INTEGER)", StmtKind::kCreateTable},
    {"CREATE TABLE t1(x VARCHAR(30), y)", StmtKind::kCreateTable},
    {"create table t (a number default 0 not null, b varchar2(10 char) null)", StmtKind::kCreateTable},
    {"create table t (a int, constraint t_pk primary key (a))", StmtKind::kCreateTable},
    {"create table t (a int check (a > 0), b int references u (id))", StmtKind::kCreateTable},
    {"create table t (a number(*, 2), b number(5, -2))", StmtKind::kCreateTable},
    {"create table t inmemory as select * from u", StmtKind::kCreateTableAs},
    {"create table t as select * from u where 1 = 0", StmtKind::kCreateTableAs},
    {"create index ix on t (a)", StmtKind::kCreateIndex},
    {"CREATE INDEX idx_tab1_0 on tab1 (col0 DESC)", StmtKind::kCreateIndex},
    {"create unique index ux on t (a, b)", StmtKind::kCreateIndex},
    {"drop index ix", StmtKind::kDropIndex},
    {"drop table t", StmtKind::kDropTable},
    {"drop table t purge", StmtKind::kDropTable},
    {"truncate table t", StmtKind::kTruncate},
    {"alter table t inmemory", StmtKind::kAlterTable},
    {"alter table t inmemory memcompress for query low", StmtKind::kAlterTable},
    {"alter table t inmemory priority high", StmtKind::kAlterTable},
    {"alter table t no inmemory", StmtKind::kAlterTable},
    {"create view v as select * from t", StmtKind::kCreateView},
    {"create or replace view v as select a from t where b = 1", StmtKind::kCreateView},
    {"drop view v", StmtKind::kDropView},
    {"alter session set \"_serial_direct_read\" = always", StmtKind::kAlterSession},
    {"alter session set \"_small_table_threshold\" = 100", StmtKind::kAlterSession},
    {"alter session set optimizer_mode = first_rows_10", StmtKind::kAlterSession},
    {"alter session set inmemory_query = disable", StmtKind::kAlterSession},
    {"alter session set \"_bloom_filter_enabled\" = false", StmtKind::kAlterSession},
    {"alter session force parallel query parallel 2", StmtKind::kAlterSession},
    {"alter session force parallel query", StmtKind::kAlterSession},
    {"alter system flush buffer_cache", StmtKind::kAlterSystem},
    {"alter system flush shared_pool", StmtKind::kAlterSystem},
    {"explain plan for select * from t", StmtKind::kExplainPlan},
    {"explain plan set statement_id = 'x' for select * from t", StmtKind::kExplainPlan},
    {"begin dbms_stats.gather_table_stats('SCOTT', 'ORDERS'); end;", StmtKind::kPlsqlBlock},
    {"begin dbms_stats.gather_table_stats(ownname => user, tabname => 'T', "
     "method_opt => 'for all columns size auto'); end;", StmtKind::kPlsqlBlock},
    {"begin dbms_stats.set_table_stats(user, 'T', numrows => 1000000, numblks => 10000); end;",
     StmtKind::kPlsqlBlock},
    {"begin dbms_stats.gather_index_stats(user, 'IX'); end;", StmtKind::kPlsqlBlock},
    {"begin dbms_inmemory.populate('SCOTT', 'T'); end;", StmtKind::kPlsqlBlock},
    {"begin dbms_random.seed(42); end;", StmtKind::kPlsqlBlock},
    {"exec dbms_random.seed(1)", StmtKind::kPlsqlBlock},
    {"execute dbms_stats.delete_table_stats(user, 'T')", StmtKind::kPlsqlBlock},
};

TEST(Corpus, AtLeastOneHundredStatements) { EXPECT_GE(std::size(kCorpus), 100u); }

TEST(Corpus, EveryStatementParses) {
  for (const auto& c : kCorpus) {
    try {
      auto st = ParseStatement(c.sql);
      EXPECT_EQ(st->kind, c.kind) << c.sql;
      auto with_semicolon = ParseStatement(std::string(c.sql) + ";");
      EXPECT_EQ(with_semicolon->kind, c.kind) << c.sql;
    } catch (const OraError& e) {
      ADD_FAILURE() << c.sql << " -> " << e.what() << " at " << e.line << ":" << e.column;
    }
  }
}

TEST(Corpus, KeywordsAreCaseInsensitive) {
  EXPECT_EQ(ParseStatement("SeLeCt A fRoM T wHeRe B Is NuLl")->kind, StmtKind::kSelect);
}

}  // namespace
}  // namespace pathdb
