#!/usr/bin/env bash
# Issue 16's bounded resources, checked on a real process:
# - a sort of ~60x its work area under `ulimit -n 256` answers right (checked against sort(1))
#   while no more than a handful of files are ever open (sampled from /proc/PID/fd) and it
#   spilled in several merge passes;
# - under `ulimit -f` a statement that would grow the data file, the redo log or a temp file
#   past the limit fails with ORA-01114 / ORA-27072 naming the file: the process is not killed
#   by SIGXFSZ, the statement is rolled back, the session goes on, the database reopens intact.
set -u
pathdb=$(realpath "$1")
work=$(mktemp -d "${TMPDIR:-/tmp}/pathdb-resources.XXXXXX")
trap '[ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT
cd "$work" || exit 1
unset SQLPATH
fails=0
check() { # check NAME CONDITION-RESULT(0/1) [detail]
  if [ "$2" -eq 0 ]; then echo "ok   $1"; else echo "FAIL $1 ${3:-}"; fails=$((fails + 1)); fi
}
has() { case "$1" in *"$2"*) return 0 ;; *) return 1 ;; esac }

# --- 1. A sort of ~60x the work area with ulimit -n 256 -----------------------------------
rows=100000
cat > load.sql << EOF
create table s (id number, k number, pad varchar2(40));
insert /*+ append */ into s select level, mod(level * 7919, $rows),
  rpad('p' || level, 40, 'x') from dual connect by level <= $rows;
commit;
EOF
timeout 300 "$pathdb" --batch --nologin db < load.sql > load.out 2>&1
check "loaded $rows rows" $? "$(tail -3 load.out)"
# pga_aggregate_target=2M gives a 100 KiB work area (executor/work_area.h): the ~6 MB of sort
# rows are ~60 work areas, so the sort writes ~60 runs and merges them in passes.
cat > sort.sql << 'EOF'
alter session set pga_aggregate_target = 2M;
select k, id from s order by k, id;
select 'SORTS_DISK=' || value from v$mystat m join v$statname n on n.statistic# = m.statistic#
 where n.name = 'sorts (disk)';
EOF
(
  ulimit -n 256
  exec "$pathdb" --batch --nologin --format=csv --cache-size=16M db < sort.sql > sort.out 2>&1
) &
pid=$!
max_fds=0
max_rss=0
while kill -0 "$pid" 2> /dev/null; do
  n=$(ls "/proc/$pid/fd" 2> /dev/null | wc -l)
  [ "$n" -gt "$max_fds" ] && max_fds=$n
  r=$(awk '/VmRSS/ {print $2}' "/proc/$pid/status" 2> /dev/null)
  [ -n "$r" ] && [ "$r" -gt "$max_rss" ] && max_rss=$r
  sleep 0.02
done
wait "$pid"
st=$?
check "the sort under ulimit -n 256 succeeds" "$st" "status $st: $(grep ORA- sort.out | head -3)"
grep '^[0-9]*,[0-9]*$' sort.out > got.txt
for i in $(seq "$rows"); do echo "$(((i * 7919) % rows)),$i"; done | sort -t, -k1,1n -k2,2n > want.txt
got_rows=$(wc -l < got.txt)
cmp -s got.txt want.txt
check "the sorted answer is right ($got_rows rows)" $? "$(diff got.txt want.txt | head -5)"
disk=$(sed -n 's/^"*SORTS_DISK=\([0-9]*\).*/\1/p' sort.out)
[ -n "$disk" ] && [ "$disk" -ge 1 ]
check "it sorted on disk (sorts (disk) = $disk)" $?
# stdin, stdout, stderr, the data file, redo, control, lock, alert log, one temp segment and
# the io_uring / reader descriptors: a bounded set, never one per run.
[ "$max_fds" -gt 0 ] && [ "$max_fds" -le 24 ]
check "at most 24 files open during the sort (saw $max_fds)" $?
echo "info: peak resident set during the sort: $((max_rss / 1024)) MiB"

# Same with the plan's own statistics: the merge made more than one pass.
cat > passes.sql << 'EOF'
alter session set pga_aggregate_target = 2M;
alter session set statistics_level = all;
set pagesize 0 feedback off linesize 300
select count(*) from (select k, id from s order by k, id);
select * from table(dbms_xplan.display_cursor(format => 'ALLSTATS LAST'));
EOF
out=$(ulimit -n 256 && timeout 300 "$pathdb" --batch --nologin --cache-size=16M db < passes.sql 2>&1)
# Used-Mem shows "(N)" for an N-pass work area (Oracle's display): 2 or more is multi-pass.
echo "$out" | grep -Eq "SORT ORDER BY .*\(([2-9]|[1-9][0-9]+)\) *\|" && ! has "$out" "ORA-"
check "ALLSTATS LAST shows a multi-pass merge for the sort" $? "$out"

# A DISTINCT whose rows do not fit the work area: HASH UNIQUE spills to partitions of one
# temp segment and still answers right under the same descriptor limit.
cat > distinct.sql << 'EOF'
alter session set pga_aggregate_target = 2M;
alter session set statistics_level = all;
set pagesize 0 feedback off linesize 300
select count(*) from (select distinct k, pad from s);
select * from table(dbms_xplan.display_cursor(format => 'ALLSTATS LAST'));
select 'SORTS_DISK=' || value from v$mystat m join v$statname n on n.statistic# = m.statistic#
 where n.name = 'sorts (disk)';
EOF
out=$(ulimit -n 256 && timeout 300 "$pathdb" --batch --nologin --cache-size=16M db < distinct.sql 2>&1)
echo "$out" | grep -q "^ *100000$" && has "$out" "HASH UNIQUE" && has "$out" "SORTS_DISK=1" && ! has "$out" "ORA-"
check "a DISTINCT bigger than the work area spills (HASH UNIQUE) and answers right" $? "$out"

# --- 2. ulimit -f: the file-size limit is an error, not a killed process ------------------
cat > grow.sql << 'EOF'
create table g (a number, pad varchar2(200));
insert into g select level, rpad('g', 200, 'g') from dual connect by level <= 1000;
commit;
insert into g select level, rpad('h', 200, 'h') from dual connect by level <= 200000;
select 'AFTER=' || count(*) from g;
insert into g values (-1, 'still alive');
commit;
select 'FINAL=' || count(*) from g;
EOF
# 4 MiB (ulimit -f counts 1 KiB blocks): the 200,000-row insert needs ~45 MB.
out=$(ulimit -f 4096 && timeout 300 "$pathdb" --batch --nologin grow < grow.sql 2>&1)
st=$?
check "the process is not killed by SIGXFSZ (status $st)" $((st >= 128)) "$out"
(has "$out" "ORA-01114" || has "$out" "ORA-01237") && has "$out" "ORA-27072" && has "$out" "grow/"
check "the failing insert reports ORA-01237 / ORA-01114 with ORA-27072 naming the file" $? "$(echo "$out" | grep ORA- | head -4)"
has "$out" "AFTER=1000"
check "the failed statement was rolled back and the session went on" $? "$(echo "$out" | grep -A2 AFTER)"
has "$out" "FINAL=1001"
check "later statements commit" $? "$(echo "$out" | tail -3)"
out=$(echo "select 'REOPEN=' || count(*) || ',' || sum(a) from g;" | timeout 120 "$pathdb" --batch --nologin grow 2>&1)
has "$out" "REOPEN=1001,500499" && ! has "$out" "ORA-"
check "the database reopens intact without the limit" $? "$out"

# Commits whose redo would pass the limit: each such COMMIT fails before it changes anything
# (ORA-00345 with ORA-27072, the transaction still open); every acknowledged one survives.
printf 'create table rl (a number);\n' | timeout 60 "$pathdb" --batch --nologin redo > /dev/null 2>&1
{
  for i in $(seq 400); do printf 'insert into rl values (%d);\ncommit;\n' "$i"; done
  echo "select 'OPEN=' || count(*) from rl;"
  echo "rollback;"
  echo "select 'AFTER=' || count(*) from rl;"
} > redo.sql
out=$(ulimit -f 4096 && timeout 300 "$pathdb" --batch --nologin redo < redo.sql 2>&1)
st=$?
check "a redo log at the file-size limit does not kill the process (status $st)" $((st >= 128))
has "$out" "ORA-00345" && has "$out" "ORA-27072" && has "$out" "redo01.log"
check "the COMMIT that cannot be logged fails with ORA-00345 / ORA-27072 naming the log" $? "$(echo "$out" | grep ORA- | sort | uniq -c)"
acked=$(echo "$out" | grep -c "Commit complete")
has "$out" "OPEN=400" && has "$out" "AFTER=$acked"
check "the failed commits stayed open and ROLLBACK undid exactly them ($acked acknowledged)" $? "$(echo "$out" | grep -E "OPEN=|AFTER=")"
out=$(echo "select 'REOPEN=' || count(*) from rl;" | timeout 120 "$pathdb" --batch --nologin redo 2>&1)
[ "$acked" -gt 0 ] && [ "$acked" -lt 400 ] && has "$out" "REOPEN=$acked" && ! has "$out" "ORA-"
check "after reopening exactly the $acked acknowledged commits are there" $? "$out"

# A sort whose temp segment would pass the limit.
cat > tempgrow.sql << 'EOF'
alter session set pga_aggregate_target = 1M;
set pagesize 0 feedback off
select count(*) from (select id, pad from s order by pad desc, id);
select 'ALIVE' from dual;
EOF
out=$(ulimit -f 1024 && timeout 300 "$pathdb" --batch --nologin --cache-size=16M db < tempgrow.sql 2>&1)
st=$?
check "a temp segment past the limit does not kill the process (status $st)" $((st >= 128)) "$out"
has "$out" "ORA-01114" && has "$out" "ALIVE"
check "the sort fails with ORA-01114 and the session goes on" $? "$(echo "$out" | head -5)"

if [ "$fails" -ne 0 ]; then
  echo "$fails check(s) failed"
  exit 1
fi
echo "all resource checks passed"
