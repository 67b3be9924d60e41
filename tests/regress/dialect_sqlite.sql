rem The SQLITE dialect (as the slt protocol uses it): integer division, x/0 is NULL
alter session set sql_dialect = SQLITE;
set pagesize 100
create table t1 (a integer, b integer, c varchar(10));
insert into t1 values (7, 2, 'x');
insert into t1 values (-7, 2, 'y');
insert into t1 values (1, 0, '');
select a / b as q from t1 order by a;
select a / 2.0 as r from t1 order by a;
select avg(a) as av from t1;
select c is null as n, c from t1 order by a;
select count(*) from t1 where c = '';
alter session set sql_dialect = ORACLE;
select 7 / 2 as q from dual;
drop table t1;
