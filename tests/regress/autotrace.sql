-- SET AUTOTRACE: ON (rows, plan, statistics), TRACEONLY (no rows), TRACEONLY EXPLAIN (a
-- query is not run), ON STATISTICS, ON EXPLAIN with DML, OFF, and a bad option.
set pagesize 1000
set linesize 200
create table t (id number primary key, grp number);
insert into t select level, mod(level, 10) from dual connect by level <= 2000;
commit;
exec dbms_stats.gather_table_stats(user, 'T')

set autotrace on
select count(*) from t where grp = 3;
set autotrace traceonly
select id from t where grp = 3 and id < 100 order by id;
set autotrace traceonly explain
select * from t where id = 10;
set autotrace on statistics
select max(id) from t;
set autotrace on explain
update t set grp = grp where id < 5;
rollback;
set autot trace exp stat
select grp from t where id = 7;
set autotrace off
select count(*) from t;
set autotrace bogus
