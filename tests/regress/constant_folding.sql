rem Constant arithmetic is evaluated once when the statement is parsed, as Oracle does: the
rem plan shows the value (TPC-H Q1's date '1998-12-01' - interval '90' day (3) is
rem TO_DATE(' 1998-09-02 ...')), the estimate uses it against the column statistics, and the
rem scan can evaluate the comparison in storage. An expression that raises an error, or whose
rem value depends on the session's NLS settings, is left for run time.
set pagesize 200
set linesize 150
alter session set nls_date_format = 'YYYY-MM-DD';
create table cf (id number not null, d date, amt number(10,2), disc number(4,2), flag char(1));
insert into cf select level, date '1998-01-01' + mod(level, 365), mod(level, 1000) / 10,
  mod(level, 11) / 100, case mod(level, 3) when 0 then 'A' when 1 then 'N' else 'R' end
  from dual connect by level <= 4000;
commit;
exec dbms_stats.gather_table_stats(user, 'CF')
rem date minus interval: a date in the predicate, and an estimate near the 3,000-odd rows that match
explain plan for
select count(*) from cf where d <= date '1998-12-01' - interval '90' day (3);
select * from table(dbms_xplan.display(format => 'TYPICAL'));
select count(*) from cf where d <= date '1998-12-01' - interval '90' day (3);
rem number arithmetic: .06 - 0.01 is .05; both bounds become storage predicates
explain plan for
select count(*) from cf where disc between .06 - 0.01 and .06 + 0.01 and amt < 2 * 12;
select * from table(dbms_xplan.display(format => 'TYPICAL'));
select count(*) from cf where disc between .06 - 0.01 and .06 + 0.01 and amt < 2 * 12;
rem unary minus, nested arithmetic and concatenation of literals
explain plan for
select id from cf where id = -(-(3 * 4) + 2) + 20 or flag = 'A' || 'B';
select * from table(dbms_xplan.display(format => 'BASIC +PREDICATE'));
select id from cf where id = -(-(3 * 4) + 2) + 20 or flag = 'A' || 'B';
rem an error is raised when a row needs the value, not when the statement is parsed
select count(*) from cf where id < 0 and amt > 1 / 0;
select count(*) from cf where amt > 1 / 0;
select count(*) from cf where d > date '2024-01-31' + interval '1' month;
rem a conversion that depends on NLS_DATE_FORMAT stays in the plan
explain plan for
select count(*) from cf where d = to_date('1998-03-01') + 1;
select * from table(dbms_xplan.display(format => 'BASIC +PREDICATE'));
rem column headings keep the text the user wrote
select 1 + 2, 7 * 3 product from dual;
rem SORT GROUP BY aggregates as rows arrive: its work area holds the 3 groups, not 4,000 rows
select /*+ gather_plan_statistics */ flag, count(*), sum(amt), avg(disc) from cf
 group by flag order by flag;
select * from table(dbms_xplan.display_cursor(format => 'ALLSTATS LAST'));
select flag, count(*), sum(amt * (1 - disc)), sum(amt * (1 - disc) * (1 + disc)) from cf
 group by flag order by flag desc;
select flag, min(id), max(id) from cf where id > 3990 group by flag order by flag;
