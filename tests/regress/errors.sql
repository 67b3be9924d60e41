rem Errors: syntax errors with line and caret, unknown objects, runtime errors; the session goes on
set pagesize 100
select * from no_such_table;
select no_such_column from dual;
selec 1 from dual;
select 1 from dual where;
select 1,
  2 +
from dual;
select 1 from dual dual dual;
create table e (a number not null, b number);
insert into e values (null, 1);
insert into e values ('x', 1);
insert into e values (1, 2, 3);
select a from e, e;
select count(*) from e;
drop table e;
drop table e;
select 1/0 from dual;
select 'still alive' as status from dual;
