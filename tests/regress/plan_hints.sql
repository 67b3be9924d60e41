-- Hints and what they do to plans (issue 5): access-path hints, join order and method hints,
-- CARDINALITY, unknown and malformed hints in the Hint Report, the outline reproducing the
-- plan, and the transitive predicate on the inner index of a two-table join.
set pagesize 1000
set linesize 200
create table f (id number, d_id number, amount number);
create table d (id number, region number, name varchar2(10));
insert into d select level, mod(level, 10), 'd' || level from dual connect by level <= 1000;
-- F is stored in D_ID order (20 rows per D row), so its index on D_ID is well clustered.
insert into f select level, trunc((level - 1) / 20) + 1, mod(level, 97) from dual connect by level <= 20000;
commit;
create unique index d_pk on d (id);
create index f_d_ix on f (d_id);
exec dbms_stats.gather_table_stats(user, 'D')
exec dbms_stats.gather_table_stats(user, 'F')

-- the optimizer's own choice: selective dimension builds the hash table
explain plan for select sum(f.amount) from f, d where f.d_id = d.id and d.region = 3;
select * from table(dbms_xplan.display(format => 'TYPICAL +OUTLINE'));
-- one driving row and an index on the join column: nested loops into the index
explain plan for select f.id, f.amount from f, d where f.d_id = d.id and d.name = 'd42';
select * from table(dbms_xplan.display);

-- join hints change the plan
explain plan for select /*+ leading(f d) use_hash(d) no_swap_join_inputs(d) */ sum(f.amount) from f, d where f.d_id = d.id and d.region = 3;
select * from table(dbms_xplan.display(format => 'BASIC +HINT_REPORT'));
explain plan for select /*+ leading(d f) use_hash(f) swap_join_inputs(f) */ sum(f.amount) from f, d where f.d_id = d.id and d.region = 3;
select * from table(dbms_xplan.display(format => 'BASIC'));
explain plan for select /*+ leading(d f) use_nl(f) */ sum(f.amount) from f, d where f.d_id = d.id and d.region = 3;
select * from table(dbms_xplan.display(format => 'BASIC +PREDICATE'));
explain plan for select /*+ use_hash(f) no_swap_join_inputs(f) */ f.id from f, d where f.d_id = d.id and d.name = 'd42';
select * from table(dbms_xplan.display(format => 'BASIC'));
explain plan for select /*+ ordered */ count(*) from f, d where f.d_id = d.id;
select * from table(dbms_xplan.display(format => 'BASIC'));

-- access-path hints
explain plan for select /*+ full(d) */ name from d where id = 7;
select * from table(dbms_xplan.display(format => 'BASIC +PREDICATE +OUTLINE'));
explain plan for select /*+ index(f f_d_ix) */ count(amount) from f where d_id > 10;
select * from table(dbms_xplan.display(format => 'BASIC'));
explain plan for select /*+ no_index(d d_pk) */ name from d where id = 7;
select * from table(dbms_xplan.display(format => 'BASIC'));
explain plan for select /*+ index_ffs(f f_d_ix) */ count(d_id) from f;
select * from table(dbms_xplan.display(format => 'BASIC'));
explain plan for select /*+ cardinality(f 5) */ * from f where amount = 3;
select * from table(dbms_xplan.display(format => 'TYPICAL -COST -BYTES'));

-- hints that cannot apply, unknown and malformed hints: ignored, listed in the report
explain plan for select /*+ index(d no_such_ix) use_nl(zz) frobnicate(d) full( */ name from d where id = 7;
select * from table(dbms_xplan.display(format => 'BASIC +HINT_REPORT'));

-- the transitive predicate: F.D_ID gets D.ID's range and can range-scan its index
explain plan for select count(*) from f, d where f.d_id = d.id and d.id between 200 and 210;
select * from table(dbms_xplan.display(format => 'BASIC +PREDICATE'));
select count(*) from f, d where f.d_id = d.id and d.id between 200 and 210;
select /*+ full(f) full(d) use_hash(f) */ count(*) from f, d where f.d_id = d.id and d.id between 200 and 210;

-- an inline view is named by its alias in join hints (LEADING, OPT_ESTIMATE(JOIN ...)), for
-- an inner join and an outer join alike
explain plan for
select /*+ leading(v d) use_hash(d) opt_estimate(join (d v) rows=7) */ count(*)
  from d join (select d_id from f where amount > 5) v on v.d_id = d.id;
select * from table(dbms_xplan.display(format => 'BASIC ROWS +HINT_REPORT +OUTLINE'));
explain plan for
select /*+ opt_estimate(join (d v) rows=7) */ count(*)
  from d left join (select d_id, count(*) c from f group by d_id) v on v.d_id = d.id;
select * from table(dbms_xplan.display(format => 'BASIC ROWS +HINT_REPORT'));
-- two views joined outer; and an inner join's SCALE_ROWS applied once, not again by the outer
-- join above it whose other side (an inline view without an alias) no hint can name
explain plan for
select /*+ opt_estimate(join (v1 v2) rows=11) */ count(*)
  from (select id from d) v1 left join (select d_id from f) v2 on v2.d_id = v1.id;
select * from table(dbms_xplan.display(format => 'BASIC ROWS +HINT_REPORT'));
explain plan for
select /*+ opt_estimate(join (d f) scale_rows=2) */ count(*)
  from d join f on f.d_id = d.id left join (select id from d where region = 3) on 1 = 1;
select * from table(dbms_xplan.display(format => 'BASIC ROWS +HINT_REPORT'));
