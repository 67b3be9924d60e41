-- Statistics feedback takes a cardinality only from a line that counted all its rows:
-- never from a scan a COUNT STOPKEY / FETCH FIRST stopped early (its rows are a prefix), and
-- never from a join whose input a join filter built above it thinned (its rows are fewer than
-- its tables' join). Either would re-plan the next execution on a wrong number.
set linesize 200
set feedback off
set pagesize 100
column hint_text format a80

create table fs (id number not null, some_ind number);
insert into fs select level, mod(level, 10) from dual connect by level <= 30000;
commit;
exec dbms_stats.gather_table_stats(user, 'FS');

-- ROWNUM stops the scan after its first batch: no correction, the second run is child 0 again
select count(*) from (select id from fs where some_ind >= 0 and rownum <= 5);
select count(*) from (select id from fs where some_ind >= 0 and rownum <= 5);
select * from table(dbms_xplan.display_cursor(format => 'basic +rows +note'));
select s.child_number, s.is_reoptimizable from v$sql s
where s.sql_text like 'select count(*) from (select id from fs%' order by 1;
select count(*) from v$sql s join v$sql_reoptimization_hints h
  on h.sql_id = s.sql_id and h.child_number = s.child_number
where s.sql_text like 'select count(*) from (select id from fs%';

-- FETCH FIRST likewise
select id from fs where some_ind >= 0 fetch first 2 rows only;
select count(*) from v$sql s join v$sql_reoptimization_hints h
  on h.sql_id = s.sql_id and h.child_number = s.child_number
where s.sql_text like 'select id from fs where some_ind >= 0 fetch%';

-- A join filter built by T1 (above) thins T2's scan below the T3-T2 hash join: that join's
-- 100 rows are not the T2-T3 cardinality (2,500) and give no JOIN correction.
create table t1 (id number not null, hist_ind varchar2(4));
insert into t1 select level, '9999' from dual connect by level <= 3000;
create table t2 (id number not null, some_ind number);
insert into t2 select case when level <= 500 then 1 when level <= 1000 then -1 else level end,
  mod(level, 10) from dual connect by level <= 30000;
create table t3 (id number not null, tag varchar2(10));
insert into t3 select level, 'T' || mod(level, 7) from dual connect by level <= 3000;
commit;
create unique index t1_id_ux on t1(id);
create index t2_id_ix on t2(id);
exec dbms_stats.gather_table_stats(user, 'T1');
exec dbms_stats.gather_table_stats(user, 'T2');
exec dbms_stats.gather_table_stats(user, 'T3');
alter session set optimizer_adaptive_statistics = true;
alter session set statistics_level = all;
select /*+ leading(t3 t2 t1) use_hash(t2) use_hash(t1) swap_join_inputs(t1) */ count(*)
from t1 join t2 on t2.id = t1.id join t3 on t3.id = t2.id
where t1.hist_ind = '9999' and t1.id between 1001 and 1100;
select * from table(dbms_xplan.display_cursor(format => 'basic +rows iostats last'));
select count(*) from v$sql s join v$sql_reoptimization_hints h
  on h.sql_id = s.sql_id and h.child_number = s.child_number
where s.sql_text like 'select /*+ leading(t3 t2 t1)%' and h.hint_text like '%JOIN%';
-- the true cardinality of the T2-T3 join
select count(*) from t2 join t3 on t3.id = t2.id;
