rem DBMS_STATS: gathering (exact, 100% sample), histograms of each kind on skewed data, METHOD_OPT,
rem SET/DELETE, indexes (cascade and GATHER_INDEX_STATS), named and positional arguments through
rem EXEC and BEGIN ... END, and the errors. LAST_ANALYZED is masked by the queries.
set linesize 150
set pagesize 200
column table_name format a10
column column_name format a10
column index_name format a12
column low_value format a14
column high_value format a14
column histogram format a15
column endpoint_actual_value format a8
prompt == skewed data built with CONNECT BY
create table sales (
  id      number not null,
  region  varchar2(10),
  status  number,
  amount  number(8,2),
  qty     number,
  sold    date,
  note    varchar2(20));
insert into sales
select level,
       case when mod(level, 10) < 6 then 'NORTH' when mod(level, 10) < 9 then 'SOUTH' else 'WEST' end,
       case when level <= 1900 then mod(level, 4) else level end,
       mod(level * 7, 1000) / 4,
       case when level <= 600 then 1 when level <= 900 then 2 else level end,
       date '2021-03-01' + mod(level, 30),
       case when mod(level, 5) = 0 then null else 'n' || mod(level, 3) end
  from dual connect by level <= 2000;
commit;
create index sales_region on sales (region);
prompt == never analyzed: NULL statistics
select table_name, num_rows, blocks, avg_row_len, sample_size, last_analyzed from user_tables;
select count(*) from user_tab_col_statistics;
prompt == EXEC with positional arguments; default METHOD_OPT is SIZE AUTO (skewed columns only)
exec dbms_stats.gather_table_stats('PATHDB', 'SALES');
select table_name, num_rows, avg_row_len, sample_size, nvl2(last_analyzed, 'yes', 'no') analyzed,
       case when blocks > 0 then 'yes' end has_blocks
  from user_tables;
select column_name, num_distinct, low_value, high_value, density, num_nulls, num_buckets, avg_col_len, sample_size, histogram
  from user_tab_col_statistics where table_name = 'SALES' order by column_name;
prompt -- REGION: frequency histogram (3 values, WEST rare)
select endpoint_number, endpoint_value, endpoint_actual_value, endpoint_repeat_count
  from user_tab_histograms where table_name = 'SALES' and column_name = 'REGION' order by endpoint_number;
prompt -- QTY: hybrid histogram, popular values 1 and 2 carry their repeat counts
select endpoint_number, endpoint_value, endpoint_repeat_count
  from user_tab_histograms where column_name = 'QTY' and endpoint_number <= 1000 order by endpoint_number;
select count(*) buckets, max(endpoint_number) last_endpoint, max(endpoint_value) high
  from user_tab_histograms where column_name = 'QTY';
prompt -- cascade gathered the index too
select index_name, num_rows, distinct_keys, blevel, nvl2(last_analyzed, 'yes', 'no') analyzed from user_indexes;
prompt == METHOD_OPT 'for all columns size 1': no histograms, density 1/NDV
begin
  dbms_stats.gather_table_stats(ownname => 'pathdb', tabname => 'sales', method_opt => 'for all columns size 1');
end;
/
select column_name, num_distinct, density, num_buckets, histogram
  from user_tab_col_statistics where table_name = 'SALES' order by column_name;
select column_name, count(*) from user_tab_histograms where table_name = 'SALES' group by column_name order by 1;
prompt == METHOD_OPT 'size 4': top-frequency (STATUS: 4 values hold 95% of the rows)
exec dbms_stats.gather_table_stats(user, 'SALES', method_opt => 'for columns status size 4');
select column_name, num_distinct, density, num_buckets, histogram
  from user_tab_col_statistics where table_name = 'SALES' and column_name = 'STATUS';
prompt -- the low value 0 and the high value 2000 are kept in place of a frequent one
select endpoint_number, endpoint_value from user_tab_histograms
 where table_name = 'SALES' and column_name = 'STATUS' order by endpoint_number;
prompt == 'for columns c1, c2 size N' and several FOR clauses
exec dbms_stats.gather_table_stats(user, 'SALES', method_opt => 'for columns region, sold size 30');
select column_name, num_buckets, histogram from user_tab_col_statistics
 where table_name = 'SALES' and column_name in ('REGION', 'SOLD') order by 1;
exec dbms_stats.gather_table_stats(user, 'SALES', method_opt => 'for all columns size 1 for columns qty size 8');
select column_name, num_buckets, histogram from user_tab_col_statistics where table_name = 'SALES' order by 1;
select endpoint_number, endpoint_value, endpoint_repeat_count from user_tab_histograms
 where column_name = 'QTY' order by endpoint_number;
prompt == an explicit ESTIMATE_PERCENT gives the legacy height-balanced histogram
exec dbms_stats.gather_table_stats(user, 'SALES', estimate_percent => 100, method_opt => 'for columns qty size 8');
select column_name, num_distinct, density, num_buckets, histogram
  from user_tab_col_statistics where table_name = 'SALES' and column_name = 'QTY';
select endpoint_number, endpoint_value from user_tab_histograms where column_name = 'QTY' order by endpoint_number;
exec dbms_stats.gather_table_stats(user, 'SALES', estimate_percent => dbms_stats.auto_sample_size, method_opt => 'for columns qty size 8');
select column_name, histogram from user_tab_col_statistics where table_name = 'SALES' and column_name = 'QTY';
prompt == SET_TABLE_STATS with named arguments, then DELETE_TABLE_STATS
exec dbms_stats.set_table_stats(ownname => user, tabname => 'SALES', numrows => 1000000, numblks => 12000, avgrlen => 80);
select table_name, num_rows, blocks, avg_row_len from user_tables;
exec dbms_stats.delete_table_stats('PATHDB', 'SALES');
select table_name, num_rows, blocks, avg_row_len, last_analyzed from user_tables;
select count(*) from user_tab_col_statistics where table_name = 'SALES';
select index_name, num_rows, distinct_keys from user_indexes;
prompt == GATHER_INDEX_STATS, cascade => false, GATHER_SCHEMA_STATS
exec dbms_stats.gather_index_stats('PATHDB', 'SALES_REGION');
select index_name, num_rows, distinct_keys, leaf_blocks from user_indexes;
exec dbms_stats.delete_table_stats('PATHDB', 'SALES');
exec dbms_stats.gather_table_stats('PATHDB', 'SALES', cascade => false);
select t.num_rows table_rows, i.num_rows index_rows from user_tables t, user_indexes i where i.table_name = t.table_name;
create table tiny (a number);
insert into tiny values (null);
exec dbms_stats.gather_schema_stats('PATHDB');
select table_name, num_rows from user_tables order by 1;
select column_name, num_distinct, low_value, num_nulls, density, avg_col_len from user_tab_col_statistics where table_name = 'TINY';
prompt == errors
exec dbms_stats.gather_table_stats('PATHDB', 'NO_SUCH_TABLE');
exec dbms_stats.gather_table_stats('SCOTT', 'SALES');
exec dbms_stats.gather_table_statistics('PATHDB', 'SALES');
exec dbms_stats.gather_table_stats('PATHDB');
exec dbms_stats.gather_table_stats('PATHDB', 'SALES', no_such_argument => 1);
exec dbms_stats.gather_table_stats('PATHDB', 'SALES', method_opt => 'for all colums size 1');
exec dbms_stats.gather_table_stats('PATHDB', 'SALES', method_opt => 'for columns nope size 4');
exec dbms_stats.gather_table_stats('PATHDB', 'SALES', estimate_percent => 200);
exec dbms_stats.gather_index_stats('PATHDB', 'NO_SUCH_INDEX');
begin
  dbms_stats.gather_table_stats('PATHDB', 'SALES');
  dbms_stats.no_such_procedure('PATHDB', 'SALES');
end;
/
