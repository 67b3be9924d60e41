rem INTERVAL literals, types and arithmetic, EXTRACT, NUMTODSINTERVAL/NUMTOYMINTERVAL (issue 15).
rem Displays and error codes follow Oracle: +DD HH:MI:SS.FF with the type's precisions.
set pagesize 100
set linesize 200
rem ---- literals: leading precision, every qualifier form
select interval '90' day (3) a, interval '3' month b, interval '1' year c, interval '1-6' year to month d from dual;
select interval '2 03:04:05.5' day to second x, interval '30' hour h, interval '5.25' second s from dual;
select interval '-1-6' year to month n, interval '4 05' day to hour dh, interval '10:30' hour to minute hm, interval '7:08.125' minute to second ms from dual;
select interval '123' year(3) y3, interval '100000000' day(9) d9, interval '1.123456789' second(2,9) fs from dual;
rem ---- bad literals
select interval '123' day from dual;
select interval '100' year from dual;
select interval 'abc' day from dual;
select interval '1-12' year to month from dual;
select interval '2 24:00:00' day to second from dual;
select interval '2 23:60:00' day to second from dual;
select interval '1:2' day to second from dual;
select interval '1' month to year from dual;
select interval '1' day(10) from dual;
rem ---- DATE and TIMESTAMP +- interval; month arithmetic refuses a day the month lacks
select date '1998-12-01' - interval '90' day (3) d1, date '1995-01-31' + interval '1' year d2, date '1994-01-01' + interval '3' month d3 from dual;
select interval '1' year + date '1996-02-29' from dual;
select date '1995-01-31' + interval '1' month from dual;
select date '2000-01-01' + interval '1 12:30:00.9' day to second dts from dual;
select timestamp '2020-01-31 10:00:00.5' + interval '1' day t1, timestamp '2020-01-01 00:00:00' - interval '0.25' second t2 from dual;
select date '9999-12-01' + interval '1' month from dual;
rem ---- TIMESTAMP - TIMESTAMP is an interval; DATE - DATE stays a number of days
select timestamp '2020-01-02 06:00:00' - timestamp '2020-01-01 00:00:00' d, date '2020-01-02' - date '2020-01-01' n from dual;
rem ---- interval arithmetic and its errors
select interval '1' day + interval '2' hour x, interval '1' year * 2 y, interval '3' day / 2 z, -interval '1' month w from dual;
select 3 * interval '1-1' year to month m, interval '1' month * 1.5 t from dual;
select interval '1' day + 1 from dual;
select interval '1' day + interval '1' month from dual;
select date '2020-01-01' - interval '1' day - date '2019-12-01' days from dual;
select interval '1' day / 0 from dual;
rem ---- comparison
select case when interval '1' day > interval '23' hour then 'longer' else 'shorter' end c from dual;
select case when interval '12' month = interval '1' year then 'equal' end e from dual;
select 1 from dual where interval '1' day = interval '1' month;
rem ---- EXTRACT
select extract(year from date '1995-03-15') y, extract(month from date '1995-03-15') m, extract(day from date '1995-03-15') d from dual;
select extract(hour from timestamp '2020-01-01 10:11:12.5') h, extract(minute from timestamp '2020-01-01 10:11:12.5') mi, extract(second from timestamp '2020-01-01 10:11:12.5') s from dual;
select extract(day from interval '2 03:04:05.5' day to second) d, extract(second from interval '2 03:04:05.5' day to second) s, extract(year from interval '-1-6' year to month) y, extract(month from interval '-1-6' year to month) m from dual;
select extract(hour from date '1995-03-15') from dual;
select extract(year from interval '1' day) from dual;
rem ---- NUMTODSINTERVAL / NUMTOYMINTERVAL
select numtodsinterval(100, 'day') a, numtodsinterval(1.5, 'HOUR') b, numtoyminterval(1.5, 'year') c, numtoyminterval(14, 'month') d from dual;
select numtodsinterval(1, 'week') from dual;
rem ---- columns, CAST, implicit conversion, precision on insert, index, aggregates
create table ti (id number, ym interval year to month, ds interval day(3) to second(2));
insert into ti values (1, interval '2-3' year to month, interval '100 01:02:03.456' day(3) to second);
insert into ti values (2, '1-6', '5 00:00:00');
insert into ti values (3, interval '10' year, null);
insert into ti values (4, interval '100' year(3), null);
insert into ti values (5, null, interval '1000' day(4));
commit;
desc ti
select id, ym, ds from ti order by id;
select cast('1-6' as interval year to month) a, cast('3 04:05:06' as interval day to second) b, cast(interval '5' day as interval day(3) to second(0)) c from dual;
select cast('x' as interval year to month) from dual;
select to_char(interval '1-6' year to month) t from dual;
select id from ti where ym > interval '1-7' year to month order by id;
select id from ti where ym between '1-0' and '3-0' order by id;
create index ti_ym on ti (ym);
select /*+ index(ti ti_ym) */ id from ti where ym >= interval '2' year order by id;
select sum(ds) s, avg(ds) a, min(ym) lo, max(ym) hi, count(ym) n from ti;
column column_name format a12
column data_type format a30
select column_name, data_type, data_length, data_precision, data_scale from user_tab_columns where table_name = 'TI' order by column_id;
update ti set ym = ym + interval '1' month where id = 1;
select ym from ti where id = 1;
rem ---- TPC-H style predicates fold to dates
select count(*) n from ti where date '1998-12-01' - interval '90' day (3) > date '1998-01-01';
drop table ti purge;
