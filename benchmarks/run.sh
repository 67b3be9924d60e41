#!/usr/bin/env bash
# Runs pathdb beside DuckDB, SQLite and PostgreSQL in ONE invocation of ../shared/peers, on
# 1,000,000 SOE ORDERS rows (a filtered SUM, a filtered COUNT and a GROUP BY), then writes the
# ratios (pathdb time / peer time, same run) into docs/performance.md.
#
# ../shared/peers is read-only, so the harness is copied to a scratch folder and given our
# load script and this benchmark's query set (benchmarks/peers/soe/).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SHARED=${SHARED:-$ROOT/../shared}
PATHDB=${PATHDB:-$ROOT/build/pathdb}
WORK=${BENCH_WORK:-/tmp/pathdb-bench}
export PEERS_DATA=${PEERS_DATA:-$WORK/data}
export SOE_CUSTOMERS=${SOE_CUSTOMERS:-100000} SOE_ORDERS=${SOE_ORDERS:-1000000}
export ENGINES=${ENGINES:-duckdb-t1 sqlite postgres pathdb} WORKLOADS=soe
export PATHDB RUNS=${RUNS:-3}

rm -rf "$WORK/peers" && mkdir -p "$WORK" && cp -r "$SHARED/peers" "$WORK/peers"
chmod -R u+w "$WORK/peers"
cp "$ROOT/benchmarks/peers/soe/pathdb_load.sql" "$WORK/peers/sql/soe/"
rm -f "$WORK/peers/sql/soe/queries/"*.sql "$WORK/peers/expected/soe.json"
cp "$ROOT/benchmarks/peers/soe/queries/"*.sql "$WORK/peers/sql/soe/queries/"

"$WORK/peers/run.sh" | tee "$WORK/report.md"
python3 "$ROOT/benchmarks/ratios.py" "$PEERS_DATA/results/latest.md" \
  "$ROOT/docs/performance.md" "benchmarks/run.sh (SOE_ORDERS=$SOE_ORDERS)"
