rem SQL*Plus commands: ECHO, statements ended by / and re-run by /, SHOW PARAMETER, DESC,
rem WHENEVER SQLERROR CONTINUE, COLUMN FORMAT/HEADING/NEW_VALUE, START, &&, HEADING, EXIT
set pagesize 100
prompt == echo in a script
@inc/echo_me.sql
prompt == a statement over several lines ended by a slash, then re-run
select 2 as two
  from dual
 where 1 = 1
/
/
create table w (a number, b varchar2(3));
insert into w values (1, 'a');
insert into w select a + 1, b || 'b' from w;
insert into w select a + 2, b || 'c' from w;
select * from w order by a;
prompt == show parameter (exact, by substring, after ALTER SESSION)
show parameter db_block_size
show parameter multiblock
alter session set db_file_multiblock_read_count = 16;
show parameter db_file_multiblock_read_count
prompt == desc
desc w
describe w
desc nosuch
prompt == substitution
define v = 'a%'
select count(*) as c from w where b like '&v';
define k = 41
select &&k + 1 as kk from dual;
prompt == whenever sqlerror continue
whenever sqlerror continue
select * from nosuch;
select 'after' as x from dual;
prompt == column format, heading, new_value
column a format 099
column b format a10 heading 'Bee'
select a, b from w order by a;
column a new_value lastval
select a from w order by a;
prompt last = &lastval
column a clear
column b clear
prompt == start with an argument
start inc/define_me.sql 7
prompt &from_script
prompt == define lists every variable
rem LASTVAL goes first: SQL*Plus lists a NEW_VALUE of a NUMBER column as (NUMBER), we as (CHAR)
undefine lastval
define
prompt == feedback 1, dml feedback, fetch first, rownum, distinct
set feedback 1
select a from w where a = 1;
update w set b = 'z' where a > 2;
delete from w where a = 4;
select * from w order by a fetch first 2 rows only;
select a, rownum as rn from w where rownum < 3 order by a;
select distinct length(b) as l from w order by l;
set feedback 6
prompt == heading off
set heading off
select a from w order by a;
set heading on
drop table w;
prompt == exit stops the script
exit
select 'not reached' as x from dual;
