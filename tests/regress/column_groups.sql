rem Column-group statistics (DBMS_STATS.CREATE_EXTENDED_STATS, METHOD_OPT 'FOR COLUMNS (a, b)'):
rem the optimizer takes the distinct count of the combined columns instead of multiplying the
rem single-column selectivities, for equalities on one table, for joins on several columns
rem (TPC-H Q9's PARTSUPP to LINEITEM on partkey and suppkey) and for GROUP BY.
set pagesize 200
set linesize 150
create table ps (pk number not null, sk number not null, cost number);
create table li (ok number not null, pk number not null, sk number not null, qty number);
rem four suppliers per part; every LI row has one of its part's suppliers: one PS row each
insert into ps select ceil(level / 4), mod(ceil(level / 4) + mod(level, 4) * 25, 100) + 1,
  mod(level, 97) from dual connect by level <= 8000;
insert into li select level, mod(level, 2000) + 1,
  mod(mod(level, 2000) + 1 + mod(floor(level / 2000), 4) * 25, 100) + 1, mod(level, 50)
  from dual connect by level <= 40000;
commit;
exec dbms_stats.gather_table_stats(user, 'PS', method_opt => 'for all columns size 1')
exec dbms_stats.gather_table_stats(user, 'LI', method_opt => 'for all columns size 1')
rem without a column group: the product of NDVs (capped at the table rows) guesses the join
explain plan for select count(*) from ps, li where ps.pk = li.pk and ps.sk = li.sk;
select * from table(dbms_xplan.display(format => 'BASIC +ROWS'));
explain plan for select * from li where pk = 8 and sk = 84;
select * from table(dbms_xplan.display(format => 'BASIC +ROWS'));
explain plan for select pk, sk, count(*) from li group by pk, sk;
select * from table(dbms_xplan.display(format => 'BASIC +ROWS'));
rem the group, created from a query as Oracle's documentation shows; named SYS_STU...
column name format a32
column extension format a20
column extension_name format a32
column table_name format a10
column column_name format a32
select dbms_stats.create_extended_stats(user, 'li', '(pk, sk)') name from dual;
select table_name, extension, creator, droppable from user_stat_extensions;
select case when dbms_stats.show_extended_stats_name(user, 'LI', '(SK,PK)') = extension_name
            then 'same name' end as show_name from user_stat_extensions;
rem created but not gathered: estimates unchanged
explain plan for select * from li where pk = 8 and sk = 84;
select * from table(dbms_xplan.display(format => 'BASIC +ROWS'));
exec dbms_stats.gather_table_stats(user, 'LI', method_opt => 'for all columns size 1')
rem METHOD_OPT can name a group; it is created when missing
exec dbms_stats.gather_table_stats(user, 'PS', method_opt => 'for all columns size 1 for columns (pk, sk) size 1')
select table_name, extension from user_stat_extensions order by table_name;
select table_name, num_distinct, num_nulls, density from user_tab_col_statistics
 where column_name like 'SYS_STU%' order by table_name;
rem with the groups: 40,000 join rows (every LI row finds its PS row), 5 rows, 8,000 groups
explain plan for select count(*) from ps, li where ps.pk = li.pk and ps.sk = li.sk;
select * from table(dbms_xplan.display(format => 'BASIC +ROWS'));
select count(*) from ps, li where ps.pk = li.pk and ps.sk = li.sk;
explain plan for select * from li where pk = 8 and sk = 84;
select * from table(dbms_xplan.display(format => 'BASIC +ROWS'));
select count(*) from li where pk = 8 and sk = 84;
explain plan for select pk, sk, count(*) from li group by pk, sk;
select * from table(dbms_xplan.display(format => 'BASIC +ROWS'));
select count(*) from (select pk, sk, count(*) from li group by pk, sk);
rem a column not in the group multiplies as before (5 rows x 1/50)
explain plan for select * from li where pk = 8 and sk = 84 and qty = 3;
select * from table(dbms_xplan.display(format => 'BASIC +ROWS'));
select count(*) from li where pk = 8 and sk = 84 and qty = 3;
rem a histogram on a group column: Oracle's rule, the group is not used for equalities
exec dbms_stats.gather_table_stats(user, 'LI', method_opt => 'for all columns size 1 for columns sk size 254')
explain plan for select * from li where pk = 8 and sk = 84;
select * from table(dbms_xplan.display(format => 'BASIC +ROWS'));
rem EXPLAIN PLAN of the function only plans it: no group is created
explain plan for select dbms_stats.create_extended_stats(user, 'LI', '(pk, qty)') from dual;
select count(*) from user_stat_extensions;
rem errors
select dbms_stats.create_extended_stats(user, 'LI', '(sk, pk)') from dual;
select dbms_stats.create_extended_stats(user, 'LI', '(pk)') from dual;
select dbms_stats.create_extended_stats(user, 'LI', '(pk, nope)') from dual;
select dbms_stats.create_extended_stats(user, 'LI', '(upper(pk), sk)') from dual;
select dbms_stats.create_extended_stats(user, 'NOPE', '(pk, sk)') from dual;
select dbms_stats.show_extended_stats_name(user, 'LI', '(ok, qty)') from dual;
exec dbms_stats.drop_extended_stats(user, 'LI', '(ok, qty)')
rem dropped: the guess comes back
exec dbms_stats.drop_extended_stats(user, 'LI', '(sk, pk)')
exec dbms_stats.drop_extended_stats(user, 'PS', '(pk, sk)')
select count(*) from user_stat_extensions;
explain plan for select count(*) from ps, li where ps.pk = li.pk and ps.sk = li.sk;
select * from table(dbms_xplan.display(format => 'BASIC +ROWS'));
