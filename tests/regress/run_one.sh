#!/usr/bin/env bash
# Runs one regression suite: PATHDB --batch on a fresh database with NAME.sql on stdin
# (cwd = this directory, so @files resolve; --nologin so no login.sql of $SQLPATH changes
# the output), and diffs stdout+stderr against NAME.out.
# usage: run_one.sh PATHDB NAME [--print]   (--print: write the output to stdout, no diff)
set -u
if [ $# -lt 2 ]; then
  echo "usage: $0 PATHDB NAME [--print]" >&2
  exit 2
fi
pathdb=$(realpath "$1")
name=$2
here=$(cd "$(dirname "$0")" && pwd)
cd "$here" || exit 2
if [ ! -f "$name.sql" ]; then
  echo "no such suite: $here/$name.sql" >&2
  exit 2
fi
db=$(mktemp -d "${TMPDIR:-/tmp}/pathdb-regress-$name.XXXXXX")
actual=$(mktemp "${TMPDIR:-/tmp}/pathdb-regress-$name.out.XXXXXX")
trap 'rm -rf "$db" "$actual"' EXIT
# Timing lines are the only run-dependent output; suites keep SET TIMING OFF.
timeout 300 "$pathdb" --batch --nologin "$db/db" < "$name.sql" > "$actual" 2>&1
status=$?
if [ $status -ge 124 ]; then
  echo "regress $name: pathdb died or timed out (exit status $status)" >> "$actual"
fi
# Measured times vary run to run: DBMS_XPLAN's A-Time cells (|HH:MM:SS.cc |) are masked, same
# width; only inside a plan table's cell, so interval values keep their digits.
sed -E -i 's/\|[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{2} \|/|--:--:--.-- |/g' "$actual"
if [ "${3:-}" = "--print" ]; then
  cat "$actual"
  exit 0
fi
if [ ! -f "$name.out" ]; then
  echo "regress $name: no expected output $here/$name.out (run scripts/bless.sh $name)" >&2
  exit 1
fi
if diff -u "$name.out" "$actual" > "$actual.diff"; then
  rm -f "$actual.diff"
  exit 0
fi
echo "regress $name: output differs from $name.out (- expected, + actual):"
cat "$actual.diff"
rm -f "$actual.diff"
exit 1
