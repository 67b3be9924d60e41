set echo on
select 'from script' as src from dual;
set echo off
select 'quiet' as src from dual;
