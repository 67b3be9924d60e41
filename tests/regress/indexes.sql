rem Indexes through SQL: CREATE/DROP INDEX, PRIMARY KEY and UNIQUE constraints, ORA-00001,
rem answers through each index operation equal to full-scan answers (/*+ FULL */), NULL keys,
rem multi-column prefixes, DML after index creation, statement-level rollback.
rem No EXPLAIN PLAN yet: V$MYSTAT shows the index work (table fetch by rowid, fast full scans).
set pagesize 100
column name format a30
column index_name format a14
column table_name format a10
column uniqueness format a10
create table dept (deptno number(2) constraint dept_pk primary key, dname varchar2(14) unique,
  loc varchar2(13));
insert into dept values (10, 'ACCOUNTING', 'NEW YORK');
insert into dept values (20, 'RESEARCH', 'DALLAS');
insert into dept values (30, 'SALES', 'CHICAGO');
insert into dept values (40, 'OPERATIONS', 'BOSTON');
commit;
desc dept
select index_name, table_name, uniqueness from user_indexes order by index_name;

rem -- unique constraints: ORA-00001 names the constraint; NULLs never collide
insert into dept values (20, 'X', 'Y');
insert into dept values (50, 'SALES', 'Y');
update dept set deptno = 10 where deptno = 40;
update dept set dname = 'RESEARCH' where deptno = 40;
insert into dept values (60, null, 'NOWHERE');
insert into dept values (70, null, 'NOWHERE');
insert into dept (dname) values ('NO KEY');
select * from dept order by deptno;
rollback;

rem -- INDEX UNIQUE SCAN (+ TABLE ACCESS BY INDEX ROWID), and index-only
select s.name, m.value from v$statname s, v$mystat m
 where m.statistic# = s.statistic# and s.name = 'table fetch by rowid';
select * from dept where deptno = 20;
select s.name, m.value from v$statname s, v$mystat m
 where m.statistic# = s.statistic# and s.name = 'table fetch by rowid';
select deptno from dept where deptno = 30;
select dname from dept where dname = 'SALES';
select loc from dept where dname = 'OPERATIONS';
select s.name, m.value from v$statname s, v$mystat m
 where m.statistic# = s.statistic# and s.name = 'table fetch by rowid';
select * from dept where deptno = 25;
select * from dept where deptno = null;
select * from dept where deptno = '40';

create table emp (empno number(4) primary key, ename varchar2(10), job varchar2(9),
  mgr number(4), sal number(7,2), deptno number(2));
insert into emp values (7369, 'SMITH', 'CLERK', 7902, 800, 20);
insert into emp values (7499, 'ALLEN', 'SALESMAN', 7698, 1600, 30);
insert into emp values (7521, 'WARD', 'SALESMAN', 7698, 1250, 30);
insert into emp values (7566, 'JONES', 'MANAGER', 7839, 2975, 20);
insert into emp values (7654, 'MARTIN', 'SALESMAN', 7698, 1250, 30);
insert into emp values (7698, 'BLAKE', 'MANAGER', 7839, 2850, 30);
insert into emp values (7782, 'CLARK', 'MANAGER', 7839, 2450, 10);
insert into emp values (7788, 'SCOTT', 'ANALYST', 7566, 3000, 20);
insert into emp values (7839, 'KING', 'PRESIDENT', null, 5000, 10);
insert into emp values (7844, 'TURNER', 'SALESMAN', 7698, 1500, 30);
insert into emp values (7876, 'ADAMS', 'CLERK', 7788, 1100, 20);
insert into emp values (7900, 'JAMES', 'CLERK', 7698, 950, 30);
insert into emp values (7902, 'FORD', 'ANALYST', 7566, 3000, 20);
insert into emp values (7934, 'MILLER', 'CLERK', 7782, 1300, 10);
insert into emp values (7950, 'NOSAL', 'CLERK', 7782, null, null);
insert into emp values (7951, 'NOJOB', null, 7782, null, 40);
commit;
create index emp_dept_job on emp (deptno, job);
create index emp_sal on emp (sal);
create index emp_sal2 on emp (sal);
create index emp_dept_job on emp (ename);
create index emp on dept (loc);
create unique index emp_job on emp (job);

rem -- INDEX RANGE SCAN on a prefix, prefix + range, ranges with NULLs in the column
select ename from emp where deptno = 30 order by ename;
select /*+ full(emp) */ ename from emp where deptno = 30 order by ename;
select ename from emp where deptno = 30 and job = 'SALESMAN' order by ename;
select ename, job from emp where deptno = 20 and job > 'CLERK' order by ename;
select /*+ full(emp) */ ename, job from emp where deptno = 20 and job > 'CLERK' order by ename;
select ename, job from emp where deptno = 40 and job is null;
select ename, sal from emp where sal between 1000 and 2000 order by ename;
select ename, sal from emp where sal > 2900 order by ename;
select /*+ full(emp) */ ename, sal from emp where sal > 2900 order by ename;
select ename, sal from emp where sal < 1000 order by ename;
select ename, sal from emp where 1300 >= sal and deptno = 10;
select count(*) from emp where sal is null;

rem -- INDEX RANGE SCAN DESCENDING and INDEX FULL SCAN return key order (no ORDER BY here)
select /*+ index_desc(emp emp_sal) */ sal from emp where sal > 1500;
select /*+ index(emp emp_dept_job) */ deptno, job from emp where deptno >= 20;
select /*+ index(emp (deptno, job)) */ deptno, job from emp where job is not null;
select /*+ index_desc(emp (deptno, job)) */ deptno, job from emp where job is not null;
select /*+ index(emp) */ empno from emp where empno < 7700;
select /*+ index_desc(emp) */ empno from emp where empno < 7700;

rem -- INDEX FAST FULL SCAN: an index holding every column the query needs
select s.name, m.value from v$statname s, v$mystat m
 where m.statistic# = s.statistic# and s.name = 'index fast full scans (full)';
select /*+ index_ffs(emp emp_dept_job) */ count(*) from emp where deptno is not null;
select /*+ index_ffs(emp emp_dept_job) */ deptno, count(*) from emp where deptno > 0
 group by deptno order by deptno;
select s.name, m.value from v$statname s, v$mystat m
 where m.statistic# = s.statistic# and s.name = 'index fast full scans (full)';

rem -- the index probed once per outer row by correlated subqueries
select d.dname, (select count(*) from emp e where e.deptno = d.deptno) n,
  (select max(e.sal) from emp e where e.deptno = d.deptno and e.job = 'CLERK') clerk_max
  from dept d order by d.deptno;
select d.dname from dept d
 where exists (select 1 from emp e where e.deptno = d.deptno and e.sal > 2900) order by 1;

rem -- a bigger table: multi-column prefixes with NULLs, DML after the index exists
create table big as select level id, mod(level, 97) g,
  case when mod(level, 13) = 0 then null else mod(level * 7, 1000) end v
  from dual connect by level <= 20000;
create unique index big_id on big (id);
create index big_gv on big (g, v);
select count(*), sum(v), min(id), max(id) from big where g = 5 and v between 100 and 500;
select /*+ full(big) */ count(*), sum(v), min(id), max(id) from big
 where g = 5 and v between 100 and 500;
select count(*) from big where g = 5 and v is null;
select /*+ full(big) */ count(*) from big where g = 5 and v is null;
select count(*), sum(id) from big where g = 96 and v > 900;
select /*+ full(big) */ count(*), sum(id) from big where g = 96 and v > 900;
select count(*) from big where id between 19990 and 30000;
select v from big where id = 777;
delete from big where g = 5 and v < 100;
select count(*) from big where g = 5;
select /*+ full(big) */ count(*) from big where g = 5;
update big set v = v + 1 where g = 6 and v < 500;
select count(*), sum(v) from big where g = 6 and v <= 500;
select /*+ full(big) */ count(*), sum(v) from big where g = 6 and v <= 500;
update big set id = id + 100000 where id > 19995;
select count(*) from big where id > 100000;
insert into big select id + 20000, g, v from big where g = 7;
select count(*) from big where g = 7;
rollback;
select count(*) from big where g = 7;
select count(*) from big where id > 100000;
rem a statement failing on its last row leaves table and index as they were
insert into big select id + 50000, g, v from big where g = 8 union all select 1, 1, 1 from dual;
select count(*) from big where g = 8;
select count(*) from big where id > 50000;
select /*+ full(big) */ count(*) from big where id > 50000;
update big set id = id + 1 where id between 100 and 200;
select count(*) from big where id between 100 and 200;
select id from big where id = 150;
drop index big_gv;
select count(*) from big where g = 5 and v between 100 and 500;
drop index big_gv;
drop index dept_pk;
drop table big purge;
select index_name from user_indexes where table_name = 'BIG';
select index_name, table_name, uniqueness from user_indexes order by index_name;
