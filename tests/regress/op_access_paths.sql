rem Access paths and row sources that write: TABLE ACCESS FULL, INDEX UNIQUE SCAN, INDEX RANGE
rem SCAN [DESCENDING], INDEX FAST FULL SCAN, INDEX FULL SCAN, TABLE ACCESS BY INDEX ROWID
rem [BATCHED], CONNECT BY row generation, LOAD AS SELECT (CTAS and INSERT /*+ APPEND */).
rem Each index query has the same question asked with /*+ FULL */ next to it; NULL keys are not
rem in a single-column B-tree, so the planner must not answer COUNT(*) or IS NULL from one.
rem Every answer was checked against PostgreSQL 15 (CONNECT BY written generate_series there).
set pagesize 100
rem Oracle always returns the root row: LEVEL <= 0 still gives one row (not a PostgreSQL idiom)
rem pg: select 1;
select level from dual connect by level <= 0;
rem pg: select count(*) from generate_series(1, 2) g;
select count(*) from dual connect by level < 3;
rem pg: select g lvl, mod(g, 3) m from generate_series(1, 5) g order by g;
select level lvl, mod(level, 3) m from dual connect by level <= 5;
rem pg: select g, g from generate_series(1, 4) g;
select rownum, level from dual connect by level <= 4;
rem pg: select count(*), sum(g) from generate_series(1, 1000) g;
select count(*), sum(level) from dual connect by level <= 1000;
rem pg: select count(*) from generate_series(1, 10) g where mod(g, 2) = 0;
select count(*) from (select level n from dual connect by level <= 10) where mod(n, 2) = 0;

rem -- LOAD AS SELECT: INSERT /*+ APPEND */ from a row generator into a table whose id and grp
rem    are NOT NULL (so an index on them holds every row and can answer COUNT(*) and ORDER BY)
create table t (id number not null, grp number not null, k number, name varchar2(10));
rem pg: insert into t select g id, mod(g, 10) grp, case when mod(g, 7) = 0 then null else mod(g, 50) end k, 'n' || g as name from generate_series(1, 500) g;
insert /*+ append */ into t
  select level id, mod(level, 10) grp,
         case when mod(level, 7) = 0 then null else mod(level, 50) end k,
         'n' || level name
    from dual connect by level <= 500;
commit;
create unique index t_id on t (id);
create index t_k on t (k);
create index t_grp_k on t (grp, k);
create index t_name on t (name);
select count(*), count(k), count(distinct k), sum(id), min(name), max(name) from t;

rem -- INDEX UNIQUE SCAN + TABLE ACCESS BY INDEX ROWID
select /*+ index(t t_id) */ id, grp, k, name from t where id = 77;
select /*+ full(t) */ id, grp, k, name from t where id = 77;
select /*+ index(t t_id) */ id from t where id = 501;
select /*+ index(t t_id) */ id from t where id = null;
select /*+ index(t t_id) */ count(*) from t where id = 7;

rem -- INDEX RANGE SCAN (+ TABLE ACCESS BY INDEX ROWID BATCHED)
select /*+ index(t t_k) */ id, name from t where k = 7 order by id;
select /*+ full(t) */ id, name from t where k = 7 order by id;
select /*+ index(t t_k) */ count(*), sum(id) from t where k between 10 and 12;
select /*+ full(t) */ count(*), sum(id) from t where k between 10 and 12;
select /*+ index(t t_k) */ count(*) from t where k < 2;
select /*+ index(t t_k) */ id, k from t where k > 48 order by id fetch first 5 rows only;
select /*+ index(t t_k) */ id from t where k in (3, 49) order by id;
select /*+ index(t t_id) */ id, name from t where id between 96 and 104 order by id;
select /*+ index(t t_name) */ id, name from t where name like 'n12%' order by name;
select /*+ index(t t_name) */ name from t where name >= 'n498' order by name;
rem empty ranges
select /*+ index(t t_k) */ id from t where k = 99;
select /*+ index(t t_id) */ id from t where id between 600 and 700;
select /*+ index(t t_k) */ count(*) from t where k > 49;
select /*+ index(t t_id) */ id from t where id > 10 and id < 5;
rem multi-column index: full key, prefix, range on the second column
select /*+ index(t t_grp_k) */ id from t where grp = 3 and k = 3 order by id;
select /*+ full(t) */ id from t where grp = 3 and k = 3 order by id;
select /*+ index(t t_grp_k) */ count(*), min(id), max(id) from t where grp = 4;
select /*+ index(t t_grp_k) */ id, k from t where grp = 9 and k > 44 order by id;
select /*+ index(t t_grp_k) */ count(*) from t where grp = 9 and k is null;

rem -- INDEX RANGE SCAN DESCENDING
select /*+ index(t t_id) */ id from t where id between 10 and 20 order by id desc;
select /*+ index(t t_k) */ k, id from t where k between 47 and 48 order by k desc, id desc;
select /*+ index(t t_id) */ id from t where id < 400 order by id desc fetch first 3 rows only;

rem -- INDEX FULL SCAN (ordered) and INDEX FAST FULL SCAN (unordered, multiblock)
select /*+ index(t t_id) */ id from t where id > 490 order by id;
select /*+ index(t t_id) */ id from t order by id fetch first 3 rows only;
rem pg: select count(*), sum(rn * id) from (select id, row_number() over (order by id) rn from t) v;
select /*+ index(t t_id) */ count(*), sum(rn * id) from
  (select id, rownum rn from (select /*+ index(t t_id) */ id from t order by id)) v;
select /*+ index_ffs(t t_id) */ count(*) from t;
select /*+ index_ffs(t t_k) */ count(k), count(distinct k), sum(k) from t;
select /*+ full(t) */ count(k), count(distinct k), sum(k) from t;
rem t_k has no entry for the 71 NULL keys: these must still count 500 and 71
select /*+ index_ffs(t t_k) */ count(*) from t;
select /*+ index(t t_k) */ count(*) from t where k is null;
select /*+ index(t t_k) */ k, count(*) from t group by k order by k fetch first 3 rows only;
select /*+ index(t t_k) */ k, count(*) from t group by k order by k nulls first
 fetch first 2 rows only;
select /*+ index_ffs(t t_grp_k) */ grp, count(*) from t group by grp order by grp;

rem -- TABLE ACCESS FULL with filters, empty results and an empty table
select /*+ full(t) */ count(*) from t where k is null;
select /*+ full(t) */ count(*) from t where k is not null and grp = 0;
select /*+ full(t) */ id from t where name = 'nope';
create table t0 (id number, k number);
create index t0_k on t0 (k);
select /*+ full(t0) */ count(*), max(id) from t0;
select /*+ index(t0 t0_k) */ id from t0 where k = 1;
select /*+ index_ffs(t0 t0_k) */ count(k) from t0;

rem -- indexes follow DML
delete from t where mod(id, 5) = 0;
update t set k = 7 where id between 101 and 104;
insert into t values (501, 1, 7, 'n501');
insert into t values (502, 1, null, 'n502');
commit;
select /*+ index(t t_k) */ id from t where k = 7 order by id;
select /*+ full(t) */ id from t where k = 7 order by id;
select /*+ index(t t_id) */ id, k from t where id between 99 and 106 order by id;
select /*+ index_ffs(t t_id) */ count(*) from t;
select /*+ index(t t_k) */ count(*) from t where k is null;

rem -- LOAD AS SELECT: INSERT /*+ APPEND */ (direct path) and CTAS from a join
create table t2 (id number, k number, name varchar2(10));
insert /*+ append */ into t2 select id, k, name from t where grp = 2;
commit;
insert /*+ append */ into t2 select id + 1000, k, name from t where grp = 2 and k is null;
commit;
insert into t2 select id + 2000, k, name from t where id = 77;
commit;
select count(*), count(k), min(id), max(id) from t2;
select id, name from t2 where id > 1000 order by id;
create index t2_k on t2 (k);
select /*+ index(t2 t2_k) */ id from t2 where k = 2 order by id;
insert /*+ append */ into t2 select id, k, name from t where id < 0;
commit;
select count(*) from t2;
create table tj as select t.id, t.name, t2.id id2 from t join t2 on t2.k = t.k
 where t.id < 30;
select count(*), count(distinct id), sum(id2) from tj;
create table te as select * from t where 1 = 0;
select count(*) from te;

rem -- plans of the key queries above (DBMS_XPLAN format BASIC: operation and object names)
explain plan for
select /*+ index(t t_id) */ id, grp, k, name from t where id = 77;
select * from table(dbms_xplan.display(format => 'BASIC'));
explain plan for
select /*+ index(t t_k) */ id, name from t where k = 7 order by id;
select * from table(dbms_xplan.display(format => 'BASIC'));
explain plan for
select /*+ index(t t_id) */ id from t where id between 10 and 20 order by id desc;
select * from table(dbms_xplan.display(format => 'BASIC'));
explain plan for
select /*+ index(t t_id) */ id from t order by id;
select * from table(dbms_xplan.display(format => 'BASIC'));
explain plan for
select /*+ index_ffs(t t_id) */ count(*) from t;
select * from table(dbms_xplan.display(format => 'BASIC'));
explain plan for
select /*+ index_ffs(t t_grp_k) */ grp, count(*) from t group by grp order by grp;
select * from table(dbms_xplan.display(format => 'BASIC'));
explain plan for
select /*+ full(t) */ count(*) from t where k is null;
select * from table(dbms_xplan.display(format => 'BASIC'));
explain plan for
select level lvl, mod(level, 3) m from dual connect by level <= 5;
select * from table(dbms_xplan.display(format => 'BASIC'));
explain plan for
insert /*+ append */ into t2 select id, k, name from t where grp = 2;
select * from table(dbms_xplan.display(format => 'BASIC'));
