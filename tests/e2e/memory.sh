#!/usr/bin/env bash
# Bounded memory: a full scan of a table more than 10x a 16M buffer cache goes through the
# cache, so the scanning process's peak RSS (VmHWM, read from /proc while it is still running)
# stays below the cache plus 256M however big the table is. The table is bigger than that
# limit, so a scan that kept its blocks (or read the table into memory) would fail here.
set -u
pathdb=$(realpath "$1")
dir=$(mktemp -d "${TMPDIR:-/tmp}/pathdb-memory.XXXXXX")
pid=""
cleanup() {
  exec 3>&- 2>/dev/null
  if [ -n "$pid" ]; then kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; fi
  rm -rf "$dir"
}
trap cleanup EXIT
db="$dir/db"
rows=340000
cache_mb=16
limit_kb=$(( (cache_mb + 256) * 1024 ))
expected="CNT,SUM_ID
$rows,$(( rows * (rows + 1) / 2 ))"

# ~900-byte rows, 8 to a block: about 42,500 blocks (330 MB).
timeout 1200 "$pathdb" --batch --format=csv --cache-size=${cache_mb}M "$db" > "$dir/load.out" 2> "$dir/load.err" <<SQL
whenever sqlerror exit failure
create table big (id number not null, pad varchar2(1000));
insert into big select level, rpad('x', 900, 'y') from dual connect by level <= $rows;
commit;
exit
SQL
st=$?
if [ $st -ne 0 ]; then
  echo "FAIL: load exited with status $st"; cat "$dir/load.out" "$dir/load.err"; exit 1
fi
bytes=$(du -sb "$db" | cut -f1)
echo "data files: $bytes bytes"
if [ "$bytes" -lt $(( limit_kb * 1024 )) ]; then
  echo "FAIL: data files ($bytes bytes) are smaller than the ${limit_kb} kB RSS limit"; exit 1
fi

# The scanning process reads its statements from a fifo, so it is still alive (and its
# /proc entry readable) after the query has answered.
mkfifo "$dir/in"
"$pathdb" --batch --format=csv --cache-size=${cache_mb}M "$db" < "$dir/in" > "$dir/scan.out" 2> "$dir/scan.err" &
pid=$!
exec 3> "$dir/in"
echo "whenever sqlerror exit failure" >&3
echo "select count(*) as cnt, sum(id) as sum_id from big;" >&3
for _ in $(seq 1 1200); do
  [ "$(cat "$dir/scan.out")" = "$expected" ] && break
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.5
done
if [ "$(cat "$dir/scan.out")" != "$expected" ]; then
  echo "FAIL: scan got:"; cat "$dir/scan.out" "$dir/scan.err"; echo "expected:"; echo "$expected"
  exit 1
fi
hwm_kb=$(awk '/^VmHWM:/ {print $2}' "/proc/$pid/status")
echo "exit" >&3
exec 3>&-
wait "$pid"
st=$?
pid=""
if [ $st -ne 0 ]; then
  echo "FAIL: scan process exited with status $st"; cat "$dir/scan.err"; exit 1
fi
echo "peak RSS of the scan: ${hwm_kb} kB (limit ${limit_kb} kB)"
if [ -z "$hwm_kb" ] || [ "$hwm_kb" -ge "$limit_kb" ]; then
  echo "FAIL: peak RSS ${hwm_kb} kB is not below ${cache_mb}M + 256M"; exit 1
fi
echo "ok memory"
