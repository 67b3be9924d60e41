-- EXPLAIN PLAN and DBMS_XPLAN.DISPLAY: the plan table (latest plan, STATEMENT_ID), formats
-- BASIC / TYPICAL / ALL / +OUTLINE / +HINT_REPORT / -COST / +PREDICATE, DML plans, and the
-- errors DISPLAY prints when there is nothing to show. EXPLAIN PLAN never runs the statement.
set pagesize 1000
set linesize 200
create table customers (customer_id number primary key, region varchar2(10), name varchar2(30));
insert into customers
  select level, case mod(level, 4) when 0 then 'EU' when 1 then 'US' when 2 then 'APAC'
                else 'LATAM' end, 'cust ' || level
  from dual connect by level <= 1000;
create table orders (order_id number primary key, customer_id number, total number);
insert into orders select level, mod(level, 1000) + 1, mod(level * 7, 500)
  from dual connect by level <= 20000;
commit;
exec dbms_stats.gather_table_stats(user, 'CUSTOMERS')
exec dbms_stats.gather_table_stats(user, 'ORDERS')

-- nothing explained yet
select * from table(dbms_xplan.display);

explain plan for select * from customers where customer_id = 42;
select * from table(dbms_xplan.display);

explain plan for
select c.region, sum(o.total) from customers c, orders o
 where c.customer_id = o.customer_id and c.region = 'EU' group by c.region;
select * from table(dbms_xplan.display(null, null, 'BASIC'));
select * from table(dbms_xplan.display());
select * from table(dbms_xplan.display(format => 'ALL'));
select * from table(dbms_xplan.display(format => 'TYPICAL +OUTLINE'));
select * from table(dbms_xplan.display(null, null, 'TYPICAL -COST'));
select * from table(dbms_xplan.display(null, null, 'BASIC +PREDICATE'));

explain plan set statement_id = 'hinted' for
select /*+ full(c) */ * from customers c where customer_id = 7;
explain plan for select count(*) from orders;
-- by statement_id, although a later plan exists
select * from table(dbms_xplan.display(null, 'hinted', 'TYPICAL +HINT_REPORT'));
select * from table(dbms_xplan.display(statement_id => 'missing'));

-- DML is explained, not run
explain plan for update orders set total = -1 where order_id < 10;
select * from table(dbms_xplan.display);
select count(*) from orders where total = -1;
explain plan for delete from customers where region = 'US';
select * from table(dbms_xplan.display(format => 'BASIC'));
select count(*) from customers;

-- wrong arguments
select * from table(dbms_xplan.display(bogus => 'x'));
select * from table(dbms_xplan.no_such_function);

-- CREATE TABLE AS SELECT: LOAD AS SELECT over the query; the table is not created, and an
-- existing name is ORA-00955 as in Oracle
explain plan for create table orders_copy as select * from orders where order_id > 5;
select * from table(dbms_xplan.display(format => 'BASIC +PREDICATE'));
select count(*) from user_tables where table_name = 'ORDERS_COPY';
explain plan for create table orders as select 1 x from dual;
-- a format word DBMS_XPLAN does not know gives Oracle's one-line error, not a plan; keywords
-- of features pathdb has none of (PARALLEL, PARTITION, REMOTE) are accepted
explain plan for select * from orders where order_id = 5;
select * from table(dbms_xplan.display(format => 'BASIC +PREDICSTE'));
select * from table(dbms_xplan.display_cursor(format => 'ALLSTATS LAST +PREDICSTE'));
select * from table(dbms_xplan.display(format => 'BASIC +PARALLEL +PARTITION -REMOTE'));
