#!/usr/bin/env bash
# The shell restarts itself once with glibc.malloc.hugetlb=1 (shell/huge_page_heap.h) where the
# kernel has transparent huge pages: the running process carries the tunable (read from
# /proc/PID/environ while it is alive), also when the user set other tunables, reads a script from stdin
# from its first line, and PATHDB_MALLOC_HUGEPAGES=0 turns the restart off.
set -u
pathdb=$(realpath "$1")
dir=$(mktemp -d "${TMPDIR:-/tmp}/pathdb-hugepage.XXXXXX")
pid=""
cleanup() {
  exec 3>&- 2>/dev/null
  if [ -n "$pid" ]; then kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; fi
  rm -rf "$dir"
}
trap cleanup EXIT
thp=$(cat /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null || true)
case "$thp" in
  *"[madvise]"*|*"[always]"*) want=1 ;;
  *) want=0; echo "THP is off here ($thp): the shell must not restart" ;;
esac

# Starts the shell on a fifo with environment "$@", waits for its first answer, prints the
# GLIBC_TUNABLES of the live process and the answers.
probe() {
  rm -f "$dir/in" "$dir/out"
  mkfifo "$dir/in"
  env "$@" "$pathdb" --batch --format=csv "$dir/db" < "$dir/in" > "$dir/out" 2>&1 &
  pid=$!
  exec 3> "$dir/in"
  echo "select 'first' as w from dual;" >&3
  for _ in $(seq 1 200); do
    grep -q '^first$' "$dir/out" && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  local t
  t=$(tr '\0' '\n' < "/proc/$pid/environ" 2>/dev/null | sed -n 's/^GLIBC_TUNABLES=//p')
  echo "select 'second' as w from dual;" >&3
  echo "exit" >&3
  exec 3>&-
  wait "$pid"
  pid=""
  echo "tunables=[$t]"
  tr '\n' ' ' < "$dir/out"
  echo
}

fail=0
check() {  # name, got, expected substring (or ! substring)
  case "$3" in
    !*) if [[ "$2" == *"${3#!}"* ]]; then echo "FAIL: $1: $2"; fail=1; fi ;;
    *) if [[ "$2" != *"$3"* ]]; then echo "FAIL: $1: $2 (expected $3)"; fail=1; fi ;;
  esac
}

# label, environment for the shell, expected tunables where THP is on, and where it is off.
expect() {
  local out
  out=$(probe "$2")
  echo "$1: $out"
  check "$1: script read whole" "$out" "W first W second"
  if [ $want = 1 ]; then check "$1" "$out" "$3"; else check "$1" "$out" "$4"; fi
}

expect default X=1 "tunables=[glibc.malloc.hugetlb=1]" "tunables=[]"
# glibc truncates the variable's original bytes to the first tunable as it parses them, so the
# live process shows ours; that the user's value follows is the unit test's business.
expect "user tunable" GLIBC_TUNABLES=glibc.malloc.arena_max=4 \
  "tunables=[glibc.malloc.hugetlb=1" "tunables=[glibc.malloc.arena_max=4]"
expect "opted out" PATHDB_MALLOC_HUGEPAGES=0 "tunables=[]" "tunables=[]"

[ $fail = 0 ] && echo "ok"
exit $fail
