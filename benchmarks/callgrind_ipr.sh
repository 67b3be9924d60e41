#!/usr/bin/env bash
# Instructions per row (valgrind --tool=callgrind) of the SOE queries b, c and d on a small
# synthetic copy of the SOE schema (100,000 ORDERS, 10,000 CUSTOMERS, the same indexes and
# statistics as benchmarks/peers/soe/pathdb_load.sql). Deterministic, unlike times on this
# shared machine. Per query: Ir of a process running it twice minus Ir of a process running
# it once = one warm execution; divided by the ORDERS rows it reads.
#   benchmarks/callgrind_ipr.sh [build/pathdb]
# MODES="buffered direct" (default "auto"): one column per full-scan access path
# (_serial_direct_read NEVER / ALWAYS; auto = the run-time rule).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
PATHDB=$(realpath "${1:-$ROOT/build/pathdb}")
SHARED=${SHARED:-$ROOT/../shared}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/pathdb-ipr.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
ROWS=100000
"$PATHDB" --batch "$WORK/db" > /dev/null <<SQL
whenever sqlerror exit failure
create table customers (customer_id number(10) not null, credit_limit number(9,2),
  cust_email varchar2(100), account_mgr_id number(10));
create table orders (order_id number(12) not null, customer_id number(12), order_status number(2),
  order_total number(12,2), warehouse_id number(6));
insert /*+ append */ into customers select level, mod(level * 37, 5000), 'c' || level || '@x.test',
  mod(level, 100) + 100 from dual connect by level <= 10000;
insert /*+ append */ into orders select level, mod(level * 7919, 10000) + 1, mod(level, 11),
  mod(level * 13, 10000) / 100, mod(level * 31, 1000) from dual connect by level <= $ROWS;
commit;
create unique index customers_pk on customers (customer_id);
create unique index orders_pk on orders (order_id);
create index ord_customer_ix on orders (customer_id);
create index ord_wh_status_ix on orders (warehouse_id, order_status);
exec dbms_stats.gather_table_stats(user, 'CUSTOMERS')
exec dbms_stats.gather_table_stats(user, 'ORDERS')
SQL
ir() {  # $1 script file -> total Ir
  valgrind --tool=callgrind --callgrind-out-file="$WORK/cg.out" "$PATHDB" --batch "$WORK/db" \
    < "$1" > /dev/null 2> "$WORK/vg.err"
  awk '/^summary:/ {print $2}' "$WORK/cg.out"
}
MODES=${MODES:-auto}
setup() {
  case $1 in
    buffered) echo 'alter session set "_serial_direct_read" = never;' ;;
    direct) echo 'alter session set "_serial_direct_read" = always;' ;;
    *) echo ;;
  esac
}
printf 'Instructions per ORDERS row, one warm execution, %s rows:\n\n| query |' "$ROWS"
for m in $MODES; do printf ' %s |' "$m"; done
printf '\n|---|'
for m in $MODES; do printf -- '---|'; done
echo
for q in b c d; do
  sql=$(cat "$SHARED/peers/sql/soe/queries/$q.sql")
  printf '| %s |' "$q"
  for m in $MODES; do
    printf '%s\n%s\n' "$(setup "$m")" "$sql" > "$WORK/once.sql"
    printf '%s\n%s\n%s\n' "$(setup "$m")" "$sql" "$sql" > "$WORK/twice.sql"
    one=$(ir "$WORK/once.sql")
    two=$(ir "$WORK/twice.sql")
    printf ' %s |' "$(( (two - one) / ROWS ))"
  done
  echo
done
