#!/usr/bin/env bash
# Scripts that stop at the first error: WHENEVER SQLERROR EXIT with each kind of status, the
# statements after the failing one not run, ROLLBACK / COMMIT seen by reopening the database;
# WHENEVER OSERROR at a missing @file and an uncreatable SPOOL file; SPOOL's copy; login.sql
# from the current directory and from $SQLPATH, and --nologin.
set -u
pathdb=$(realpath "$1")
work=$(mktemp -d "${TMPDIR:-/tmp}/pathdb-scripts.XXXXXX")
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
unset SQLPATH
fails=0
check() {  # check NAME CONDITION-RESULT(0/1) [detail]
  if [ "$2" -eq 0 ]; then echo "ok   $1"; else echo "FAIL $1 ${3:-}"; fails=$((fails + 1)); fi
}
run() { timeout 60 "$pathdb" --batch --nologin "$@" 2>&1; }
count() {  # count DB TABLE: COUNT(*) in a fresh process
  echo "select count(*) from $2;" | timeout 60 "$pathdb" --batch --nologin --format=csv "$1" 2>&1 | tail -1
}

# --- WHENEVER SQLERROR EXIT: status, nothing after it runs, transaction
printf 'create table t (a number);\ninsert into t values (1);\ncommit;\n' | run db > /dev/null
out=$(printf 'insert into t values (2);\nwhenever sqlerror exit 7 rollback\nselect * from nosuch;\ncreate table after_error (a number);\nprompt NOT REACHED\n' | run db); st=$?
check "SQLERROR EXIT 7 ROLLBACK exits 7" $((st != 7)) "status $st: $out"
case "$out" in *"NOT REACHED"*) r=1 ;; *) r=0 ;; esac
check "nothing after the failing statement runs" $r "$out"
[ "$(count db t)" = "1" ]; check "ROLLBACK undid the open insert (reopened)" $? "$(count db t)"
n=$(count db after_error); case "$n" in *ORA-00942*) r=0 ;; *) r=1 ;; esac
check "the statement after the error did not run (reopened)" $r "$n"

printf 'insert into t values (3);\nwhenever sqlerror exit failure commit\nselect * from nosuch;\n' | run db > /dev/null; st=$?
check "SQLERROR EXIT FAILURE COMMIT exits 1" $((st != 1)) "status $st"
[ "$(count db t)" = "2" ]; check "COMMIT kept the open insert (reopened)" $? "$(count db t)"

printf 'insert into t values (4);\nwhenever sqlerror exit warning\nselect * from nosuch;\n' | run db > /dev/null; st=$?
check "SQLERROR EXIT WARNING exits 2" $((st != 2)) "status $st"
[ "$(count db t)" = "3" ]; check "EXIT without ROLLBACK commits, as SQL*Plus" $? "$(count db t)"

printf 'whenever sqlerror exit sql.sqlcode\nselect 1/0 from dual;\n' | run db > /dev/null; st=$?
check "SQLERROR EXIT SQL.SQLCODE: ORA-01476 gives 1476 mod 256" $((st != 1476 % 256)) "status $st"
printf 'whenever sqlerror exit\nselect * from nosuch;\n' | run db > /dev/null; st=$?
check "bare SQLERROR EXIT exits 1" $((st != 1)) "status $st"
printf 'whenever sqlerror exit success\nselect * from nosuch;\nprompt x\n' | run db > /dev/null; st=$?
check "SQLERROR EXIT SUCCESS exits 0" $((st != 0)) "status $st"
printf 'define rc = 300\nwhenever sqlerror exit rc\nselect * from nosuch;\n' | run db > /dev/null; st=$?
check "SQLERROR EXIT variable: its value mod 256" $((st != 44)) "status $st"
printf "select 'abc;\nwhenever sqlerror exit 9\nselect 'x;\nprompt NOT REACHED\n" | run db > out.txt; st=$?
check "ORA-01756 is a SQL error for WHENEVER" $((st != 9)) "status $st: $(cat out.txt)"
[ "$(grep -c ORA-01756 out.txt)" -eq 2 ] && ! grep -q "NOT REACHED" out.txt
check "ORA-01756 twice, then stopped" $? "$(cat out.txt)"
printf 'whenever sqlerror exit 5\nwhenever sqlerror continue\nselect * from nosuch;\nprompt GOES ON\n' | run db > out.txt; st=$?
grep -q "GOES ON" out.txt; check "SQLERROR CONTINUE replaces EXIT" $? "$(cat out.txt)"
check "a failed statement without WHENEVER EXIT: 1 at the end" $((st != 1)) "status $st"
printf 'whenever sqlerror exit 5\nset nosuchoption on\nprompt GOES ON\n' | run db > out.txt; st=$?
grep -q "GOES ON" out.txt; check "SP2- errors do not trigger SQLERROR" $? "$(cat out.txt)"
printf 'select * from nosuch;\nexit sql.sqlcode\n' | run db > /dev/null; st=$?
check "EXIT SQL.SQLCODE after ORA-00942" $((st != 942 % 256)) "status $st"
printf 'insert into t values (5);\nexit 3 rollback\n' | run db > /dev/null; st=$?
check "EXIT 3 ROLLBACK exits 3" $((st != 3)) "status $st"
[ "$(count db t)" = "3" ]; check "EXIT ROLLBACK rolled back (reopened)" $? "$(count db t)"
printf 'whenever sqlerror exit 6\n@inner.sql\nprompt NOT REACHED\n' > outer.sql
printf 'select * from nosuch;\nprompt NOT REACHED INNER\n' > inner.sql
out=$(timeout 60 "$pathdb" --nologin db @outer.sql 2>&1); st=$?
check "SQLERROR EXIT in a nested @file exits the whole session" $((st != 6)) "status $st: $out"
case "$out" in *"NOT REACHED"*) r=1 ;; *) r=0 ;; esac; check "no level goes on" $r "$out"

# --- WHENEVER OSERROR
out=$(printf 'whenever oserror exit 4\n@missing_file.sql\nprompt NOT REACHED\n' | run db); st=$?
check "OSERROR EXIT 4 at a missing @file" $((st != 4)) "status $st: $out"
case "$out" in *'SP2-0310: unable to open file "missing_file.sql"'*) r=0 ;; *) r=1 ;; esac
check "SP2-0310 printed first" $r "$out"
case "$out" in *"NOT REACHED"*) r=1 ;; *) r=0 ;; esac; check "OSERROR EXIT stops" $r "$out"
out=$(printf 'whenever oserror exit failure\nspool %s/no/such/dir/x.lst\nprompt NOT REACHED\n' "$work" | run db); st=$?
check "OSERROR EXIT FAILURE at an uncreatable SPOOL file" $((st != 1)) "status $st: $out"
case "$out" in *"SP2-0606: Cannot create SPOOL file"*) r=0 ;; *) r=1 ;; esac
check "SP2-0606 printed" $r "$out"
case "$out" in *"NOT REACHED"*) r=1 ;; *) r=0 ;; esac; check "and stopped" $r "$out"
printf 'insert into t values (6);\nwhenever oserror exit 8 rollback\n@missing_file.sql\n' | run db > /dev/null; st=$?
check "OSERROR EXIT 8 ROLLBACK" $((st != 8)) "status $st"
[ "$(count db t)" = "3" ]; check "OSERROR ROLLBACK rolled back (reopened)" $? "$(count db t)"
out=$(printf 'whenever oserror continue\n@missing_file.sql\nprompt GOES ON\n' | run db); st=$?
case "$out" in *"GOES ON"*) r=0 ;; *) r=1 ;; esac; check "OSERROR CONTINUE goes on" $r "$out"
out=$(printf 'whenever sqlerror exit 3\n@missing_file.sql\nprompt GOES ON\n' | run db)
case "$out" in *"GOES ON"*) r=0 ;; *) r=1 ;; esac; check "SQLERROR EXIT ignores OS errors" $r "$out"

# --- SPOOL
printf 'spool copy\nselect 42 as answer from dual;\nspool off\nprompt not in the file\n' | run db > out.txt
[ -f copy.lst ] && grep -qE '^ +42$' copy.lst && ! grep -q "not in the file" copy.lst
check "SPOOL copy.lst holds the output until SPOOL OFF" $? "$(cat copy.lst 2>&1)"
grep -qE '^ +42$' out.txt; check "SPOOL still prints to the terminal" $? "$(cat out.txt)"
printf 'spool copy.lst append\nprompt appended\nspool off\n' | run db > /dev/null
grep -q appended copy.lst && grep -qE '^ +42$' copy.lst; check "SPOOL APPEND" $? "$(cat copy.lst)"
out=$(printf 'spool copy.lst create\n' | run db)
case "$out" in *'SP2-0771: File "copy.lst" already exists.'*) r=0 ;; *) r=1 ;; esac
check "SPOOL CREATE refuses an existing file" $r "$out"

# --- login.sql
mkdir -p here p1 p2
printf 'set feedback off\nprompt LOGIN FROM CWD\n' > here/login.sql
printf 'prompt LOGIN FROM P2\n' > p2/login.sql
out=$(cd here && printf 'create table lt (a number);\nselect 1 as one from dual;\n' |
  SQLPATH="$work/p1:$work/p2" timeout 60 "$pathdb" --batch ../db 2>&1); st=$?
case "$out" in "LOGIN FROM CWD"*) r=0 ;; *) r=1 ;; esac; check "login.sql from the current directory, first" $r "$out"
case "$out" in *"LOGIN FROM P2"*|*"Table created."*) r=1 ;; *) r=0 ;; esac
check "only that one runs, and its SET applies" $r "$out"
out=$(printf 'select 1 as one from dual;\n' | SQLPATH="::$work/p1:$work/p2" timeout 60 "$pathdb" --batch db 2>&1)
case "$out" in "LOGIN FROM P2"*) r=0 ;; *) r=1 ;; esac; check "else the first login.sql in SQLPATH" $r "$out"
out=$(printf 'prompt BODY\n' | SQLPATH="$work/p2" timeout 60 "$pathdb" --batch --nologin db 2>&1)
[ "$out" = "BODY" ]; check "--nologin skips it" $? "$out"
out=$(SQLPATH="$work/p2" timeout 60 "$pathdb" -c "prompt BODY" db 2>&1)
[ "$out" = "$(printf 'LOGIN FROM P2\nBODY')" ]; check "login.sql runs before -c" $? "$out"
printf 'prompt SCRIPT\n' > s.sql
out=$(SQLPATH="$work/p2" timeout 60 "$pathdb" db @s.sql 2>&1)
[ "$out" = "$(printf 'LOGIN FROM P2\nSCRIPT')" ]; check "login.sql runs before @script" $? "$out"
out=$(printf 'prompt BODY\n' | timeout 60 "$pathdb" --batch db 2>&1); st=$?
[ "$out" = "BODY" ] && [ $st -eq 0 ]; check "no login.sql anywhere: silently nothing" $? "$out"
printf 'exit 5\n' > p1/login.sql
out=$(printf 'prompt BODY\n' | SQLPATH="$work/p1" timeout 60 "$pathdb" --batch db 2>&1); st=$?
[ -z "$out" ] && [ $st -eq 5 ]; check "EXIT in login.sql ends the session" $? "status $st: $out"

echo "$fails failure(s)"
[ $fails -eq 0 ]
