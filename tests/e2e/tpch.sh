#!/usr/bin/env bash
# TPC-H at SF 0.1 end to end, by the contract of shared/tpch/README.md: load the 8 tables from
# shared/tpch/sf0.1 (ddl.sql, SET LOADFORMAT + LOAD), index every primary key plus
# lineitem(l_partkey, l_suppkey) and orders(o_custkey), gather statistics, then run the 22
# queries unmodified after ALTER SESSION SET NLS_DATE_FORMAT = 'YYYY-MM-DD' and compare each
# with shared/tpch/answers/qNN.csv through tpch_check.py (names case-insensitive, numbers
# within 0.01, strings trimmed, rows sorted only where the query's ORDER BY leaves ties).
# One line per query ("qNN ok 0.42s" / "qNN FAIL <reason>"), then "TPC-H SF0.1: N/22 ok";
# the exit status is non-zero unless all 22 are ok. Each query gets TPCH_QUERY_TIMEOUT
# seconds (default 120), after which it is reported as "qNN FAIL timeout".
set -u
pathdb=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
tpch="$here/../../../shared/tpch"
check="$here/tpch_check.py"
qtimeout=${TPCH_QUERY_TIMEOUT:-120}
fail() { echo "FAIL: $*"; exit 1; }

[ -d "$tpch" ] || fail "TPC-H data not found: $tpch (expected shared/tpch beside the repository)"
tpch=$(cd "$tpch" && pwd)
for f in ddl.sql queries/q01.sql answers/q01.csv sf0.1/lineitem.tbl.gz; do
  [ -f "$tpch/$f" ] || fail "TPC-H data incomplete: $tpch/$f missing"
done
[ -f "$check" ] || fail "checker missing: $check"

dir=$(mktemp -d "${TMPDIR:-/tmp}/pathdb-tpch.XXXXXX")
trap 'rm -rf "$dir"' EXIT
db="$dir/db"
tables="region nation part supplier partsupp customer orders lineitem"

for t in $tables; do
  gzip -dc "$tpch/sf0.1/$t.tbl.gz" > "$dir/$t.tbl" || fail "unpack $t.tbl.gz"
done

# The load is benchmarks/tpch.sh's (the peers' contract): DDL, LOAD, the peers' indexes,
# statistics; @DATA@ is the unpacked folder.
template="$here/../../benchmarks/peers/tpch/pathdb_load.sql"
[ -f "$template" ] || fail "load template missing: $template"
{
  echo "whenever sqlerror exit failure"
  sed "s#@DATA@#$dir#g" "$template"
  echo "exit"
} > "$dir/load.sql"

start=$EPOCHREALTIME
timeout 600 "$pathdb" --batch "$db" < "$dir/load.sql" > "$dir/load.out" 2>&1
rc=$?
if [ $rc -ne 0 ] || grep -Eq '(ORA|SP2)-[0-9]' "$dir/load.out"; then
  grep -E '(ORA|SP2)-[0-9]' "$dir/load.out" | head -5
  fail "load (exit status $rc)"
fi

# The row counts of the README, as a check that LOAD read every line.
{
  first=1
  for t in $tables; do
    [ $first -eq 1 ] || echo "union all"
    echo "select '$t' t, count(*) n from $t"
    first=0
  done
  echo ";"
} > "$dir/counts.sql"
counts=$("$pathdb" --batch --format=csv "$db" < "$dir/counts.sql" 2>&1 | grep -v 'rows selected' | tr '\n' ' ')
want="T,N region,5 nation,25 part,20000 supplier,1000 partsupp,80000 customer,15000 orders,150000 lineitem,600572 "
[ "$counts" = "$want" ] || fail "row counts after load: got [$counts] expected [$want]"
echo "loaded in $(python3 -c "print('%.1f' % ($EPOCHREALTIME - $start))")s"

ok=0
total=0
for q in "$tpch"/queries/q*.sql; do
  name=$(basename "$q" .sql)
  total=$((total + 1))
  out="$dir/$name.out"
  t0=$EPOCHREALTIME
  { echo "alter session set nls_date_format = 'YYYY-MM-DD';"; cat "$q"; } |
    timeout "$qtimeout" "$pathdb" --batch --format=csv "$db" > "$out" 2>&1
  rc=$?
  secs=$(python3 -c "print('%.2f' % ($EPOCHREALTIME - $t0))")
  if [ $rc -eq 124 ]; then
    echo "$name FAIL timeout (${qtimeout}s)"
  elif [ $rc -ne 0 ]; then
    err=$(grep -E '(ORA|SP2)-[0-9]' "$out" | head -2 | paste -sd '|' | sed 's/|/ | /g')
    if [ $rc -eq 1 ] && [ -n "$err" ]; then
      echo "$name FAIL error: $err"
    else
      echo "$name FAIL exit status $rc${err:+: $err}"
    fi
  elif reason=$(python3 "$check" "$tpch/answers/$name.csv" "$out" "$q"); then
    extra=${reason#ok}
    echo "$name ok ${secs}s$extra"
    ok=$((ok + 1))
  else
    echo "$name FAIL $reason"
  fi
done

echo "TPC-H SF0.1: $ok/$total ok"
[ "$total" -eq 22 ] || fail "expected 22 queries in $tpch/queries, found $total"
[ "$ok" -eq 22 ]
