rem SQL*Plus habits: SET, COLUMN, DEFINE, substitution, PROMPT, feedback, pagesize, linesize
prompt == prompt and defines
define n = 3
define greeting = 'hello world'
define n
define greeting
select &n + 1 as four from dual;
set verify off
select &n * 2 as six from dual;
set verify on
select '&greeting' as g from dual where 1 = 0;
undefine greeting
define greeting
prompt == feedback threshold (default 6)
select level as n from dual connect by level <= 5;
select level as n from dual connect by level <= 6;
set feedback 2
select level as n from dual connect by level <= 2;
set feedback off
select level as n from dual connect by level <= 7;
create table shell_t (id number, name varchar2(12));
set feedback on
select count(*) from shell_t;
insert into shell_t values (1, 'one');
insert into shell_t values (22, 'twenty-two');
insert into shell_t values (333, null);
commit;
prompt == column formats
column name format a5
column id format 9,999.99
select id, name from shell_t order by id;
column id clear
column name heading 'Label'
select id, name from shell_t order by id;
column name clear
column id new_value max_id
select max(id) as id from shell_t;
prompt max id is &max_id
set null (null)
select id, name from shell_t order by id;
set null ''
prompt == pagesize
set pagesize 6
select level as n from dual connect by level <= 7;
set pagesize 0
select level as n from dual connect by level <= 2;
set pagesize 14
prompt == linesize folds wide rows
set linesize 20
select 'abcdefghij' as c1, 'klmnopqrst' as c2, 'uvwxyz' as c3 from dual;
set linesize 80
prompt == scripts with arguments
@inc/define_me.sql 42
define from_script
prompt == slash re-runs the last statement
select count(*) as cnt from shell_t;
/
prompt == numbers in NUMWIDTH columns
select 1/3 as third, 2/3 as two_thirds, 12345678901 as big, -1.5 as neg from dual;
prompt == unknown commands and options
frobnicate now
set nosuchoption on
show nosuchthing
show linesize
show feedback
drop table shell_t;
