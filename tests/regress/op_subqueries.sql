rem Subqueries: FILTER with correlated subqueries (EXISTS, NOT EXISTS, IN, scalar), scalar
rem subqueries in the select list (scalar subquery caching: repeated correlation values give
rem the same answer each time), NOT IN with NULLs on either side, subqueries over empty
rem tables, inline views (VIEW), CREATE VIEW, WITH queries (inline and MATERIALIZE).
rem Every answer was checked against PostgreSQL 15 with the same data.
set pagesize 100
create table dept (deptno number, dname varchar2(10));
insert into dept values (10, 'ACCOUNTING');
insert into dept values (20, 'RESEARCH');
insert into dept values (30, 'SALES');
insert into dept values (40, 'OPERATIONS');
insert into dept values (null, 'NOWHERE');
create table emp (empno number, ename varchar2(10), sal number, deptno number, mgr number);
insert into emp values (1, 'KING', 5000, 10, null);
insert into emp values (2, 'CLARK', 2450, 10, 1);
insert into emp values (3, 'JONES', 2975, 20, 1);
insert into emp values (4, 'SCOTT', 3000, 20, 3);
insert into emp values (5, 'ADAMS', 1100, 20, 4);
insert into emp values (6, 'BLAKE', 2850, 30, 1);
insert into emp values (7, 'ALLEN', 1600, 30, 6);
insert into emp values (8, 'WARD', 1250, 30, 6);
insert into emp values (9, 'MARTIN', 1250, 30, 6);
insert into emp values (10, 'DRIFTER', 900, null, null);
insert into emp values (11, 'NOSAL', null, 20, 3);
create index emp_deptno on emp (deptno);
create table nothing (deptno number, x number);
commit;

rem -- correlated EXISTS / NOT EXISTS, unnested (semi/anti join) or kept as FILTER (NO_UNNEST)
select dname from dept d where exists (select 1 from emp e where e.deptno = d.deptno)
 order by dname;
select dname from dept d
 where exists (select /*+ no_unnest */ 1 from emp e where e.deptno = d.deptno)
 order by dname;
select dname from dept d where not exists (select 1 from emp e where e.deptno = d.deptno)
 order by dname;
select dname from dept d
 where not exists (select /*+ no_unnest */ 1 from emp e where e.deptno = d.deptno)
 order by dname;
rem correlated on a non-equality: who earns more than someone in another department
select ename from emp a
 where exists (select /*+ no_unnest */ 1 from emp b where b.deptno <> a.deptno and b.sal > a.sal * 2)
 order by ename;

rem -- correlated IN and comparisons with a correlated scalar subquery
select ename, sal from emp e
 where sal > (select avg(sal) from emp x where x.deptno = e.deptno) order by ename;
select ename, sal from emp e
 where sal = (select max(sal) from emp x where x.deptno = e.deptno) order by ename;
select ename from emp e
 where e.empno in (select mgr from emp x where x.deptno = e.deptno) order by ename;
select ename from emp e
 where e.deptno in (select /*+ no_unnest */ deptno from dept where dname like '%S%')
 order by ename;

rem -- scalar subqueries in the select list; repeated deptno values hit the scalar cache
select ename, (select dname from dept d where d.deptno = e.deptno) dname
  from emp e order by empno;
select ename, (select count(*) from emp x where x.deptno = e.deptno) cnt,
       (select max(sal) from emp x where x.deptno = e.deptno) top
  from emp e order by empno;
select d.dname, (select count(*) from emp e where e.deptno = d.deptno) n,
       (select sum(sal) from emp e where e.deptno = d.deptno) total
  from dept d order by d.dname;
rem no row from the scalar subquery gives NULL; more than one row is ORA-01427
select dname, (select ename from emp e where e.deptno = d.deptno and e.sal > 4000) rich
  from dept d order by dname;
select dname, (select ename from emp e where e.deptno = d.deptno) only_one
  from dept d order by dname;
rem uncorrelated scalar subquery: computed once
select ename from emp where sal > (select avg(sal) from emp) order by ename;
select (select max(sal) from emp) - (select min(sal) from emp) spread from dual;
select (select max(x) from nothing) nothing_max, (select count(*) from nothing) n from dual;

rem -- NOT IN with NULLs: in the subquery (no rows), in the outer column (row not returned)
select ename from emp where deptno not in (select deptno from dept) order by ename;
select ename from emp where deptno not in (select deptno from dept where deptno is not null)
 order by ename;
select ename from emp where deptno not in (select deptno from dept where deptno > 15)
 order by ename;
select dname from dept where deptno not in (select deptno from emp) order by dname;
select dname from dept where deptno not in (select deptno from emp where deptno is not null)
 order by dname;
select dname from dept where deptno in (select deptno from emp) order by dname;
select ename from emp where deptno not in (10, null) order by ename;
select ename from emp where deptno not in (10, 30) order by ename;
select ename from emp where sal not in (select sal from emp where ename like 'W%')
 order by ename;
select ename from emp where sal not in (select sal from emp where ename like 'N%')
 order by ename;

rem -- subqueries over an empty table
select ename from emp where deptno in (select deptno from nothing) order by ename;
select ename from emp where deptno not in (select deptno from nothing) order by ename;
select ename from emp e where not exists (select 1 from nothing n where n.deptno = e.deptno)
 order by ename;
select ename, (select x from nothing n where n.deptno = e.deptno) x from emp e
 where empno <= 3 order by ename;

rem -- nested subqueries
select dname from dept where deptno in
  (select deptno from emp where sal > (select avg(sal) from emp)) order by dname;
select ename from emp e where exists
  (select 1 from dept d where d.deptno = e.deptno and exists
     (select 1 from emp m where m.deptno = d.deptno and m.sal >= 3000))
 order by ename;

rem -- inline views (VIEW) and a view
select deptno, n from (select deptno, count(*) n from emp group by deptno) v
 where n > 1 order by deptno;
select v.dname, v.total from
  (select d.dname, sum(e.sal) total from dept d join emp e on e.deptno = d.deptno
    group by d.dname) v
 order by v.total desc;
rem pg: select * from (select ename, sal from emp where sal is not null order by sal desc, ename) v limit 3;
select * from (select ename, sal from emp where sal is not null order by sal desc, ename)
 where rownum <= 3;
create view rich as select ename, sal, deptno from emp where sal >= 2500;
select * from rich order by ename;
select r.ename, d.dname from rich r join dept d on d.deptno = r.deptno order by r.ename;
select count(*) from rich where deptno = 20;
drop view rich;

rem -- WITH: inline, referenced twice, MATERIALIZE (TEMP TABLE TRANSFORMATION)
with totals as (select deptno, sum(sal) total from emp group by deptno)
select d.dname, t.total from dept d join totals t on t.deptno = d.deptno order by d.dname;
with totals as (select deptno, sum(sal) total from emp where deptno is not null group by deptno)
select deptno, total from totals where total > (select avg(total) from totals)
 order by deptno;
with totals as (select /*+ materialize */ deptno, sum(sal) total from emp
                  where deptno is not null group by deptno)
select deptno, total from totals where total > (select avg(total) from totals)
 order by deptno;
with a as (select deptno from dept where deptno > 10),
     b as (select deptno, count(*) n from emp where deptno in (select deptno from a)
            group by deptno)
select a.deptno, b.n from a left join b on b.deptno = a.deptno order by a.deptno;
with empty_cte as (select * from emp where sal > 99999)
select count(*), max(sal) from empty_cte;

rem -- many outer rows, few distinct correlation values (the scalar subquery cache and FILTER
rem    see each value many times; the answers must equal the uncached ones)
rem pg: create table big as select g id, mod(g, 37) k, case when mod(g, 5) = 0 then null else mod(g, 4) end j from generate_series(1, 2000) g;
create table big as
  select level id, mod(level, 37) k, case when mod(level, 5) = 0 then null else mod(level, 4) end j
    from dual connect by level <= 2000;
select count(*), sum(c) from
  (select id, (select count(*) from big b2 where b2.k = big.k and b2.id < 100) c from big) v;
select count(*), sum(m) from
  (select id, (select max(b2.id) from big b2 where b2.j = big.j) m from big) v;
select count(*), sum(id) from big
 where exists (select /*+ no_unnest */ 1 from big b2 where b2.k = big.j and b2.id < 40);
select count(*), sum(id) from big
 where not exists (select /*+ no_unnest */ 1 from big b2 where b2.k = big.j + 3 and b2.id < 40);
select count(*), sum(id) from big where j not in (select k from big b2 where b2.id < 3);
select count(*), sum(id) from big where k not in (select j from big b2 where b2.id < 30);

rem -- plans of the key queries above (DBMS_XPLAN format BASIC: operation and object names)
explain plan for
select dname from dept d where exists (select /*+ no_unnest */ 1 from emp e where e.deptno = d.deptno) order by dname;
select * from table(dbms_xplan.display(format => 'BASIC'));
explain plan for
select dname from dept d where not exists (select 1 from emp e where e.deptno = d.deptno) order by dname;
select * from table(dbms_xplan.display(format => 'BASIC'));
explain plan for
select ename, (select dname from dept d where d.deptno = e.deptno) dname from emp e order by empno;
select * from table(dbms_xplan.display(format => 'BASIC'));
explain plan for
select deptno, n from (select deptno, count(*) n from emp group by deptno) v where n > 1 order by deptno;
select * from table(dbms_xplan.display(format => 'BASIC'));
explain plan for
select * from (select ename, sal from emp where sal is not null order by sal desc, ename) where rownum <= 3;
select * from table(dbms_xplan.display(format => 'BASIC'));
explain plan for
with totals as (select /*+ materialize */ deptno, sum(sal) total from emp where deptno is not null group by deptno) select deptno, total from totals where total > (select avg(total) from totals) order by deptno;
select * from table(dbms_xplan.display(format => 'BASIC'));
rem Referenced twice without a hint: materialised as Oracle does; INLINE keeps it inline.
explain plan for
with totals as (select deptno, sum(sal) total from emp where deptno is not null group by deptno) select deptno, total from totals where total > (select avg(total) from totals) order by deptno;
select * from table(dbms_xplan.display(format => 'BASIC'));
explain plan for
with totals as (select /*+ inline */ deptno, sum(sal) total from emp where deptno is not null group by deptno) select deptno, total from totals where total > (select avg(total) from totals) order by deptno;
select * from table(dbms_xplan.display(format => 'BASIC'));
