-- Join filters (:BF0000): planned by cost for hash joins whose build side is selective against a
-- large probe side, JOIN FILTER CREATE above the build input and JOIN FILTER USE above the
-- probe-side scan, SYS_OP_BLOOM_FILTER in the scan's storage(...) and filter(...); never on
-- the preserved side of an outer join; PX_JOIN_FILTER / NO_PX_JOIN_FILTER and
-- _bloom_filter_enabled; what a run did (ALLSTATS LAST, V$SQL_JOIN_FILTER, statistics).
set linesize 160
set pagesize 300
set feedback off
-- CUSTOMERS: 20,000 rows, 1% in region NORTH (customers 1 .. 200, loaded together).
create table customers (customer_id number primary key, region varchar2(10), segment varchar2(10));
insert into customers select level, case when level <= 200 then 'NORTH' else 'SOUTH' end,
  case mod(level, 4) when 0 then 'RETAIL' else 'CORP' end from dual connect by level <= 20000;
-- PRODUCTS and CHANNELS: two more dimensions for a star.
create table products (product_id number primary key, category varchar2(10));
insert into products select level, 'CAT' || mod(level, 20) from dual connect by level <= 1000;
create table channels (channel_id number primary key, name varchar2(10));
insert into channels select level, 'CH' || level from dual connect by level <= 10;
-- ORDERS: 200,000 rows loaded by customer, so each storage region holds one customer range.
create table orders (order_id number, customer_id number, product_id number, channel_id number,
  status number, amount number, pad varchar2(100));
insert into orders select level, trunc((level - 1) / 10) + 1, mod(level * 7, 1000) + 1,
  mod(level, 10) + 1, mod(level, 3), mod(level * 13, 1000), rpad('x', 60, 'y')
  from dual connect by level <= 200000;
commit;
exec dbms_stats.gather_table_stats(user, 'CUSTOMERS');
exec dbms_stats.gather_table_stats(user, 'PRODUCTS');
exec dbms_stats.gather_table_stats(user, 'CHANNELS');
exec dbms_stats.gather_table_stats(user, 'ORDERS');

-- 1. Two tables, a selective dimension: the filter is planned by cost.
explain plan for
select sum(o.amount) from orders o, customers c
 where o.customer_id = c.customer_id and c.region = 'NORTH';
select * from table(dbms_xplan.display(format => 'BASIC +PREDICATE +OUTLINE'));
select /*+ gather_plan_statistics */ count(*), sum(o.amount) from orders o, customers c
 where o.customer_id = c.customer_id and c.region = 'NORTH';
select * from table(dbms_xplan.display_cursor(format => 'ALLSTATS LAST'));
select filter_id, length, bits_set, filtered, probed, active from v$sql_join_filter
 where sql_plan_hash_value = (select plan_hash_value from v$sql
                               where sql_text like 'select /*+ gather_plan_statistics */ count(*), sum(o.amount)%');
-- The same answer without the filter.
select /*+ no_px_join_filter(o) */ count(*), sum(o.amount) from orders o, customers c
 where o.customer_id = c.customer_id and c.region = 'NORTH';

-- 2. A star with three dimensions, each building a hash table above the fact table: three
-- filters on the fact scan, stacked.
explain plan for
select /*+ leading(o c p h) use_hash(c p h) swap_join_inputs(c) swap_join_inputs(p) swap_join_inputs(h) */ count(*), sum(o.amount)
  from orders o, customers c, products p, channels h
 where o.customer_id = c.customer_id and o.product_id = p.product_id
   and o.channel_id = h.channel_id
   and c.region = 'NORTH' and p.category = 'CAT3' and h.name in ('CH7', 'CH2');
select * from table(dbms_xplan.display(format => 'BASIC +PREDICATE'));
select /*+ leading(o c p h) use_hash(c p h) swap_join_inputs(c) swap_join_inputs(p) swap_join_inputs(h) */ count(*), sum(o.amount)
  from orders o, customers c, products p, channels h
 where o.customer_id = c.customer_id and o.product_id = p.product_id
   and o.channel_id = h.channel_id
   and c.region = 'NORTH' and p.category = 'CAT3' and h.name in ('CH7', 'CH2');

-- 3. A semi join from IN (subquery).
explain plan for
select count(*) from orders o
 where o.customer_id in (select c.customer_id from customers c where c.region = 'NORTH');
select * from table(dbms_xplan.display(format => 'BASIC +PREDICATE'));
select count(*) from orders o
 where o.customer_id in (select c.customer_id from customers c where c.region = 'NORTH');

-- 4. Outer joins: the preserved side of an outer join never gets a filter.
explain plan for
select /*+ leading(c o) use_hash(o) */ count(*), sum(c.customer_id) from orders o
  left join customers c on o.customer_id = c.customer_id and c.region = 'NORTH';
select * from table(dbms_xplan.display(format => 'BASIC +PREDICATE'));
select /*+ leading(c o) use_hash(o) */ count(*), sum(c.customer_id) from orders o
  left join customers c on o.customer_id = c.customer_id and c.region = 'NORTH';

-- 5. Hints and the parameter: NO_PX_JOIN_FILTER turns a filter off, PX_JOIN_FILTER forces one
-- the cost would not place (this dimension keeps every key), _bloom_filter_enabled = FALSE
-- turns them all off.
explain plan for
select /*+ no_px_join_filter(o) */ sum(o.amount) from orders o, customers c
 where o.customer_id = c.customer_id and c.region = 'NORTH';
select * from table(dbms_xplan.display(format => 'BASIC +HINT_REPORT'));
explain plan for
select sum(o.amount) from orders o, customers c where o.customer_id = c.customer_id;
select * from table(dbms_xplan.display(format => 'BASIC'));
explain plan for
select /*+ px_join_filter(o) */ sum(o.amount) from orders o, customers c
 where o.customer_id = c.customer_id;
select * from table(dbms_xplan.display(format => 'BASIC +HINT_REPORT'));
alter session set "_bloom_filter_enabled" = false;
explain plan for
select sum(o.amount) from orders o, customers c
 where o.customer_id = c.customer_id and c.region = 'NORTH';
select * from table(dbms_xplan.display(format => 'BASIC'));
alter session set "_bloom_filter_enabled" = true;

-- 6. A multi-column key shows every column; a key that is an expression of the probe column
-- is tested by the JOIN FILTER USE line itself.
create table targets (customer_id number, status number, goal number);
insert into targets select level, mod(level, 3), level from dual connect by level <= 150;
commit;
exec dbms_stats.gather_table_stats(user, 'TARGETS');
explain plan for
select count(*), sum(t.goal) from orders o, targets t
 where o.customer_id = t.customer_id and o.status = t.status;
select * from table(dbms_xplan.display(format => 'BASIC +PREDICATE'));
select count(*), sum(t.goal) from orders o, targets t
 where o.customer_id = t.customer_id and o.status = t.status;
explain plan for
select count(*) from orders o, customers c
 where o.customer_id + 0 = c.customer_id and c.region = 'NORTH';
select * from table(dbms_xplan.display(format => 'BASIC +PREDICATE'));
select count(*) from orders o, customers c
 where o.customer_id + 0 = c.customer_id and c.region = 'NORTH';

-- 7. Direct path: the filter's min/max lets the storage index skip every region outside
-- customers 1 .. 200, without a predicate on ORDERS.
alter session set "_serial_direct_read" = always;
select count(*) from orders where customer_id > 0;
select /*+ gather_plan_statistics */ count(*), sum(o.amount) from orders o, customers c
 where o.customer_id = c.customer_id and c.region = 'NORTH';
select * from table(dbms_xplan.display_cursor(format => 'ALLSTATS LAST'));
-- Two separate ranges of customers: the filter's key-range summary skips the gap between them
-- (min/max alone would read everything from customer 1 to customer 20,000).
select /*+ gather_plan_statistics */ count(*), sum(o.amount) from orders o, customers c
 where o.customer_id = c.customer_id
   and (c.customer_id between 1 and 100 or c.customer_id between 19901 and 20000);
select * from table(dbms_xplan.display_cursor(format => 'ALLSTATS LAST'));
-- 8. An empty build: the probe side is never read (no buffers on the ORDERS line).
select /*+ gather_plan_statistics */ count(*) from orders o, customers c
 where o.customer_id = c.customer_id and c.region = 'EAST';
select * from table(dbms_xplan.display_cursor(format => 'ALLSTATS LAST'));
alter session set "_serial_direct_read" = auto;
select n.name, case when m.value > 0 then 'counted' else 'zero' end as value
  from v$mystat m join v$statname n on n.statistic# = m.statistic#
 where n.name in ('join filter rows probed', 'join filter rows filtered',
                  'cell physical IO bytes saved by storage index')
 order by n.name;

-- 9. Through a GROUP BY: keys on group columns reach the scan below it, so whole groups the
-- build has no key for are never aggregated (TPC-H Q20's grouped LINEITEM view); the answer
-- equals the one without the filter. A key on an aggregate stops the filter (no group column).
explain plan for
select count(*), sum(v.total) from customers c,
       (select customer_id, sum(amount) total from orders group by customer_id) v
 where v.customer_id = c.customer_id and c.region = 'NORTH';
select * from table(dbms_xplan.display(format => 'BASIC +PREDICATE'));
select /*+ gather_plan_statistics */ count(*), sum(v.total) from customers c,
       (select customer_id, sum(amount) total from orders group by customer_id) v
 where v.customer_id = c.customer_id and c.region = 'NORTH';
select * from table(dbms_xplan.display_cursor(format => 'ALLSTATS LAST'));
select /*+ no_px_join_filter(v) */ count(*), sum(v.total) from customers c,
       (select customer_id, sum(amount) total from orders group by customer_id) v
 where v.customer_id = c.customer_id and c.region = 'NORTH';
explain plan for
select count(*) from customers c,
       (select customer_id, count(*) n from orders group by customer_id) v
 where v.n = c.customer_id + 0 and c.region = 'NORTH';
select * from table(dbms_xplan.display(format => 'BASIC'));

-- 10. An INDEX FAST FULL SCAN on the probe side applies the filter itself (storage(...) on its
-- line): a NUMBER key whose build keys are integers is tested on the stored key bytes before
-- the entry is decoded, other keys per batch. NULL keys never pass; deleted entries are gone;
-- a filter that rejects under a third stops probing there too. Answers equal those without
-- the filter (NO_PX_JOIN_FILTER).
create table cust_orders (customer_id number, status number not null, amount number);
insert into cust_orders select customer_id, status, amount from orders;
insert into cust_orders values (null, 1, 5);
insert into cust_orders values (null, 2, 7);
create index cust_orders_ix on cust_orders (customer_id, status);
delete from cust_orders where customer_id between 150 and 170;
commit;
exec dbms_stats.gather_table_stats(user, 'CUST_ORDERS');
select /*+ gather_plan_statistics index_ffs(o cust_orders_ix) */ count(*), sum(o.status)
  from cust_orders o, customers c
 where o.customer_id = c.customer_id and c.region = 'NORTH';
select * from table(dbms_xplan.display_cursor(format => 'ALLSTATS LAST'));
select /*+ index_ffs(o cust_orders_ix) no_px_join_filter(o) */ count(*), sum(o.status)
  from cust_orders o, customers c
 where o.customer_id = c.customer_id and c.region = 'NORTH';
-- TPC-H Q22's shape: customers without orders, the anti join's probe an index fast full scan.
select /*+ gather_plan_statistics */ count(*), min(c.customer_id), max(c.customer_id)
  from customers c
 where c.region = 'NORTH' and not exists (select /*+ hash_aj index_ffs(o cust_orders_ix) */ 1
                                            from cust_orders o
                                           where o.customer_id = c.customer_id);
select * from table(dbms_xplan.display_cursor(format => 'ALLSTATS LAST'));
select /*+ gather_plan_statistics px_join_filter(o) index_ffs(o cust_orders_ix) */ count(*)
  from cust_orders o, customers c
 where o.customer_id = c.customer_id and c.region = 'SOUTH';
select * from table(dbms_xplan.display_cursor(format => 'ALLSTATS LAST'));
select /*+ no_px_join_filter(o) index_ffs(o cust_orders_ix) */ count(*)
  from cust_orders o, customers c
 where o.customer_id = c.customer_id and c.region = 'SOUTH';
-- A VARCHAR2 key: probed per batch above the storage layer.
create table seg_orders (segment varchar2(10) not null, qty number);
insert into seg_orders select case mod(level, 5) when 0 then 'RETAIL' when 1 then 'CORP'
  else 'SEG' || mod(level, 97) end, level from dual connect by level <= 30000;
create index seg_orders_ix on seg_orders (segment);
create table wanted (segment varchar2(10));
insert into wanted values ('RETAIL');
commit;
exec dbms_stats.gather_table_stats(user, 'SEG_ORDERS');
exec dbms_stats.gather_table_stats(user, 'WANTED');
select /*+ gather_plan_statistics px_join_filter(s) index_ffs(s seg_orders_ix) */ count(*)
  from seg_orders s, wanted w where s.segment = w.segment;
select * from table(dbms_xplan.display_cursor(format => 'ALLSTATS LAST'));
select /*+ no_px_join_filter(s) index_ffs(s seg_orders_ix) */ count(*)
  from seg_orders s, wanted w where s.segment = w.segment;
