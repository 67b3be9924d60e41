-- SQL*Plus bind variables: VARIABLE declares one in the session, EXEC / an anonymous block
-- assigns it (:x := value), PRINT shows it, and SQL reads it as :x at every execution -- one
-- cursor for every value (executions counted on one child), a new child when a bind is
-- declared with another type (Oracle's bind mismatch), and an adaptive join that decides again
-- when the bind values change the driving rows.
set linesize 170
set pagesize 300
set feedback off
variable x number
variable s varchar2(10)
variable
print x
exec :x := 5
exec :s := 'abc'
print x s
begin :x := :x * 2; end;
/
print x
variable n number = 42
print n
variable n
create table bt (id number not null, v varchar2(10));
insert into bt select level, 'v' || level from dual connect by level <= 100;
commit;
create index bt_id_ix on bt(id);
exec dbms_stats.gather_table_stats(user, 'BT');
select count(*) from bt where id <= :x;
exec :x := 50
select count(*) from bt where id <= :x;
select child_number, executions from v$sql where sql_text = 'select count(*) from bt where id <= :x';
-- its estimates came from the peeked value: bind sensitive (not bind aware: the plan is kept)
select is_bind_sensitive, is_bind_aware from v$sql
 where sql_text = 'select count(*) from bt where id <= :x';
select count(*) from bt where id <= 50;
select is_bind_sensitive from v$sql where sql_text = 'select count(*) from bt where id <= 50';
exec :s := 'v7'
select v from bt where v = :s;
select v from bt where id = :n;
select * from table(dbms_xplan.display_cursor(format => 'basic +predicate'));
-- a bind folded into the plan (ROWNUM, FETCH FIRST) is read again at every execution
exec :x := 3
select count(*) from bt where rownum <= :x;
select id from bt where id > 90 order by id fetch first :x rows only;
exec :x := 1
select count(*) from bt where rownum <= :x;
select id from bt where id > 90 order by id fetch first :x rows only;
-- bad input
exec :s := 'abcdefghijklmnop'
exec :x := 'abc'
print z
variable z clob
variable 1x number
select :nope from dual;
exec :nope := 3
print s x

-- The adaptive join of tests/regress/adaptive_joins.sql driven by binds: 5 driving rows run
-- nested loops, 1,500 the hash join, in the same child cursor.
create table t1 (id number not null, hist_ind varchar2(4), filler varchar2(100));
insert into t1 select level, '9999', rpad('x', 100, 'x') from dual connect by level <= 3000;
create table t2 (id number not null, some_ind number, filler varchar2(100));
insert into t2 select case when level <= 500 then 1 when level <= 1000 then -1 else level end,
  mod(level, 10), rpad('y', 100, 'y') from dual connect by level <= 30000;
commit;
create unique index t1_id_ux on t1(id);
create index t2_id_ix on t2(id);
exec dbms_stats.gather_table_stats(user, 'T1');
exec dbms_stats.gather_table_stats(user, 'T2');
variable lo number
variable hi number
exec :lo := 1001
exec :hi := 1005
select count(t2.some_ind) from t1 join t2 on t2.id = t1.id
where t1.hist_ind = '9999' and t1.id between :lo and :hi;
select * from table(dbms_xplan.display_cursor(format => 'basic +rows +adaptive +note'));
exec :hi := 2500
select count(t2.some_ind) from t1 join t2 on t2.id = t1.id
where t1.hist_ind = '9999' and t1.id between :lo and :hi;
select * from table(dbms_xplan.display_cursor(format => 'basic +rows +adaptive +note'));
select child_number, executions from v$sql where sql_text like 'select count(t2.some_ind)%';
-- LO redeclared as a string: a new child cursor
variable lo varchar2(10)
exec :lo := '1001'
select count(t2.some_ind) from t1 join t2 on t2.id = t1.id
where t1.hist_ind = '9999' and t1.id between :lo and :hi;
select child_number, executions from v$sql where sql_text like 'select count(t2.some_ind)%'
order by 1;

-- Bind peeking (_optim_peek_user_binds, TRUE as in Oracle): a hard parse estimates with the
-- binds' values of that moment (1,001 .. 3,000 -> 2,000 rows, a full scan and a hash join,
-- +PEEKED_BINDS lists them); the plan still reads the binds at every execution. Without
-- peeking the range is Oracle's guess for BETWEEN :a AND :b (0.25 %).
variable a number
variable b number
variable h varchar2(4)
exec :a := 1001
exec :b := 3000
exec :h := '9999'
explain plan for select count(t2.some_ind) from t1 join t2 on t2.id = t1.id
where t1.id between :a and :b and t1.hist_ind = :h;
select * from table(dbms_xplan.display(format => 'basic +rows +peeked_binds'));
alter session set "_optim_peek_user_binds" = false;
explain plan for select count(t2.some_ind) from t1 join t2 on t2.id = t1.id
where t1.id between :a and :b and t1.hist_ind = :h;
select * from table(dbms_xplan.display(format => 'basic +rows +peeked_binds'));
alter session set "_optim_peek_user_binds" = maybe;
alter session set "_optim_peek_user_binds" = true;
-- V$SQL_BIND_CAPTURE: the values a child's hard parse peeked.
column name format a6
column datatype_string format a15
column value_string format a12
select count(t2.some_ind) from t1 join t2 on t2.id = t1.id
where t1.id between :a and :b and t1.hist_ind = :h;
select c.child_number, c.name, c.position, c.datatype_string, c.was_captured, c.value_string
from v$sql_bind_capture c join v$sql s on s.sql_id = c.sql_id and s.child_number = c.child_number
where s.sql_text like 'select count(t2.some_ind) from t1 join t2 on t2.id = t1.id%:h'
order by c.child_number, c.position;

-- A full scan evaluates bind predicates itself (storage(...), as literals): the values are
-- read at every execution, and the storage index skips the regions they exclude (Skipped).
-- A NULL bind: no row, the conjunct filtering above the scan.
create table big (id number not null, pad varchar2(200));
insert into big select level, rpad('x', 200, 'x') from dual connect by level <= 20000;
commit;
select count(*) from big;
alter session set statistics_level = all;
exec :a := 100
exec :b := 200
select /*+ full(big) */ count(*) from big where id between :a and :b;
select * from table(dbms_xplan.display_cursor(format => 'allstats last'));
exec :a := 19900
exec :b := 30000
select /*+ full(big) */ count(*) from big where id between :a and :b;
exec :a := null
select /*+ full(big) */ count(*) from big where id between :a and :b;
-- Peeked binds by position in the text (the select list's :B before the WHERE clause's :A),
-- every occurrence, a NULL one too (estimated as an unknown bind).
exec :a := 5
exec :b := 7
explain plan for select :b + count(*) from big where id > :a or id = :b;
select * from table(dbms_xplan.display(format => 'basic +peeked_binds'));
exec :a := null
explain plan for select count(*) from big where id = :a or id = :b;
select * from table(dbms_xplan.display(format => 'basic +peeked_binds'));
