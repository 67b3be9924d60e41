rem Oracle semantics: exact NUMBER division, '' is NULL, ORA-01476, dates, CHAR padding
set pagesize 100
select 1/3 as third from dual;
select 10/4 as q, 7/2 as h, 1/8 as e from dual;
select 0.1 + 0.2 as s from dual;
select 123456789012345678901234567890 + 1 as big from dual;
select 1/0 from dual;
select mod(10, 0) as m from dual;
select nvl('', 'empty is null') as x from dual;
select count(*) from dual where '' is null;
select length('') as l from dual;
select 'a' || '' || 'b' as ab from dual;
select to_number('12.5') * 2 as n from dual;
select to_number('abc') from dual;
select date '2024-01-31' as d from dual;
select add_months(date '2024-01-31', 1) as d from dual;
select date '2024-03-01' - date '2024-02-01' as days from dual;
select to_char(date '2024-07-04', 'YYYY-MM-DD') as iso from dual;
create table ch (c char(5), v varchar2(5));
insert into ch values ('ab', 'ab');
select '[' || c || ']' as c, '[' || v || ']' as v, length(c) as lc, length(v) as lv from ch;
select count(*) from ch where c = 'ab';
drop table ch;
select round(2.5) as r1, round(-2.5) as r2, trunc(2.7) as t, round(1.2345, 2) as r3, floor(-1.5) as f, ceil(1.1) as c from dual;
select abs(-3) as a, power(2, 10) as p, sqrt(16) as s from dual;
select cast('42' as number) + 1 as n from dual;
select 1e3 as e from dual;
