rem Scripts never lose statements: a line-final ';' ends a SQL statement even inside an open
rem quote (ORA-01756, then the next line starts afresh), PL/SQL keeps its ';' until '/',
rem several SET options in one command with SP2-0158, WHENEVER SQLERROR CONTINUE COMMIT /
rem ROLLBACK / NONE, WHENEVER OSERROR CONTINUE, WHENEVER and EXIT usage errors, SPOOL.
prompt == an open quote ends at the line-final semicolon
select 'abc;
select 'next' as after_open_quote from dual;
select 'a'data' from dual;
select 'it''s closed;' as s from dual;
prompt == a multi-line string is cut at an inner line ending in a semicolon
select 'first line;
second line' as s from dual;
prompt == and kept whole when no inner line ends in one
select 'first line
second line' as s from dual;
prompt == PL/SQL keeps its semicolons until the slash
begin
  dbms_random.seed('x;
y');
end;
/
prompt == a semicolon ending a comment line ends the statement too
select 1 as one
-- a comment;
from dual;
prompt == several SET options in one command
set linesize 40 pagesize 20 feedback off
show linesize
show pagesize
show feedback
set feedback 6 linesize 60 nosuchoption on pagesize 5
show feedback
show linesize
show pagesize
set pagesize 30 linesize abc numwidth 5
show pagesize
show linesize
set linesize 80 pagesize 14
prompt == whenever sqlerror continue rollback, commit, none
create table ss (a number);
whenever sqlerror continue rollback
insert into ss values (1);
select * from nosuch;
select count(*) as after_rollback from ss;
whenever sqlerror continue commit
insert into ss values (2);
select * from nosuch;
rollback;
select count(*) as after_commit from ss;
whenever sqlerror continue none
insert into ss values (3);
select * from nosuch;
rollback;
select count(*) as after_none from ss;
whenever sqlerror continue
drop table ss;
prompt == whenever oserror continue goes on after a missing script
whenever oserror continue
@inc/no_such_script.sql
prompt still here
prompt == usage errors change nothing
whenever sqlerror stop
whenever
exit 3 4
spool
spool off
prompt == end
