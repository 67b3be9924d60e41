#!/usr/bin/env bash
# Runs the sqllogictest dev corpus through pathdb --format=slt and records the pass count in
# the build directory (slt-latest.txt). The pass count is recorded, not enforced: this exits
# non-zero only when the runner itself fails to run.
# usage: run_slt.sh PATHDB SHARED_DIR
set -u
if [ $# -lt 2 ]; then
  echo "usage: $0 PATHDB SHARED_DIR" >&2
  exit 2
fi
pathdb=$(realpath "$1")
shared=$(realpath "$2")
builddir=$(dirname "$pathdb")
log="$builddir/slt-latest.log"
python3 "$shared/slt/slt_runner.py" --engine pathdb --pathdb "$pathdb" -j 2 --timeout 10 \
  --quiet "$shared/slt-corpus/dev" > "$log" 2>&1
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
echo "$passed" > "$builddir/slt-latest.txt"
echo "slt: $passed records passed (written to $builddir/slt-latest.txt)"
exit 0
