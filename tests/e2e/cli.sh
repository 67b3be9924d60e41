#!/usr/bin/env bash
# Command-line contract: exit codes, -c, @script, WHENEVER SQLERROR EXIT, --format=csv,
# --format=slt (incl. an ERROR response and an empty request), bad options.
set -u
pathdb=$(realpath "$1")
work=$(mktemp -d "${TMPDIR:-/tmp}/pathdb-cli.XXXXXX")
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
fails=0
check() {  # check NAME CONDITION-RESULT(0/1) [detail]
  if [ "$2" -eq 0 ]; then echo "ok   $1"; else echo "FAIL $1 ${3:-}"; fails=$((fails + 1)); fi
}

out=$(timeout 60 "$pathdb" -c "select 41 + 1 as answer from dual;" db1 2>&1); st=$?
check "-c exit 0" $((st != 0)) "status $st: $out"
echo "$out" | grep -qE '^ +42$'; check "-c prints the result" $? "$out"

timeout 60 "$pathdb" -c "select * from no_such_table;" db1 > out.txt 2>&1; st=$?
check "-c failing statement exits 1" $((st != 1)) "status $st"
grep -q "ORA-00942" out.txt; check "-c prints ORA-00942" $? "$(cat out.txt)"

printf 'create table t (a number);\ninsert into t values (5);\ncommit;\nselect a * 2 as twice from t;\n' > ok.sql
out=$(timeout 60 "$pathdb" db2 @ok.sql 2>&1); st=$?
check "@script exit 0" $((st != 0)) "status $st: $out"
echo "$out" | grep -qE '^ +10$'; check "@script result" $? "$out"

printf 'whenever sqlerror exit 7\nselect * from missing;\nselect 1 from dual;\n' > fail.sql
out=$(timeout 60 "$pathdb" db2 @fail.sql 2>&1); st=$?
check "WHENEVER SQLERROR EXIT 7" $((st != 7)) "status $st: $out"

out=$(printf 'select 1 from dual;\nexit 3\n' | timeout 60 "$pathdb" --batch db2 2>&1); st=$?
check "EXIT 3" $((st != 3)) "status $st"

out=$(printf 'select 1 from dual;\n' | timeout 60 "$pathdb" --batch db2 2>&1); st=$?
check "batch success exit 0" $((st != 0)) "status $st: $out"
case "$out" in *"SQL>"*|*Connected*) check "batch has no banner/prompt" 1 "$out" ;; *) check "batch has no banner/prompt" 0 ;; esac

printf "select 1 as a, 'x,y' as b, null as c, 'say \"hi\"' as d from dual;\nselect * from nowhere;\n" > q.sql
timeout 60 "$pathdb" --batch --format=csv db2 < q.sql > csv.out 2> csv.err; st=$?
printf 'A,B,C,D\n1,"x,y",,"say ""hi"""\n' > csv.expected
cmp -s csv.out csv.expected; check "csv output" $? "$(cat csv.out)"
grep -q "ORA-00942" csv.err; check "csv errors on stderr" $? "$(cat csv.err)"
check "csv exit 1 after an error" $((st != 1)) "status $st"

# CSV shows DATE and TIMESTAMP in the session's NLS formats, like the table output.
printf "alter session set nls_date_format = 'YYYY-MM-DD';\nalter session set nls_timestamp_format = 'YYYY-MM-DD HH24:MI:SS.FF2';\nselect date '1995-03-15' d, timestamp '1995-03-15 13:45:30.25' t from dual;\n" > nls.sql
timeout 60 "$pathdb" --batch --format=csv db2 < nls.sql > nls.out 2> nls.err
printf 'D,T\n1995-03-15,1995-03-15 13:45:30.25\n' > nls.expected
cmp -s nls.out nls.expected; check "csv follows NLS_DATE_FORMAT" $? "$(cat nls.out nls.err)"

mkdir slt1
printf "CREATE TABLE t1(a INTEGER, b VARCHAR(10))\n;;\nINSERT INTO t1 VALUES(1,'x')\n;;\nSELECT a, b FROM t1\n;;\nSELECT * FROM nosuch\n;;\n\n;;\nSELECT a FROM t1 WHERE a > 5\n;;\n" |
  timeout 60 "$pathdb" --batch --format=slt slt1 > slt.out 2> slt.err; st=$?
check "slt exit 0" $((st != 0)) "status $st"
python3 - slt.out <<'PY'; check "slt responses" $? "$(cat slt.out; cat slt.err)"
import sys
lines = open(sys.argv[1]).read().split("\n")
want = ["OK", "OK", "COLUMNS 2", '1\t"x"', "OK", None, "OK", "COLUMNS 1", "OK", ""]
ok = len(lines) == len(want) and all(w is None or l == w for l, w in zip(lines, want))
ok = ok and lines[5].startswith("ERROR ")
sys.exit(0 if ok else 1)
PY

timeout 60 "$pathdb" --no-such-option > /dev/null 2>&1; st=$?
check "bad option exits 2" $((st != 2)) "status $st"

echo "$fails failure(s)"
[ $fails -eq 0 ]
