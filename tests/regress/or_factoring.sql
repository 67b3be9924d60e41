rem OR of AND branches (TPC-H Q19's shape): conjuncts common to every branch are factored out,
rem so the join key becomes a join key, and each table every branch restricts gets the OR of
rem its single-table parts as an implied filter on its scan. _optimizer_or_factoring = FALSE
rem turns it off: the same answer from a join with the whole OR above it.
set pagesize 200
set linesize 150
create table pt (pk number not null, brand varchar2(10), psize number);
create table li (lk number, pk number, qty number, mode_ varchar2(10));
insert into pt select level, 'B' || mod(level, 5), mod(level, 20) from dual connect by level <= 200;
insert into li select level, mod(level * 7, 200) + 1, mod(level, 50), case mod(level, 3) when 0 then 'AIR' else 'RAIL' end
  from dual connect by level <= 3000;
commit;
create unique index pt_pk on pt (pk);
exec dbms_stats.gather_table_stats(user, 'PT')
exec dbms_stats.gather_table_stats(user, 'LI')
rem the common join key and the common mode_ filter come out; PT and LI each get an implied OR
explain plan for
select count(*), sum(li.qty) from li, pt
 where (pt.pk = li.pk and pt.brand = 'B1' and li.qty between 1 and 10 and li.mode_ = 'AIR')
    or (pt.pk = li.pk and pt.brand = 'B2' and li.qty between 20 and 30 and li.mode_ = 'AIR');
select * from table(dbms_xplan.display(format => 'BASIC +PREDICATE'));
select count(*), sum(li.qty) from li, pt
 where (pt.pk = li.pk and pt.brand = 'B1' and li.qty between 1 and 10 and li.mode_ = 'AIR')
    or (pt.pk = li.pk and pt.brand = 'B2' and li.qty between 20 and 30 and li.mode_ = 'AIR');
rem a branch that is only the common part makes the whole OR true: A OR (A AND B) is A
select count(*) from li, pt where (pt.pk = li.pk) or (pt.pk = li.pk and pt.brand = 'B1');
rem a branch without a condition on PT: no implied filter on PT, the join key still comes out
explain plan for
select count(*) from li, pt
 where (pt.pk = li.pk and pt.brand = 'B1') or (pt.pk = li.pk and li.qty = 7);
select * from table(dbms_xplan.display(format => 'BASIC +PREDICATE'));
select count(*) from li, pt
 where (pt.pk = li.pk and pt.brand = 'B1') or (pt.pk = li.pk and li.qty = 7);
rem two copies of one table restricted pairwise (TPC-H Q7's nation pairs): the implied filters
rem leave 2 x 2 rows and the OR keeps 2 of those pairs, estimated from the columns' statistics
create table nat (nk number not null, nname varchar2(10));
insert into nat select level, 'N' || level from dual connect by level <= 25;
commit;
exec dbms_stats.gather_table_stats(user, 'NAT')
explain plan for
select count(*) from nat n1, nat n2
 where (n1.nname = 'N3' and n2.nname = 'N7') or (n1.nname = 'N7' and n2.nname = 'N3');
select * from table(dbms_xplan.display(format => 'BASIC +ROWS +PREDICATE'));
select count(*) from nat n1, nat n2
 where (n1.nname = 'N3' and n2.nname = 'N7') or (n1.nname = 'N7' and n2.nname = 'N3');
rem switched off: the same answers
alter session set "_optimizer_or_factoring" = false;
explain plan for
select count(*), sum(li.qty) from li, pt
 where (pt.pk = li.pk and pt.brand = 'B1' and li.qty between 1 and 10 and li.mode_ = 'AIR')
    or (pt.pk = li.pk and pt.brand = 'B2' and li.qty between 20 and 30 and li.mode_ = 'AIR');
select * from table(dbms_xplan.display(format => 'BASIC +PREDICATE'));
select count(*), sum(li.qty) from li, pt
 where (pt.pk = li.pk and pt.brand = 'B1' and li.qty between 1 and 10 and li.mode_ = 'AIR')
    or (pt.pk = li.pk and pt.brand = 'B2' and li.qty between 20 and 30 and li.mode_ = 'AIR');
select count(*) from li, pt where (pt.pk = li.pk) or (pt.pk = li.pk and pt.brand = 'B1');
select count(*) from li, pt
 where (pt.pk = li.pk and pt.brand = 'B1') or (pt.pk = li.pk and li.qty = 7);
explain plan for
select count(*) from nat n1, nat n2
 where (n1.nname = 'N3' and n2.nname = 'N7') or (n1.nname = 'N7' and n2.nname = 'N3');
select * from table(dbms_xplan.display(format => 'BASIC +ROWS +PREDICATE'));
select count(*) from nat n1, nat n2
 where (n1.nname = 'N3' and n2.nname = 'N7') or (n1.nname = 'N7' and n2.nname = 'N3');
