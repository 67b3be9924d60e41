rem GROUP BY, HAVING, aggregates over NULLs
set pagesize 100
create table s (region varchar2(5), product varchar2(5), amount number);
insert into s values ('north', 'a', 10);
insert into s values ('north', 'b', 20);
insert into s values ('north', 'a', 30);
insert into s values ('south', 'a', 5);
insert into s values ('south', 'b', null);
insert into s values ('east', null, 7);
commit;
select region, count(*), count(amount), sum(amount), min(amount), max(amount) from s group by region order by region;
select region, avg(amount) as avg_amount from s group by region order by region;
select region, product, sum(amount) as total from s group by region, product order by region, product;
select region, sum(amount) as total from s group by region having sum(amount) > 10 order by total desc;
select count(distinct product) as products, count(*) as all_rows from s;
select sum(amount) as total, avg(amount) as average from s where 1 = 0;
select count(*) from s where 1 = 0;
select region from s group by region having count(*) > 1 order by region;
select stddev(amount) as sd, variance(amount) as var from s where region = 'north';
drop table s;
