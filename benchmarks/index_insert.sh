#!/usr/bin/env bash
# Index build and OLTP commit benchmark (manual, not CI), pathdb beside SQLite and PostgreSQL
# on the same machine in the same run:
#   1. CREATE INDEX on ORDERS(CUSTOMER_ID), 10,000,000 rows (the SOE orders.csv of
#      ../shared/peers, generated here when missing);
#   2. INSERTS (100,000) single-row INSERTs into a table with a unique index, each committed
#      on its own.
# Each engine's time is its own report: pathdb `SET TIMING ON`, psql `\timing`, sqlite3
# `.timer on` for the index; wall clock of the whole client process for the inserts.
# Durability differs by set-up and is printed with the figures: pathdb forces its redo log at
# every COMMIT; SQLite runs with its defaults (rollback journal, synchronous=FULL); the peers'
# private PostgreSQL (../shared/peers/pg.sh) runs with fsync=off and synchronous_commit=off.
#
#   benchmarks/index_insert.sh
#   SOE_ORDERS=1000000 INSERTS=10000 benchmarks/index_insert.sh     # quick
#   TESTS=inserts benchmarks/index_insert.sh                         # only part 2
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SHARED=${SHARED:-$ROOT/../shared}
PATHDB=$(realpath "${PATHDB:-$ROOT/build/pathdb}")
WORK=${BENCH_WORK:-/tmp/pathdb-bench}
export PEERS_DATA=${PEERS_DATA:-$WORK/data}
SOE_CUSTOMERS=${SOE_CUSTOMERS:-1000000}
SOE_ORDERS=${SOE_ORDERS:-10000000}
SOE_SEED=${SOE_SEED:-20240601}
INSERTS=${INSERTS:-100000}
TESTS=${TESTS:-index inserts}
PG="$SHARED/peers/pg.sh"
OUT=$WORK/index-insert
mkdir -p "$OUT" "$PEERS_DATA"

# ---- data: the peers' generator, same parameters as their harness (reused when present)
SOE=$PEERS_DATA/soe
if [[ " $TESTS " == *" index "* ]]; then
want="customers=$SOE_CUSTOMERS orders=$SOE_ORDERS seed=$SOE_SEED"
have=$(tr '\n' ' ' 2>/dev/null < "$SOE/params.txt" | grep -o 'customers=[0-9]* orders=[0-9]* seed=[0-9]*' || true)
if [ "$have" != "$want" ]; then
  cc -O2 -o "$PEERS_DATA/soegen" "$SHARED/peers/gen/soegen.c"
  mkdir -p "$SOE"
  "$PEERS_DATA/soegen" "$SOE" "$SOE_CUSTOMERS" "$SOE_ORDERS" "$SOE_SEED" >&2
fi
fi
ORDERS_CSV=$SOE/orders.csv

report() { printf '| %s | %s | %s |\n' "$1" "$2" "$3" | tee -a "$OUT/report.md"; }
: > "$OUT/report.md"
echo "## CREATE INDEX on $SOE_ORDERS rows, $INSERTS committed single-row inserts" | tee -a "$OUT/report.md"
echo | tee -a "$OUT/report.md"
report "test" "engine" "seconds"
report "---" "---" "---"

orders_cols_pathdb="order_id number(12) not null, order_date timestamp, order_mode varchar2(8),
  customer_id number(12), order_status number(2), order_total number(12,2),
  sales_rep_id number(6), promotion_id number(6), warehouse_id number(6),
  delivery_type varchar2(15), cost_of_delivery number(6), customer_class varchar2(30)"
orders_cols_sql="order_id integer NOT NULL, order_date timestamp, order_mode varchar(8),
  customer_id integer, order_status integer, order_total numeric(12,2), sales_rep_id integer,
  promotion_id integer, warehouse_id integer, delivery_type varchar(15),
  cost_of_delivery integer, customer_class varchar(30)"

# PostgreSQL (private instance of the peers harness; stopped again if this script started it)
pg_was_running=0
if "$PG" status >/dev/null 2>&1; then pg_was_running=1; fi
"$PG" start >&2
"$PG" psql -q -c "DROP DATABASE IF EXISTS idxbench" -c "CREATE DATABASE idxbench" >/dev/null

# ---- 1. CREATE INDEX
if [[ " $TESTS " == *" index "* ]]; then
# pathdb
rm -rf "$OUT/pathdb.db"
"$PATHDB" --batch "$OUT/pathdb.db" > "$OUT/pathdb-load.out" 2>&1 <<SQL
create table orders ($orders_cols_pathdb);
set loadformat column_names off
load orders $ORDERS_CSV
commit;
SQL
"$PATHDB" --batch "$OUT/pathdb.db" > "$OUT/pathdb-index.out" 2>&1 <<'SQL'
set timing on
create index ord_customer_ix on orders (customer_id);
SQL
t=$(grep -o 'Elapsed: [0-9:.]*' "$OUT/pathdb-index.out" | tail -1 | sed 's/Elapsed: //' |
    awk -F: '{ printf "%.2f", $1 * 3600 + $2 * 60 + $3 }')
report "CREATE INDEX ($SOE_ORDERS rows)" "pathdb" "${t:-ERROR $(head -c 200 "$OUT/pathdb-index.out")}"

# PostgreSQL
"$PG" psql -q -d idxbench -v ON_ERROR_STOP=1 >/dev/null <<SQL
CREATE TABLE orders ($orders_cols_sql);
COPY orders FROM '$ORDERS_CSV' (FORMAT csv);
VACUUM ANALYZE orders;
SQL
t=$("$PG" psql -d idxbench -v ON_ERROR_STOP=1 <<'SQL' | grep -o 'Time: [0-9.]* ms' | tail -1 | awk '{ printf "%.2f", $2 / 1000 }'
\timing on
CREATE INDEX ord_customer_ix ON orders (customer_id);
SQL
)
report "CREATE INDEX ($SOE_ORDERS rows)" "postgres" "${t:-ERROR}"

# SQLite (defaults, as the peers' harness imports: no PRAGMA tuning for the index build)
rm -f "$OUT/sqlite.db"
sqlite3 -batch -bail "$OUT/sqlite.db" <<SQL
CREATE TABLE orders ($orders_cols_sql);
.mode csv
.import $ORDERS_CSV orders
SQL
t=$(sqlite3 -batch -bail "$OUT/sqlite.db" <<'SQL' | grep -o 'real [0-9.]*' | tail -1 | awk '{ printf "%.2f", $2 }'
.timer on
CREATE INDEX ord_customer_ix ON orders (customer_id);
SQL
)
report "CREATE INDEX ($SOE_ORDERS rows)" "sqlite" "${t:-ERROR}"
fi

if [[ " $TESTS " == *" inserts "* ]]; then
# ---- 2. single-row committed inserts into a table with a unique index
awk -v n="$INSERTS" 'BEGIN { for (i = 1; i <= n; i++)
  printf "insert into ins values (%d, %d, %cname %d%c);\ncommit;\n", i, i % 100, 39, i, 39 }' \
  > "$OUT/inserts-commit.sql"
awk -v n="$INSERTS" 'BEGIN { for (i = 1; i <= n; i++)
  printf "insert into ins values (%d, %d, %cname %d%c);\n", i, i % 100, 39, i, 39 }' \
  > "$OUT/inserts-autocommit.sql"
wall() {
  local t0 t1
  t0=$(date +%s.%N)
  "$@"
  t1=$(date +%s.%N)
  printf '%.2f' "$(echo "$t1 - $t0" | bc)"
}

rm -rf "$OUT/ins.db"
"$PATHDB" --batch "$OUT/ins.db" > /dev/null 2>&1 <<'SQL'
create table ins (id number not null, grp number, name varchar2(30));
create unique index ins_pk on ins (id);
SQL
t=$(wall sh -c "\"$PATHDB\" --batch \"$OUT/ins.db\" < \"$OUT/inserts-commit.sql\" > \"$OUT/pathdb-ins.out\" 2>&1")
n=$(echo "select count(*) from ins;" | "$PATHDB" --batch --format=csv "$OUT/ins.db" | tail -1)
report "$INSERTS inserts, COMMIT each" "pathdb (redo forced per commit)" "$t (rows: $n)"

"$PG" psql -q -d idxbench -c "DROP TABLE IF EXISTS ins" \
  -c "CREATE TABLE ins (id integer PRIMARY KEY, grp integer, name varchar(30))" >/dev/null
t=$(wall sh -c "\"$PG\" psql -q -d idxbench < \"$OUT/inserts-autocommit.sql\" > /dev/null")
n=$("$PG" psql -At -d idxbench -c "select count(*) from ins")
report "$INSERTS inserts, COMMIT each" "postgres (fsync=off, synchronous_commit=off)" "$t (rows: $n)"

rm -f "$OUT/ins-sqlite.db"
sqlite3 "$OUT/ins-sqlite.db" "CREATE TABLE ins (id INTEGER PRIMARY KEY, grp INTEGER, name TEXT)"
t=$(wall sh -c "sqlite3 -batch \"$OUT/ins-sqlite.db\" < \"$OUT/inserts-autocommit.sql\"")
n=$(sqlite3 "$OUT/ins-sqlite.db" "select count(*) from ins")
report "$INSERTS inserts, COMMIT each" "sqlite (journal, synchronous=FULL)" "$t (rows: $n)"
fi

"$PG" psql -q -c "DROP DATABASE IF EXISTS idxbench" >/dev/null
rm -rf "$OUT/pathdb.db" "$OUT/ins.db" "$OUT/sqlite.db" "$OUT/ins-sqlite.db"
if [ $pg_was_running -eq 0 ]; then "$PG" stop >&2; fi
echo "report: $OUT/report.md" >&2
