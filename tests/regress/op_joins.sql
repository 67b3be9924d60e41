rem Join operators: HASH JOIN (inner, OUTER, RIGHT OUTER, FULL OUTER, SEMI, ANTI), NESTED LOOPS
rem (inner and outer, index access on the inner side, non-equi joins), joins with NULL keys on
rem both sides, duplicate keys, empty tables and empty filter results.
rem Hints steer the plan; the answers must not depend on it, so most queries are asked twice
rem (hash and nested loops, or both join orders) and must give the same rows.
rem Every answer was checked against PostgreSQL 15 with the same data.
set pagesize 100
create table l (id number, k number, v varchar2(4));
insert into l values (1, 1, 'l1');
insert into l values (2, 2, 'l2');
insert into l values (3, 2, 'l3');
insert into l values (4, null, 'l4');
insert into l values (5, 4, 'l5');
insert into l values (6, null, 'l6');
insert into l values (7, 9, 'l7');
create table r (k number, w varchar2(4));
insert into r values (1, 'r1');
insert into r values (2, 'r2');
insert into r values (3, 'r3a');
insert into r values (3, 'r3b');
insert into r values (null, 'rn1');
insert into r values (null, 'rn2');
insert into r values (4, 'r4a');
insert into r values (4, 'r4b');
create index r_k on r (k);
create table p (k number primary key, name varchar2(6));
insert into p values (1, 'one');
insert into p values (2, 'two');
insert into p values (4, 'four');
insert into p values (9, 'nine');
create table e (k number, w varchar2(4));
create index e_k on e (k);
commit;

rem -- inner joins: NULL keys never match, duplicates multiply
select /*+ leading(l r) use_hash(r) */ l.id, l.k, r.w from l join r on l.k = r.k
 order by l.id, r.w;
select /*+ leading(r l) use_hash(l) */ l.id, l.k, r.w from l join r on l.k = r.k
 order by l.id, r.w;
select /*+ leading(l r) use_nl(r) index(r r_k) */ l.id, l.k, r.w from l join r on l.k = r.k
 order by l.id, r.w;
select /*+ leading(l p) use_nl(p) index(p) */ l.id, p.name from l, p where l.k = p.k
 order by l.id;
select /*+ leading(p l) use_hash(l) */ l.id, p.name from l, p where l.k = p.k
 order by l.id;
select k, l.id, r.w from l join r using (k) order by k, l.id, r.w;
select /*+ use_hash(r) */ count(*), count(r.k), sum(l.k) from l join r on l.k = r.k;

rem -- non-equi joins can only be nested loops
select /*+ leading(l r) use_nl(r) */ l.id, r.k from l join r on r.k < l.k
 where l.id <= 3 order by l.id, r.k;
select /*+ leading(l r) use_nl(r) index(r r_k) */ l.id, r.w from l join r
 on r.k between l.k - 1 and l.k where l.id in (1, 5) order by l.id, r.w;
select /*+ use_nl(r) */ count(*) from l, r;

rem -- three tables
select /*+ leading(l r p) use_hash(r) use_nl(p) */ l.id, r.w, p.name
  from l, r, p where l.k = r.k and r.k = p.k order by l.id, r.w;
select /*+ leading(p r l) use_nl(r) use_hash(l) */ l.id, r.w, p.name
  from l, r, p where l.k = r.k and r.k = p.k order by l.id, r.w;

rem -- self join
select /*+ use_hash(b) */ a.id, b.id from l a join l b on a.k = b.k and a.id < b.id
 order by a.id, b.id;

rem -- LEFT OUTER: rows of l with NULL or unmatched keys appear once, with NULLs
select /*+ leading(l r) use_hash(r) */ l.id, l.k, r.w from l left join r on l.k = r.k
 order by l.id, r.w;
select /*+ leading(l r) use_hash(r) swap_join_inputs(r) */ l.id, l.k, r.w
  from l left join r on l.k = r.k order by l.id, r.w;
select /*+ leading(l r) use_nl(r) index(r r_k) */ l.id, l.k, r.w from l left join r
 on l.k = r.k order by l.id, r.w;
rem condition on the inner table in ON keeps the outer row; in WHERE it filters it
select /*+ use_hash(r) */ l.id, r.w from l left join r on l.k = r.k and r.w like '%b'
 order by l.id, r.w;
select /*+ use_hash(r) */ l.id, r.w from l left join r on l.k = r.k where r.w like '%b'
 order by l.id, r.w;
select /*+ use_hash(r) */ l.id from l left join r on l.k = r.k where r.k is null
 order by l.id;
select /*+ leading(l p) use_nl(p) */ l.id, p.name from l left outer join p on p.k = l.k
 order by l.id;

rem -- RIGHT OUTER: the same answers written the other way round
select /*+ leading(r l) use_hash(l) */ l.id, r.k, r.w from l right join r on l.k = r.k
 order by r.w, l.id;
select /*+ leading(l r) use_hash(r) */ l.id, r.k, r.w from l right outer join r on l.k = r.k
 order by r.w, l.id;
select /*+ leading(r l) use_nl(l) */ l.id, r.k, r.w from l right join r on l.k = r.k
 order by r.w, l.id;

rem -- FULL OUTER: unmatched rows of both sides, NULL keys on both sides stay unmatched
rem PostgreSQL's answers: 12 rows (l 1..7 as in LEFT JOIN above, then r3a, r3b, rn1, rn2 with
rem NULL l.id); COUNT(*) 12, COUNT(L.ID) 8, COUNT(R.W) 9; with the empty table e: the 7 rows of l.
select /*+ use_hash(r) */ l.id, l.k, r.k, r.w from l full outer join r on l.k = r.k
 order by l.id, r.w;
select /*+ leading(r l) use_hash(l) */ l.id, r.w from l full join r on l.k = r.k
 order by r.w, l.id;
select count(*), count(l.id), count(r.w) from l full join r on l.k = r.k;
rem FULL JOIN USING / NATURAL: the named column is COALESCE(l.k, r.k) unqualified and in *
rem (SQLite 3.40: the same 12 rows; COUNT(*) 12, COUNT(K) 8; NATURAL: 1 1, 2 2, 3 2, 4 2, 9 1, NULL 4)
select * from l full join r using (k) order by k, id, w;
select k, l.k, r.k from l full outer join r using (k) where k >= 3 order by 1, 2, 3;
select count(*), count(k) from l full join r using (k);
select k, count(*) from l natural full join (select k, w from r) group by k order by k;
rem SELECT * over USING / NATURAL joins lists the named columns first, then the left side's
rem other columns, then the right side's (Oracle's and the standard's order)
create table p1 (v varchar2(3), id number);
create table p2 (w varchar2(3), id number, z number);
insert into p1 values ('x', 1);
insert into p2 values ('y', 1, 9);
select * from p1 join p2 using (id);
select * from p1 natural join p2;
select * from p1 right join p2 using (id);
select * from p1 join p2 using (id) join p1 p3 using (v);
select p1.*, p2.* from p1 join p2 using (id);
drop table p1;
drop table p2;
rem no equality between the two sides: refused, as a FULL OUTER JOIN needs one to be hashed
select count(*) from l full join r on l.k < r.k;

rem -- SEMI joins: each row of l at most once, whatever the duplicates in r
select /*+ leading(l) */ l.id from l where exists (select 1 from r where r.k = l.k)
 order by l.id;
select l.id from l where l.k in (select k from r) order by l.id;
select /*+ use_nl(r) */ l.id from l where l.k in (select /*+ index(r r_k) */ k from r)
 order by l.id;
select r.w from r where r.k in (select k from l) order by r.w;
select p.name from p where exists (select null from l where l.k = p.k) order by p.name;

rem -- ANTI joins and NOT IN with NULLs
select l.id from l where not exists (select 1 from r where r.k = l.k) order by l.id;
rem r.k contains NULL: NOT IN is never true, no rows
select l.id from l where l.k not in (select k from r) order by l.id;
rem without the NULL: NULL keys of l are still not returned (NULL NOT IN (...) is unknown)
select l.id from l where l.k not in (select k from r where k is not null) order by l.id;
select p.name from p where p.k not in (select k from l where k is not null) order by p.name;
select p.name from p where p.k not in (select k from l) order by p.name;
select r.w from r where not exists (select 1 from l where l.k = r.k) order by r.w;
select r.w from r where r.k not in (select k from p) order by r.w;

rem -- empty tables on either side
select /*+ use_hash(e) */ l.id, e.w from l join e on l.k = e.k order by l.id;
select /*+ leading(e l) use_hash(l) */ l.id, e.w from l join e on l.k = e.k order by l.id;
select /*+ leading(l e) use_nl(e) index(e e_k) */ l.id, e.w from l join e on l.k = e.k
 order by l.id;
select /*+ use_hash(e) */ l.id, e.w from l left join e on l.k = e.k order by l.id;
select /*+ leading(l e) use_nl(e) */ l.id, e.w from l left join e on l.k = e.k order by l.id;
select l.id, e.w from e left join l on l.k = e.k order by l.id;
select l.id, e.w from l full join e on l.k = e.k order by l.id;
select l.id from l where exists (select 1 from e where e.k = l.k) order by l.id;
select l.id from l where not exists (select 1 from e where e.k = l.k) order by l.id;
rem NOT IN an empty set is true, even for a NULL key
select l.id from l where l.k not in (select k from e) order by l.id;
select count(*) from l, e;

rem -- empty filter results on one side
select /*+ use_hash(r) */ l.id, r.w from l join r on l.k = r.k where l.id > 100;
select /*+ use_hash(r) */ l.id, r.w from l left join r on l.k = r.k and r.w = 'zz'
 order by l.id;
select /*+ leading(l r) use_nl(r) index(r r_k) */ l.id, r.w from l join r on l.k = r.k
 where r.w = 'zz';
select l.id from l where not exists (select 1 from r where r.k = l.k and r.w = 'zz')
 order by l.id;

rem -- inputs larger than one vector (several batches on both sides of every join)
rem pg: create table b1 as select g id, mod(g, 37) k from generate_series(1, 3000) g;
create table b1 as select level id, mod(level, 37) k from dual connect by level <= 3000;
rem pg: create table b2 as select g id, case when mod(g, 11) = 0 then null else mod(g, 53) end k from generate_series(1, 2500) g;
create table b2 as select level id, case when mod(level, 11) = 0 then null else mod(level, 53) end k
  from dual connect by level <= 2500;
create index b2_k on b2 (k);
select /*+ leading(b1 b2) use_hash(b2) */ count(*), sum(b1.id), sum(b2.id)
  from b1 join b2 on b1.k = b2.k;
select /*+ leading(b2 b1) use_hash(b1) */ count(*), sum(b1.id), sum(b2.id)
  from b1 join b2 on b1.k = b2.k;
select /*+ leading(b1 b2) use_nl(b2) index(b2 b2_k) */ count(*), sum(b1.id), sum(b2.id)
  from b1 join b2 on b1.k = b2.k where b1.id <= 300;
select /*+ leading(b1 b2) use_hash(b2) */ count(*), sum(b1.id), sum(b2.id)
  from b1 join b2 on b1.k = b2.k where b1.id <= 300;
select /*+ leading(b2 b1) use_hash(b1) */ count(*), count(b1.id), sum(b2.id)
  from b2 left join b1 on b1.k = b2.k;
select /*+ leading(b2 b1) use_hash(b1) swap_join_inputs(b1) */ count(*), count(b1.id), sum(b2.id)
  from b2 left join b1 on b1.k = b2.k;
rem FULL OUTER; PostgreSQL: 129751 128840 129751
select count(*), count(b1.id), count(b2.id) from b1 full join b2 on b1.k = b2.k;
select count(*), sum(id) from b2 where exists (select 1 from b1 where b1.k = b2.k);
select count(*), sum(id) from b2 where not exists (select 1 from b1 where b1.k = b2.k);
select count(*), sum(id) from b2 where k not in (select k from b1);
select count(*), sum(id) from b1 where k not in (select k from b2);
select count(*), sum(id) from b1 where k not in (select k from b2 where k is not null);

rem -- plans of the key queries above (DBMS_XPLAN format BASIC: operation and object names)
explain plan for
select /*+ leading(l r) use_hash(r) */ l.id, l.k, r.w from l join r on l.k = r.k order by l.id, r.w;
select * from table(dbms_xplan.display(format => 'BASIC'));
explain plan for
select /*+ leading(l r) use_nl(r) index(r r_k) */ l.id, l.k, r.w from l join r on l.k = r.k order by l.id, r.w;
select * from table(dbms_xplan.display(format => 'BASIC'));
explain plan for
select /*+ leading(l p) use_nl(p) index(p) */ l.id, p.name from l, p where l.k = p.k order by l.id;
select * from table(dbms_xplan.display(format => 'BASIC'));
explain plan for
select /*+ leading(l r) use_nl(r) */ l.id, r.k from l join r on r.k < l.k where l.id <= 3 order by l.id, r.k;
select * from table(dbms_xplan.display(format => 'BASIC'));
explain plan for
select /*+ leading(l r) use_hash(r) */ l.id, l.k, r.w from l left join r on l.k = r.k order by l.id, r.w;
select * from table(dbms_xplan.display(format => 'BASIC'));
explain plan for
select /*+ leading(l r) use_hash(r) swap_join_inputs(r) */ l.id, l.k, r.w from l left join r on l.k = r.k order by l.id, r.w;
select * from table(dbms_xplan.display(format => 'BASIC'));
explain plan for
select /*+ leading(l r) use_nl(r) index(r r_k) */ l.id, l.k, r.w from l left join r on l.k = r.k order by l.id, r.w;
select * from table(dbms_xplan.display(format => 'BASIC'));
explain plan for
select /*+ leading(r l) use_hash(l) */ l.id, r.k, r.w from l right join r on l.k = r.k order by r.w, l.id;
select * from table(dbms_xplan.display(format => 'BASIC'));
explain plan for
select /*+ use_hash(r) */ l.id, l.k, r.k, r.w from l full outer join r on l.k = r.k order by l.id, r.w;
select * from table(dbms_xplan.display(format => 'BASIC'));
explain plan for
select /*+ leading(l) */ l.id from l where exists (select 1 from r where r.k = l.k) order by l.id;
select * from table(dbms_xplan.display(format => 'BASIC'));
explain plan for
select l.id from l where not exists (select 1 from r where r.k = l.k) order by l.id;
select * from table(dbms_xplan.display(format => 'BASIC'));
explain plan for
select l.id from l where l.k not in (select k from r) order by l.id;
select * from table(dbms_xplan.display(format => 'BASIC'));

-- Outer joins hash the smaller input, as Oracle swaps join inputs: the preserved side builds
-- (HASH JOIN OUTER, unmatched build rows at the end) when it is the smaller, the NULL-extended
-- side (HASH JOIN RIGHT OUTER) when that one is; the answers do not depend on it.
create table big (k number, pad varchar2(50));
insert into big select mod(level, 40), rpad('x', 40, 'x') from dual connect by level <= 4000;
commit;
exec dbms_stats.gather_table_stats(user, 'BIG');
exec dbms_stats.gather_table_stats(user, 'L');
explain plan for select count(*), count(big.k) from l left join big on l.k = big.k;
select * from table(dbms_xplan.display(format => 'BASIC'));
select count(*), count(big.k), sum(l.id) from l left join big on l.k = big.k;
select count(*), count(big.k), sum(l.id) from l left join big on l.k + 0 = big.k;
explain plan for select count(*), count(big.k) from big right join l on l.k = big.k;
select * from table(dbms_xplan.display(format => 'BASIC'));
select count(*), count(big.k), sum(l.id) from big right join l on l.k = big.k;
explain plan for select count(*), count(l.k) from big left join l on l.k = big.k and l.v <> 'l1';
select * from table(dbms_xplan.display(format => 'BASIC +PREDICATE'));
select count(*), count(l.k), sum(l.id) from big left join l on l.k = big.k and l.v <> 'l1';
select count(*), count(l.k), sum(l.id) from big left join l on l.k = big.k + 0 and l.v <> 'l1';
