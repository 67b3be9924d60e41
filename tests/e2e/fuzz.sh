#!/usr/bin/env bash
# Robustness: >= 1000 random and mutated statements into ONE pathdb --batch process. It must
# finish normally (no signal, no hang) and answer every certainly-invalid statement with an
# ORA- error.
set -u
pathdb=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
dir=$(mktemp -d "${TMPDIR:-/tmp}/pathdb-fuzz.XXXXXX")
trap 'rm -rf "$dir"' EXIT
invalid=$(python3 "$here/fuzz_gen.py" 2>&1 > "$dir/fuzz.sql")
total=$(wc -l < "$dir/fuzz.sql")
timeout 600 "$pathdb" --batch "$dir/db" < "$dir/fuzz.sql" > "$dir/out" 2>&1
st=$?
if [ $st -ge 124 ]; then
  echo "FAIL: pathdb ended with status $st (timeout or signal) after $total statements"
  tail -n 20 "$dir/out"
  exit 1
fi
ora=$(grep -c 'ORA-' "$dir/out")
echo "statements: $total, certainly invalid: $invalid, ORA- lines: $ora, exit status: $st"
if ! grep -q 'fuzz-done' "$dir/out"; then
  echo "FAIL: the final statement never ran"; tail -n 20 "$dir/out"; exit 1
fi
if [ "$ora" -lt "$invalid" ]; then
  echo "FAIL: fewer ORA- errors than invalid statements"; exit 1
fi
if grep -q 'ORA-00600' "$dir/out"; then
  echo "note: internal errors (ORA-00600) seen:"; grep -m 5 'ORA-00600' "$dir/out"
fi
echo "ok fuzz"
