rem CTAS from the CONNECT BY row generator, INSERT ... SELECT, GROUP BY/HAVING on expressions,
rem aggregates, ORDER BY on several keys, FETCH FIRST, ROWNUM, DISTINCT (answers checked in Python)
set pagesize 100
create table g as select level as id, mod(level, 7) as k, mod(level * 37, 101) as v, cast(case when mod(level, 10) = 0 then null else 'n' || mod(level, 3) end as varchar2(4)) as tag from dual connect by level <= 200;
select count(*) as cnt, count(tag) as tags, sum(v) as sv, min(v) as lo, max(v) as hi, avg(k) as ak from g;
select k, count(*) as cnt, sum(v) as sv, max(id) as mx from g group by k order by k;
select tag, count(*) as cnt from g group by tag order by tag nulls first;
select mod(id, 4) as m4, sum(v) as sv from g group by mod(id, 4) having sum(v) > 2500 order by sv desc;
select k, tag, count(*) as cnt from g where id <= 30 group by k, tag having count(*) >= 2 order by k, tag;
select id, v from g order by v desc, id fetch first 5 rows only;
select * from (select id, v from g order by id desc) where rownum <= 4;
select count(*) as cnt from (select distinct k, tag from g);
select distinct v from g where v < 5 order by v desc;
insert into g (id, k, v, tag) select id + 200, k, 100 - v, tag from g where k = 0;
select count(*) as cnt, sum(v) as sv from g where id > 200;
select sum(level * level) as squares, count(distinct mod(level, 13)) as residues from dual connect by level <= 1000;
select k, min(tag) as first_tag, max(tag) as last_tag from g group by k having min(tag) <> max(tag) order by k desc fetch first 3 rows only;
drop table g;
