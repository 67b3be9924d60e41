#!/usr/bin/env bash
# Runs the sqllogictest dev corpus through pathdb --format=slt and records the pass count in
# the build directory (slt-latest.txt). The pass count is recorded, not enforced: this exits
# non-zero only when the runner itself fails to run.
#
# With --inmemory the corpus runs a second time with every table INMEMORY
# (_inmemory_force_tables, populated synchronously on its first scan, repopulated when DML
# made it stale), and the run fails unless its pass count and failing records equal the
# row-store run's (slt-latest.txt / slt-latest.failures, so that run must come first).
# usage: run_slt.sh PATHDB SHARED_DIR [--inmemory]
set -u
if [ $# -lt 2 ]; then
  echo "usage: $0 PATHDB SHARED_DIR [--inmemory]" >&2
  exit 2
fi
pathdb=$(realpath "$1")
shared=$(realpath "$2")
mode=${3:-}
builddir=$(dirname "$pathdb")
name=slt-latest
engine=(--engine pathdb --pathdb "$pathdb")
if [ "$mode" = "--inmemory" ]; then
  name=slt-inmemory
  engine=(--engine cmd --engine-name pathdb --cmd "$pathdb --batch --format=slt \
--inmemory-size=1G --param _inmemory_force_tables=TRUE \
--param _inmemory_synchronous_population=TRUE {dbdir}")
fi
log="$builddir/$name.log"
python3 "$shared/slt/slt_runner.py" "${engine[@]}" -j 2 --timeout 10 \
  --failures-out "$builddir/$name.failures" --quiet "$shared/slt-corpus/dev" > "$log" 2>&1
status=$?
summary=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
grep -E '^TOTAL:' "$log" | tail -n 1
if [ -z "$summary" ]; then
  echo "slt: the runner produced no summary (exit status $status); last lines of $log:" >&2
  tail -n 30 "$log" >&2
  exit 1
fi
echo "$summary"
passed=${summary%% passed*}
echo "$passed" > "$builddir/$name.txt"
echo "slt: $passed records passed (written to $builddir/$name.txt)"
if [ "$mode" = "--inmemory" ]; then
  if [ ! -f "$builddir/slt-latest.txt" ]; then
    echo "slt: no row-store run to compare with ($builddir/slt-latest.txt)" >&2
    exit 1
  fi
  rowstore=$(cat "$builddir/slt-latest.txt")
  if [ "$passed" != "$rowstore" ] ||
     ! diff <(sort "$builddir/slt-latest.failures") <(sort "$builddir/$name.failures") > /dev/null; then
    echo "slt: INMEMORY run passed $passed records, the row store $rowstore; records that differ:" >&2
    diff <(sort "$builddir/slt-latest.failures") <(sort "$builddir/$name.failures") | head -n 40 >&2
    exit 1
  fi
  echo "slt: INMEMORY run matches the row-store run ($passed records)"
fi
exit 0
