rem Types (NUMBER(p,s), INTEGER, BINARY_DOUBLE, VARCHAR2, CHAR, DATE), multi-row INSERT VALUES,
rem '' is NULL, exact NUMBER division, ORA-01476 / ORA-01438, FROM-less SELECT
set pagesize 100
create table nt (i integer, n52 number(5,2), n3 number(3), n number, bd binary_double, v varchar2(6), c char(4), d date);
desc nt
insert into nt values (1, 1.005, 12.5, 1/3, 1.5, 'ab', 'x', date '2024-02-29'), (2, -2.004, -0.5, 2, 0.1, '', '', date '1999-12-31');
insert into nt (i, n52) values (3, 999.99), (4, 999.994);
insert into nt (i, n52) values (5, 999.995);
insert into nt (i, n3) values (6, 1000);
insert into nt (i, i) values (7, 7);
insert into nt (i) values (8.6);
select i, n52, n3, n from nt order by i;
select i, bd, bd * 2 as bd2, bd + 0.2 as s from nt where bd is not null order by i;
select cast(7 as binary_double) / 2 as bd, cast(1 as binary_double) / 3 as third, cast(1234.56 as binary_double) as big from dual;
select i from nt where v is null order by i;
select i, '[' || c || ']' as c, length(c) as lc, nvl(v, 'null!') as v from nt order by i;
select i, d, d + 1 as next_day, to_char(d, 'DD.MM.YYYY') as dmy from nt where d is not null order by i;
select 7 / 7 as one, 100 / 8 as q, -7 / 2 as neg, 1 / 7 * 7 as back from dual;
select i / 0 from nt where i = 1;
select i from nt where i / (i - 1) > 0 order by i;
select sum(i) / count(*) as av, avg(i) as av2 from nt;
select 1 + 1 as two;
select 5 as a, 'x' || 'y' as b, upper('abc') as c;
select nvl2(null, 1, 2) as a, coalesce(null, '', 'z') as b from dual;
select trunc(-7 / 2) as t, mod(-7, 2) as m, round(2 / 3, 4) as r from dual;
select i from nt where i not in (1, null);
select count(*) as cnt from nt where v = '';
drop table nt;
select * from nt;
