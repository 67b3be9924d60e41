-- Automatic big table caching (db_big_table_cache_percent_target): a table above
-- 5 x _small_table_threshold that fits the big table cache is scanned through the buffer
-- cache and keeps its blocks there, so the next scan reads nothing from disk; without it, or
-- when the table does not fit, every scan is a direct path read. _small_table_threshold is
-- set low so a small table stands for a big one (the default cache holds 32768 blocks).
set linesize 160
set pagesize 200
create table facts (id number not null, grp number, pad varchar2(200));
insert into facts select level, mod(level, 7), rpad('x', 180, 'y') from dual connect by level <= 20000;
commit;
alter session set "_small_table_threshold" = 20;
show parameter big_table_cache
create view scan_stats as
  select n.name, m.value from v$mystat m join v$statname n on n.statistic# = m.statistic#
   where n.name in ('table scans (direct read)', 'physical reads direct', 'physical reads cache')
   order by n.name;

-- Off (Oracle's default): direct path, every time.
alter system flush buffer_cache;
select /*+ gather_plan_statistics */ grp, count(*) from facts group by grp order by grp;
select * from table(dbms_xplan.display_cursor(format => 'BASIC LAST NOTE'));
select * from scan_stats;

-- On: the first scan reads the table into the cache ...
alter system set db_big_table_cache_percent_target = 40;
show parameter big_table_cache
select /*+ gather_plan_statistics */ grp, count(*) from facts group by grp order by grp;
select * from table(dbms_xplan.display_cursor(format => 'BASIC LAST NOTE'));
select * from scan_stats;
-- ... and the second finds it there: no physical read of either kind.
select /*+ gather_plan_statistics */ grp, count(*) from facts group by grp order by grp;
select * from table(dbms_xplan.display_cursor(format => 'ALLSTATS LAST'));
select * from scan_stats;

-- A cache share smaller than the table: direct path again.
alter system flush buffer_cache;
alter session set db_big_table_cache_percent_target = 1;
select /*+ gather_plan_statistics */ grp, count(*) from facts group by grp order by grp;
select * from table(dbms_xplan.display_cursor(format => 'BASIC LAST NOTE'));

-- Out of range: an error, the value stays.
alter session set db_big_table_cache_percent_target = 91;
alter session set db_big_table_cache_percent_target = -1;
show parameter big_table_cache
