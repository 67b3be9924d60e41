#!/usr/bin/env bash
# Issue 16's storage promises, each checked against real processes and damaged files:
# - one process per database directory (a second open is refused at once with ORA-01102 naming
#   the holder's pid; every row the first acknowledged is there afterwards; a killed holder's
#   lock never blocks);
# - a redo log truncated to 0, cut mid-record, zeroed for 8 KiB in the middle or deleted after
#   300 acknowledged commits and a SIGKILL: the open is refused with the ORA- error naming the
#   file, --resetlogs opens it and reports how many transactions were lost, and exactly those
#   are missing;
# - a corrupt index segment header: the database opens, the index is UNUSABLE (DML raises
#   ORA-01502, queries avoid it) until ALTER INDEX ... REBUILD;
# - a corrupt block 0 is refused (ORA-01210);
# - the directory 0700 and every file 0600 under umask 000 and 022; looser ones are tightened.
set -u
pathdb=$(realpath "$1")
work=$(mktemp -d "${TMPDIR:-/tmp}/pathdb-trust.XXXXXX")
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill -9 "$p" 2> /dev/null; done
  [ -n "${KEEP:-}" ] || rm -rf "$work"
}
trap cleanup EXIT
cd "$work" || exit 1
unset SQLPATH
fails=0
check() { # check NAME CONDITION-RESULT(0/1) [detail]
  if [ "$2" -eq 0 ]; then echo "ok   $1"; else echo "FAIL $1 ${3:-}"; fails=$((fails + 1)); fi
}
has() { case "$1" in *"$2"*) return 0 ;; *) return 1 ;; esac }
run() { timeout 120 "$pathdb" --batch --nologin "$@" 2>&1; }
scalar() { # scalar DB SQL [flags]: the one value a query returns, from a fresh process
  local db=$1 sql=$2
  shift 2
  echo "$sql" | timeout 120 "$pathdb" --batch --nologin --format=csv "$@" "$db" 2>&1 | tail -1
}
wait_for() { # wait_for FILE TEXT: until FILE contains TEXT (60 s at most)
  for _ in $(seq 600); do
    grep -q "$2" "$1" 2> /dev/null && return 0
    sleep 0.1
  done
  return 1
}
# start_holder DB OUT: a pathdb process that keeps DB open, reading statements from fd 3.
start_holder() {
  rm -f "$work/fifo"
  mkfifo "$work/fifo"
  "$pathdb" --batch --nologin "$1" < "$work/fifo" > "$2" 2>&1 &
  holder=$!
  pids+=("$holder")
  exec 3> "$work/fifo"
}

# --- 1. Exclusive open --------------------------------------------------------------------
printf 'create table t (a number);\n' | run db1 > /dev/null
start_holder db1 a.out
for i in $(seq 1000); do printf 'insert into t values (%d);\ncommit;\n' "$i"; done >&3
echo "prompt WRITER-DONE" >&3
wait_for a.out WRITER-DONE
check "first writer acknowledged its commits" $? "$(tail -3 a.out)"
# The second writer runs while the first still holds the directory (its stdin is open).
b_out=$(for i in $(seq 1000); do printf 'insert into t values (%d);\ncommit;\n' $((i + 5000)); done |
  timeout 20 "$pathdb" --batch --nologin db1 2>&1)
b_status=$?
has "$b_out" "ORA-01102" && has "$b_out" "$holder"
check "second process refused with ORA-01102 naming the holder's pid $holder" $? "$(echo "$b_out" | head -3)"
check "second process exits non-zero at once (not by timeout)" $((b_status == 0 || b_status == 124)) "status $b_status"
has "$b_out" "row inserted" && r=1 || r=0
check "second process ran no statement" $r
exec 3>&-
wait "$holder"
check "first writer ends normally" $? "$(tail -3 a.out)"
n=$(scalar db1 "select count(*) || ':' || sum(a) from t;")
[ "$n" = "1000:500500" ]
check "every acknowledged row of the first writer is there" $? "got $n"
# A reader beside a writer is refused too: never a stale snapshot that misses commits.
start_holder db1 a.out
# Only once the holder has opened the database (it answers a prompt): started in the
# background, it could otherwise lose the race to the reader on a busy machine.
echo "prompt HOLDING" >&3
wait_for a.out HOLDING
out=$(scalar db1 "select count(*) from t;")
has "$out" "ORA-01102"
check "a reader beside a writer is refused" $? "$out"
exec 3>&-
wait "$holder"

# --- 2. A stale lock of a killed process --------------------------------------------------
start_holder db1 k.out
echo "prompt HOLDING" >&3
wait_for k.out HOLDING
kill -9 "$holder" 2> /dev/null
wait "$holder" 2> /dev/null
exec 3>&-
[ "$(cat db1/pathdb.pid 2> /dev/null)" = "$holder" ]
check "the lock file still names the killed holder" $? "$(cat db1/pathdb.pid 2> /dev/null)"
start=$(date +%s)
n=$(scalar db1 "select count(*) from t;")
[ "$n" = "1000" ] && [ $(($(date +%s) - start)) -lt 10 ]
check "the killed holder's lock does not block the next open" $? "got $n"
echo 999999 > db1/pathdb.pid
n=$(scalar db1 "select count(*) from t;")
[ "$n" = "1000" ]
check "a lock file naming a process that is gone does not block" $? "got $n"

# --- 3. Redo damage after 300 acknowledged commits and a SIGKILL --------------------------
printf 'create table r (a number);\n' | run redo > /dev/null
start_holder redo r.out
for i in $(seq 300); do printf 'insert into r values (%d);\ncommit;\n' "$i"; done >&3
echo "prompt COMMITTED" >&3
wait_for r.out COMMITTED
check "300 commits acknowledged" $? "$(tail -2 r.out)"
kill -9 "$holder" 2> /dev/null
wait "$holder" 2> /dev/null
exec 3>&-
log_size=$(stat -c %s redo/redo01.log)
[ "$log_size" -gt 40000 ]
check "the log holds the 300 commits ($log_size bytes)" $?

# damage_case NAME EXPECTED-ORA COMMAND...: copy the killed database, damage its log with
# COMMAND (run in the copy), and check refusal, --resetlogs, the lost count and a normal reopen.
damage_case() {
  local name=$1 ora=$2
  shift 2
  rm -rf "case_$name"
  cp -a redo "case_$name"
  (cd "case_$name" && "$@")
  local out st lost n
  out=$(echo "select count(*) from r;" | run "case_$name" --format=csv)
  st=$?
  has "$out" "$ora" && has "$out" "redo01.log" && has "$out" "--resetlogs"
  check "$name: open refused with $ora naming the log" $? "$out"
  check "$name: the refusal exits non-zero" $((st == 0))
  has "$out" "COUNT" && r=1 || r=0
  check "$name: no query ran on the damaged database" $r
  out=$(echo "select count(*) from r;" | timeout 120 "$pathdb" --batch --nologin --format=csv --resetlogs "case_$name" 2>&1)
  lost=$(echo "$out" | sed -n 's/.*opened with RESETLOGS: \([0-9]*\) transaction.*/\1/p')
  n=$(echo "$out" | tail -1)
  [ -n "$lost" ] && [ "$lost" -ge 1 ]
  check "$name: --resetlogs opens it and reports the lost count ($lost)" $? "$out"
  [ -n "$lost" ] && [ "$n" = "$((300 - lost))" ]
  check "$name: exactly the reported transactions are missing ($n rows, $lost lost)" $? "$out"
  out=$(printf 'insert into r values (1000);\ncommit;\nselect count(*) from r;\n' |
    timeout 120 "$pathdb" --batch --nologin --format=csv "case_$name" 2>&1)
  [ "$(echo "$out" | tail -1)" = "$((n + 1))" ] && ! has "$out" "ORA-"
  check "$name: afterwards it opens normally and commits" $? "$out"
}
damage_case truncate0 ORA-00313 truncate -s 0 redo01.log
# A cut 100 bytes past two thirds of the log: inside a record (each commit's is kilobytes).
damage_case truncate_mid ORA-0035 truncate -s $((log_size * 2 / 3 + 100)) redo01.log
damage_case zero8k ORA-00354 dd if=/dev/zero of=redo01.log bs=8192 seek=$((log_size / 8192 / 2)) count=1 conv=notrunc status=none
damage_case deleted ORA-00313 rm redo01.log
# The intact copy recovers everything.
n=$(scalar redo "select count(*) from r;")
[ "$n" = "300" ]
check "the undamaged log recovers all 300 commits" $? "got $n"

# --- 4. A corrupt index segment header; a corrupt block 0 ---------------------------------
printf 'create table ix (id number, v varchar2(20));\ninsert into ix select level, '"'"'v'"'"' || level from dual connect by level <= 5000;\ncreate index ix_id on ix (id);\ncommit;\n' | run idx > /dev/null
obj=$(scalar idx "select object_id from user_objects where object_name = 'IX_ID';")
# The index's segment header: the block of type 2 (segment header) owned by its object id.
python3 - idx/data01.dbf "$obj" << 'EOF'
import struct, sys
path, obj = sys.argv[1], int(sys.argv[2])
with open(path, "r+b") as f:
    data = f.read()
    for b in range(1, len(data) // 8192):
        typ, owner = data[b * 8192 + 4], struct.unpack_from("<I", data, b * 8192 + 8)[0]
        if typ == 2 and owner == obj:
            f.seek(b * 8192 + 100)
            f.write(b"\xde\xad\xbe\xef" * 8)
            sys.exit(0)
sys.exit("no segment header for object %d" % obj)
EOF
check "found and damaged the index segment header (object $obj)" $?
out=$(printf 'select status from user_indexes where index_name = '"'"'IX_ID'"'"';\nselect count(*) from ix where id = 42;\n' | run idx --format=csv)
has "$out" "UNUSABLE" && has "$out" "warning" && has "$out" "IX_ID"
check "the database opens with the index UNUSABLE and a warning" $? "$out"
[ "$(echo "$out" | tail -1)" = "1" ]
check "queries answer without the index" $? "$out"
out=$(printf 'explain plan for select * from ix where id = 42;\nselect * from table(dbms_xplan.display(format => '"'"'BASIC'"'"'));\n' | run idx)
has "$out" "TABLE ACCESS FULL" && ! echo "$out" | grep -q "^|.*IX_ID"
check "the optimizer ignores the UNUSABLE index" $? "$out"
out=$(printf 'insert into ix values (6000, '"'"'x'"'"');\n' | run idx)
has "$out" "ORA-01502" && has "$out" "IX_ID"
check "DML on its table raises ORA-01502" $? "$out"
out=$(printf 'alter index ix_id rebuild;\n' | run idx)
has "$out" "Index altered" && ! has "$out" "ORA-"
check "ALTER INDEX ... REBUILD succeeds" $? "$out"
out=$(printf 'select status from user_indexes where index_name = '"'"'IX_ID'"'"';\ninsert into ix values (6000, '"'"'x'"'"');\ncommit;\nexplain plan for select * from ix where id = 6000;\nselect * from table(dbms_xplan.display(format => '"'"'BASIC'"'"'));\nselect count(*) from ix where id between 10 and 19;\n' | run idx --format=csv)
has "$out" "VALID" && ! has "$out" "UNUSABLE" && ! has "$out" "warning" && has "$out" "INDEX RANGE SCAN" && [ "$(echo "$out" | tail -1)" = "10" ]
check "after REBUILD (reopened): VALID, DML works, the plan uses it, answers agree" $? "$out"

cp -a idx blk0
printf '\xff\xff\xff\xff' | dd of=blk0/data01.dbf bs=1 seek=40 conv=notrunc status=none
out=$(echo "select count(*) from ix;" | run blk0)
has "$out" "ORA-01210"
check "a corrupt block 0 is refused (ORA-01210)" $? "$out"

# --- 5. Private files whatever the umask --------------------------------------------------
for mask in 000 022; do
  (umask $mask && printf 'create table p (a number);\ninsert into p values (1);\ncommit;\ncreate index p_a on p (a);\n' | run "perm$mask" > /dev/null)
  modes=$(stat -c '%a' "perm$mask")
  bad=$(find "perm$mask" -mindepth 1 ! -perm 600 -printf '%m %p\n')
  [ "$modes" = "700" ] && [ -z "$bad" ] && [ "$(find "perm$mask" -mindepth 1 | wc -l)" -ge 3 ]
  check "umask $mask: directory 0700, every file 0600" $? "dir $modes; $bad"
done
chmod 0777 perm022
chmod 0666 perm022/*
out=$(echo "select count(*) from p;" | run perm022 --format=csv)
bad=$(find perm022 -mindepth 1 ! -perm 600 -printf '%m %p\n')
has "$out" "warning" && [ "$(stat -c '%a' perm022)" = "700" ] && [ -z "$bad" ] && [ "$(echo "$out" | tail -1)" = "1" ]
check "a directory others can write is warned about and tightened" $? "$out; $bad"

if [ "$fails" -ne 0 ]; then
  echo "$fails check(s) failed"
  exit 1
fi
echo "all trust checks passed"
