#!/usr/bin/env bash
# LOAD of a small CSV with bad rows: good rows land, each bad row is reported with its line and
# reason, the #INFO summary counts both, and SET LOADFORMAT ERRORS 0 stops at the first bad row.
# Then a few thousand rows through the direct path (CRLF, enclosures, a two-line record):
# counted and summed, written direct, undone by ROLLBACK, kept across a restart after COMMIT.
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

# A few thousand rows through the direct path: 5000 lines, every 1000th with a bad number,
# CRLF line ends, enclosed fields with doubled quotes and an embedded newline.
awk 'BEGIN {
  for (i = 1; i <= 5000; i++) {
    amt = (i % 1000 == 0) ? "n/a" : sprintf("%d.%02d", i, i % 100);
    printf "%d,name %d,%s,2024-%02d-%02d\r\n", i, i, amt, (i % 12) + 1, (i % 28) + 1;
  }
  printf "5001,\"say \"\"hi\"\"\",1,2024-01-01\r\n";
  printf "5002,\"two\nlines\",2,2024-01-01\r\n";
  printf "5003,bad date,3,2024-02-30\r\n";
}' > big.csv
timeout 120 "$pathdb" --batch db2 > big.txt 2>&1 <<'SQL'
create table big (id number(6) not null, name varchar2(20), amount number(8,2), d date);
set loadformat column_names off
load big big.csv
select count(*) as cnt, sum(id) as sum_id, sum(amount) as sum_amt, count(distinct d) as days from big;
select name from big where id in (5001, 5002) order by id;
select case when m.value > 0 then 'direct' else 'conventional' end as how
  from v$statname s, v$mystat m where m.statistic# = s.statistic# and s.name = 'physical writes direct';
commit;
load big big.csv
rollback;
select count(*) as after_rollback from big;
SQL
# Rows 1000..5000 step 1000 and 5003 (Feb 30) are rejected: 5002 - 6 = 4997 rows.
for n in 1000 2000 3000 4000 5000; do
  grep -q "^#ERROR line $n: ORA-01722: invalid number$" big.txt
  check "bad number on line $n reported" $? "$(grep '^#' big.txt | head)"
done
grep -q '^#ERROR line 5004: ORA-01839' big.txt
check "Feb 30 rejected on its line (after the two-line record)" $? "$(grep '^#' big.txt | head)"
grep -q '^#INFO Number of rows processed: 4997$' big.txt; check "4997 rows processed" $? "$(grep '^#' big.txt)"
grep -q '^#INFO Number of rows in error: 6$' big.txt; check "6 rows in error" $? "$(grep '^#' big.txt)"
# sum(id) = 5002*5003/2 - (1000+2000+3000+4000+5000) = 12512503 - 15000
# sum(amount) = sum of i + (i%100)/100 for kept i <= 5000, plus 1 + 2
want_amt=$(awk 'BEGIN { for (i = 1; i <= 5000; i++) if (i % 1000) s += i + (i % 100) / 100; printf "%.1f", s + 3 }')
grep -qE "^ +4997 +12497503 +${want_amt%.0} +[0-9]+$" big.txt
check "loaded rows counted and summed" $? "want sum_amt $want_amt; $(sed -n '/CNT/,/^$/p' big.txt)"
grep -q '^say "hi"$' big.txt; check "doubled enclosure unescaped" $? "$(cat big.txt)"
grep -q '^lines$' big.txt && grep -q '^two$' big.txt; check "enclosed newline kept" $? "$(cat big.txt)"
grep -q '^direct$' big.txt; check "LOAD writes direct path" $? "$(cat big.txt)"
grep -qE '^ +4997$' <(sed -n '/AFTER_ROLLBACK/,$p' big.txt); check "ROLLBACK undoes a LOAD" $? "$(cat big.txt)"
echo "select count(*) as reopened from big;" | timeout 60 "$pathdb" --batch db2 > reopen.txt 2>&1
grep -qE '^ +4997$' reopen.txt; check "committed LOAD survives a restart" $? "$(cat reopen.txt)"

# NUMBER(p,s) with a negative scale: rounded left of the point on load, ORA-01438 past p digits.
printf '1234\n-1250\n99\n12345678\n' > neg.csv
timeout 60 "$pathdb" --batch db3 > neg.txt 2>&1 <<'SQL'
create table ln (a number(5,-2));
set loadformat column_names off
load ln neg.csv
select a from ln order by a;
SQL
grep -q '^#ERROR line 4: ORA-01438' neg.txt; check "NUMBER(5,-2) refuses 12345678" $? "$(cat neg.txt)"
[ "$(grep -E '^ *-?[0-9]+$' neg.txt | tr -d ' ' | paste -sd,)" = "-1300,100,1200" ]; check "NUMBER(5,-2) rounds to hundreds on load" $? "$(cat neg.txt)"

echo "$fails failure(s)"
[ $fails -eq 0 ]
