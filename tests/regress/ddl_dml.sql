rem DDL and DML feedback, rollback, NOT NULL, CTAS, views, truncate
set pagesize 100
create table emp (empno number(4) not null, ename varchar2(10), sal number(7,2), deptno number(2));
desc emp
insert into emp values (7369, 'SMITH', 800, 20);
insert into emp values (7499, 'ALLEN', 1600, 30);
insert into emp values (7521, 'WARD', 1250, 30);
insert into emp values (7566, 'JONES', 2975, 20);
insert into emp (empno, ename) values (7839, 'KING');
commit;
select * from emp order by empno;
update emp set sal = sal * 1.1 where deptno = 30;
select empno, sal from emp where deptno = 30 order by empno;
rollback;
select empno, sal from emp where deptno = 30 order by empno;
delete from emp where ename = 'KING';
select count(*) from emp;
insert into emp (ename) values ('NOBODY');
create table emp (a number);
create table emp30 as select empno, ename from emp where deptno = 30;
select * from emp30 order by empno;
create view emp20 as select empno, ename from emp where deptno = 20;
select * from emp20 order by empno;
drop view emp20;
insert into emp30 select empno, ename from emp where deptno = 20;
select count(*) from emp30;
truncate table emp30;
select count(*) from emp30;
drop table emp30 purge;
select * from emp30;
create table t_types (n number(5,2), c char(3), v varchar2(5), d date);
insert into t_types values (123.456, 'a', 'abc', date '2024-02-29');
select * from t_types;
insert into t_types (v) values ('toolong');
insert into t_types (n) values (12345);
drop table t_types;
drop table emp;
