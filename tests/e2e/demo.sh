#!/usr/bin/env bash
# --demo: the first run builds the order-entry schema, every run answers at once;
# `select count(*) from orders` must print 1000000.
set -u
pathdb=$(realpath "$1")
dir=$(mktemp -d "${TMPDIR:-/tmp}/pathdb-demo.XXXXXX")
trap 'rm -rf "$dir"' EXIT
export PATHDB_DEMO_DIR="$dir/demo"
for run in first second; do
  start=$(date +%s)
  out=$(echo "select count(*) from orders;" | timeout 900 "$pathdb" --batch --demo 2> "$dir/err")
  st=$?
  secs=$(( $(date +%s) - start ))
  echo "$run run: exit $st in ${secs}s"
  cat "$dir/err"
  if [ $st -ne 0 ] || ! echo "$out" | grep -qE '^ +1000000$'; then
    echo "FAIL: $run run did not print 1000000 in the count column:"
    echo "$out"
    exit 1
  fi
done
if [ "$secs" -gt 30 ]; then
  echo "FAIL: reopening the finished demo took ${secs}s"
  exit 1
fi
echo "ok demo"
