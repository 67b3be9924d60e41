#!/usr/bin/env bash
# Re-writes the expected output of regression suites after showing what changes.
# usage: scripts/bless.sh [-y] NAME...   (PATHDB=path/to/pathdb, default build/pathdb)
#   -y   do not ask before writing
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
pathdb=${PATHDB:-$root/build/pathdb}
yes=0
if [ "${1:-}" = "-y" ]; then yes=1; shift; fi
if [ $# -eq 0 ]; then
  echo "usage: $0 [-y] NAME...  (suites in tests/regress; PATHDB=binary)" >&2
  exit 2
fi
for name in "$@"; do
  name=$(basename "$name" .sql)
  new=$(mktemp)
  "$root/tests/regress/run_one.sh" "$pathdb" "$name" --print > "$new"
  expected="$root/tests/regress/$name.out"
  if [ -f "$expected" ] && cmp -s "$expected" "$new"; then
    echo "$name: unchanged"
    rm -f "$new"
    continue
  fi
  if [ -f "$expected" ]; then
    diff -u "$expected" "$new"
  else
    echo "== $name: new expected output =="
    cat "$new"
  fi
  answer=y
  if [ $yes -eq 0 ]; then
    read -r -p "write $expected? [y/N] " answer < /dev/tty
  fi
  case "$answer" in
    y|Y|yes) mv "$new" "$expected"; echo "$name: blessed" ;;
    *) rm -f "$new"; echo "$name: left as it was" ;;
  esac
done
