rem Dictionary (USER_*) and V$ views: every view, joins with filters, the classic
rem V$STATNAME/V$MYSTAT query with statistics that move. Run-dependent values (LAST_ANALYZED,
rem physical reads) are masked by the queries themselves.
set linesize 150
set pagesize 100
column table_name format a12
column column_name format a12
column index_name format a12
column segment_name format a12
column name format a40
column data_type format a10
column tablespace_name format a8
column low_value format a16
column high_value format a16
column histogram format a15
column endpoint_actual_value format a10
prompt == a small schema
create table dept (deptno number(2) not null, dname varchar2(14), loc char(8));
create table emp (empno number(4) not null, ename varchar2(10), sal number(7,2), hired date, deptno number(2));
insert into dept select level * 10, 'DEPT' || level, 'LOC' || mod(level, 2) from dual connect by level <= 4;
insert into emp select level, 'E' || level, 1000 + mod(level * 37, 500) + 0.25, date '2020-01-01' + level, mod(level, 4) * 10 + 10
  from dual connect by level <= 400;
commit;
create unique index dept_pk on dept (deptno);
create index emp_dept_sal on emp (deptno, sal);
prompt == USER_TABLES before and after gathering
select table_name, tablespace_name, status, pct_free, num_rows, blocks, avg_row_len, sample_size, last_analyzed, inmemory
  from user_tables order by table_name;
exec dbms_stats.gather_table_stats(user, 'DEPT');
exec dbms_stats.gather_table_stats(user, 'EMP', method_opt => 'for all columns size 1');
select table_name, num_rows, avg_row_len, sample_size, nvl2(last_analyzed, 'analyzed', 'never') analyzed,
       case when blocks > 0 then 'yes' end has_blocks
  from user_tables order by table_name;
prompt == USER_TAB_COLUMNS: types, nullability, positions and statistics
select table_name, column_name, data_type, data_length, data_precision, data_scale, nullable, column_id
  from user_tab_columns order by table_name, column_id;
select column_name, num_distinct, low_value, high_value, density, num_nulls, num_buckets, avg_col_len, histogram
  from user_tab_columns where table_name = 'EMP' order by column_id;
prompt == USER_TAB_COL_STATISTICS (LOW/HIGH_VALUE in Oracle's internal encoding)
select table_name, column_name, num_distinct, low_value, high_value, num_nulls, sample_size, histogram
  from user_tab_col_statistics order by table_name, column_name;
prompt == USER_TAB_HISTOGRAMS: without a histogram, the low and high endpoints
select column_name, endpoint_number, endpoint_value, endpoint_actual_value, endpoint_repeat_count
  from user_tab_histograms where table_name = 'DEPT' order by column_name, endpoint_number;
prompt == USER_INDEXES and USER_IND_COLUMNS (statistics from CREATE INDEX)
select index_name, index_type, table_name, uniqueness, blevel, leaf_blocks, distinct_keys, num_rows, status
  from user_indexes order by index_name;
select index_name, table_name, column_name, column_position, descend
  from user_ind_columns order by index_name, column_position;
prompt == joins between views, with filters
select i.index_name, c.column_name, t.num_rows
  from user_indexes i, user_ind_columns c, user_tables t
 where c.index_name = i.index_name and t.table_name = i.table_name and i.uniqueness = 'NONUNIQUE'
 order by c.column_position;
select c.table_name, c.column_name, s.num_distinct
  from user_tab_columns c join user_tab_col_statistics s
    on s.table_name = c.table_name and s.column_name = c.column_name
 where c.nullable = 'N' order by 1, 2;
select t.table_name, count(*) columns_with_stats
  from user_tables t, user_tab_col_statistics s where s.table_name = t.table_name
 group by t.table_name order by 1;
prompt == USER_SEGMENTS
select segment_name, segment_type, tablespace_name, case when bytes = blocks * 8192 then 'ok' end bytes_ok,
       case when blocks > 0 and extents > 0 then 'ok' end sized
  from user_segments order by segment_name;
prompt == V$STATNAME
select name, class from v$statname
 where name in ('session logical reads', 'consistent gets', 'physical reads', 'table scan rows gotten', 'execute count')
 order by name;
select count(*) from v$statname where name = 'physical reads';
select count(*) - count(distinct statistic#) duplicates from v$statname;
prompt == the classic query; its values are kept in a table to show how they move
select s.name, case when m.value > 0 then 'some' else 'none' end value
  from v$statname s, v$mystat m where m.statistic# = s.statistic# and s.name = 'execute count';
create table snap as select s.name, m.value from v$statname s, v$mystat m
 where m.statistic# = s.statistic# and s.name in ('execute count', 'table scan rows gotten');
select count(*) from emp;
prompt -- two statements ran since the snapshot: the count and this query
select s.name, m.value - p.value delta from v$statname s, v$mystat m, snap p
 where m.statistic# = s.statistic# and p.name = s.name and s.name = 'execute count';
select s.name, case when m.value - p.value >= 400 then 'at least 400' end delta
  from v$statname s, v$mystat m, snap p
 where m.statistic# = s.statistic# and p.name = s.name and s.name = 'table scan rows gotten';
prompt == after a flush, a scan reads from disk: physical reads move
drop table snap purge;
alter system flush buffer_cache;
create table snap as select s.name, m.value from v$statname s, v$mystat m
 where m.statistic# = s.statistic# and s.name = 'physical reads';
select count(*) from emp;
select s.name, case when m.value > p.value then 'moved' else 'did not move' end how
  from v$statname s, v$mystat m, snap p where m.statistic# = s.statistic# and p.name = s.name;
prompt == V$SESSTAT holds the same statistics as V$MYSTAT
select count(*) - (select count(*) from v$statname) missing from v$sesstat;
select count(*) from v$sesstat t, v$mystat m
 where t.statistic# = m.statistic# and t.sid = m.sid and t.statistic# = 0;
prompt == V$PARAMETER (hidden parameters only once set)
column value format a12
column display_value format a12
select name, type, value, display_value, isdefault, isses_modifiable
  from v$parameter where name in ('db_block_size', 'db_cache_size', 'db_file_multiblock_read_count', 'nls_date_format')
 order by name;
select count(*) from v$parameter where name = '_serial_direct_read';
alter session set db_file_multiblock_read_count = 32;
alter session set "_serial_direct_read" = always;
select name, value, isdefault from v$parameter
 where name in ('db_file_multiblock_read_count', '_serial_direct_read') order by name;
prompt == a view over a view of the dictionary, and an unknown view
create view my_stats as select s.name, m.value from v$statname s, v$mystat m where s.statistic# = m.statistic#;
select name from my_stats where name like 'sorts%' order by name;
select table_name, column_name, data_type, data_length, column_id from user_tab_columns where table_name = 'MY_STATS' order by column_id;
select * from v$no_such_view;
prompt == SHOW SGA: Database Buffers is the buffer cache (256M by default)
show sga
