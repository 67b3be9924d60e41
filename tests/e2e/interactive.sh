#!/usr/bin/env bash
# The interactive shell under a pseudo-terminal: banner, `SQL> ` prompt, numbered continuation
# lines `  2  `, a statement ended by `/`, `/` re-running the last statement, Ctrl-C (^C on the
# terminal) cancelling a long statement with ORA-01013 and a prompt after it, EXIT.
set -u
pathdb=$(realpath "$1")
work=$(mktemp -d "${TMPDIR:-/tmp}/pathdb-interactive.XXXXXX")
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
timeout 120 python3 - "$pathdb" "$work/db" <<'PY'
import os, pty, re, select, sys, time

pathdb, db = sys.argv[1], sys.argv[2]
pid, fd = pty.fork()
if pid == 0:
    os.environ["TERM"] = "dumb"          # no colour or bracketed-paste escapes
    os.environ["HOME"] = os.getcwd()     # history file goes to the scratch dir
    os.execv(pathdb, [pathdb, db])

out = b""
def read_until(pattern, mark, timeout=30):
    """Reads the terminal until `pattern` (a regex on bytes) matches the output after `mark`."""
    global out
    end = time.time() + timeout
    while time.time() < end:
        if re.search(pattern, out[mark:]):
            return True
        r, _, _ = select.select([fd], [], [], 0.2)
        if r:
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                break
            if not chunk:
                break
            out += chunk
    return re.search(pattern, out[mark:]) is not None

fails = []
def step(name, send, expect, timeout=30):
    global out
    mark = len(out)
    for line in send:
        os.write(fd, line)
    if not read_until(expect, mark, timeout):
        fails.append(name)
        print("FAIL", name, "- wanted", expect, "after", repr(out[mark:].decode(errors="replace")))
    else:
        print("ok  ", name)

step("banner and prompt", [], rb"Connected to:(.|\r|\n)*SQL> ")
step("continuation line numbered", [b"select 6 * 7\n"], rb"\r\n  2  ")
step("result after the second line", [b"  as answer from dual;\n"],
     rb"ANSWER\r\n----------\r\n        42\r\n\r\nSQL> ")
# Typed-ahead input can be echoed twice (by the tty before the line editor takes over, then
# by it), so patterns do not anchor on what was typed, and multi-line input goes line by line.
step("slash re-runs the last statement", [b"/\n"], rb"/\r\n\r\n    ANSWER\r\n----------\r\n        42\r\n\r\nSQL> ")
step("second continuation line", [b"select 'x' || 'y' as xy\n"], rb"\r\n  2  $")
step("third continuation line", [b"from dual\n"], rb"\r\n  3  $")
step("statement ended by a slash line", [b"/\n"], rb"XY\r\n--\r\nxy\r\n\r\nSQL> ")
step("long statement starts", [b"select count(*) from dual connect by level <= 10000000000;\n"],
     rb"10000000000;\r\n", 10)
time.sleep(1.5)  # let the statement get going before the ^C
step("Ctrl-C cancels it", [b"\x03"],
     rb"ORA-01013: user requested cancel of current operation(.|\r|\n)*SQL> ", 60)
step("the session goes on", [b"select 'alive' as s from dual;\n"], rb"alive\r\n\r\nSQL> ")
step("exit", [b"exit\n"], rb"Disconnected")
_, status = os.waitpid(pid, 0)
if not os.WIFEXITED(status):
    fails.append("exit status")
    print("FAIL pathdb did not exit normally:", status)
print(len(fails), "failure(s)")
sys.exit(1 if fails else 0)
PY
