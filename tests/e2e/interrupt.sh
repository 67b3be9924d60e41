#!/usr/bin/env bash
# Ctrl-C: SIGINT during a long statement in --batch cancels it with ORA-01013, and the session
# goes on to run the next statement.
set -u
pathdb=$(realpath "$1")
work=$(mktemp -d "${TMPDIR:-/tmp}/pathdb-interrupt.XXXXXX")
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
# 10^10 generated rows take minutes, so the statement is surely still running after 1 s.
printf "prompt started\nselect count(*) from dual connect by level <= 10000000000;\nselect 'still here' as status from dual;\n" > long.sql
"$pathdb" --batch db < long.sql > out.txt 2>&1 &
pid=$!
# Signal only once the session is up (a SIGINT before that would just kill the process).
for _ in $(seq 300); do grep -q '^started$' out.txt && break; sleep 0.1; done
sleep 1
kill -INT "$pid"
# If the cancel is ignored, do not wait for the whole statement: give it 60 s, then kill it.
for _ in $(seq 600); do kill -0 "$pid" 2> /dev/null || break; sleep 0.1; done
if kill -0 "$pid" 2> /dev/null; then
  kill -KILL "$pid"
  echo "FAIL: pathdb still running 60 s after SIGINT"; cat out.txt; exit 1
fi
wait "$pid"
st=$?
fails=0
grep -q '^ORA-01013: user requested cancel of current operation$' out.txt ||
  { echo "FAIL: no ORA-01013"; fails=1; }
grep -q '^still here$' out.txt || { echo "FAIL: the statement after the cancel did not run"; fails=1; }
grep -q '10000000000' out.txt && { echo "FAIL: the cancelled count finished"; fails=1; }
[ "$st" -eq 1 ] || { echo "FAIL: exit status $st, expected 1 (a statement failed)"; fails=1; }
if [ $fails -ne 0 ]; then cat out.txt; exit 1; fi
echo "ok   SIGINT cancels with ORA-01013 and the session goes on"
