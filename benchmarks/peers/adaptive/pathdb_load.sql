-- pathdb side of ../shared/peers "adaptive": T1 (30,000 rows) and T2 (1,000,000 rows, 10,000
-- each with id 1 and -1), the tables, indexes and statistics PostgreSQL's load script builds, so
-- the optimizer sees the same skew the peers do. @DATA@ is replaced by the harness.
create table t1 (id number not null, hist_ind varchar2(4), filler varchar2(200));
create table t2 (id number not null, some_ind number, filler varchar2(200));
set loadformat delimiter ,
set loadformat column_names off
load t1 @DATA@/t1.csv
load t2 @DATA@/t2.csv
commit;
create unique index t1_id_ux on t1 (id);
create index t2_id_ix on t2 (id);
exec dbms_stats.gather_table_stats('PATHDB', 'T1')
exec dbms_stats.gather_table_stats('PATHDB', 'T2')
