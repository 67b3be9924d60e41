#!/usr/bin/env python3
"""TPC-H warm, in one session per engine and query: pathdb beside PostgreSQL serial.

The peers harness (benchmarks/tpch.sh -> ../shared/peers/run.mjs) starts one pathdb process
per timed run: every run pays process start-up and reads its blocks into an empty buffer
cache, while PostgreSQL's runs share one psql session and 4 GB of warm shared buffers. Issue
15 asks for *warm* single-thread times, so this script runs both engines the same way: one
session per engine and query, one warm-up execution, then timed executions.

pathdb time per execution: one process runs the query once to warm up, then RUNS times, each
execution between two `SELECT SYSTIMESTAMP` (microseconds; SET TIMING's Elapsed has only
hundredths); the median is reported. The buffer cache gets
--cache-size (default 4G, PostgreSQL's shared_buffers in the peers' configuration); a full
scan that the run-time rule sends by direct path still reads its blocks every execution, as
Oracle's would. The timed executions run the plan a session re-running the statement gets:
after the warm-up, statistics feedback may have re-optimised it (issue 14; Q20 is one).
PostgreSQL time: psql's \\timing of the RUNS executions after the warm-up (median), one session,
max_parallel_workers_per_gather = 0.

Needs what `KEEP_PG=1 benchmarks/tpch.sh` leaves: the pathdb database
$PEERS_DATA/pathdb/tpch, the running private PostgreSQL with database tpch, and the query
copies in $BENCH_WORK (tpch/queries for pathdb, peers/sql/tpch/queries for PostgreSQL).
Usage: benchmarks/tpch_warm.py [--pathdb BIN] [--runs 5] [--queries q01,q19]
Prints a markdown table: per query the medians, pathdb / PostgreSQL, and the sums.
"""
import argparse
import datetime
import os
import re
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PRE = "alter session set nls_date_format = 'YYYY-MM-DD';\n"


STAMP = "select '@@STAMP ' || to_char(systimestamp, 'YYYY-MM-DD SSSSS.FF6') stamp from dual;\n"


def pathdb_times(pathdb, cache, dbdir, sql, runs, params=()):
    """One process: a warm-up execution, then `runs` executions each between two SYSTIMESTAMPs."""
    cmd = [pathdb, "--batch", "--format=csv", f"--cache-size={cache}"]
    for p in params:
        cmd += ["--param", p]
    cmd.append(dbdir)
    r = subprocess.run(cmd, input=PRE + sql + "\n" + STAMP + (sql + "\n" + STAMP) * runs,
                       capture_output=True, text=True)
    err = [l for l in r.stderr.splitlines() if re.match(r"(ORA|SP2|PLS)-", l)]
    if r.returncode != 0 or err:
        sys.exit(f"pathdb failed: {(err or [r.stderr.strip()])[0][:300]}")
    stamps = [datetime.date.fromisoformat(d).toordinal() * 86400 + float(x)
              for d, x in re.findall(r"@@STAMP ([0-9-]+) ([0-9.]+)", r.stdout)]
    if len(stamps) != 1 + runs:
        sys.exit(f"pathdb printed {len(stamps)} stamps")
    return [b - a for a, b in zip(stamps, stamps[1:])]


def pg_times(pgsh, sql, runs):
    script = "SET max_parallel_workers_per_gather = 0;\n\\timing on\n"
    script += "".join(f"\\echo @@RUN {i}\n{sql}\n" for i in range(1 + runs))
    r = subprocess.run([pgsh, "psql", "-d", "tpch", "-A", "-t"], input=script,
                       capture_output=True, text=True)
    if r.returncode != 0 or "ERROR" in r.stderr:
        sys.exit(f"psql: {r.stderr.strip()[:300]}")
    # A run's time is the sum of its statements' (q15: create view, select, drop view).
    per_run = [sum(float(x) for x in re.findall(r"^Time: ([0-9.]+) ms", part, re.M))
               for part in re.split(r"^@@RUN \d+$", r.stdout, flags=re.M)[1:]]
    if len(per_run) < 1 + runs:
        sys.exit(f"psql printed {len(per_run)} runs")
    return [t / 1000 for t in per_run[1:]]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pathdb", default=os.path.join(ROOT, "build", "pathdb"))
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--cache-size", default="4G")
    ap.add_argument("--queries", default="")
    # e.g. --param db_big_table_cache_percent_target=50: LINEITEM stays in the buffer cache
    # between executions, as PostgreSQL's tables stay in its shared_buffers.
    ap.add_argument("--param", action="append", default=[], help="pathdb parameter name=value")
    a = ap.parse_args()
    work = os.environ.get("BENCH_WORK", "/tmp/pathdb-bench-tpch")
    data = os.environ.get("PEERS_DATA", os.path.join(work, "data"))
    os.environ["PEERS_DATA"] = data
    pgsh = os.path.join(work, "peers", "pg.sh")
    dbdir = os.path.join(data, "pathdb", "tpch")
    ours_dir = os.path.join(work, "tpch", "queries")
    pg_dir = os.path.join(work, "peers", "sql", "tpch", "queries")
    names = a.queries.split(",") if a.queries else sorted(
        f[:-4] for f in os.listdir(ours_dir) if f.endswith(".sql"))
    print(f"Command: benchmarks/tpch_warm.py {' '.join(sys.argv[1:])} — "
          f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, load {os.getloadavg()[0]:.2f}\n")
    print("| query | pathdb warm s | PostgreSQL serial warm s | pathdb / PostgreSQL |")
    print("|---|---|---|---|")
    total_ours = total_pg = 0.0
    slower = []
    for q in names:
        ours_sql = open(os.path.join(ours_dir, q + ".sql")).read().strip()
        pg_sql = open(os.path.join(pg_dir, q + ".sql")).read().strip()
        pg = statistics.median(pg_times(pgsh, pg_sql, a.runs))
        ours = statistics.median(
            pathdb_times(a.pathdb, a.cache_size, dbdir, ours_sql, a.runs, a.param))
        total_ours += ours
        total_pg += pg
        if ours > pg:
            slower.append(f"{q} {ours / pg:.2f}x")
        print(f"| {q} | {ours:.3f} | {pg:.3f} | {ours / pg:.2f}x |", flush=True)
    print(f"| **sum of medians** | {total_ours:.3f} | {total_pg:.3f} | {total_ours / total_pg:.2f}x |")
    print(f"\nSlower than PostgreSQL: {', '.join(slower) if slower else 'none'}")


if __name__ == "__main__":
    main()
