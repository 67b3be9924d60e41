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

-- outer joins: the inner join's rows plus the preserved rows without a match, never fewer
-- than the preserved rows. S LEFT JOIN D: inner 10,000 x 100 / 101 = 9,901, and S's VAL has
-- 101 distinct values to D's 100 ids, so 1/101 of S finds no match: 9,901 + 99 = 10,000.
-- D's rows over 90 LEFT JOIN S: 10 x 10,000 / 101 = 990 (A-Rows 100: VAL = 1 is 90 % of S).
-- S RIGHT JOIN D: every D id is among the VALs: 9,901. A key that is an expression has no
-- statistics: the larger input (FULL JOIN on VAL + 1000).
select /*+ gather_plan_statistics */ count(*) from s left join d on d.id = s.val;
select * from table(dbms_xplan.display_cursor(format => 'IOSTATS LAST'));
select /*+ gather_plan_statistics */ count(*) from d left join s on s.val = d.id where d.id > 90;
select * from table(dbms_xplan.display_cursor(format => 'IOSTATS LAST'));
select /*+ gather_plan_statistics */ count(*) from s right join d on d.id = s.val;
select * from table(dbms_xplan.display_cursor(format => 'IOSTATS LAST'));
select /*+ gather_plan_statistics */ count(*) from s full join d on d.id = s.val + 1000;
select * from table(dbms_xplan.display_cursor(format => 'IOSTATS LAST'));
-- OPT_ESTIMATE(JOIN ...) naming exactly the outer join's tables sets its rows; one naming
-- other tables is reported unused
select /*+ gather_plan_statistics opt_estimate(join (s d) rows=42) opt_estimate(join (s x) rows=7) */
       count(*) from s left join d on d.id = s.val;
select * from table(dbms_xplan.display_cursor(format => 'IOSTATS LAST +HINT_REPORT'));
-- statistics feedback for an outer join: the second execution plans with its actual rows
alter session set optimizer_adaptive_statistics = true;
select count(*) from d left join s on s.val = d.id + 500;
select count(*) from d left join s on s.val = d.id + 500;
select * from table(dbms_xplan.display_cursor(format => 'BASIC ROWS NOTE'));
select child_number, is_reoptimizable, is_shareable, is_bind_sensitive, is_bind_aware
  from v$sql where sql_text = 'select count(*) from d left join s on s.val = d.id + 500'
 order by 1;
select c.child_number, c.use_feedback_stats from v$sql_shared_cursor c
 where c.sql_id = (select max(sql_id) from v$sql
                    where sql_text = 'select count(*) from d left join s on s.val = d.id + 500')
 order by 1;
select hint_text from v$sql_reoptimization_hints
 where sql_id = (select max(sql_id) from v$sql
                  where sql_text = 'select count(*) from d left join s on s.val = d.id + 500');
