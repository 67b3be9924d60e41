#!/usr/bin/env bash
# LOAD of a small CSV with bad rows: good rows land, each bad row is reported with its line and
# reason, the #INFO summary counts both, and SET LOADFORMAT ERRORS 0 stops at the first bad row.
set -u
pathdb=$(realpath "$1")
work=$(mktemp -d "${TMPDIR:-/tmp}/pathdb-load.XXXXXX")
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
fails=0
check() {  # check NAME CONDITION-RESULT(0/1) [detail]
  if [ "$2" -eq 0 ]; then echo "ok   $1"; else echo "FAIL $1 ${3:-}"; fails=$((fails + 1)); fi
}

# Line 1 is the header; lines 4, 5, 7 and 8 are bad (bad number, bad number, too long, short).
cat > data.csv <<'CSV'
ID,NAME,AMOUNT,D
1,alpha,10.5,2024-01-02
2,"beta, inc",20,2024-02-03
x,gamma,30,2024-03-04
4,delta,abc,2024-04-05
5,,50,
6,toolongname_here,60,2024-06-07
7,eta
8,theta,80,2024-08-09
CSV
printf '1|"pipe|in"\n2|plain\n' > pipe.csv

timeout 120 "$pathdb" --batch db > out.txt 2>&1 <<'SQL'
create table lt (id number not null, name varchar2(10), amount number(6,2), d date);
set loadformat delimiter ,
set loadformat column_names on
load lt data.csv
select count(*) as cnt, sum(id) as sum_id, sum(amount) as sum_amount, count(name) as names, count(d) as dates from lt;
set loadformat errors 0
load table lt data.csv
select count(*) as cnt_after_stop from lt;
create table ls (id number, name varchar2(20));
set loadformat errors 50
set loadformat delimiter |
set loadformat column_names off
load ls pipe.csv
select name from ls order by id;
SQL
st=$?
check "exit status 1 (the load had errors)" $((st != 1)) "status $st"
want_errors='#ERROR line 4: ORA-01722: invalid number
#ERROR line 5: ORA-01722: invalid number
#ERROR line 7: ORA-12899: value too large for column "PATHDB"."LT"."NAME" (actual: 16, maximum: 10)
#ERROR line 8: expected 4 fields, found 2
#INFO Number of rows processed: 4
#INFO Number of rows in error: 4'
got=$(grep '^#' out.txt | head -6)
[ "$got" = "$want_errors" ]; check "per-line reasons and #INFO summary" $? "$(printf '\n%s' "$got")"
# Good rows: ids 1+2+5+8 = 16, amounts 10.5+20+50+80 = 160.5, names on 3 rows, dates on 3 rows.
grep -qE '^ +4 +16 +160\.5 +3 +3$' out.txt; check "good rows loaded" $? "$(cat out.txt)"
grep -q 'LOAD stopped: more than 0 rows in error (last: line 4: ORA-01722: invalid number)' out.txt
check "ERRORS 0 stops at the first bad row" $? "$(cat out.txt)"
grep -qE '^ +4$' <(sed -n '/CNT_AFTER_STOP/,$p' out.txt | sed -n 3p)
check "a stopped load adds no rows" $? "$(cat out.txt)"
grep -q '^#INFO Number of rows processed: 2$' out.txt; check "delimiter | without header" $? "$(cat out.txt)"
grep -q '^pipe|in$' out.txt; check "enclosed field keeps its delimiter" $? "$(cat out.txt)"

echo "$fails failure(s)"
[ $fails -eq 0 ]
