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
rem NUMBER(p,s) with a negative scale rounds |s| places left of the point (half away from
rem zero) and holds p significant digits there: NUMBER(2,-2) up to 9900, ORA-01438 beyond
create table ns (a number(5,-2), b number(2,-2), c number(3,-1), d number(4,1));
desc ns
insert into ns values (1234, 9849, 125, 123.45);
insert into ns values (-1250, 50, 4, -0.05);
insert into ns values (1234567, 0, 994, 1);
insert into ns values (12345678, 0, 0, 0);
insert into ns values (0, 9950, 0, 0);
insert into ns values (0, 0, 9995, 0);
select * from ns order by a;
select cast(1234 as number(5,-2)) x, cast(-55 as number(3,-1)) y from dual;
rem a scale above the precision: NUMBER(2,5) holds 0.00099 at most
select cast(0.00099 as number(2,5)) z from dual;
select cast(0.002 as number(2,5)) z from dual;
update ns set a = a + 49 where a = 1200;
select a from ns order by a;
column column_name format a12
select column_name, data_precision, data_scale from user_tab_columns where table_name = 'NS' order by column_id;
rem the batch kernels and the in-memory store see the rounded values like the row store
create table nsb (k number, a number(5,-2), c number(3,-1));
insert into nsb select level, level * 37, mod(level * 7, 999) from dual connect by level <= 5000;
commit;
select count(*), sum(a), sum(c), min(a), max(a), sum(a * 2 + c), avg(c) from nsb;
select count(*) from nsb where a > 100000 and c < 500;
alter session set inmemory_size = 64M;
alter table nsb inmemory;
exec dbms_inmemory.populate(user, 'NSB')
select /*+ inmemory */ count(*), sum(a), sum(c), min(a), max(a), sum(a * 2 + c), avg(c) from nsb;
select /*+ inmemory */ count(*) from nsb where a > 100000 and c < 500;
drop table ns;
drop table nsb;
