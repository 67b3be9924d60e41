-- Serial direct path reads decided at run time, storage(...) predicates, the storage index
-- skipping regions, and the decision shown by ALLSTATS LAST. _small_table_threshold is set
-- low so a small table stands for a big one.
set linesize 160
set pagesize 200
create table orders (id number not null, status varchar2(10), total number, pad varchar2(200));
insert into orders select level, case mod(level, 4) when 0 then 'NEW' else 'DONE' end,
  mod(level * 37, 1000), rpad('x', 180, 'y') from dual connect by level <= 30000;
commit;
create table small (id number, name varchar2(10));
insert into small values (1, 'one');
commit;
alter session set "_small_table_threshold" = 20;
show parameter _serial_direct_read
-- A view of the statistics this suite follows.
create view scan_stats as
  select n.name, m.value from v$mystat m join v$statname n on n.statistic# = m.statistic#
   where n.name in ('table scans (short tables)', 'table scans (long tables)',
                    'table scans (direct read)', 'physical reads direct')
   order by n.name;
select * from scan_stats;

-- Long table, nothing cached: direct path.
alter system flush buffer_cache;
select /*+ gather_plan_statistics */ count(*), sum(total) from orders where status = 'NEW';
select * from table(dbms_xplan.display_cursor(format => 'ALLSTATS LAST'));
select * from scan_stats;

-- A short table stays in the cache.
select count(*) from small;
select * from scan_stats;

-- Forced buffered: the blocks come into the cache ...
alter session set "_serial_direct_read" = never;
select /*+ gather_plan_statistics */ count(*), sum(total) from orders where status = 'NEW';
select * from table(dbms_xplan.display_cursor(format => 'BASIC LAST NOTE'));
-- ... so the rule keeps the next scan buffered too (over half of the segment is cached).
alter session set "_serial_direct_read" = auto;
select /*+ gather_plan_statistics */ count(*), sum(total) from orders where status = 'NEW';
select * from table(dbms_xplan.display_cursor(format => 'BASIC LAST NOTE'));
select * from scan_stats;

-- Legacy values: TRUE is ALWAYS, FALSE is NEVER.
alter session set "_serial_direct_read" = true;
select /*+ gather_plan_statistics */ count(*) from small;
select * from table(dbms_xplan.display_cursor(format => 'BASIC LAST NOTE'));
alter session set "_serial_direct_read" = false;
alter system flush buffer_cache;
select /*+ gather_plan_statistics */ count(*) from orders;
select * from table(dbms_xplan.display_cursor(format => 'BASIC LAST NOTE'));
alter session set "_serial_direct_read" = sometimes;
alter session set "_kcfis_storageidx_disabled" = maybe;
alter session set filesystemio_options = everything;
alter session set "_serial_direct_read" = auto;

-- Storage index: ids follow load order, so a narrow id range skips most regions.
alter system flush buffer_cache;
select /*+ gather_plan_statistics */ count(*), min(id), max(id) from orders
 where id between 20000 and 20100;
select * from table(dbms_xplan.display_cursor(format => 'ALLSTATS LAST'));
-- An uncommitted change to a skipped region is still found, direct path too.
update orders set id = 20050 where id = 5;
select count(*), min(id), max(id) from orders where id between 20000 and 20100;
rollback;
select count(*), min(id), max(id) from orders where id between 20000 and 20100;
alter session set "_kcfis_storageidx_disabled" = true;
select /*+ gather_plan_statistics */ count(*), min(id), max(id) from orders
 where id between 20000 and 20100;
select * from table(dbms_xplan.display_cursor(format => 'ALLSTATS LAST'));

-- The storage index itself: one row per region and column.
alter session set "_kcfis_storageidx_disabled" = false;
column segment_name format a12
column column_name format a8
column min_value format a10
column max_value format a10
select segment_name, region, first_block, column_name, min_value, max_value, has_null
  from v$storage_index where segment_name = 'ORDERS' and column_name in ('ID', 'STATUS')
 order by region, column_name;
select count(distinct region) regions, count(distinct column_name) columns
  from v$storage_index where segment_name = 'ORDERS';
