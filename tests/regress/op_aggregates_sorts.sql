rem Aggregation and sorting: HASH GROUP BY, SORT GROUP BY, SORT AGGREGATE, SORT ORDER BY
rem [STOPKEY], COUNT STOPKEY. GROUP BY with NULL groups, HAVING, DISTINCT aggregates,
rem aggregates over empty inputs, ORDER BY with DESC and NULLS FIRST/LAST, FETCH FIRST and
rem ROWNUM stopkeys. Every answer was checked against PostgreSQL 15 with the same data
rem (ROWNUM written LIMIT there; Oracle and PostgreSQL both sort NULLs last ascending and
rem first descending by default).
set pagesize 100
create table g (id number, grp varchar2(2), k number, amt number);
insert into g values (1, 'a', 1, 10);
insert into g values (2, 'a', 1, 20);
insert into g values (3, 'a', 2, null);
insert into g values (4, 'b', 2, 5);
insert into g values (5, 'b', null, 5);
insert into g values (6, null, 3, 7);
insert into g values (7, null, null, null);
insert into g values (8, 'c', 3, 100);
insert into g values (9, 'c', 3, 100);
insert into g values (10, 'c', null, 1);
create table g0 (grp varchar2(2), amt number);
commit;

rem -- SORT AGGREGATE: one row, also over an empty input or an empty filter result
select count(*), count(amt), count(distinct amt), sum(amt), min(amt), max(amt) from g;
select avg(amt), sum(distinct amt), avg(distinct amt) from g;
select count(*), count(amt), sum(amt), min(amt), max(amt), avg(amt) from g0;
select count(*), sum(amt), max(grp) from g where id > 100;
select min(grp), max(grp), count(distinct grp) from g;
select stddev(amt), variance(amt) from g where amt < 50;

rem -- GROUP BY: NULL keys form one group
select /*+ use_hash_aggregation */ grp, count(*), count(amt), sum(amt) from g group by grp
 order by grp;
select grp, count(*) from g group by grp order by grp nulls first;
select grp, count(*) from g group by grp order by grp desc;
select grp, count(*) from g group by grp order by grp desc nulls last;
select /*+ no_use_hash_aggregation */ k, count(*), sum(amt), min(id), max(id) from g
 group by k order by k;
select /*+ no_use_hash_aggregation */ grp, k, count(*) from g group by grp, k
 order by grp, k;
select grp, count(distinct k), count(distinct amt), sum(distinct amt) from g group by grp
 order by grp;
select grp, avg(amt) from g group by grp order by 2 desc nulls first, grp;
select grp, count(*) from g0 group by grp;
select grp, count(*) from g where id > 100 group by grp;
select count(*) from (select grp from g group by grp) v;
select mod(id, 3) m, count(*), sum(id) from g group by mod(id, 3) order by m;

rem -- HAVING
select grp, sum(amt) from g group by grp having sum(amt) > 20 order by grp;
select grp, count(*) from g group by grp having count(amt) < count(*) order by grp;
select k from g group by k having max(amt) is null order by k;
select grp from g group by grp having count(*) > 100;
select count(*) from g having count(*) > 5;
select count(*) from g having count(*) > 50;

rem -- ORDER BY: DESC, NULLS FIRST/LAST, several keys, expressions, column positions
select id, k from g order by k, id;
select id, k from g order by k desc, id;
select id, k from g order by k nulls first, id desc;
select id, k from g order by k desc nulls last, id;
select id, amt from g order by amt asc nulls first, id;
select id, grp, amt from g order by grp desc, amt desc, id;
select id, amt * 2 dbl from g order by dbl nulls first, id;
select id from g order by mod(id, 4), id desc;
select grp, amt from g0 order by amt;
select id from g where id > 100 order by id;

rem -- top-N: FETCH FIRST (SORT ORDER BY STOPKEY) and ROWNUM (COUNT STOPKEY)
select id, amt from g order by amt desc nulls last, id fetch first 3 rows only;
select id, amt from g order by amt nulls first, id fetch first 4 rows only;
select id from g order by id fetch first 0 rows only;
select id from g order by id fetch first 50 rows only;
select grp from g0 order by amt fetch first 2 rows only;
rem pg: select id, k from (select id, k from g order by k desc nulls last, id) v limit 3;
select * from (select id, k from g order by k desc nulls last, id) where rownum <= 3;
rem pg: select count(*) from (select id from g limit 4) v;
select count(*) from g where rownum <= 4;
rem pg: select count(*) from (select id from g limit 0) v;
select count(*) from g where rownum < 1;
rem pg: select grp, n from (select grp, count(*) n from g group by grp order by n desc, grp nulls first) v limit 2;
select * from (select grp, count(*) n from g group by grp order by n desc, grp nulls first)
 where rownum <= 2;
rem pg: select id from (select id from g order by id) v where id > 3 limit 2;
select id from (select id from g order by id) where id > 3 and rownum <= 2;

rem -- plans of the key queries above (DBMS_XPLAN format BASIC: operation and object names)
explain plan for
select count(*), count(amt), count(distinct amt), sum(amt), min(amt), max(amt) from g;
select * from table(dbms_xplan.display(format => 'BASIC'));
explain plan for
select /*+ use_hash_aggregation */ grp, count(*), count(amt), sum(amt) from g group by grp order by grp;
select * from table(dbms_xplan.display(format => 'BASIC'));
explain plan for
select /*+ no_use_hash_aggregation */ grp, k, count(*) from g group by grp, k order by grp, k;
select * from table(dbms_xplan.display(format => 'BASIC'));
explain plan for
select id, amt from g order by amt desc nulls last, id fetch first 3 rows only;
select * from table(dbms_xplan.display(format => 'BASIC'));
explain plan for
select * from (select id, k from g order by k desc nulls last, id) where rownum <= 3;
select * from table(dbms_xplan.display(format => 'BASIC'));
explain plan for
select count(*) from g where rownum <= 4;
select * from table(dbms_xplan.display(format => 'BASIC'));
explain plan for
select grp, count(*), sum(amt) from g group by grp;
select * from table(dbms_xplan.display(format => 'BASIC'));
