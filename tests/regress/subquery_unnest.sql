rem Subqueries unnested into semi/anti joins, and outer joins made inner by WHERE.
rem Every answer was cross-checked with sqlite3 running the same statements.
set pagesize 100
create table c (id number not null, name varchar2(10), region number);
create table o (oid number not null, cust number, amount number);
create table e (v number);
create table nn (v number not null);
insert into c values (1, 'ann', 10), (2, 'bob', 20), (3, 'cy', null), (4, 'di', 10);
insert into o values (100, 1, 5), (101, 1, 50), (102, 1, 70), (103, 2, 7), (104, null, 9);
insert into nn values (1), (2);
commit;
rem IN: customer 1 has three orders and still comes once
select id, name from c where id in (select cust from o) order by id;
rem EXISTS, correlated, with an extra filter in the subquery
select id from c where exists (select 1 from o where o.cust = c.id) order by id;
select id from c where exists (select null from o where o.cust = c.id and o.amount > 60) order by id;
select id from c where region = 10 and exists (select 1 from o where o.cust = c.id and o.amount < 60) order by id;
rem NOT EXISTS
select id from c where not exists (select 1 from o where o.cust = c.id) order by id;
rem NOT IN with a NULL in the subquery: no row
select id from c where id not in (select cust from o);
select id from c where id not in (select cust from o where cust is not null) order by id;
rem NOT IN with a NULL on the outer side (region of cy)
select name from c where region not in (select v from nn) order by name;
select name from c where region not in (select v from e) order by name;
select name from c where region in (select v from e) order by name;
rem both sides NOT NULL: a plain anti join
select id from c where id not in (select v from nn) order by id;
rem multi-column IN and NOT IN
select name from c where (id, region) in (select cust, amount + 5 from o) order by name;
select name from c where (id, region) not in (select cust, amount + 5 from o) order by name;
rem empty subquery
select count(*) from c where not exists (select 1 from e where e.v = c.id);
select count(*) from c where exists (select 1 from e where e.v = c.id);
rem shapes that stay subqueries (aggregate, non-equality correlation) answer the same
select id from c where id in (select max(cust) from o);
select id from c where exists (select 1 from o where o.amount > c.region) order by id;
select id from c where region not in (select amount from o where o.cust = c.id) order by id;
rem outer joins: a NULL-rejecting WHERE condition makes them inner
select c.id, o.oid from c left join o on o.cust = c.id where o.amount > 40 order by o.oid;
select c.id from c left join o on o.cust = c.id where o.oid is null order by c.id;
select count(*) from c left join o on o.cust = c.id where o.amount = 5 or c.id > 2;
select o.oid, c.name from c right join o on o.cust = c.id where c.region = 10 order by o.oid;
rem a larger table: the smaller input builds the hash table either way round
create table big (k number);
insert into big select mod(level, 7) from dual connect by level <= 300;
create table n (v number);
insert into n values (1);
insert into n values (null);
select count(*) from big where k in (select v from nn);
select count(*) from big where k not in (select v from nn);
select count(*) from big where k not in (select v from n);
select v from nn where v in (select k from big) order by v;
select count(*) from n where v not in (select k from big);
select v from nn where not exists (select 1 from big where big.k = nn.v + 5) order by v;
rem Transitive predicates into semi and anti joins: the outer block's c.id <= 2 holds for every
rem o row that can match through o.cust = c.id, so the subquery's scan gets o.cust <= 2 (plan
rem line of O); not for NOT IN (null-aware: a NULL o.cust decides the answer whatever the range)
explain plan for select id from c where id <= 2 and exists (select 1 from o where o.cust = c.id);
select * from table(dbms_xplan.display(format => 'BASIC +PREDICATE'));
select id from c where id <= 2 and exists (select 1 from o where o.cust = c.id) order by id;
explain plan for select id from c where id between 2 and 3 and not exists (select 1 from o where o.cust = c.id);
select * from table(dbms_xplan.display(format => 'BASIC +PREDICATE'));
select id from c where id between 2 and 3 and not exists (select 1 from o where o.cust = c.id) order by id;
select id from c where id in (1, 3) and id in (select cust from o) order by id;
explain plan for select id from c where id >= 2 and id not in (select cust from o);
select * from table(dbms_xplan.display(format => 'BASIC +PREDICATE'));
select id from c where id >= 2 and id not in (select cust from o);
rem Index nested loops for a semi or anti join: a few outer rows each probe the subquery
rem table's index (NESTED LOOPS SEMI / ANTI over INDEX RANGE SCAN) instead of a hash join
rem reading all of it; HASH_SJ / HASH_AJ in the subquery keep the hash join, NL_SJ forces the
rem probes. The answers are the same either way.
create table ord (oid number not null, cust number, amt number);
insert into ord select level, mod(level, 5000), mod(level, 97) from dual connect by level <= 40000;
create index ord_cust on ord (cust);
exec dbms_stats.gather_table_stats(user, 'ORD')
exec dbms_stats.gather_table_stats(user, 'C')
explain plan for select id from c where name = 'bob' and exists (select 1 from ord where ord.cust = c.id and ord.amt > 10);
select * from table(dbms_xplan.display(format => 'BASIC +PREDICATE'));
select id from c where name = 'bob' and exists (select 1 from ord where ord.cust = c.id and ord.amt > 10);
select id from c where name = 'bob' and exists (select /*+ hash_sj */ 1 from ord where ord.cust = c.id and ord.amt > 10);
explain plan for select id from c where region = 10 and not exists (select 1 from ord where ord.cust = c.id and ord.amt = 96);
select * from table(dbms_xplan.display(format => 'BASIC +PREDICATE'));
select id from c where region = 10 and not exists (select 1 from ord where ord.cust = c.id and ord.amt = 96) order by id;
select id from c where region = 10 and not exists (select /*+ hash_aj */ 1 from ord where ord.cust = c.id and ord.amt = 96) order by id;
select id from c where region is null and id in (select cust from ord where amt < 50) order by id;
explain plan for select id from c where id in (select /*+ nl_sj */ cust from ord);
select * from table(dbms_xplan.display(format => 'BASIC'));
select id from c where id in (select /*+ nl_sj */ cust from ord) order by id;
select id from c where id in (select /*+ hash_sj */ cust from ord) order by id;
rem an outer side that is a join may hold ten times its estimate: the probes must win even
rem then, or the hash join stays (TPC-H Q21's semi and anti joins above four joins)
insert into ord select 40000 + level, 7, 1 from dual connect by level <= 200;
exec dbms_stats.gather_table_stats(user, 'ORD')
explain plan for select c.id from c, c c2 where c2.id = c.id and c.name = 'bob' and exists (select 1 from ord where ord.cust = c.id and ord.amt > 0);
select * from table(dbms_xplan.display(format => 'BASIC'));
explain plan for select c.id from c where c.name = 'bob' and exists (select 1 from ord where ord.cust = c.id and ord.amt > 0);
select * from table(dbms_xplan.display(format => 'BASIC'));
drop table ord;
drop table big;
drop table n;
drop table c;
drop table o;
drop table e;
drop table nn;
