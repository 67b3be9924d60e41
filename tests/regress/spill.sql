rem Work areas that outgrow pga_aggregate_target / 20 spill to temporary files and give the
rem same answers: HASH GROUP BY, HASH JOIN (inner, NOT IN, FULL OUTER) and SORT ORDER BY, first in memory, then spilled.
set pagesize 100
set numwidth 20
create table big as select level as id, mod(level * 7919, 40009) as grp, 'row' || level as name from dual connect by level <= 200000;
create table dim as select level - 1 as grp, 'g' || (level - 1) as label from dual connect by level <= 40009;
select count(*) as groups, sum(cnt) as total, max(cnt) as biggest from (select grp, count(*) as cnt from big group by grp);
select count(*) as pairs, sum(b.id) as id_sum from big b join dim d on d.grp = b.grp;
select count(*) as unmatched from big b where b.grp not in (select grp from dim where grp < 20000);
select count(*) as fo_rows, count(b.id) as fo_big, count(d.label) as fo_dim, sum(b.id) as fo_id_sum from (select id, grp from big where grp < 30000) b full outer join (select grp, label from dim where grp >= 10000) d on d.grp = b.grp;
select id, grp from (select id, grp from big order by grp desc, id) where rownum <= 5;
select sum(rn * id) as order_check from (select rownum as rn, id from (select id from big order by name));
alter session set pga_aggregate_target = 1M;
select count(*) as groups, sum(cnt) as total, max(cnt) as biggest from (select grp, count(*) as cnt from big group by grp);
select count(*) as pairs, sum(b.id) as id_sum from big b join dim d on d.grp = b.grp;
select count(*) as unmatched from big b where b.grp not in (select grp from dim where grp < 20000);
select count(*) as fo_rows, count(b.id) as fo_big, count(d.label) as fo_dim, sum(b.id) as fo_id_sum from (select id, grp from big where grp < 30000) b full outer join (select grp, label from dim where grp >= 10000) d on d.grp = b.grp;
select id, grp from (select id, grp from big order by grp desc, id) where rownum <= 5;
select sum(rn * id) as order_check from (select rownum as rn, id from (select id from big order by name));
select case when m.value > 0 then 'spilled' else 'in memory' end as sorts_disk from v$statname s, v$mystat m where m.statistic# = s.statistic# and s.name = 'sorts (disk)';
drop table big;
drop table dim;
