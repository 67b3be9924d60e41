#!/usr/bin/env python3
"""Runs a pathdb load script phase by phase and prints a Markdown table of wall times.

usage: load_phases.py PATHDB LOAD_SQL DATA_DIR DBDIR
Each statement of LOAD_SQL (@DATA@ = DATA_DIR) that does real work — CREATE TABLE (grouped),
LOAD, CREATE INDEX, EXEC — runs in its own `PATHDB --batch DBDIR` process, with every SET
command of the script in front (shell settings do not outlive a process) and a COMMIT after.
"""
import shutil
import subprocess
import sys
import time

pathdb, script, data, dbdir = sys.argv[1:5]
text = open(script).read().replace("@DATA@", data)

# Split into statements: one-line shell commands, or SQL up to a line ending with ';'.
stmts, cur = [], []
for line in text.splitlines():
    s = line.strip()
    if not cur and (not s or s.startswith("--")):
        continue
    word = s.split()[0].lower() if s else ""
    if not cur and word in ("set", "load", "exec", "prompt"):
        stmts.append(s)
        continue
    cur.append(line)
    if s.endswith(";"):
        stmts.append("\n".join(cur))
        cur = []
if cur:
    stmts.append("\n".join(cur))

settings = [s for s in stmts if s.lower().startswith("set ")]
phases = []
for s in stmts:
    low = s.lower()
    if low.startswith("set ") or low.rstrip(";") == "commit":
        continue
    name = " ".join(s.split("(")[0].split())[:60]
    if low.startswith("create table") and phases and phases[-1][0].startswith("create table"):
        phases[-1][1].append(s)
        continue
    phases.append([name, [s]])

shutil.rmtree(dbdir, ignore_errors=True)
print("\n| pathdb phase | wall s | output |\n|---|---|---|")
total = 0.0
for name, body in phases:
    sql = "\n".join(settings + body + ["commit;", ""])
    t0 = time.perf_counter()
    r = subprocess.run([pathdb, "--batch", dbdir], input=sql, capture_output=True, text=True)
    dt = time.perf_counter() - t0
    total += dt
    out = [l for l in (r.stdout + r.stderr).splitlines() if l.startswith(("#INFO", "ORA-"))]
    print(f"| {name} | {dt:.2f} | {'; '.join(out)} |")
print(f"| **total** | {total:.2f} | |")
