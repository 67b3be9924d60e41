#!/usr/bin/env bash
# Durability: a database with a 16M buffer cache filled with 1,000,000 rows, closed and
# reopened, gives the same COUNT(*) and SUMs, and its data files outgrew the cache.
set -u
pathdb=$(realpath "$1")
dir=$(mktemp -d "${TMPDIR:-/tmp}/pathdb-persist.XXXXXX")
trap 'rm -rf "$dir"' EXIT
db="$dir/db"
query="select count(*) as cnt, sum(id) as sum_id, sum(grp) as sum_grp from big;"
expected="CNT,SUM_ID,SUM_GRP
1000000,500000500000,$(python3 -c 'print(sum(i % 97 for i in range(1, 1000001)))')"

timeout 900 "$pathdb" --batch --format=csv --cache-size=16M "$db" > "$dir/first.out" 2> "$dir/first.err" <<SQL
whenever sqlerror exit failure
create table big (id number not null, grp number, pad varchar2(40));
insert into big select level, mod(level, 97), rpad('x', 30, 'y') from dual connect by level <= 1000000;
commit;
$query
exit
SQL
st=$?
if [ $st -ne 0 ]; then
  echo "FAIL: load exited with status $st"; cat "$dir/first.out" "$dir/first.err"; exit 1
fi
if [ "$(cat "$dir/first.out")" != "$expected" ]; then
  echo "FAIL: before close got:"; cat "$dir/first.out"; echo "expected:"; echo "$expected"; exit 1
fi
echo "$query" | timeout 900 "$pathdb" --batch --format=csv --cache-size=16M "$db" > "$dir/second.out" 2> "$dir/second.err"
st=$?
if [ $st -ne 0 ] || [ "$(cat "$dir/second.out")" != "$expected" ]; then
  echo "FAIL: after reopen (status $st) got:"; cat "$dir/second.out" "$dir/second.err"
  echo "expected:"; echo "$expected"; exit 1
fi
bytes=$(du -sb "$db" | cut -f1)
echo "data files: $bytes bytes"
if [ "$bytes" -le $((16 * 1024 * 1024)) ]; then
  echo "FAIL: data files ($bytes bytes) are not bigger than the 16M cache"; exit 1
fi
echo "ok persistence"
