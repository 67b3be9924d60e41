rem A correlated subquery that stays a FILTER (here NO_UNNEST; in TPC-H Q2 a MIN over a join)
rem runs once per distinct correlation value reaching it. The optimizer places it after the
rem joins that shrink its input when fewer rows reach it there (outline NO_PUSH_SUBQ), as
rem Oracle does for a subquery it does not push; PUSH_SUBQ in the subquery keeps it at the
rem table, NO_PUSH_SUBQ puts it after the last join. Every answer is the same.
set pagesize 200
set linesize 160
create table dept (dno number not null, region varchar2(10) not null);
create table emp (eno number not null, dno number not null, sal number, grade number);
create table bonus (eno number not null, kind varchar2(5) not null, amount number);
insert into dept select level, case when mod(level, 20) = 0 then 'EAST' else 'WEST' end
  from dual connect by level <= 200;
insert into emp select level, mod(level, 200) + 1, mod(level * 37, 5000), mod(level, 10)
  from dual connect by level <= 20000;
insert into bonus select level * 2, case when mod(level, 50) = 0 then 'GOLD' else 'NONE' end,
  mod(level, 700) from dual connect by level <= 10000;
commit;
create index emp_eno on emp (eno);
exec dbms_stats.gather_table_stats(user, 'DEPT')
exec dbms_stats.gather_table_stats(user, 'EMP')
exec dbms_stats.gather_table_stats(user, 'BONUS')
rem without join filters, which would drop the EMP rows of other departments in the scan
alter session set "_bloom_filter_enabled" = false;
rem 1. a condition on EMP alone: after the join to the 10 EAST departments (1,000 of 20,000)
select /*+ gather_plan_statistics */ count(*), sum(e.sal) from emp e, dept d
 where e.dno = d.dno and d.region = 'EAST'
   and e.sal > (select /*+ no_unnest */ max(e2.sal) from emp e2
                 where e2.eno between e.eno - 3 and e.eno - 1);
select * from table(dbms_xplan.display_cursor(format => 'ALLSTATS LAST +OUTLINE'));
rem PUSH_SUBQ: at the scan of EMP, 20,000 executions, the same answer
select /*+ gather_plan_statistics */ count(*), sum(e.sal) from emp e, dept d
 where e.dno = d.dno and d.region = 'EAST'
   and e.sal > (select /*+ no_unnest push_subq */ max(e2.sal) from emp e2
                 where e2.eno between e.eno - 3 and e.eno - 1);
select * from table(dbms_xplan.display_cursor(format => 'ALLSTATS LAST'));
rem 2. a condition on EMP and DEPT, joined first: after the join to the GOLD bonuses
explain plan for
select /*+ leading(d e b) */ count(*), sum(b.amount) from emp e, dept d, bonus b
 where e.dno = d.dno and b.eno = e.eno and b.kind = 'GOLD'
   and e.sal >= (select /*+ no_unnest */ max(e2.sal) from emp e2
                  where e2.eno between e.eno - 2 and e.eno and e2.dno <> d.dno + 1);
select * from table(dbms_xplan.display(format => 'BASIC +ROWS +PREDICATE'));
select /*+ leading(d e b) */ count(*), sum(b.amount) from emp e, dept d, bonus b
 where e.dno = d.dno and b.eno = e.eno and b.kind = 'GOLD'
   and e.sal >= (select /*+ no_unnest */ max(e2.sal) from emp e2
                  where e2.eno between e.eno - 2 and e.eno and e2.dno <> d.dno + 1);
select /*+ leading(d e b) */ count(*), sum(b.amount) from emp e, dept d, bonus b
 where e.dno = d.dno and b.eno = e.eno and b.kind = 'GOLD'
   and e.sal >= (select /*+ no_unnest push_subq */ max(e2.sal) from emp e2
                  where e2.eno between e.eno - 2 and e.eno and e2.dno <> d.dno + 1);
rem 3. nothing to gain (every EMP row survives the join): the filter stays at the scan
explain plan for
select count(*) from emp e, dept d
 where e.dno = d.dno
   and e.sal > (select /*+ no_unnest */ max(e2.sal) from emp e2
                 where e2.eno between e.eno - 3 and e.eno - 1);
select * from table(dbms_xplan.display(format => 'BASIC +ROWS'));
rem NO_PUSH_SUBQ: after the last join all the same
explain plan for
select count(*) from emp e, dept d
 where e.dno = d.dno
   and e.sal > (select /*+ no_unnest no_push_subq */ max(e2.sal) from emp e2
                 where e2.eno between e.eno - 3 and e.eno - 1);
select * from table(dbms_xplan.display(format => 'BASIC +ROWS +OUTLINE'));
select count(*) from emp e, dept d
 where e.dno = d.dno
   and e.sal > (select /*+ no_unnest no_push_subq */ max(e2.sal) from emp e2
                 where e2.eno between e.eno - 3 and e.eno - 1);
select count(*) from emp e
 where e.sal > (select max(e2.sal) from emp e2 where e2.eno between e.eno - 3 and e.eno - 1);
