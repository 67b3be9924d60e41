#!/usr/bin/env bash
# The first execution of a statement in a fresh pathdb process, timed inside the engine (the
# peers harness's pathdb hook reads SET TIMING's Elapsed when the output has it): one process
# per run, as the harness runs pathdb, with login.sql setting SET TIMING ON and
# SET TIMINGPRECISION 6. For each query: Elapsed of the query as the first statement, of the
# query after `SELECT 1 FROM DUAL` (the parser's tables and the session already warm), and of
# a second execution of it in the same process (warm: soft parse, buffer cache holding what
# the first read). Best of RUNS processes.
# Usage: benchmarks/first_execution.sh DBDIR QUERY.sql... (e.g. the adaptive workload's
# database and queries left by benchmarks/adaptive.sh under $BENCH_WORK).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
PATHDB=${PATHDB:-$ROOT/build/pathdb}
RUNS=${RUNS:-5}
DB=$1
shift
LOGIN=$(mktemp -d)
trap 'rm -rf "$LOGIN"' EXIT
printf 'SET TIMING ON\nSET TIMINGPRECISION 6\n' > "$LOGIN/login.sql"
elapsed() {  # stdin: script; prints the Elapsed seconds of statement $1 (1-based)
  SQLPATH=$LOGIN "$PATHDB" --batch --format=csv "$DB" 2>&1 |
    sed -n 's/^Elapsed: \([0-9]*\):\([0-9]*\):\([0-9.]*\)$/\1 \2 \3/p' |
    awk -v n="$1" 'NR == n { printf "%.6f\n", $1 * 3600 + $2 * 60 + $3 }'
}
best() { sort -g | head -1; }
echo "| query | first statement | after SELECT 1 | second execution |"
echo "|---|---|---|---|"
for q in "$@"; do
  first=$(for _ in $(seq "$RUNS"); do elapsed 1 < "$q"; done | best)
  after=$(for _ in $(seq "$RUNS"); do { echo 'SELECT 1 FROM DUAL;'; cat "$q"; } | elapsed 2; done | best)
  warm=$(for _ in $(seq "$RUNS"); do cat "$q" "$q" | elapsed 2; done | best)
  printf '| %s | %.2f ms | %.2f ms | %.2f ms |\n' "$(basename "$q" .sql)" \
    "$(echo "$first * 1000" | bc -l)" "$(echo "$after * 1000" | bc -l)" "$(echo "$warm * 1000" | bc -l)"
done
