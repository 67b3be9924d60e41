#!/usr/bin/env bash
# Input is read in linear time whatever it holds: 60,000 lines (each with quotes) after an
# unclosed quote. The reader that rescanned its buffer at every line needed 20 s for 20,000
# such lines and would need minutes here; the ctest TIMEOUT of this test (CMakeLists.txt)
# is what fails it, not a timing assertion.
set -u
pathdb=$(realpath "$1")
work=$(mktemp -d "${TMPDIR:-/tmp}/pathdb-longinput.XXXXXX")
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
n=60000
{
  echo "create table t (a number, b varchar2(20));"
  echo "select 'abc;"
  seq 1 $n | sed "s/.*/insert into t values (&, 'row &');/"
  echo "commit;"
  echo "set feedback on"
  echo "select count(*) as n from t;"
} > long.sql
"$pathdb" --batch --nologin db < long.sql > out.txt 2>&1
st=$?
fails=0
[ "$(grep -c '^ORA-01756: quoted string not properly terminated$' out.txt)" -eq 1 ] || {
  echo "FAIL expected one ORA-01756"; fails=$((fails + 1)); }
[ "$(grep -c '^1 row inserted\.$' out.txt)" -eq $n ] || {
  echo "FAIL expected $n inserts after the open quote"; fails=$((fails + 1)); }
grep -qE "^ +$n\$" out.txt || { echo "FAIL count(*) is not $n"; tail -5 out.txt; fails=$((fails + 1)); }
[ $st -eq 1 ] || { echo "FAIL exit status $st, expected 1 (one statement failed)"; fails=$((fails + 1)); }
[ $fails -eq 0 ] && echo "ok   $n lines after an open quote, every statement run"
[ $fails -eq 0 ]
