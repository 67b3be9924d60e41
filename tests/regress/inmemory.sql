-- The in-memory column store: ALTER TABLE ... INMEMORY and its attributes, population
-- (DBMS_INMEMORY.POPULATE), V$IM_SEGMENTS and USER_TABLES, TABLE ACCESS INMEMORY FULL with
-- inmemory(...) predicates, IMCU pruning by min/max and by a join filter, DML after
-- population (stale blocks read from the row store), the optimizer's choice between the
-- in-memory scan and an index, INMEMORY / NO_INMEMORY hints, INMEMORY_QUERY, NO INMEMORY
-- columns, bad input.
set linesize 160
set pagesize 300
set feedback off
column table_name format a10
column segment_name format a10
column name format a40
column inmemory_compression format a18
alter session set inmemory_size = 512M;
-- SALES: 1,200,000 rows loaded in SALE_DATE order (so each IMCU holds one date range).
create table sales (sale_id number(10) not null, sale_date date, region varchar2(10),
  product_id number(6), qty number(4), amount number(10,2), note varchar2(40));
insert into sales select level, date '2024-01-01' + trunc((level - 1) / 4000),
  case mod(level, 4) when 0 then 'NORTH' when 1 then 'SOUTH' when 2 then 'EAST' else 'WEST' end,
  mod(level * 7, 5000) + 1, mod(level, 50) + 1, mod(level * 13, 100000) / 100,
  case when mod(level, 10) = 0 then null else 'n' || mod(level, 1000) end
  from dual connect by level <= 1200000;
create index sales_id on sales (sale_id);
commit;
exec dbms_stats.gather_table_stats(user, 'SALES');
select table_name, inmemory, inmemory_priority, inmemory_compression from user_tables;

-- 1. INMEMORY marks the table; PRIORITY NONE populates on demand: POPULATE does it now.
alter table sales inmemory;
select table_name, inmemory, inmemory_priority, inmemory_compression from user_tables;
select count(*) from v$im_segments;
exec dbms_inmemory.populate(user, 'SALES');
select segment_name, populate_status, bytes, bytes_not_populated, inmemory_priority,
  inmemory_compression, imcus, rows_populated, stale_blocks from v$im_segments;
select case when inmemory_size < bytes / 2 then 'compressed' else 'not compressed' end as size_check
  from v$im_segments;

-- 2. A range on a column: TABLE ACCESS INMEMORY FULL with inmemory(...) and filter(...).
explain plan for
  select count(*), sum(amount) from sales where qty between 10 and 12 and region = 'EAST';
select * from table(dbms_xplan.display);
select count(*), sum(amount) from sales where qty between 10 and 12 and region = 'EAST';
select /*+ no_inmemory(sales) */ count(*), sum(amount) from sales
  where qty between 10 and 12 and region = 'EAST';

-- 3. A date range: the IMCUs whose min/max cannot match are pruned (IM scan CUs pruned).
select /*+ gather_plan_statistics */ count(*), min(sale_date), max(sale_date) from sales
  where sale_date between date '2024-05-01' and date '2024-05-10';
select * from table(dbms_xplan.display_cursor(null, null, 'ALLSTATS LAST'));
select s.name, m.value from v$statname s, v$mystat m
  where m.statistic# = s.statistic# and s.name in ('IM scan CUs pruned',
    'IM scan CUs memcompress for query low', 'IM scan rows', 'IM scan rows projected')
  order by s.name;

-- 4. A few rows by key: the index is cheaper than even the in-memory scan; a wide key
--    range is not.
explain plan for select amount from sales where sale_id = 777;
select * from table(dbms_xplan.display(format => 'BASIC'));
explain plan for select sum(amount) from sales where sale_id between 1000 and 900000;
select * from table(dbms_xplan.display(format => 'BASIC'));
explain plan for select /*+ inmemory(sales) */ amount from sales where sale_id = 777;
select * from table(dbms_xplan.display(format => 'BASIC +HINT_REPORT'));

-- 5. DML after population: changed blocks are stale and read from the row store; the
--    answer is the row store's, uncommitted changes and rollbacks included.
update sales set qty = 11, region = 'EAST' where sale_id between 100 and 300;
delete from sales where sale_id between 400000 and 400050;
insert into sales values (2000000, date '2024-05-05', 'EAST', 1, 11, 5, 'new');
select count(*), sum(amount) from sales where qty between 10 and 12 and region = 'EAST';
select /*+ no_inmemory(sales) */ count(*), sum(amount) from sales
  where qty between 10 and 12 and region = 'EAST';
select count(*) from sales where sale_date between date '2024-05-01' and date '2024-05-10';
rollback;
select count(*), sum(amount) from sales where qty between 10 and 12 and region = 'EAST';
select segment_name, populate_status, case when stale_blocks > 0 then 'some stale' else 'none stale' end as stale
  from v$im_segments;
exec dbms_inmemory.repopulate(user, 'SALES');
select segment_name, populate_status, stale_blocks from v$im_segments;

-- 6. A join filter's min/max prunes IMCUs of the probe side too.
create table promo (promo_date date primary key, label varchar2(10));
insert into promo select date '2024-07-01' + level, 'P' || level from dual connect by level <= 5;
commit;
exec dbms_stats.gather_table_stats(user, 'PROMO');
select s.name, m.value from v$statname s, v$mystat m
  where m.statistic# = s.statistic# and s.name = 'IM scan CUs pruned';
select /*+ gather_plan_statistics leading(p s) use_hash(s) px_join_filter(s) */
  count(*), sum(s.amount) from promo p, sales s where s.sale_date = p.promo_date;
select * from table(dbms_xplan.display_cursor(null, null, 'BASIC PREDICATE'));
-- Two of the three IMCUs hold no date between the filter's min and max.
select s.name, m.value from v$statname s, v$mystat m
  where m.statistic# = s.statistic# and s.name = 'IM scan CUs pruned';

-- 7. INMEMORY_QUERY = DISABLE and NO_INMEMORY go back to the row store.
alter session set inmemory_query = disable;
explain plan for select count(*) from sales where qty = 3;
select * from table(dbms_xplan.display(format => 'BASIC'));
alter session set inmemory_query = enable;
explain plan for select /*+ no_inmemory(s) */ count(*) from sales s where qty = 3;
select * from table(dbms_xplan.display(format => 'BASIC'));

-- 8. Attributes and column clauses: a NO INMEMORY column keeps queries that read it on the
--    row store; a new MEMCOMPRESS level means a new copy.
alter table sales inmemory memcompress for capacity high priority high no inmemory (note);
select table_name, inmemory, inmemory_priority, inmemory_compression from user_tables
  where table_name = 'SALES';
exec dbms_inmemory.populate(user, 'SALES');
select segment_name, populate_status, inmemory_compression from v$im_segments;
explain plan for select count(*) from sales where qty = 3;
select * from table(dbms_xplan.display(format => 'BASIC'));
explain plan for select count(*) from sales where note = 'n5';
select * from table(dbms_xplan.display(format => 'BASIC'));
select count(*) from sales where note = 'n5' and qty = 6;

-- 9. NO INMEMORY drops the copy; bad input.
alter table sales no inmemory;
select table_name, inmemory, inmemory_priority from user_tables where table_name = 'SALES';
select count(*) from v$im_segments;
alter table sales inmemory memcompress for speed;
alter table sales inmemory no inmemory (nosuch);
alter table nosuch inmemory;
exec dbms_inmemory.populate(user, 'NOSUCH');
alter session set "_inmemory_force_encoding" = fastest;
alter session set inmemory_size = 0;
exec dbms_inmemory.populate(user, 'PROMO');
