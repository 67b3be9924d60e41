-- E-Rows against A-Rows on skewed data, without and with a histogram (issue 5: cardinality).
-- S has 10,000 rows: VAL = 1 on 9,000 of them, the other 1,000 spread over 100 values.
-- Without a histogram Oracle's estimate for VAL = 1 is num_rows / NDV (uniform); with a
-- frequency histogram it is the bucket's count, so E-Rows meets A-Rows.
set pagesize 1000
set linesize 200
column column_name format a12
create table s (id number, val number, pad varchar2(10));
insert into s select level, case when level <= 9000 then 1 else mod(level, 100) + 2 end, 'x'
  from dual connect by level <= 10000;
commit;
exec dbms_stats.gather_table_stats(user, 'S', method_opt => 'FOR ALL COLUMNS SIZE 1')
select column_name, num_distinct, histogram from user_tab_col_statistics
 where table_name = 'S' order by column_name;

-- uniform: E-Rows = 10000 / 101 = 99 for the popular value and the rare one alike
select /*+ gather_plan_statistics */ count(*) from s where val = 1;
select * from table(dbms_xplan.display_cursor(format => 'IOSTATS LAST'));
select /*+ gather_plan_statistics */ count(*) from s where val = 50;
select * from table(dbms_xplan.display_cursor(format => 'IOSTATS LAST'));

exec dbms_stats.gather_table_stats(user, 'S', method_opt => 'FOR COLUMNS VAL SIZE 254')
select column_name, num_distinct, histogram, num_buckets from user_tab_col_statistics
 where table_name = 'S' and column_name = 'VAL';

-- frequency histogram: E-Rows = 9000 and 10, as A-Rows
select /*+ gather_plan_statistics */ count(*) from s where val = 1;
select * from table(dbms_xplan.display_cursor(format => 'IOSTATS LAST'));
select /*+ gather_plan_statistics */ count(*) from s where val = 50;
select * from table(dbms_xplan.display_cursor(format => 'IOSTATS LAST'));

-- ranges by interpolation, IN lists, IS NULL, LIKE, and the join estimate
select /*+ gather_plan_statistics */ count(*) from s where id between 1001 and 2000;
select * from table(dbms_xplan.display_cursor(format => 'IOSTATS LAST'));
select /*+ gather_plan_statistics */ count(*) from s where val in (50, 51, 52);
select * from table(dbms_xplan.display_cursor(format => 'IOSTATS LAST'));
select /*+ gather_plan_statistics */ count(*) from s where pad is null;
select * from table(dbms_xplan.display_cursor(format => 'IOSTATS LAST'));
create table d (id number, name varchar2(10));
insert into d select level, 'd' || level from dual connect by level <= 100;
commit;
exec dbms_stats.gather_table_stats(user, 'D')
select /*+ gather_plan_statistics */ count(*) from s, d where s.val = d.id and d.name = 'd50';
select * from table(dbms_xplan.display_cursor(format => 'IOSTATS LAST'));
