-- The cursor cache: DBMS_XPLAN.DISPLAY_CURSOR (previous statement, by SQL_ID, formats with
-- run-time statistics ALLSTATS LAST / IOSTATS / MEMSTATS), GATHER_PLAN_STATISTICS and
-- statistics_level=ALL, the warning without them, V$SQL counters after repeated executions,
-- soft parses in V$MYSTAT, V$SESSION's SQL_ID / PREV_SQL_ID, V$SQL_PLAN_STATISTICS_ALL.
-- (A-Time is masked by run_one.sh.)
set pagesize 1000
set linesize 200
set verify off
column sql_text format a60
column operation format a20
column options format a15
column object_name format a12
create table t (id number, grp number, pad varchar2(20));
insert into t select level, mod(level, 10), 'row ' || level from dual connect by level <= 5000;
commit;
exec dbms_stats.gather_table_stats(user, 'T')

select /*+ gather_plan_statistics */ count(*) from t where grp = 3;
select * from table(dbms_xplan.display_cursor(format => 'ALLSTATS LAST'));

column sql_id new_value gps_id
select sql_id from v$sql
 where sql_text = 'select /*+ gather_plan_statistics */ count(*) from t where grp = 3';
select * from table(dbms_xplan.display_cursor('&gps_id', 0, 'IOSTATS LAST'));
select * from table(dbms_xplan.display_cursor('&gps_id', null, 'BASIC'));

select /*+ gather_plan_statistics */ grp, count(*) from t group by grp order by grp;
select * from table(dbms_xplan.display_cursor(null, null, 'MEMSTATS LAST'));

-- no run-time statistics: the plan, and Oracle's warning
select max(id) from t;
select * from table(dbms_xplan.display_cursor(null, null, 'ALLSTATS LAST'));
select max(id) from t;
select * from table(dbms_xplan.display_cursor);

-- statistics_level = ALL collects for every statement (a new child cursor)
alter session set statistics_level = all;
select max(id) from t;
select * from table(dbms_xplan.display_cursor(null, 1, 'ALLSTATS LAST'));
alter session set statistics_level = typical;

-- V$SQL: two executions, one hard parse
column value new_value hard0
select m.value from v$statname s, v$mystat m
 where m.statistic# = s.statistic# and s.name = 'parse count (hard)';
select count(*) from t where grp = 5;
select count(*) from t where grp = 5;
select child_number, executions, parse_calls, loads, rows_processed, sql_text
  from v$sql where sql_text = 'select count(*) from t where grp = 5';
-- hard parses since: the grp = 5 query once, the V$SQL query, and this one
select m.value - &hard0 hard_parses from v$statname s, v$mystat m
 where m.statistic# = s.statistic# and s.name = 'parse count (hard)';
select child_number, executions from v$sql
 where sql_text like 'select max(id) from t' order by child_number;

-- the plan lines of a cursor, with their last run
select id, parent_id, depth, operation, options, object_name, last_starts, last_output_rows
  from v$sql_plan_statistics_all where sql_id = '&gps_id' order by id;

-- V$SESSION: the running statement and the one before
select 1 from dual;
select sql_id, prev_sql_id, status from v$session;
select sql_id from v$sql where sql_text = 'select 1 from dual';

-- DDL invalidates: the next run plans again
create index t_id on t (id);
select count(*) from t where grp = 5;
select child_number, executions, loads, invalidations
  from v$sql where sql_text = 'select count(*) from t where grp = 5';

-- an unknown cursor
select * from table(dbms_xplan.display_cursor('abcdefghjkmnp'));
