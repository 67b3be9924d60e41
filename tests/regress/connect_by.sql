rem Row generation with CONNECT BY LEVEL, ROWNUM, LEVEL
set pagesize 100
select level from dual connect by level <= 4;
select count(*) from dual connect by level <= 10000;
select sum(level) as s, min(level) as lo, max(level) as hi from dual connect by level <= 1000;
select rownum as rn, level * 10 as l10 from dual connect by level <= 3;
select mod(level, 3) as m, count(*) as c from dual connect by level <= 10 group by mod(level, 3) order by m;
create table gen as select level as id, 'row ' || level as label from dual connect by level <= 50;
select count(*), min(id), max(id) from gen;
select label from gen where id in (1, 25, 50) order by id;
insert into gen select level + 50, 'more' from dual connect by level <= 25;
select count(*) from gen;
drop table gen;
