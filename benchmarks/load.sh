#!/usr/bin/env bash
# Load benchmark (manual, not CI): ONE invocation of ../shared/peers times the SOE load of
# every engine side by side — pathdb's LOAD (direct path) + CREATE INDEX + DBMS_STATS
# (benchmarks/peers/soe/pathdb_load.sql) against PostgreSQL's COPY + indexes + VACUUM ANALYZE
# (ENGINES="postgres sqlite pathdb" adds SQLite) on 10,000,000 ORDERS and 1,000,000 CUSTOMERS.
# The harness also times this benchmark's queries (benchmarks/peers/soe/queries/) once loaded.
# Then the pathdb load runs once more phase by phase (benchmarks/load_phases.py).
# PATHDB_LOAD_SQL=file replaces the load script (e.g. without the EXEC lines while
# DBMS_STATS is missing: the harness gives up on an engine whose load exits non-zero).
# Writes nothing into docs/: the figures go to stdout and $WORK/load-report.md.
#
#   benchmarks/load.sh                                       # 10M orders, ~2.5 GB of CSV
#   SOE_ORDERS=1000000 SOE_CUSTOMERS=100000 benchmarks/load.sh   # quick check
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SHARED=${SHARED:-$ROOT/../shared}
PATHDB=$(realpath "${PATHDB:-$ROOT/build/pathdb}")
WORK=${BENCH_WORK:-/tmp/pathdb-bench}
export PEERS_DATA=${PEERS_DATA:-$WORK/data}
export SOE_CUSTOMERS=${SOE_CUSTOMERS:-1000000} SOE_ORDERS=${SOE_ORDERS:-10000000}
export ENGINES=${ENGINES:-postgres pathdb} WORKLOADS=soe
export PATHDB RUNS=${RUNS:-1} TIMEOUT_S=${TIMEOUT_S:-300}

rm -rf "$WORK/peers" && mkdir -p "$WORK" && cp -r "$SHARED/peers" "$WORK/peers"
chmod -R u+w "$WORK/peers"
LOAD_SQL=${PATHDB_LOAD_SQL:-$ROOT/benchmarks/peers/soe/pathdb_load.sql}
cp "$LOAD_SQL" "$WORK/peers/sql/soe/pathdb_load.sql"
rm -f "$WORK/peers/sql/soe/queries/"*.sql "$WORK/peers/expected/soe.json"
cp "$ROOT/benchmarks/peers/soe/queries/"*.sql "$WORK/peers/sql/soe/queries/"

"$WORK/peers/run.sh" | tee "$WORK/load-report.md"

# The same pathdb load once more, phase by phase: each LOAD, CREATE INDEX and EXEC of the
# load script in its own process on the same database, timed by wall clock.
python3 "$ROOT/benchmarks/load_phases.py" "$PATHDB" "$LOAD_SQL" \
  "$PEERS_DATA/soe" "$WORK/pathdb-phases.db" | tee -a "$WORK/load-report.md"
rm -rf "$WORK/pathdb-phases.db"
