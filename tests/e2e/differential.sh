#!/usr/bin/env bash
# Differential test against SQLite (tests/e2e/differential.py): four fixed seeds, one per
# access-path mode (direct path, in-memory, run-time direct decision, buffered), 150 random
# queries each with DML between them; every answer must equal SQLite's.
set -u
pathdb=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
dir=$(mktemp -d "${TMPDIR:-/tmp}/pathdb-differential.XXXXXX")
trap 'rm -rf "$dir"' EXIT
python3 -c 'import sqlite3' || { echo "FAIL: python3 has no sqlite3 module"; exit 1; }
status=0
for seed in 1 2 3 4; do
  python3 "$here/differential.py" "$seed" 150 "$pathdb" "$dir" || status=1
done
[ $status -eq 0 ] && echo "ok differential"
exit $status
