#!/usr/bin/env bash
# Per-process startup: the wall clock of `SELECT 1 FROM DUAL` in a fresh pathdb process
# (`pathdb --batch --format=csv DBDIR`), for one or more binaries run alternately, N runs each;
# prints min / p25 / median in microseconds. Measure on an idle machine.
#   N=25 benchmarks/startup.sh DBDIR /tmp/pathdb-old build/pathdb
set -euo pipefail
N=${N:-30}
DB=$1
shift
declare -A T
for _ in $(seq "$N"); do
  for b in "$@"; do
    s=$(date +%s%N)
    echo "select 1 from dual;" | "$b" --batch --format=csv "$DB" > /dev/null 2>&1
    e=$(date +%s%N)
    T[$b]+="$(((e - s) / 1000)) "
  done
done
for b in "$@"; do
  echo -n "$b: "
  echo "${T[$b]}" | tr ' ' '\n' | grep . | sort -n |
    awk '{a[NR]=$1} END {printf "min %d p25 %d med %d us (n=%d)\n", a[1], a[int(NR/4)+1], a[int((NR+1)/2)], NR}'
done
