-- pathdb side of ../shared/peers "soe": the same CSV files, loaded with LOAD (SQLcl's command,
-- direct path), then the indexes and statistics PostgreSQL's load script builds (primary keys,
-- email, orders by customer and by warehouse/status), so the load times compare like for like.
-- @DATA@ is replaced by the harness with the data directory.
create table customers (customer_id number(10) not null, cust_first_name varchar2(40),
  cust_last_name varchar2(40), nls_language varchar2(3), nls_territory varchar2(30),
  credit_limit number(9,2), cust_email varchar2(100), account_mgr_id number(10),
  customer_since date, customer_class varchar2(40), dob date);
create table orders (order_id number(12) not null, order_date timestamp, order_mode varchar2(8),
  customer_id number(12), order_status number(2), order_total number(12,2),
  sales_rep_id number(6), promotion_id number(6), warehouse_id number(6),
  delivery_type varchar2(15), cost_of_delivery number(6), customer_class varchar2(30));
set loadformat delimiter ,
set loadformat column_names off
load customers @DATA@/customers.csv
load orders @DATA@/orders.csv
commit;
create unique index customers_pk on customers (customer_id);
create unique index orders_pk on orders (order_id);
create index cust_email_ix on customers (cust_email);
create index ord_customer_ix on orders (customer_id);
create index ord_wh_status_ix on orders (warehouse_id, order_status);
exec dbms_stats.gather_table_stats('PATHDB', 'CUSTOMERS')
exec dbms_stats.gather_table_stats('PATHDB', 'ORDERS')
