rem NLS_DATE_FORMAT and NLS_TIMESTAMP_FORMAT govern how DATE and TIMESTAMP columns are shown
rem (table output here; --format=csv in e2e.tpch and e2e.cli), what TO_CHAR and implicit conversions use, and are checked when set.
set pagesize 100
create table ev (id number, d date, t timestamp);
insert into ev values (1, date '1995-03-15', timestamp '1995-03-15 13:45:30.25');
insert into ev values (2, to_date('2001-12-31 23:59:58', 'YYYY-MM-DD HH24:MI:SS'), timestamp '2001-12-31 00:00:00');
commit;
rem defaults: DD-MON-RR and DD-MON-RR HH.MI.SSXFF AM
select id, d, t from ev order by id;
alter session set nls_date_format = 'YYYY-MM-DD';
select id, d, t from ev order by id;
select to_char(d) c, d + 1 next_day from ev order by id;
rem the column is as wide as the format makes a date
alter session set nls_date_format = 'DD.MM.YYYY HH24:MI:SS';
select d from ev order by id;
select id from ev where d = '31.12.2001 23:59:58';
alter session set nls_timestamp_format = 'YYYY-MM-DD HH24:MI:SS.FF3';
select t from ev order by id;
select id from ev where t > '2000-01-01 00:00:00.000' order by id;
select id, d, t from ev order by id;
rem a format Oracle does not know is refused when set, and the previous one stays
alter session set nls_date_format = 'YYYY-QQ-BOGUS';
select d from ev where id = 1;
alter session set nls_date_format = 'DD-MON-RR';
select d from ev where id = 1;
drop table ev purge;
