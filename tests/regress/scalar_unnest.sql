rem A comparison with a correlated scalar subquery that aggregates (TPC-H Q2, Q17, Q20) becomes
rem a semi join with the subquery grouped by its correlation columns when running it once per
rem outer row would read more: one row per key, so the semi join keeps exactly the rows the
rem comparison keeps. NO_UNNEST in the subquery keeps the FILTER; UNNEST forces the view.
rem Each answer is checked against the FILTER form of the same query.
set pagesize 200
set linesize 150
create table sup (sk number not null, pk number not null, avail number);
create table li (lk number not null, pk number, sk number, qty number(5,2), shipped date);
insert into sup select mod(level, 50) + 1, level, mod(level * 37, 500) from dual connect by level <= 2000;
insert into li select level, mod(level * 7, 2000) + 1, mod(mod(level * 7, 2000) + 1, 50) + 1,
  mod(level, 40) + .5, date '1994-01-01' + mod(level, 700)
  from dual connect by level <= 20000;
insert into li values (20001, null, 1, 10, date '1994-02-01');
commit;
create index li_pk_sk on li (pk, sk);
exec dbms_stats.gather_table_stats(user, 'SUP')
exec dbms_stats.gather_table_stats(user, 'LI')
rem big outer table: unnested, grouped by the two correlation columns (Q20's shape)
explain plan for
select count(*), sum(avail) from sup
 where avail > (select 0.5 * sum(qty) from li
                 where li.pk = sup.pk and li.sk = sup.sk
                   and shipped >= date '1994-01-01' and shipped < date '1995-01-01');
select * from table(dbms_xplan.display(format => 'BASIC +PREDICATE +OUTLINE'));
select count(*), sum(avail) from sup
 where avail > (select 0.5 * sum(qty) from li
                 where li.pk = sup.pk and li.sk = sup.sk
                   and shipped >= date '1994-01-01' and shipped < date '1995-01-01');
rem the same with NO_UNNEST: the FILTER, the same answer
explain plan for
select count(*), sum(avail) from sup
 where avail > (select /*+ no_unnest */ 0.5 * sum(qty) from li
                 where li.pk = sup.pk and li.sk = sup.sk
                   and shipped >= date '1994-01-01' and shipped < date '1995-01-01');
select * from table(dbms_xplan.display(format => 'BASIC +PREDICATE +HINT_REPORT'));
select count(*), sum(avail) from sup
 where avail > (select /*+ no_unnest */ 0.5 * sum(qty) from li
                 where li.pk = sup.pk and li.sk = sup.sk
                   and shipped >= date '1994-01-01' and shipped < date '1995-01-01');
rem the outer rows are few because of an IN subquery (Q20's 'forest%' parts): the semi join
rem keeps pt's estimated rows / NUM_DISTINCT(pk) of SUP, so index probes win and the FILTER
rem stays; the same query with UNNEST gives the same answer
create table pt (pk number not null, name varchar2(20));
insert into pt select level, case when mod(level, 100) = 7 then 'forest ' else 'plain ' end || level
  from dual connect by level <= 2000;
commit;
exec dbms_stats.gather_table_stats(user, 'PT')
explain plan for
select count(*), sum(avail) from sup
 where pk in (select pk from pt where name like 'forest%')
   and avail > (select 0.5 * sum(qty) from li where li.pk = sup.pk and li.sk = sup.sk);
select * from table(dbms_xplan.display(format => 'BASIC +PREDICATE'));
select count(*), sum(avail) from sup
 where pk in (select pk from pt where name like 'forest%')
   and avail > (select 0.5 * sum(qty) from li where li.pk = sup.pk and li.sk = sup.sk);
select count(*), sum(avail) from sup
 where pk in (select pk from pt where name like 'forest%')
   and avail > (select /*+ unnest */ 0.5 * sum(qty) from li where li.pk = sup.pk and li.sk = sup.sk);
rem the FILTER runs above the semi join: its subquery starts once per SUP row of a 'forest%'
rem part (20), not once per SUP row (2000); PUSH_SUBQ keeps it at the scan of SUP
select /*+ gather_plan_statistics */ count(*), sum(avail) from sup
 where pk in (select pk from pt where name like 'forest%')
   and avail > (select 0.5 * sum(qty) from li where li.pk = sup.pk and li.sk = sup.sk);
select * from table(dbms_xplan.display_cursor(format => 'allstats last'));
rem statistics feedback: the FILTER's actual rows (14 where 1 was guessed) become a correction
rem that the next hard parse of the statement plans with (its E-Rows 14)
column hint_text format a100
select h.hint_text from v$sql_reoptimization_hints h
  join v$sql s on s.sql_id = h.sql_id and s.child_number = h.child_number
 where s.sql_text like 'select /*+ gather_plan_statistics */ count(*), sum(avail) from sup%'
 order by 1;
select /*+ gather_plan_statistics */ count(*), sum(avail) from sup
 where pk in (select pk from pt where name like 'forest%')
   and avail > (select 0.5 * sum(qty) from li where li.pk = sup.pk and li.sk = sup.sk);
select * from table(dbms_xplan.display_cursor(format => 'allstats last +note'));
explain plan for
select count(*), sum(avail) from sup
 where pk in (select pk from pt where name like 'forest%')
   and avail > (select /*+ push_subq */ 0.5 * sum(qty) from li where li.pk = sup.pk and li.sk = sup.sk);
select * from table(dbms_xplan.display(format => 'BASIC +PREDICATE'));
rem ... while an IN subquery that keeps every row leaves the outer table big: unnested
explain plan for
select count(*), sum(avail) from sup
 where pk in (select pk from pt)
   and avail > (select 0.5 * sum(qty) from li where li.pk = sup.pk and li.sk = sup.sk);
select * from table(dbms_xplan.display(format => 'BASIC +PREDICATE'));
rem a selective outer filter: a few index probes beat grouping LI, so the FILTER stays (Q17)
explain plan for
select count(*) from sup where pk between 10 and 12
   and avail < (select avg(qty) * 20 from li where li.pk = sup.pk);
select * from table(dbms_xplan.display(format => 'BASIC +PREDICATE'));
select count(*) from sup where pk between 10 and 12
   and avail < (select avg(qty) * 20 from li where li.pk = sup.pk);
rem ... unless the subquery asks for UNNEST; the subquery on the left of the comparison too
explain plan for
select count(*) from sup where pk between 10 and 12
   and (select /*+ unnest */ avg(qty) * 20 from li where li.pk = sup.pk) > avail;
select * from table(dbms_xplan.display(format => 'BASIC +PREDICATE +HINT_REPORT'));
select count(*) from sup where pk between 10 and 12
   and (select /*+ unnest */ avg(qty) * 20 from li where li.pk = sup.pk) > avail;
rem never unnested: COUNT is 0 (not NULL) for a key without rows, so sup rows without LI
rem rows must still compare; NVL makes the value non-NULL; a non-equality correlation
select count(*) from sup where avail >= (select /*+ unnest */ count(*) from li where li.pk = sup.pk);
select count(*) from sup where avail >= (select /*+ unnest */ count(*) from li where li.pk = sup.pk and 1 = 0);
select count(*) from sup where 0 = (select /*+ unnest */ nvl(sum(qty), 0) from li where li.pk = sup.pk + 5000);
select count(*) from sup where avail > (select /*+ unnest */ max(qty) from li where li.pk < sup.pk and li.sk = sup.sk);
explain plan for
select count(*) from sup where 0 = (select /*+ unnest */ nvl(sum(qty), 0) from li where li.pk = sup.pk + 5000);
select * from table(dbms_xplan.display(format => 'BASIC +HINT_REPORT'));
rem MIN/MAX, with an expression on the outer side
select count(*) from sup where avail - 1 >= (select max(qty) * 10 from li where li.pk = sup.pk);
select count(*) from sup where avail - 1 >= (select /*+ no_unnest */ max(qty) * 10 from li where li.pk = sup.pk);
select count(*) from sup where avail < (select min(qty) * 10 from li where li.pk = sup.pk);
select count(*) from sup where avail < (select /*+ no_unnest */ min(qty) * 10 from li where li.pk = sup.pk);
rem after DML the two forms still agree
update li set qty = qty + 100 where mod(lk, 3) = 0;
delete from li where mod(lk, 5) = 0;
commit;
select count(*), sum(avail) from sup
 where avail > (select 0.5 * sum(qty) from li where li.pk = sup.pk and li.sk = sup.sk);
select count(*), sum(avail) from sup
 where avail > (select /*+ no_unnest */ 0.5 * sum(qty) from li where li.pk = sup.pk and li.sk = sup.sk);
