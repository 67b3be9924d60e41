rem WHERE, expressions, ORDER BY, FETCH FIRST, ROWNUM, DISTINCT
set pagesize 100
create table p (id number, name varchar2(10), price number(8,2), cat varchar2(5));
insert into p values (1, 'apple', 1.20, 'fruit');
insert into p values (2, 'banana', 0.50, 'fruit');
insert into p values (3, 'carrot', 0.80, 'veg');
insert into p values (4, 'daikon', 2.10, 'veg');
insert into p values (5, 'eggplant', null, 'veg');
insert into p values (6, 'fig', 3.00, null);
commit;
select * from p order by id;
select name, price * 2 as double_price from p where price > 1 order by price desc;
select name from p where name like '%a%n%' order by name;
select name from p where price between 0.5 and 1.2 order by 1;
select name from p where cat in ('veg') and price is not null order by name;
select name from p where price is null;
select name || ' (' || cat || ')' as label from p where cat is not null order by id;
select distinct cat from p order by cat nulls first;
select name from p order by price desc nulls last, name;
select name from p order by id fetch first 2 rows only;
select rownum, name from p where rownum <= 3 order by id;
select upper(name) as u, length(name) as len, substr(name, 2, 3) as s from p where id <= 3 order by id;
select case when price >= 2 then 'high' when price >= 1 then 'mid' else 'low' end as band, name from p order by id;
select nvl(cat, 'none') as cat, decode(cat, 'veg', 1, 'fruit', 2, 0) as code from p order by id;
select id from p where not (id < 5) order by id;
select 7 + 3 * 2 as a, (7 + 3) * 2 as b, -4 + 1 as c, 10 / 4 as d from dual;
select name from p where id in (select id from p where price > 2) order by name;
select count(*) from p where exists (select 1 from dual);
drop table p;
