rem TPC-H plan shapes (issue 15): a two-column join estimated from the column groups' distinct
rem keys (Q9's PARTSUPP to LINEITEM), and a correlated subquery in a join's filter whose plan
rem lines EXPLAIN shows under the join (Q17).
set pagesize 200
set linesize 150
create table ps (pk number not null, sk number not null, cost number);
create table li (ok number, pk number, sk number, qty number);
rem 400 parts, 5 of the 100 suppliers each (the supplier depends on the part, so the two
rem columns are not independent); every (part, supplier) pair has 10 line items
insert into ps select p, mod(p + j * 20, 100) + 1, p + j from (select level p from dual connect by level <= 400), (select level - 1 j from dual connect by level <= 5);
insert into li select level, mod(level, 400) + 1, mod(mod(level, 400) + 1 + mod(trunc(level / 400), 5) * 20, 100) + 1, mod(level, 7)
  from dual connect by level <= 20000;
commit;
create unique index ps_pk on ps (pk, sk);
create index li_ps on li (pk, sk);
exec dbms_stats.gather_table_stats(user, 'PS')
exec dbms_stats.gather_table_stats(user, 'LI')
column index_name format a10
select index_name, distinct_keys from user_indexes where table_name in ('PS', 'LI') order by 1;
rem the join returns every line item once: estimated 20000 (1/2000 distinct keys), not 1000
rem (1/400 x 1/100, as if part and supplier were independent)
explain plan for select count(*) from ps, li where ps.pk = li.pk and ps.sk = li.sk;
select * from table(dbms_xplan.display);
select count(*) from ps, li where ps.pk = li.pk and ps.sk = li.sk;
rem without an index on one side the other side's distinct keys still bound the estimate
drop index li_ps;
explain plan for select count(*) from ps, li where ps.pk = li.pk and ps.sk = li.sk;
select * from table(dbms_xplan.display);
rem Q17's shape: the correlated subquery's plan lines appear under the line that runs it
create index li_pk on li (pk);
exec dbms_stats.gather_table_stats(user, 'LI')
explain plan for
select sum(li.qty) from ps, li
 where ps.pk = li.pk and ps.cost = 7
   and li.qty < (select 0.5 * avg(l2.qty) from li l2 where l2.pk = ps.pk);
select * from table(dbms_xplan.display(format => 'BASIC +PREDICATE'));
select sum(li.qty) from ps, li
 where ps.pk = li.pk and ps.cost = 7
   and li.qty < (select 0.5 * avg(l2.qty) from li l2 where l2.pk = ps.pk);
rem Q21's shape: EXISTS / NOT EXISTS correlated by an equality and a <> become HASH JOIN SEMI /
rem ANTI with the <> as the join's filter; NO_UNNEST keeps the FILTER; the answers agree.
explain plan for
select count(*) from li l1
 where l1.qty > 4
   and exists (select 1 from li l2 where l2.ok = l1.ok + 400 and l2.sk <> l1.sk)
   and not exists (select 1 from li l3 where l3.pk = l1.pk and l3.sk <> l1.sk and l3.qty = 6 and l3.ok < 500);
select * from table(dbms_xplan.display(format => 'BASIC +PREDICATE'));
select count(*) from li l1
 where l1.qty > 4
   and exists (select 1 from li l2 where l2.ok = l1.ok + 400 and l2.sk <> l1.sk)
   and not exists (select 1 from li l3 where l3.pk = l1.pk and l3.sk <> l1.sk and l3.qty = 6 and l3.ok < 500);
explain plan for
select count(*) from li l1
 where l1.qty > 4
   and exists (select /*+ no_unnest */ 1 from li l2 where l2.ok = l1.ok + 400 and l2.sk <> l1.sk)
   and not exists (select /*+ no_unnest */ 1 from li l3 where l3.pk = l1.pk and l3.sk <> l1.sk and l3.qty = 6 and l3.ok < 500);
select * from table(dbms_xplan.display(format => 'BASIC +PREDICATE'));
select count(*) from li l1
 where l1.qty > 4
   and exists (select /*+ no_unnest */ 1 from li l2 where l2.ok = l1.ok + 400 and l2.sk <> l1.sk)
   and not exists (select /*+ no_unnest */ 1 from li l3 where l3.pk = l1.pk and l3.sk <> l1.sk and l3.qty = 6 and l3.ok < 500);
rem only a non-equality correlation: no join key, the subquery stays a FILTER
explain plan for
select count(*) from ps where exists (select 1 from li where li.qty > ps.cost);
select * from table(dbms_xplan.display(format => 'BASIC'));
select count(*) from ps where exists (select 1 from li where li.qty > ps.cost);
