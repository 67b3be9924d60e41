rem Underflow and overflow of numeric literals and arithmetic, per dialect (issue 16).
rem ORACLE NUMBER: magnitudes below 1e-130 become 0, from 1e126 on ORA-01426.
rem BINARY_DOUBLE (1.5d): IEEE, Inf and 0 at the limits. SQLITE: REAL is IEEE, INTEGER
rem arithmetic leaving 64 bits becomes REAL, a NaN result is NULL.
set pagesize 100
set numwidth 22
select 1e-131 as u, 1e-999 as u2, -1e-200 as u3 from dual;
select to_char(1e-130) as smallest, to_char(9.99e125) as largest from dual;
select 1e126 from dual;
select -1e126 from dual;
select 9.99e125 * 10 from dual;
select -9.99e125 - 1e125 from dual;
select 1e-100 * 1e-100 as p, 1e-100 / 1e100 as q from dual;
select power(10, 126) from dual;
select 9223372036854775807 + 1 as exact from dual;
select 1e999d as pinf, -1e999d as ninf, 1e-999d as zero from dual;
select 1e308d * 10 as over, 1e999d - 1e999d as nan, 1.5d + 1 as x from dual;
create table n (x number, y binary_double);
insert into n values (9.99e125, 1e308d);
insert into n values (1e-131, 1e-999d);
select to_char(x) as x, y from n order by x;
select x * 10 from n where x > 1;
select y * 10 as y10 from n order by y;
drop table n;
alter session set sql_dialect = SQLITE;
select 1e-999 as u, 1e999 as pinf, -1e999 as ninf;
select 1e308 * 10 as over, 1e999 - 1e999 as nan, 1e999 * 0 as nan0;
select 9223372036854775807 + 1 as a, -9223372036854775808 - 1 as b;
select 9223372036854775807 * 2 as c, -(-9223372036854775808) as d;
select 9223372036854775808 as big, -9223372036854775808 as smallest;
select (9223372036854775807 + 1) - 1 as e, 9223372036854775806 + 1 as f;
select cast(1e999 as integer) as g, cast(-1e999 as integer) as h;
create table s (a integer, r real);
insert into s values (9223372036854775807, 1e308);
select a + 1 as a1, a - a as a0, r * 10 as r10, r - r * 10 as r_inf from s;
drop table s;
alter session set sql_dialect = ORACLE;
