#!/usr/bin/env bash
# Shell behaviour that regress suites cannot diff exactly: SET TIMING (run-dependent elapsed
# times), exit codes from EXIT/QUIT and WHENEVER SQLERROR EXIT SQL.SQLCODE, an @script that is
# missing or given arguments, CSV output of several result sets, -c with a FROM-less SELECT.
set -u
pathdb=$(realpath "$1")
work=$(mktemp -d "${TMPDIR:-/tmp}/pathdb-shellopt.XXXXXX")
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
fails=0
check() {  # check NAME CONDITION-RESULT(0/1) [detail]
  if [ "$2" -eq 0 ]; then echo "ok   $1"; else echo "FAIL $1 ${3:-}"; fails=$((fails + 1)); fi
}
run() { timeout 60 "$pathdb" --batch db 2>&1; }

out=$(printf 'set timing on\nselect 1 as a from dual;\ncreate table tt (a number);\nset timing off\nselect 2 as b from dual;\n' | run)
n=$(echo "$out" | grep -cE '^Elapsed: [0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{2}$')
[ "$n" -eq 2 ]; check "SET TIMING ON prints Elapsed after a query and DDL, OFF stops it" $? "$out"

printf 'whenever sqlerror exit sql.sqlcode\nselect * from nosuch;\nselect 1 from dual;\n' | run > /dev/null; st=$?
# ORA-00942: the exit status is the code modulo 256, as on Unix SQL*Plus.
check "WHENEVER SQLERROR EXIT SQL.SQLCODE exits 942 & 255" $((st != 174)) "status $st"

printf 'whenever sqlerror exit failure\nwhenever sqlerror continue\nselect * from nosuch;\nselect 1 as after_error from dual;\n' | run > out.txt; st=$?
grep -q AFTER_ERROR out.txt; check "WHENEVER SQLERROR CONTINUE goes on" $? "$(cat out.txt)"
check "CONTINUE still exits 1 at the end" $((st != 1)) "status $st"

printf 'select * from nosuch;\nexit success\n' | run > /dev/null; st=$?
check "EXIT SUCCESS after an error exits 0" $((st != 0)) "status $st"
printf 'select 1 from dual;\nexit failure\n' | run > /dev/null; st=$?
check "EXIT FAILURE exits 1" $((st != 1)) "status $st"
printf 'quit 5\nselect 1 from dual;\n' | run > out.txt; st=$?
check "QUIT 5" $((st != 5)) "status $st"
[ ! -s out.txt ]; check "nothing runs after QUIT" $? "$(cat out.txt)"

timeout 60 "$pathdb" db @missing.sql > out.txt 2>&1; st=$?
grep -q 'SP2-0310: unable to open file "missing.sql"' out.txt; check "missing @script: SP2-0310" $? "$(cat out.txt)"
check "missing @script exits 1" $((st != 1)) "status $st"

printf 'prompt [&1] [&2]\nselect &1 + 1 as next from dual;\n' > args.sql
out=$(timeout 60 "$pathdb" db @args.sql 41 "two words" 2>&1); st=$?
echo "$out" | grep -qx '\[41\] \[two words\]'; check "@script arguments from the command line" $? "$out"
echo "$out" | grep -qE '^ +42$'; check "@script argument in a statement" $? "$out"
check "@script with arguments exits 0" $((st != 0)) "status $st"

printf 'select 1 as a from dual;\nselect 2 as b, null as c from dual;\ninsert into tt values (1);\n' |
  timeout 60 "$pathdb" --batch --format=csv db > csv.out 2> csv.err; st=$?
printf 'A\n1\nB,C\n2,\n' | cmp -s - csv.out; check "csv: one header per result set" $? "$(cat csv.out)"
grep -q '1 row inserted.' csv.err; check "csv: feedback on stderr" $? "$(cat csv.err)"

out=$(timeout 60 "$pathdb" -c "select 6 * 7 as answer;" db 2>&1); st=$?
echo "$out" | grep -qE '^ +42$'; check "-c with a FROM-less SELECT" $? "$out"

echo "$fails failure(s)"
[ $fails -eq 0 ]
