-- Adaptive joins: a STATISTICS COLLECTOR above the driving input of a join whose estimate is
-- uncertain decides at run time between NESTED LOOPS (index probe) and HASH JOIN (full scan)
-- by the inflection point; the +ADAPTIVE display; reporting-only mode; hints; the decision
-- made again at every execution (and Oracle's resolve-once); statistics feedback with the true
-- join cardinality after nested loops ran.
set linesize 170
set pagesize 300
set feedback off
column hint_text format a80
-- T1: 3,000 rows, ids 1..3000, every HIST_IND '9999' (so its estimate combines two predicates).
create table t1 (id number not null, hist_ind varchar2(4), filler varchar2(100));
insert into t1 select level, '9999', rpad('x', 100, 'x') from dual connect by level <= 3000;
-- T2: 30,000 rows: 500 rows with id 1, 500 with id -1, the rest unique ids 1001..30000.
create table t2 (id number not null, some_ind number, filler varchar2(100));
insert into t2 select case when level <= 500 then 1 when level <= 1000 then -1 else level end,
  mod(level, 10), rpad('y', 100, 'y') from dual connect by level <= 30000;
-- T3: 3,000 rows keyed like T1, for a second adaptive join above the first.
create table t3 (id number not null, tag varchar2(10));
insert into t3 select level, 'T' || mod(level, 7) from dual connect by level <= 3000;
commit;
create unique index t1_id_ux on t1(id);
create index t2_id_ix on t2(id);
create unique index t3_id_ux on t3(id);
exec dbms_stats.gather_table_stats(user, 'T1');
exec dbms_stats.gather_table_stats(user, 'T2');
exec dbms_stats.gather_table_stats(user, 'T3');
alter session set statistics_level = all;

-- 1. EXPLAIN PLAN shows the default plan (nested loops for ~5 driving rows) and the note;
--    +ADAPTIVE shows every line, inactive ones marked '-', and the inflection point.
explain plan for
select count(t2.some_ind) from t1 join t2 on t2.id = t1.id
where t1.hist_ind = '9999' and t1.id between 1001 and 1005;
select * from table(dbms_xplan.display);
select * from table(dbms_xplan.display(format => 'typical +adaptive'));

-- 2. It stays nested loops: the collector sees 5 rows, below the inflection point. Without
--    +ADAPTIVE the final plan is shown renumbered.
select count(t2.some_ind) from t1 join t2 on t2.id = t1.id
where t1.hist_ind = '9999' and t1.id between 1001 and 1005;
select * from table(dbms_xplan.display_cursor(format => 'allstats last +adaptive'));
select count(t2.some_ind) from t1 join t2 on t2.id = t1.id
where t1.hist_ind = '9999' and t1.id between 1001 and 1005;
select * from table(dbms_xplan.display_cursor(format => 'allstats last'));

-- 3. Default nested loops, switched to the hash join: 2,000 driving rows.
select /*+ cardinality(t1 5) */ count(t2.some_ind) from t1 join t2 on t2.id = t1.id
where t1.hist_ind = '9999' and t1.id between 1001 and 3000;
-- The outline is the final plan's: USE_HASH and FULL(T2), not the nested loops' hints.
select * from table(dbms_xplan.display_cursor(format => 'allstats last +adaptive +outline'));

-- 4. The reverse default: the estimate says hash join (2,000 rows) ...
explain plan for
select /*+ cardinality(t1 2000) */ count(t2.some_ind) from t1 join t2 on t2.id = t1.id
where t1.hist_ind = '9999' and t1.id between 1 and 3;
select * from table(dbms_xplan.display(format => 'basic +note +outline'));
-- ... and the collector sees 3 rows: nested loops run (id 1 matches 500 rows of T2); the
-- outline now says USE_NL and the index access.
select /*+ cardinality(t1 2000) */ count(t2.some_ind) from t1 join t2 on t2.id = t1.id
where t1.hist_ind = '9999' and t1.id between 1 and 3;
select * from table(dbms_xplan.display_cursor(format => 'allstats last +adaptive +outline'));
-- ... and with 2,000 driving rows the default hash join stays.
select /*+ cardinality(t1 2000) */ count(t2.some_ind) from t1 join t2 on t2.id = t1.id
where t1.hist_ind = '9999' and t1.id between 1001 and 3000;
select * from table(dbms_xplan.display_cursor(format => 'basic +adaptive +note'));

-- 5. A nested pair: T1 -> T2 -> T3, each join with its own collector.
select count(*) from t1 join t2 on t2.id = t1.id join t3 on t3.id = t1.id
where t1.hist_ind = '9999' and t1.id between 1001 and 1003;
select * from table(dbms_xplan.display_cursor(format => 'allstats last +adaptive'));

-- 6. Reporting only: the default runs, the switch that would have happened is reported.
alter session set optimizer_adaptive_reporting_only = true;
select /*+ cardinality(t1 5) */ count(t2.some_ind) from t1 join t2 on t2.id = t1.id
where t1.hist_ind = '9999' and t1.id between 1001 and 3000;
select * from table(dbms_xplan.display_cursor(format => 'basic +adaptive +note'));
alter session set optimizer_adaptive_reporting_only = false;

-- 7. Hints: NO_ADAPTIVE_PLAN gives a fixed plan, a join method hint fixes the method;
--    ADAPTIVE_PLAN makes a join adaptive even with a trusted estimate (one predicate).
explain plan for
select /*+ no_adaptive_plan */ count(t2.some_ind) from t1 join t2 on t2.id = t1.id
where t1.hist_ind = '9999' and t1.id between 1001 and 1005;
select * from table(dbms_xplan.display(format => 'basic +note'));
explain plan for
select /*+ use_hash(t2) */ count(t2.some_ind) from t1 join t2 on t2.id = t1.id
where t1.hist_ind = '9999' and t1.id between 1001 and 1020;
select * from table(dbms_xplan.display(format => 'basic +note'));
explain plan for
select count(t2.some_ind) from t1 join t2 on t2.id = t1.id where t1.id between 1001 and 1020;
select * from table(dbms_xplan.display(format => 'basic +note'));
explain plan for
select /*+ adaptive_plan */ count(t2.some_ind) from t1 join t2 on t2.id = t1.id
where t1.id between 1001 and 1020;
select * from table(dbms_xplan.display(format => 'basic +note'));
alter session set optimizer_adaptive_plans = false;
explain plan for
select count(t2.some_ind) from t1 join t2 on t2.id = t1.id
where t1.hist_ind = '9999' and t1.id between 1001 and 1020;
select * from table(dbms_xplan.display(format => 'basic +note'));
alter session set optimizer_adaptive_plans = true;

-- 8. The same cursor decides again at every execution: an UPDATE between two executions
--    turns 10 driving rows into 2,010 (statistics still say 10), and the method changes with
--    them; the answers are right both times (the last query forces nested loops).
create table t4 (id number not null, hist_ind varchar2(4));
insert into t4 select level + 1000, '9999' from dual connect by level <= 10;
commit;
exec dbms_stats.gather_table_stats(user, 'T4');
insert into t4 select level + 2000, '0000' from dual connect by level <= 2000;
commit;
select count(t2.some_ind) from t4 join t2 on t2.id = t4.id where t4.hist_ind = '9999' and t4.id > 0;
select * from table(dbms_xplan.display_cursor(format => 'basic +adaptive +note'));
update t4 set hist_ind = '9999' where hist_ind = '0000';
commit;
select count(t2.some_ind) from t4 join t2 on t2.id = t4.id where t4.hist_ind = '9999' and t4.id > 0;
select * from table(dbms_xplan.display_cursor(format => 'basic +adaptive +note'));
select child_number, executions, loads, is_resolved_adaptive_plan from v$sql
where sql_text like 'select count(t2.some_ind) from t4%' order by child_number;
select /*+ no_adaptive_plan use_nl(t2) index(t2 t2_id_ix) */ count(t2.some_ind)
from t4 join t2 on t2.id = t4.id where t4.hist_ind = '9999' and t4.id > 0;
-- Oracle's behaviour on request: the first execution's decision is kept (a new child: the
-- parameter is part of the optimizer environment; feedback off, or its estimate of 10 rows
-- against 2,010 would re-plan the statement once more).
alter session set "_optimizer_use_feedback" = false;
alter session set "_optimizer_adaptive_plan_resolve_once" = true;
select count(t2.some_ind) from t4 join t2 on t2.id = t4.id where t4.hist_ind = '9999' and t4.id > 0;
update t4 set hist_ind = '0000' where id > 2000;
commit;
select count(t2.some_ind) from t4 join t2 on t2.id = t4.id where t4.hist_ind = '9999' and t4.id > 0;
select * from table(dbms_xplan.display_cursor(format => 'basic +adaptive +note'));
alter session set "_optimizer_adaptive_plan_resolve_once" = false;
alter session set "_optimizer_use_feedback" = true;

-- 9. Statistics feedback: the first execution ran nested loops and produced 500 join rows
--    against an estimate of 3; the cursor becomes reoptimizable with the join's true count
--    (never ROWS=1), and the second execution hard-parses child 1 with it.
alter session set optimizer_adaptive_statistics = true;
select count(t2.some_ind) from t1 join t2 on t2.id = t1.id
where t1.hist_ind = '9999' and t1.id between 1 and 2;
select child_number, is_reoptimizable, is_resolved_adaptive_plan from v$sql
where sql_text like 'select count(t2.some_ind) from t1 join t2 on t2.id = t1.id%between 1 and 2'
order by child_number;
select h.child_number, h.hint_id, h.hint_text from v$sql_reoptimization_hints h
join v$sql s on s.sql_id = h.sql_id and s.child_number = h.child_number
where s.sql_text like 'select count(t2.some_ind) from t1 join t2 on t2.id = t1.id%between 1 and 2'
order by 1, 2;
select count(t2.some_ind) from t1 join t2 on t2.id = t1.id
where t1.hist_ind = '9999' and t1.id between 1 and 2;
select * from table(dbms_xplan.display_cursor(format => 'typical'));
select child_number, executions, is_reoptimizable from v$sql
where sql_text like 'select count(t2.some_ind) from t1 join t2 on t2.id = t1.id%between 1 and 2'
order by child_number;
-- _optimizer_use_feedback_for_join off: no join correction, the cursor stays as it is.
alter session set "_optimizer_use_feedback_for_join" = false;
select count(t2.some_ind) from t1 join t2 on t2.id = t1.id
where t1.hist_ind = '9999' and t1.id between 1 and 1;
select s.child_number, s.is_reoptimizable, h.hint_text from v$sql s
left join v$sql_reoptimization_hints h on h.sql_id = s.sql_id and h.child_number = s.child_number
where s.sql_text like 'select count(t2.some_ind) from t1 join t2 on t2.id = t1.id%between 1 and 1'
order by 1;
alter session set "_optimizer_use_feedback_for_join" = true;
alter session set optimizer_adaptive_statistics = false;

-- 9b. The correction V$SQL_REOPTIMIZATION_HINTS shows works as a hint too: pasted into the
--     statement it gives the join the same 500 rows (no feedback note: nothing was learnt).
--     OPT_ESTIMATE(TABLE ...) takes ROWS=, SCALE_ROWS=, MIN= and MAX=; kinds we do not
--     correct are reported unused, a hint without its number as a syntax error. The Hint
--     Report's ids follow the renumbered final plan (T1 is line 3 there, 6 with +ADAPTIVE).
explain plan for
select /*+ OPT_ESTIMATE (@"SEL$1" JOIN ("T2"@"SEL$1" "T1"@"SEL$1") ROWS=500.000000 ) */
count(t2.some_ind) from t1 join t2 on t2.id = t1.id where t1.hist_ind = '9999' and t1.id between 1 and 2;
select * from table(dbms_xplan.display(format => 'basic +rows +note +hint_report'));
explain plan for
select /*+ opt_estimate(table t1 scale_rows=100) opt_estimate(join (t1 t3) rows=5)
  opt_estimate(index_scan t1 t1_id_ux rows=4) opt_estimate(table t2 rows=) */
count(t2.some_ind) from t1 join t2 on t2.id = t1.id where t1.hist_ind = '9999' and t1.id between 1 and 2;
select * from table(dbms_xplan.display(format => 'basic +rows +hint_report'));
select * from table(dbms_xplan.display(format => 'basic +rows +hint_report +adaptive'));
explain plan for
select /*+ opt_estimate(table t1 min=700) */ count(*) from t1 where hist_ind = '9999' and id between 1 and 2;
select * from table(dbms_xplan.display(format => 'basic +rows'));
explain plan for
select /*+ opt_estimate(table t1 max=7) */ count(*) from t1 where hist_ind = '9999';
select * from table(dbms_xplan.display(format => 'basic +rows'));

-- 9c. USE_NL_WITH_INDEX fixes index nested loops into the inner table (no adaptive plan,
--     like any join method hint); Oracle hints pathdb does not act on are reported unused,
--     a misspelt one as a syntax error.
explain plan for
select /*+ leading(t1 t2) use_nl_with_index(t2 t2_id_ix) use_merge(t2) batch_table_access_by_rowid(t1) fulll(t1) */
count(t2.some_ind) from t1 join t2 on t2.id = t1.id where t1.hist_ind = '9999' and t1.id between 1001 and 3000;
select * from table(dbms_xplan.display(format => 'basic +rows +note +hint_report'));

-- 9d. An INDEX hint on the inner table: both alternatives read T2 through T2_ID_IX, and the
--     outline of the nested loops that ran keeps that access path (a hint both alternatives
--     plan belongs to neither).
select /*+ cardinality(t1 5) index(t2 t2_id_ix) */ count(t2.some_ind) from t1 join t2
on t2.id = t1.id where t1.hist_ind = '9999' and t1.id between 1001 and 1002 and t2.id > 0;
select * from table(dbms_xplan.display_cursor(format => 'basic +adaptive +outline'));

-- 9e. USE_NL_WITH_INDEX with an index name probes that index; an index that cannot serve
--     the join key leaves the hint unused. OPT_ESTIMATE(JOIN ...) is reported once, by the
--     join tree holding its tables, in a statement with two join trees.
create index t2_id_some_ix on t2(id, some_ind);
create index t2_some_ix on t2(some_ind);
explain plan for
select /*+ leading(t1 t2) use_nl_with_index(t2 t2_id_some_ix) */ count(t2.some_ind)
from t1 join t2 on t2.id = t1.id where t1.hist_ind = '9999' and t1.id between 1001 and 3000;
select * from table(dbms_xplan.display(format => 'basic +hint_report'));
explain plan for
select /*+ leading(t1 t2) use_nl_with_index(t2 t2_some_ix) */ count(t2.some_ind)
from t1 join t2 on t2.id = t1.id where t1.hist_ind = '9999' and t1.id between 1001 and 3000;
select * from table(dbms_xplan.display(format => 'basic +hint_report'));
explain plan for
select /*+ opt_estimate(join (t1 t2) rows=777) */ count(*)
from (t1 join t2 on t2.id = t1.id) left join (t2 x join t1 y on x.id = y.id) on x.id = t1.id
where t1.id between 1 and 2;
select * from table(dbms_xplan.display(format => 'basic +rows +hint_report'));
drop index t2_id_some_ix;
drop index t2_some_ix;

-- 10. Wrong values for the new parameters are refused.
alter session set optimizer_adaptive_reporting_only = maybe;
