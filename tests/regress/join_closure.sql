rem Transitive closure of join equalities (as PostgreSQL's equivalence classes): with
rem c.nk = s.nk and s.nk = n.nk written, CUSTOMER and NATION may also join on c.nk = n.nk,
rem so a join order that meets them first joins them on a key instead of a cartesian product
rem (TPC-H Q5). A class's equalities count once in the estimates, and a join takes one of them.
set pagesize 200
set linesize 150
create table reg (rk number not null, rname varchar2(10));
create table nat (nk number not null, rk number not null, nname varchar2(10));
create table cust (ck number not null, nk number not null);
create table supp (sk number not null, nk number not null);
insert into reg select level, 'R' || level from dual connect by level <= 5;
insert into nat select level, mod(level, 5) + 1, 'N' || level from dual connect by level <= 25;
insert into cust select level, mod(level, 25) + 1 from dual connect by level <= 5000;
insert into supp select level, mod(level * 7, 25) + 1 from dual connect by level <= 300;
commit;
exec dbms_stats.gather_schema_stats(user)
rem the costs choose the order; every equality is still applied once
explain plan for
select count(*) from reg, nat, cust, supp
 where cust.nk = supp.nk and supp.nk = nat.nk and nat.rk = reg.rk and reg.rname = 'R2';
select * from table(dbms_xplan.display(format => 'BASIC +ROWS +PREDICATE'));
select count(*) from reg, nat, cust, supp
 where cust.nk = supp.nk and supp.nk = nat.nk and nat.rk = reg.rk and reg.rname = 'R2';
rem forced order customer, nation, supplier: CUSTOMER joins NATION on the derived key; the
rem supplier join then takes one of its two equalities (the other is implied)
explain plan for
select /*+ leading(cust nat supp) use_hash(nat supp) */ count(*) from nat, cust, supp
 where cust.nk = supp.nk and supp.nk = nat.nk;
select * from table(dbms_xplan.display(format => 'BASIC +ROWS +PREDICATE'));
select /*+ leading(cust nat supp) use_hash(nat supp) */ count(*) from nat, cust, supp
 where cust.nk = supp.nk and supp.nk = nat.nk;
rem all three equalities written: the estimate counts two of them (the third is implied)
explain plan for
select count(*) from nat, cust, supp
 where cust.nk = supp.nk and supp.nk = nat.nk and cust.nk = nat.nk;
select * from table(dbms_xplan.display(format => 'BASIC +ROWS'));
select count(*) from nat, cust, supp
 where cust.nk = supp.nk and supp.nk = nat.nk and cust.nk = nat.nk;
rem two columns of one table in a class: s.sk = c.ck AND s.nk = c.ck make s.sk = s.nk a
rem condition on SUPP alone, derived and applied; a join that kept one equality of the class
rem without it returned every supplier whose sk or nk matched (wrong answer before the fix)
explain plan for
select count(*) from cust c, supp s where s.sk = c.ck and s.nk = c.ck;
select * from table(dbms_xplan.display(format => 'BASIC +PREDICATE'));
select count(*) from cust c, supp s where s.sk = c.ck and s.nk = c.ck;
select count(*) from supp s where s.sk = s.nk;
select /*+ leading(s c) use_nl(c) */ count(*) from cust c, supp s where s.sk = c.ck and s.nk = c.ck;
select count(*) from nat n, supp s, cust c where n.nk = s.nk and s.sk = c.ck and c.ck = n.nk;
select count(*) from supp s where s.sk = s.nk;
