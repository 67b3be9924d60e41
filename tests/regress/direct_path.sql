rem INSERT /*+ APPEND */ ... SELECT: direct-path insert above the high-water mark
set pagesize 100
create table src (id number not null, grp number(2), name varchar2(12), d date);
insert into src select level, mod(level, 7), 'row ' || level, date '2024-01-01' + mod(level, 30)
  from dual connect by level <= 5000;
commit;
create table dst (id number not null, grp number(2), name varchar2(12), d date);
create table w0 (v number);
rem nothing written direct yet in this session
select case when m.value = 0 then 'none' else 'some' end as direct_writes
  from v$statname s, v$mystat m
 where m.statistic# = s.statistic# and s.name = 'physical writes direct';
insert /*+ APPEND */ into dst select * from src where grp < 3;
select case when m.value > 0 then 'some' else 'none' end as direct_writes
  from v$statname s, v$mystat m
 where m.statistic# = s.statistic# and s.name = 'physical writes direct';
select count(*), sum(id), min(name), max(d) from dst;
rem without the hint an INSERT ... SELECT stays conventional: no direct writes
insert into w0 select m.value from v$statname s, v$mystat m
 where m.statistic# = s.statistic# and s.name = 'physical writes direct';
insert into dst select id + 40000, grp, name, d from src where id <= 10;
select case when m.value = (select v from w0) then 'unchanged' else 'moved' end as conventional
  from v$statname s, v$mystat m
 where m.statistic# = s.statistic# and s.name = 'physical writes direct';
delete from dst where id > 40000;
rem ROLLBACK removes the whole load
rollback;
select count(*) from dst;
insert /*+ APPEND */ into dst select * from src;
commit;
select grp, count(*), sum(id) from dst group by grp order by grp;
rem the hint is case-insensitive and may sit among others; APPEND with VALUES stays conventional
insert /*+ append */ into dst (id, name) select id + 5000, 'extra' from src where id <= 3;
insert /*+ APPEND */ into dst values (9999, 1, 'values', null);
commit;
select id, grp, name, d from dst where id > 5000 order by id;
rem a statement reading the table it loads sees only the rows from before it
insert /*+ APPEND */ into dst select * from dst;
select count(*), count(distinct id) from dst;
rollback;
select count(*) from dst;
rem errors fail the whole statement and leave nothing behind
insert /*+ APPEND */ into dst select case when id = 4000 then null else id end, grp, name, d from src;
insert /*+ APPEND */ into dst select id, grp, name || ' and more', d from src;
insert /*+ APPEND */ into dst select id, grp * 100, name, d from src;
select count(*) from dst;
rem direct-path rows and conventional rows live side by side
insert into dst select id + 10000, grp, name, d from src where id <= 10;
insert /*+ APPEND */ into dst select id + 20000, grp, name, d from src where id <= 10;
commit;
select count(*), sum(id) from dst;
delete from dst where id > 20005;
update dst set name = 'updated' where id between 20001 and 20002;
commit;
select id, name from dst where id > 20000 order by id;
rem with a unique index: maintained, and a duplicate key rejects the whole load
create unique index dst_id on dst (id);
insert /*+ APPEND */ into dst select id + 30000, grp, name, d from src where id <= 100;
select count(*) from dst where id between 30001 and 30100;
insert /*+ APPEND */ into dst select id + 29990, grp, name, d from src where id <= 20;
select count(*) from dst where id > 30000;
commit;
