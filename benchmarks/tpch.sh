#!/usr/bin/env bash
# TPC-H at scale factor 1 beside the peers (DuckDB threads=1, PostgreSQL serial; SQLite
# optional), in ONE invocation of ../shared/peers (WORKLOADS=tpch), warm, single thread, row
# store (no INMEMORY); then instructions per LINEITEM row of Q1 and Q6 (valgrind callgrind).
#
#   PATHDB=build/pathdb benchmarks/tpch.sh                    # SF 1 from $TPCH_SF1_DIR
#   QUERIES="q01 q06" IPR=0 benchmarks/tpch.sh                # a quick check on two queries
#   TPCH_SF=0.1 TPCH_SF1_DIR=/tmp/sf01 benchmarks/tpch.sh     # SF 0.1 (unpacked ../shared/tpch/sf0.1)
#
# SF 1 data is a benchmark-time step, never a build or test step: dbgen from the public
# tpch-kit (gregrahn/tpch-kit 852ad0a; ../shared/tpch/README.md, "SF 1 for benchmarks"):
#   make MACHINE=LINUX DATABASE=POSTGRESQL WORKLOAD=TPCH; ./dbgen -s 1 -f; sed -i 's/|$//' *.tbl
#
# ../shared/peers only knows SF 0.1, so the harness is copied (as benchmarks/run.sh does) and
# given, without touching its code but for the report label:
#   * TPCH_DIR=$BENCH_WORK/tpch: sf0.1 -> ../shared/tpch/sf0.1 (only so run.sh's checksum test
#     passes), queries/ = ../shared/tpch/queries with q11's 0.0010000000 -> 0.0001000000 at SF 1
#     (what qgen -s 1 prints; the peers' portable copy gets the same change), answers/ = dbgen's
#     official SF 1 answers converted to qNN.csv (peers/tpch/dbgen_answers.py, q17 corrected);
#   * $PEERS_DATA/tpch-sf0.1 = symlinks to $TPCH_SF1_DIR/*.tbl plus the .done checksum that
#     makes run.sh keep them instead of unpacking SF 0.1 over them;
#   * sql/tpch/pathdb_load.sql = benchmarks/peers/tpch/pathdb_load.sql;
#   * PostgreSQL serial: the harness's pg.sh configures max_parallel_workers_per_gather = 2;
#     this script sets it to 0 (ALTER SYSTEM + reload) before the run and checks it.
#
# Knobs: TPCH_SF1_DIR (/tmp/imbench/tpch-sf1), TPCH_SF (1; 0.1 keeps q11 and the SF 0.1
# answers), DBGEN_ANSWERS (/tmp/imbench/tpch-kit/dbgen/answers; absent -> engines are checked
# against the first engine), PATHDB (build/pathdb; copied into $BENCH_WORK first), PATHDB_ARGS
# (extra pathdb options, e.g. --cache-size=4G; none by default, the harness contract),
# BENCH_WORK (/tmp/pathdb-bench-tpch), ENGINES ("duckdb-t1 postgres pathdb"; sqlite optional,
# very slow at SF 1), RUNS (3), TIMEOUT_S (60), REPEAT_MAX_S (20), QUERIES (all), MAX_LOAD (1.5:
# wait, polling every 60 s up to WAIT_LOAD_S=900, for the 1-minute load average to drop under
# it), IPR (1), IPR_QUERIES ("q01@sf0.1 q06@sf0.1 q06": Q1 under callgrind at SF 1 would take ~12 min;
# qNN = on the benchmark data, qNN@DIR or qNN@sf0.1 on another data set, see step 5),
# KEEP_PG (0: the private PostgreSQL is stopped at the end), WARM (1: step 4b, warm times of
# pathdb and PostgreSQL serial in one session per query, benchmarks/tpch_warm.py).
# Output: $BENCH_WORK/report.md (the harness's report), $BENCH_WORK/summary.md (per query:
# pathdb, DuckDB, PostgreSQL seconds and ratios, sums, targets, instructions per row).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SHARED=${SHARED:-$ROOT/../shared}
SF1=$(realpath "${TPCH_SF1_DIR:-/tmp/imbench/tpch-sf1}")
TPCH_SF=${TPCH_SF:-1}
DBGEN_ANSWERS=${DBGEN_ANSWERS:-/tmp/imbench/tpch-kit/dbgen/answers}
WORK=${BENCH_WORK:-/tmp/pathdb-bench-tpch}
export PEERS_DATA=${PEERS_DATA:-$WORK/data}
export ENGINES=${ENGINES:-duckdb-t1 postgres pathdb} WORKLOADS=tpch
export RUNS=${RUNS:-3} TIMEOUT_S=${TIMEOUT_S:-60} REPEAT_MAX_S=${REPEAT_MAX_S:-20}
QUERIES=${QUERIES:-}
IPR=${IPR:-1}
IPR_QUERIES=${IPR_QUERIES:-q01@sf0.1 q06@sf0.1 q06}
MAX_LOAD=${MAX_LOAD:-1.5}
WAIT_LOAD_S=${WAIT_LOAD_S:-900}
unset SQLPATH   # no login.sql for pathdb (the harness runs it from $WORK, which has none)
log() { echo "tpch.sh: $*" >&2; }
load1() { cut -d' ' -f1 /proc/loadavg; }

mkdir -p "$WORK"
cd "$WORK"
for t in region nation part supplier partsupp customer orders lineitem; do
  [ -r "$SF1/$t.tbl" ] || { log "no $SF1/$t.tbl (TPCH_SF1_DIR)"; exit 1; }
done

# 1. our own copy of the binary (another engineer may relink build/pathdb meanwhile)
SRC_PATHDB=$(realpath "${PATHDB:-$ROOT/build/pathdb}")
for try in 1 2 3 4 5 6 7 8 9 10; do
  if cp "$SRC_PATHDB" "$WORK/pathdb.bin" 2>/dev/null && "$WORK/pathdb.bin" --version >/dev/null 2>&1; then break; fi
  [ "$try" = 10 ] && { log "cannot copy $SRC_PATHDB"; exit 1; }
  log "copy of $SRC_PATHDB failed (being relinked?), retrying in 30 s"; sleep 30
done
PATHDB_ARGS=${PATHDB_ARGS:-}
if [ -n "$PATHDB_ARGS" ]; then
  printf '#!/bin/sh\nexec %q %s "$@"\n' "$WORK/pathdb.bin" "$PATHDB_ARGS" > "$WORK/pathdb"; chmod +x "$WORK/pathdb"
  export PATHDB=$WORK/pathdb
else
  export PATHDB=$WORK/pathdb.bin
fi

# 2. the harness copy, the TPC-H kit copy (queries, answers), the data dir
rm -rf "$WORK/peers" "$WORK/tpch"
cp -r "$SHARED/peers" "$WORK/peers"; chmod -R u+w "$WORK/peers"
cp "$ROOT/benchmarks/peers/tpch/pathdb_load.sql" "$WORK/peers/sql/tpch/"
mkdir -p "$WORK/tpch"
ln -s "$(realpath "$SHARED/tpch/sf0.1")" "$WORK/tpch/sf0.1"
cp -r "$SHARED/tpch/queries" "$SHARED/tpch/ddl.sql" "$WORK/tpch/"; chmod -R u+w "$WORK/tpch"
if [ "$TPCH_SF" != 0.1 ]; then
  for f in "$WORK/tpch/queries/q11.sql" "$WORK/peers/sql/tpch/queries/q11.sql"; do
    grep -q '0\.0010000000' "$f" || { log "$f: no 0.0010000000 to change"; exit 1; }
    sed -i "s/0\.0010000000/$(awk -v s="$TPCH_SF" 'BEGIN { printf "%.10f", 0.0001 / s }')/" "$f"
  done
  if [ -d "$DBGEN_ANSWERS" ] && [ "$TPCH_SF" = 1 ]; then
    python3 "$ROOT/benchmarks/peers/tpch/dbgen_answers.py" "$DBGEN_ANSWERS" "$SHARED/tpch/answers" "$WORK/tpch/answers"
  else
    log "no official answers for SF $TPCH_SF: every engine is checked against the first engine"
  fi
else
  cp -r "$SHARED/tpch/answers" "$WORK/tpch/"
fi
if [ -n "$QUERIES" ]; then
  for f in "$WORK/tpch/queries/"*.sql "$WORK/peers/sql/tpch/queries/"*.sql; do
    [[ " $QUERIES " == *" $(basename "$f" .sql) "* ]] || rm "$f"
  done
fi
export TPCH_DIR=$WORK/tpch
# report label: the data is SF $TPCH_SF, not the 0.1 the harness assumes
sed -i "s|'tpch sf=0.1'|'tpch sf=$TPCH_SF ($SF1)'|" "$WORK/peers/run.mjs"
grep -q "tpch sf=$TPCH_SF " "$WORK/peers/run.mjs" || { log "run.mjs label not found"; exit 1; }
T=$PEERS_DATA/tpch-sf0.1
rm -rf "$T"; mkdir -p "$T"
for t in region nation part supplier partsupp customer orders lineitem; do ln -s "$SF1/$t.tbl" "$T/$t.tbl"; done
(cd "$TPCH_DIR/sf0.1" && cksum ./*.tbl.gz) > "$T/.done"
LINEITEM_ROWS=$(wc -l < "$SF1/lineitem.tbl")

# 3. PostgreSQL serial (the harness's pg.sh writes max_parallel_workers_per_gather = 2)
if [[ " $ENGINES " == *" postgres "* ]]; then
  "$WORK/peers/pg.sh" start >&2
  "$WORK/peers/pg.sh" psql -d postgres -qAt -c "ALTER SYSTEM SET max_parallel_workers_per_gather = 0" \
    -c "SELECT pg_reload_conf()" > /dev/null
  sleep 1
  PG_PAR=$("$WORK/peers/pg.sh" psql -d postgres -qAt -c "SHOW max_parallel_workers_per_gather")
  [ "$PG_PAR" = 0 ] || { log "max_parallel_workers_per_gather is $PG_PAR, not 0"; exit 1; }
  log "PostgreSQL: max_parallel_workers_per_gather = $PG_PAR"
fi

# 4. wait for a quiet machine, then the one harness run
waited=0
while awk -v l="$(load1)" -v m="$MAX_LOAD" 'BEGIN { exit !(l > m) }' && [ "$waited" -lt "$WAIT_LOAD_S" ]; do
  log "load average $(load1) > $MAX_LOAD, waiting 60 s ($waited s so far)"; sleep 60; waited=$((waited + 60))
done
START="$(date -u '+%F %T') UTC, uptime: $(uptime)"
log "start: $START"
"$WORK/peers/run.sh" 2> >(tee "$WORK/harness.log" >&2) | tee "$WORK/report.md"
END="$(date -u '+%F %T') UTC, uptime: $(uptime)"
log "harness done: $END"
RUN_JSON=$(ls -t "$PEERS_DATA"/results/run-*.json | head -1)

# 4b. warm, one session per engine and query (benchmarks/tpch_warm.py): the harness above
#     starts a pathdb process per run (start-up and an empty buffer cache every time) while
#     PostgreSQL runs in one warm session; the issue asks for warm times, so both engines are
#     also timed the same way, same data, same PostgreSQL, right after the harness.
: > "$WORK/warm.md"
if [ "${WARM:-1}" = 1 ] && [[ " $ENGINES " == *" postgres "* ]] && [[ " $ENGINES " == *" pathdb "* ]]; then
  log "warm, one session per engine and query (tpch_warm.py)"
  BENCH_WORK=$WORK python3 "$ROOT/benchmarks/tpch_warm.py" --pathdb "$WORK/pathdb.bin" \
    ${QUERIES:+--queries "$(echo $QUERIES | tr ' ' ,)"} > "$WORK/warm.md" || log "tpch_warm.py failed"
fi
if [[ " $ENGINES " == *" postgres "* ]] && [ "${KEEP_PG:-0}" != 1 ]; then "$WORK/peers/pg.sh" stop >&2 || true; fi

# 5. instructions per LINEITEM row (callgrind): Ir of a process running the query twice minus
#    Ir of one running it once = one warm execution, / LINEITEM rows. IPR_QUERIES items: qNN (on
#    the benchmark's database) or qNN@DIR (a pathdb database loaded from DIR/*.tbl with the same
#    template; DIR "sf0.1" = ../shared/tpch/sf0.1 unpacked into $BENCH_WORK/sf0.1). Callgrind
#    runs at ~50x native speed: Q1 at SF 1 needs ~12 min, at SF 0.1 ~1.3 min.
: > "$WORK/ipr.md"
if [ "$IPR" = 1 ] && [[ " $ENGINES " == *" pathdb "* ]]; then
  ir() {  # $1 db, $2 script -> total Ir
    valgrind --tool=callgrind --callgrind-out-file="$WORK/cg.out" "$WORK/pathdb.bin" $PATHDB_ARGS --batch \
      --format=csv "$1" < "$2" > "$WORK/cg.stdout" 2> "$WORK/cg.err" || { log "callgrind run failed: $(tail -3 "$WORK/cg.err")"; return 1; }
    awk '/^summary:/ {print $2}' "$WORK/cg.out"
  }
  {
    echo "Instructions per LINEITEM row (valgrind --tool=callgrind, pathdb $PATHDB_ARGS; Ir of a process running the"
    echo "query twice minus Ir of one running it once = one warm execution, divided by the LINEITEM rows):"
    echo
    echo "| query | data | LINEITEM rows | Ir / LINEITEM row | Ir of one execution | callgrind wall s (both processes) |"
    echo "|---|---|---|---|---|---|"
  } > "$WORK/ipr.md"
  for item in $IPR_QUERIES; do
    q=${item%%@*}; dir=
    [[ $item == *@* ]] && dir=${item#*@}
    if [ -z "$dir" ]; then
      db=$PEERS_DATA/pathdb/tpch; data=$SF1
    else
      if [ "$dir" = sf0.1 ]; then
        data=$WORK/sf0.1
        if [ ! -f "$data/.done" ]; then
          rm -rf "$data"; mkdir -p "$data"
          for f in "$SHARED"/tpch/sf0.1/*.tbl.gz; do gzip -dc "$f" > "$data/$(basename "$f" .gz)"; done
          touch "$data/.done"
        fi
      else
        data=$(realpath "$dir")
      fi
      db=$WORK/ipr-db/$(echo "$data" | tr / _)
      if [ ! -d "$db" ]; then
        mkdir -p "$WORK/ipr-db"
        sed "s|@DATA@|$data|g" "$ROOT/benchmarks/peers/tpch/pathdb_load.sql" \
          | "$WORK/pathdb.bin" --batch --format=csv "$db" > "$WORK/ipr-load.log" 2>&1
      fi
    fi
    rows=$(wc -l < "$data/lineitem.tbl")
    sql=$(cat "$TPCH_DIR/queries/$q.sql")
    pre="alter session set nls_date_format = 'YYYY-MM-DD';"
    printf '%s\n%s\n' "$pre" "$sql" > "$WORK/once.sql"
    printf '%s\n%s\n%s\n' "$pre" "$sql" "$sql" > "$WORK/twice.sql"
    t0=$(date +%s)
    one=$(ir "$db" "$WORK/once.sql"); two=$(ir "$db" "$WORK/twice.sql")
    echo "| $q | $data | $rows | $(( (two - one) / rows )) | $((two - one)) | $(( $(date +%s) - t0 )) |" >> "$WORK/ipr.md"
    log "ipr $q on $data: $(( (two - one) / rows )) Ir/row"
  done
fi

{
  echo "Command: $(printf '%q ' "$0" "$@")"
  echo "TPCH_SF1_DIR=$SF1 (TPC-H SF $TPCH_SF, $LINEITEM_ROWS LINEITEM rows) PATHDB=$SRC_PATHDB PATHDB_ARGS='$PATHDB_ARGS'"
  echo "Start: $START"
  echo "End (harness): $END"
  echo
  python3 "$ROOT/benchmarks/peers/tpch/summary.py" "$RUN_JSON" "$WORK/ipr.md"
  if [ -s "$WORK/warm.md" ]; then
    echo
    echo "Warm, one session per engine and query (pathdb --cache-size=4G, PostgreSQL serial):"
    echo
    cat "$WORK/warm.md"
  fi
} > "$WORK/summary.md"
echo
cat "$WORK/summary.md"
