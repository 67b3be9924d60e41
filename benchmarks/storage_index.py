#!/usr/bin/env python3
"""Storage index: a selective range on a column that follows load order (ORDERS.ORDER_ID), with
the storage index on and off (_kcfis_storageidx_disabled), direct path and buffered, beside
PostgreSQL (as configured and serial) in the same run.

Per pathdb configuration: one process with a warm-up execution (it also builds the region
summaries where missing) and RUNS more, whose V$MYSTAT deltas give the bytes per execution:
`consistent gets` x 8 KiB (blocks the scan visited, either path), `physical read bytes`,
`cell physical IO bytes saved by storage index`. Time per execution: wall clock of a process
running the query 1+10 times minus one running it once, median of RUNS pairs.

Needs the databases of benchmarks/load.sh.  Usage: benchmarks/storage_index.py [--runs 5]
"""
import argparse
import os
import re
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import warm  # noqa: E402

STATS = ["consistent gets", "physical read bytes", "cell physical IO bytes saved by storage index"]


def mystat():
    names = ", ".join(f"'{n}'" for n in STATS)
    return ("select n.name || '=' || m.value from v$mystat m join v$statname n "
            f"on n.statistic# = m.statistic# where n.name in ({names});\n")


def pathdb_run(pathdb, cache, dbdir, sql, runs, setup):
    script = setup + sql + "\n" + mystat() + (sql + "\n") * runs + mystat()
    _, out = warm.wall([pathdb, "--batch", "--format=csv", f"--cache-size={cache}", dbdir], script)
    vals = re.findall(r"^(consistent gets|physical read bytes|cell physical IO bytes saved by "
                      r"storage index)=(\d+)", out, re.M)
    if len(vals) != 2 * len(STATS):
        sys.exit("pathdb: " + out[-500:])
    before = {k: int(v) for k, v in vals[:len(STATS)]}
    after = {k: int(v) for k, v in vals[len(STATS):]}
    per = {k: (after[k] - before[k]) / runs for k in STATS}
    # Time per execution by wall clock, so a few milliseconds are resolved: a process running
    # the query 1+K times against one running it once (open, warm-up and exit cancel out).
    cmd = [pathdb, "--batch", "--format=csv", f"--cache-size={cache}", dbdir]
    k = 10
    samples = []
    for _ in range(runs):
        once, _ = warm.wall(cmd, setup + sql + "\n")
        many, _ = warm.wall(cmd, setup + (sql + "\n") * (1 + k))
        samples.append(max(1e-6, (many - once) / k))
    return statistics.median(samples), per


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pathdb", default=os.path.join(warm.ROOT, "build", "pathdb"))
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--cache-size", default="4G")
    ap.add_argument("--sql", default="SELECT COUNT(*), SUM(order_total) FROM orders "
                                     "WHERE order_id BETWEEN 5000000 AND 5050000;")
    a = ap.parse_args()
    data = os.environ.get("PEERS_DATA", "/tmp/pathdb-bench/data")
    os.environ["PEERS_DATA"] = data
    pgsh = os.path.join(warm.SHARED, "peers", "pg.sh")
    subprocess.run([pgsh, "start"], check=True, capture_output=True)
    dbdir = os.path.join(data, "pathdb", "soe")
    hint = a.sql.replace("SELECT ", "SELECT /*+ FULL(orders) */ ", 1)
    print(f"query: {hint}\nload: {open('/proc/loadavg').read().split()[:3]}")
    pg = statistics.median(warm.pg_times(pgsh, a.sql, a.runs))
    pg_serial = statistics.median(warm.pg_times(pgsh, a.sql, a.runs, True))
    rows = ["| pathdb | storage index | median | KiB visited | physical read KiB | saved by storage "
            "index | vs index off | vs PostgreSQL serial |", "|---" * 8 + "|"]
    for mode in ("direct", "buffered"):
        res = {}
        for si in ("on", "off"):
            setup = warm.MODES[mode] + \
                f'alter session set "_kcfis_storageidx_disabled" = {"false" if si == "on" else "true"};\n'
            res[si] = pathdb_run(a.pathdb, a.cache_size, dbdir, hint, a.runs, setup)
        for si in ("on", "off"):
            t, per = res[si]
            visited = per["consistent gets"] * 8
            off_t, off_per = res["off"]
            rows.append(f"| {mode} | {si} | {t * 1000:.1f} ms | {visited:,.0f} | "
                        f"{per['physical read bytes'] / 1024:,.0f} | "
                        f"{per['cell physical IO bytes saved by storage index'] / 1048576:,.0f} MiB | "
                        f"{off_t / t:.1f}x faster, {off_per['consistent gets'] / max(1, per['consistent gets']):.0f}x fewer blocks | "
                        f"{t / pg_serial:.2f}x |")
            print(rows[-1], flush=True)
    rows.append(f"| PostgreSQL as configured | | {pg * 1000:.1f} ms | | | | | |")
    rows.append(f"| PostgreSQL serial | | {pg_serial * 1000:.1f} ms | | | | | |")
    print("\n".join(rows))


if __name__ == "__main__":
    main()
