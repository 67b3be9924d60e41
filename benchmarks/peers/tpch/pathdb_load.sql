-- pathdb side of ../shared/peers "tpch" (benchmarks/tpch.sh): the 8 TPC-H tables in the Oracle
-- types of ../shared/tpch/ddl.sql, loaded from dbgen's '|'-separated .tbl files (trailing '|'
-- stripped) with LOAD (direct path), then the indexes PostgreSQL's load script builds (every
-- primary key as a unique index, lineitem(l_partkey, l_suppkey), orders(o_custkey)) and
-- statistics on all 8 tables. Row store only: no INMEMORY. @DATA@ = the data directory.
whenever sqlerror exit failure
create table region (
  r_regionkey   number(10)    not null,
  r_name        char(25)      not null,
  r_comment     varchar2(152)
);
create table nation (
  n_nationkey   number(10)    not null,
  n_name        char(25)      not null,
  n_regionkey   number(10)    not null,
  n_comment     varchar2(152)
);
create table part (
  p_partkey     number(10)    not null,
  p_name        varchar2(55)  not null,
  p_mfgr        char(25)      not null,
  p_brand       char(10)      not null,
  p_type        varchar2(25)  not null,
  p_size        number(10)    not null,
  p_container   char(10)      not null,
  p_retailprice number(15,2)  not null,
  p_comment     varchar2(23)  not null
);
create table supplier (
  s_suppkey     number(10)    not null,
  s_name        char(25)      not null,
  s_address     varchar2(40)  not null,
  s_nationkey   number(10)    not null,
  s_phone       char(15)      not null,
  s_acctbal     number(15,2)  not null,
  s_comment     varchar2(101) not null
);
create table partsupp (
  ps_partkey    number(10)    not null,
  ps_suppkey    number(10)    not null,
  ps_availqty   number(10)    not null,
  ps_supplycost number(15,2)  not null,
  ps_comment    varchar2(199) not null
);
create table customer (
  c_custkey     number(10)    not null,
  c_name        varchar2(25)  not null,
  c_address     varchar2(40)  not null,
  c_nationkey   number(10)    not null,
  c_phone       char(15)      not null,
  c_acctbal     number(15,2)  not null,
  c_mktsegment  char(10)      not null,
  c_comment     varchar2(117) not null
);
create table orders (
  o_orderkey      number(10)   not null,
  o_custkey       number(10)   not null,
  o_orderstatus   char(1)      not null,
  o_totalprice    number(15,2) not null,
  o_orderdate     date         not null,
  o_orderpriority char(15)     not null,
  o_clerk         char(15)     not null,
  o_shippriority  number(10)   not null,
  o_comment       varchar2(79) not null
);
create table lineitem (
  l_orderkey      number(10)   not null,
  l_partkey       number(10)   not null,
  l_suppkey       number(10)   not null,
  l_linenumber    number(10)   not null,
  l_quantity      number(15,2) not null,
  l_extendedprice number(15,2) not null,
  l_discount      number(15,2) not null,
  l_tax           number(15,2) not null,
  l_returnflag    char(1)      not null,
  l_linestatus    char(1)      not null,
  l_shipdate      date         not null,
  l_commitdate    date         not null,
  l_receiptdate   date         not null,
  l_shipinstruct  char(25)     not null,
  l_shipmode      char(10)     not null,
  l_comment       varchar2(44) not null
);
set loadformat delimiter |
set loadformat column_names off
set loadformat enclosures ''
load region @DATA@/region.tbl
load nation @DATA@/nation.tbl
load part @DATA@/part.tbl
load supplier @DATA@/supplier.tbl
load partsupp @DATA@/partsupp.tbl
load customer @DATA@/customer.tbl
load orders @DATA@/orders.tbl
load lineitem @DATA@/lineitem.tbl
commit;
create unique index region_pk on region (r_regionkey);
create unique index nation_pk on nation (n_nationkey);
create unique index part_pk on part (p_partkey);
create unique index supplier_pk on supplier (s_suppkey);
create unique index partsupp_pk on partsupp (ps_partkey, ps_suppkey);
create unique index customer_pk on customer (c_custkey);
create unique index orders_pk on orders (o_orderkey);
create unique index lineitem_pk on lineitem (l_orderkey, l_linenumber);
create index l_part_supp_ix on lineitem (l_partkey, l_suppkey);
create index o_cust_ix on orders (o_custkey);
exec dbms_stats.gather_table_stats(user, 'REGION')
exec dbms_stats.gather_table_stats(user, 'NATION')
exec dbms_stats.gather_table_stats(user, 'PART')
exec dbms_stats.gather_table_stats(user, 'SUPPLIER')
exec dbms_stats.gather_table_stats(user, 'PARTSUPP')
exec dbms_stats.gather_table_stats(user, 'CUSTOMER')
exec dbms_stats.gather_table_stats(user, 'ORDERS')
exec dbms_stats.gather_table_stats(user, 'LINEITEM')
