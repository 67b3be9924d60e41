rem Set operations: UNION-ALL, UNION (SORT UNIQUE), INTERSECT (INTERSECTION), MINUS, DISTINCT
rem (HASH UNIQUE / SORT UNIQUE) with duplicates and NULLs (set operations treat two NULLs as
rem equal), empty inputs on either side, nesting, ORDER BY by position and by name.
rem Every answer was checked against PostgreSQL 15 (MINUS written EXCEPT there).
set pagesize 100
create table s1 (a number, b varchar2(3));
insert into s1 values (1, 'x');
insert into s1 values (1, 'x');
insert into s1 values (2, 'y');
insert into s1 values (null, 'z');
insert into s1 values (null, 'z');
insert into s1 values (3, null);
insert into s1 values (null, null);
create table s2 (a number, b varchar2(3));
insert into s2 values (1, 'x');
insert into s2 values (null, 'z');
insert into s2 values (null, null);
insert into s2 values (4, 'w');
insert into s2 values (4, 'w');
create table s0 (a number, b varchar2(3));
commit;

rem -- UNION ALL keeps every row
select a, b from s1 union all select a, b from s2 order by 1, 2;
select count(*), count(a), count(b) from (select a, b from s1 union all select a, b from s2) v;
select a from s1 union all select a from s0 order by 1;
select a from s0 union all select a from s0;
select a, b from s1 where a > 100 union all select a, b from s2 where a = 4 order by 1, 2;
select 1 n, 'one' t from dual union all select 2, 'two' from dual
 union all select null, null from dual order by n;

rem -- UNION removes duplicates, NULL rows included
select a, b from s1 union select a, b from s2 order by 1, 2;
select a, b from s1 union select a, b from s1 order by 1 desc, 2 desc;
select a from s1 union select a from s0 order by a;
select b from s0 union select b from s0;
select a from s1 union select a from s2 order by a nulls first;

rem -- INTERSECT: distinct rows present in both; (NULL, NULL) matches (NULL, NULL)
select a, b from s1 intersect select a, b from s2 order by 1, 2;
select a from s1 intersect select a from s2 order by 1;
select b from s2 intersect select b from s1 order by b desc;
select a, b from s1 intersect select a, b from s0;
select a, b from s0 intersect select a, b from s1;

rem -- MINUS: distinct rows of the left input absent from the right
select a, b from s1 minus select a, b from s2 order by 1, 2;
select a, b from s2 minus select a, b from s1 order by 1, 2;
select a from s1 minus select a from s2 order by 1;
select a, b from s1 minus select a, b from s0 order by 1, 2;
select a, b from s0 minus select a, b from s1;
select a, b from s1 minus select a, b from s1;

rem -- nesting and precedence (left to right unless parenthesised)
select a from s1 union all select a from s2 minus select a from s2 order by 1;
select a from s1 union all (select a from s2 minus select a from s1) order by 1;
(select a from s1 minus select a from s2) union (select a from s2 minus select a from s1)
 order by 1;
select a, b from s1 intersect select a, b from s2 union select 9, 'n' from dual order by 1, 2;
select count(*) from (select a, b from s1 union select a, b from s2) v;
select a, count(*) from (select a from s1 union all select a from s2) v group by a order by a;

rem -- set operation inside a subquery and with a WITH query
select b from s1 where a in (select a from s2 intersect select a from s1) order by b;
with u as (select a, b from s1 union select a, b from s2)
select b, count(*) from u group by b order by b;

rem -- DISTINCT (HASH UNIQUE, or SORT UNIQUE when ordered)
select distinct a, b from s1 order by a, b;
select distinct b from s1 order by b desc;
select distinct a from s1 order by a nulls first;
select count(*) from (select distinct a, b from s1) v;
select distinct a from s0;
select count(distinct a), count(distinct b), count(*) from s1;

rem -- Oracle semantics: '' is NULL, so it meets the NULL rows (PostgreSQL keeps '' apart;
rem    these are not compared there): one NULL row, then no rows, then 1 and 2
rem pg-skip
select b from s1 where b is null union select '' from dual;
rem pg-skip
select b from s2 where b = '' union all select b from s1 where b = '';
rem pg-skip
select count(*), count(b) from (select b from s1 intersect select '' from dual);

rem -- plans of the key queries above (DBMS_XPLAN format BASIC: operation and object names)
explain plan for
select a, b from s1 union all select a, b from s2 order by 1, 2;
select * from table(dbms_xplan.display(format => 'BASIC'));
explain plan for
select a, b from s1 union select a, b from s2 order by 1, 2;
select * from table(dbms_xplan.display(format => 'BASIC'));
explain plan for
select a, b from s1 intersect select a, b from s2 order by 1, 2;
select * from table(dbms_xplan.display(format => 'BASIC'));
explain plan for
select a, b from s1 minus select a, b from s2 order by 1, 2;
select * from table(dbms_xplan.display(format => 'BASIC'));
explain plan for
select distinct a, b from s1;
select * from table(dbms_xplan.display(format => 'BASIC'));
explain plan for
select distinct a, b from s1 order by a, b;
select * from table(dbms_xplan.display(format => 'BASIC'));
