#!/usr/bin/env bash
# Cold full scan of a table four times the buffer cache: direct path (io_uring, O_DIRECT)
# against the same scan forced through the buffer cache, beside the device's sequential read
# speed measured in the same run by dd (and fio when installed) on the same data file.
# Cold = ALTER SYSTEM FLUSH BUFFER_CACHE in a fresh process, after the OS page cache was dropped
# (echo 3 > /proc/sys/vm/drop_caches; needs root, checked).
#
#   benchmarks/direct_scan.sh [DBDIR] [RUNS]
# DBDIR: a pathdb database holding ORDERS (default: the 10M-row SOE one of benchmarks/load.sh).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
PATHDB=$(realpath "${PATHDB:-$ROOT/build/pathdb}")
DB=${1:-/tmp/pathdb-bench/data/pathdb/soe}
RUNS=${2:-3}
FILE=$DB/data01.dbf
BLOCKS=$("$PATHDB" --batch --format=csv "$DB" <<< "select blocks from user_tables where table_name = 'ORDERS';" | tail -1)
BYTES=$((BLOCKS * 8192))         # the ORDERS segment
CACHE=$((BYTES / 4 / 1048576))M  # four times the cache
QUERY="select /*+ full(orders) */ count(*) from orders;"
drop() { sync; echo 3 > /proc/sys/vm/drop_caches; }
drop || { echo "cannot drop the OS page cache (needs root)" >&2; exit 1; }

# seconds of one cold run of QUERY with session settings $1; also prints the statistics
run() {
  drop
  local out
  out=$("$PATHDB" --batch --cache-size="$CACHE" "$DB" 2>&1 <<SQL
alter session set "_kcfis_storageidx_disabled" = true;
$1
alter system flush buffer_cache;
set timing on
$QUERY
set timing off
select n.name || '=' || m.value from v\$mystat m join v\$statname n on n.statistic# = m.statistic#
 where n.name in ('physical reads direct', 'physical reads cache', 'physical read bytes',
                  'physical read total multi block requests', 'table scans (direct read)');
SQL
)
  echo "$out" | grep -E '^(physical|table)' | tr '\n' ' ' >&2
  echo >&2
  echo "$out" | awk '/^Elapsed:/ {split($2, t, ":"); print t[1] * 3600 + t[2] * 60 + t[3]}'
}
dd_run() {
  drop
  dd if="$FILE" of=/dev/null bs=1M iflag=direct 2>&1 | awk '/copied/ {print $(NF-3)}' | tr -d ,
}
median() { sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }

echo "ORDERS $((BYTES / 1048576)) MiB ($BLOCKS blocks) in a $(($(stat -c %s "$FILE") / 1048576)) MiB data file, buffer cache $CACHE, $RUNS cold runs each, load $(cut -d' ' -f1-3 /proc/loadavg)"
declare -A T S
for mode in direct buffered threads; do S[$mode]=""; done
for _ in $(seq "$RUNS"); do  # alternating, so a slow spell of the machine hits every mode
  for mode in direct buffered threads; do
    case $mode in
    direct) set_='alter session set "_serial_direct_read" = always;' ;;
    buffered) set_='alter session set "_serial_direct_read" = never;' ;;
    threads) set_='alter session set "_serial_direct_read" = always; alter session set disk_asynch_io = false;' ;;
  esac
    S[$mode]+="$(run "$set_") "
  done
done
for mode in direct buffered threads; do
  T[$mode]=$(echo ${S[$mode]} | tr ' ' '\n' | median)
  echo "$mode: ${S[$mode]}-> median ${T[$mode]} s"
done
dd_s=""
for _ in $(seq "$RUNS"); do dd_s+="$(dd_run) "; done
DD=$(echo $dd_s | tr ' ' '\n' | median)
echo "dd iflag=direct bs=1M: $dd_s-> median $DD s"
FIO=""
if command -v fio > /dev/null; then
  drop
  FIO=$(fio --name=seq --filename="$FILE" --rw=read --bs=1M --direct=1 --iodepth=8 \
    --ioengine=io_uring --readonly --output-format=terse | awk -F';' '{print $7 / 1024}')
  echo "fio io_uring iodepth=8: $FIO MiB/s"
fi
FILE_BYTES=$(stat -c %s "$FILE")
mibs() { awk -v b="$2" -v t="$1" 'BEGIN {printf "%.0f", b / 1048576 / t}'; }
DD_MIBS=$(mibs "$DD" "$FILE_BYTES")
echo
echo "| scan (cold, ORDERS $((BYTES / 1048576)) MiB, cache $CACHE) | median s | MiB/s | vs buffered | share of dd's MiB/s |"
echo "|---|---|---|---|---|"
for mode in direct threads buffered; do
  r=$(mibs "${T[$mode]}" "$BYTES")
  awk -v m="$mode" -v t="${T[$mode]}" -v b="${T[buffered]}" -v d="$DD_MIBS" -v r="$r" \
    'BEGIN {printf "| %s | %.2f | %s | %.2fx | %.0f %% |\n", m, t, r, b / t, r / d * 100}'
done
echo "| dd if=data01.dbf bs=1M iflag=direct (whole file) | $DD | $DD_MIBS | | 100 % |"
