#!/usr/bin/env python3
"""Warm, single-session timings of the peers' SOE queries a-e: pathdb beside PostgreSQL.

The peers harness (../shared/peers/run.mjs) starts one pathdb process per timed run, so
pathdb's buffer cache is cold every time, while PostgreSQL's runs share one psql session and
its shared_buffers. Issue 4's target is the *warm* buffer-cache path, so this script runs
both engines the same way: one session per engine and query, one warm-up execution, then
RUNS timed executions.

pathdb time per execution: for queries PostgreSQL answers in over 20 ms, SET TIMING's
Elapsed of executions 2..1+RUNS in one process (hundredths of a second are fine there); for
the fast lookups, (wall of a process running the query 1+K times - wall of a process running
it once) / K with K = 200, so process start and database open cancel out and the figure has
sub-millisecond resolution.
PostgreSQL time = psql's \\timing of each execution after the warm-up.

Needs the databases left by benchmarks/load.sh (PEERS_DATA, default /tmp/pathdb-bench/data).
Usage: benchmarks/warm.py [--pathdb build/pathdb] [--runs 3] [--queries a,b,c,d,e]
       [--modes buffered,direct] [--pg-serial] [--sql "SELECT ..." --label name]
--modes runs pathdb once per access mode (buffered: _serial_direct_read=NEVER, direct:
ALWAYS, auto: the run-time rule; default auto); --pg-serial adds PostgreSQL with
max_parallel_workers_per_gather = 0 in the same run; --sql times one ad-hoc query instead.
Prints a markdown table; --doc FILE replaces the block between <!-- warm:begin --> and
<!-- warm:end --> in FILE with it.
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.environ.get("SHARED", os.path.join(ROOT, "..", "shared"))


def fill(sql, params):
    return re.sub(r"@([A-Z_]+)@", lambda m: params.get(m.group(1).lower(), m.group(0)), sql)


def wall(cmd, stdin):
    t0 = time.perf_counter()
    r = subprocess.run(cmd, input=stdin, capture_output=True, text=True)
    t = time.perf_counter() - t0
    if r.returncode != 0:
        sys.exit(f"{cmd[0]} failed: {r.stderr.strip()[:300]}")
    return t, r.stdout + r.stderr


MODES = {"auto": "", "buffered": 'alter session set "_serial_direct_read" = never;\n',
         "direct": 'alter session set "_serial_direct_read" = always;\n'}


def pathdb_times(pathdb, cache, dbdir, sql, runs, k):
    """Per-execution seconds, `runs` samples, each from a (1+k) vs 1 execution pair."""
    out = []
    for _ in range(runs):
        once, rows = wall([pathdb, "--batch", "--format=csv", f"--cache-size={cache}", dbdir], sql + "\n")
        many, _ = wall([pathdb, "--batch", "--format=csv", f"--cache-size={cache}", dbdir], (sql + "\n") * (1 + k))
        out.append(max(0.0, (many - once) / k))
    return out, rows


def pathdb_timing(pathdb, cache, dbdir, sql, runs, setup=""):
    """SET TIMING ON: Elapsed of the warm executions (the first one warms the cache)."""
    _, out = wall([pathdb, "--batch", "--format=csv", f"--cache-size={cache}", dbdir],
                  setup + "set timing on\n" + (sql + "\n") * (1 + runs))
    secs = [int(h) * 3600 + int(m) * 60 + float(x)
            for h, m, x in re.findall(r"Elapsed: (\d+):(\d+):([0-9.]+)", out)]
    if len(secs) < 1 + runs:
        sys.exit(f"pathdb printed {len(secs)} Elapsed lines")
    return secs[1:]


def pg_times(pgsh, sql, runs, serial=False):
    script = ("SET max_parallel_workers_per_gather = 0;\n" if serial else "") + \
        "\\timing on\n" + (sql + "\n") * (1 + runs)
    r = subprocess.run([pgsh, "psql", "-d", "soe", "-A", "-t"], input=script,
                       capture_output=True, text=True)
    ms = [float(x) for x in re.findall(r"^Time: ([0-9.]+) ms", r.stdout, re.M)]
    if len(ms) < 1 + runs:
        sys.exit(f"psql: {r.stderr.strip()[:300]}")
    return [t / 1000 for t in ms[1:]]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pathdb", default=os.path.join(ROOT, "build", "pathdb"))
    ap.add_argument("--runs", type=int, default=3)
    # PostgreSQL's peer instance runs with shared_buffers = 4GB; give pathdb the same cache.
    ap.add_argument("--cache-size", default="4G")
    ap.add_argument("--queries", default="a,b,c,d,e")
    ap.add_argument("--doc")
    ap.add_argument("--modes", default="auto")
    ap.add_argument("--pg-serial", action="store_true")
    ap.add_argument("--sql")
    ap.add_argument("--label", default="sql")
    a = ap.parse_args()
    modes = a.modes.split(",")
    data = os.environ.get("PEERS_DATA", "/tmp/pathdb-bench/data")
    os.environ["PEERS_DATA"] = data
    params = {}
    for line in open(os.path.join(data, "soe", "params.txt")):
        if "=" in line:
            key, val = line.strip().split("=", 1)
            params[key] = val
    params["EMAIL".lower()] = params.get("email", "")
    pgsh = os.path.join(SHARED, "peers", "pg.sh")
    subprocess.run([pgsh, "start"], check=True)
    dbdir = os.path.join(data, "pathdb", "soe")
    head = "| query | " + " | ".join(f"pathdb {m}" for m in modes) + " | postgres"
    head += " | postgres serial" if a.pg_serial else ""
    head += " | " + " | ".join(f"{m} / postgres{' serial' if a.pg_serial else ''}" for m in modes)
    lines = [head + " |", "|---" * (head.count("|")) + "|"]
    queries = [(a.label, a.sql)] if a.sql else [
        (q, fill(open(os.path.join(SHARED, "peers", "sql", "soe", "queries", q + ".sql")).read(),
                 params).strip()) for q in a.queries.split(",")]
    for q, sql in queries:
        pg = statistics.median(pg_times(pgsh, sql, a.runs))
        pg_serial = statistics.median(pg_times(pgsh, sql, a.runs, True)) if a.pg_serial else None
        ours = {}
        for m in modes:
            if pg > 0.02 or m != "auto":
                t = pathdb_timing(a.pathdb, a.cache_size, dbdir, sql, a.runs, MODES[m])
            else:
                t, _ = pathdb_times(a.pathdb, a.cache_size, dbdir, sql, a.runs, 200)
            ours[m] = statistics.median(t)
        base = pg_serial if a.pg_serial else pg
        row = f"| {q} | " + " | ".join(f"{ours[m] * 1000:.1f} ms" for m in modes)
        row += f" | {pg * 1000:.1f} ms" + (f" | {pg_serial * 1000:.1f} ms" if a.pg_serial else "")
        row += " | " + " | ".join(f"{ours[m] / base:.2f}x" for m in modes) + " |"
        lines.append(row)
        print(lines[-1], flush=True)
    table = "\n".join(lines)
    print(table)
    if a.doc:
        doc = open(a.doc).read()
        cmd = "benchmarks/warm.py " + " ".join(sys.argv[1:])
        block = f"<!-- warm:begin -->\nCommand: `{cmd}` — {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}\n\n{table}\n<!-- warm:end -->"
        doc = re.sub(r"<!-- warm:begin -->.*<!-- warm:end -->", block, doc, flags=re.S)
        open(a.doc, "w").write(doc)


if __name__ == "__main__":
    main()
