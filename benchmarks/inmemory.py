#!/usr/bin/env python3
"""In-memory column store (issue 12): population, size and scans of pathdb's INMEMORY tables
beside DuckDB threads=1 (and PostgreSQL serial), all in ONE invocation.

  a. ORDERS (SOE, 10M rows): set NO INMEMORY, warm a buffered plain full scan
     (select /*+ no_inmemory(o) full(o) */ count(*) ...) and a scan decoding every column, then
     ALTER TABLE orders INMEMORY MEMCOMPRESS FOR QUERY LOW and time DBMS_INMEMORY.POPULATE (the
     first population) and RUNS-1 DBMS_INMEMORY.REPOPULATE calls (both synchronous, on the
     session's thread); with perf installed, a `perf record --call-graph dwarf` profile of one
     REPOPULATE (inclusive shares of ColumnBuffer::AppendField = row fields into column buffers,
     ColumnCU::Build = encoding, and the rest = reading and splitting the rows).
  b. V$IM_SEGMENTS.INMEMORY_SIZE of ORDERS beside the size of a DuckDB file holding only ORDERS
     (CREATE TABLE AS SELECT from the peers' soe.duckdb, no indexes, after CHECKPOINT); per
     column (unless --no-column-sizes): INMEMORY_SIZE with only that column INMEMORY (so each
     includes the per-block ROWID bookkeeping) beside a DuckDB file of a one-column table; and
     INMEMORY_SIZE of ORDERS at MEMCOMPRESS FOR QUERY HIGH, CAPACITY LOW and CAPACITY HIGH
     (bit-packed codes), each with its population time.
  c. SOE b, c, d (../shared/peers/sql/soe/queries) in one long pathdb session with ORDERS and
     CUSTOMERS INMEMORY (populated), parallel_degree 1; the same session with NO_INMEMORY hints
     (default access mode and _serial_direct_read = never), d also with NO_PX_JOIN_FILTER(o);
     DuckDB `SET threads=1` through the peers' duck.mjs (run right before pathdb, query by
     query); PostgreSQL with max_parallel_workers_per_gather = 0 (benchmarks/warm.py); then
     (unless --no-capacity) b, c, d again with both tables MEMCOMPRESS FOR CAPACITY HIGH.
  d. TPC-H Q1 and Q6 with LINEITEM INMEMORY in a second pathdb session (a database holding only
     LINEITEM, loaded from --tpch-dir once) against DuckDB threads=1 on a file holding only
     LINEITEM; Oracle text of ../shared/tpch/queries for pathdb, the peers' portable text for DuckDB.
  e. Instructions per row (valgrind --tool=callgrind) of filtered COUNT(*)s on a synthetic
     INMEMORY table of --callgrind-rows rows (columns as benchmarks/callgrind_ipr.sh): Ir of a
     process that populates and runs the query twice minus one that populates and runs it once
     = one warm execution, divided by the rows; per-function deltas of the two profiles. Each
     answer is checked against DuckDB computing the same generator expression over range().

Timing, pathdb: one long session per database (`set timing on`), one warm-up execution (its
answer is checked, its V$MYSTAT deltas shown), then RUNS batches of K executions, each batch
timed in the engine by SYSTIMESTAMP before and after (K chosen so that a batch takes >= 0.3 s:
SET TIMING's hundredths are too coarse for millisecond queries); time per execution = median
over the batches. DuckDB: before each pathdb batch, one duck.mjs bench process (a warm-up run,
then 3 runs; their median is one sample), so the engines alternate and share the machine's
load; DuckDB time = median of the RUNS samples, and the ratio is also given as the median of
the RUNS per-pair ratios. PostgreSQL:
psql \\timing after a warm-up, median. Every pathdb answer is compared with DuckDB's (numbers
within a relative 1e-9; "MISMATCH" is printed and the run ends with exit status 1). With perf,
every INMEMORY query is also profiled (`perf record` attached to the session for a few seconds
of executions; top functions printed).

Needs the databases of benchmarks/load.sh (PEERS_DATA; DuckDB's soe.duckdb is made by the peers'
duckdb engine: ENGINES="duckdb-t1 postgres pathdb" benchmarks/load.sh) and, for TPC-H SF 1, dbgen's
lineitem.tbl (../shared/tpch/README.md: dbgen -s 1, trailing '|' stripped); without --tpch-dir
the SF 0.1 LINEITEM of ../shared/tpch is used.

Usage (the machine must not be running anything else that matters: it starts pathdb with
--cache-size=4G --inmemory-size=4G and PostgreSQL has shared_buffers=4GB):
  PEERS_DATA=/tmp/pathdb-bench/data benchmarks/inmemory.py [--pathdb build/pathdb] [--runs 5]
      [--tpch-dir DIR] [--callgrind-rows 1000000] [--no-pg] [--no-perf] [--no-column-sizes]
      [--parts soe,tpch,callgrind] [--json FILE]
  --work DIR (default $PEERS_DATA/inmemory): the DuckDB ORDERS-only file and the TPC-H databases.
Exit status 1 when any answer differed or any statement failed (listed at the end).
Takes ~6 minutes at the default sizes (plus the first TPC-H load).
"""
import argparse
import csv
import gzip
import json
import math
import os
import re
import selectors
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from decimal import Decimal, InvalidOperation

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import warm  # noqa: E402

ROOT = warm.ROOT
SHARED = warm.SHARED
IM_STATS = ["IM scan rows", "IM scan rows valid", "IM scan rows projected", "IM scan CUs pruned",
            "IM scan CUs columns accessed", "IM scan CUs invalid or missing revert to on disk extent",
            "IM populate rows", "consistent gets", "physical read bytes"]
XPLAN = "select * from table(dbms_xplan.display(format=>'BASIC +PREDICATE'));"
PROBLEMS = []  # every mismatch, error and crash, printed again at the end


def problem(msg):
    PROBLEMS.append(msg)
    print(f"\n*** {msg}\n", flush=True)


class SqlError(Exception):
    pass


class Crash(Exception):
    pass


# ------------------------------------------------------------------ one long pathdb session
class Session:
    """A pathdb process reading statements from a pipe; run() sends a script followed by a
    marker query and returns the CSV lines printed before the marker and the stderr lines."""

    def __init__(self, pathdb, dbdir, cache, imsize, label):
        self.label = label
        self.cmd = [pathdb, "--batch", "--format=csv", f"--cache-size={cache}",
                    f"--inmemory-size={imsize}", dbdir]
        self.p = subprocess.Popen(self.cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE)
        self.sel = selectors.DefaultSelector()
        self.sel.register(self.p.stdout, selectors.EVENT_READ, "out")
        self.sel.register(self.p.stderr, selectors.EVENT_READ, "err")
        self.n = 0
        self.history = []  # the last statements sent (for crash reports)
        self.run("set timing on")

    @property
    def pid(self):
        return self.p.pid

    def run(self, sql, check=True, timeout=3600):
        self.n += 1
        mark = f"IMBENCH_MARK_{self.n}"
        text = sql.rstrip() + "\n"
        self.history = (self.history + [text])[-5:]
        # Written by a thread while this one reads: a long script (thousands of executions of
        # a sub-millisecond query) fills the input pipe while its output fills the other.
        broken = []

        def feed():
            try:
                self.p.stdin.write((text + f"select '{mark}' as imbench_mark from dual;\n").encode())
                self.p.stdin.flush()
            except (BrokenPipeError, ValueError):
                broken.append(True)

        writer = threading.Thread(target=feed, daemon=True)
        writer.start()
        out, err = b"", b""
        want = ("\n" + mark + "\n").encode()
        t0 = time.perf_counter()
        while want not in b"\n" + out:
            if time.perf_counter() - t0 > timeout:
                raise SqlError(f"{self.label}: no answer within {timeout} s to: {text[:300]}")
            for key, _ in self.sel.select(timeout=1.0):
                chunk = os.read(key.fileobj.fileno(), 1 << 16)
                if not chunk:
                    if key.data == "out":
                        self.p.wait()
                        raise Crash(self.crash_report(err))
                    self.sel.unregister(key.fileobj)
                    continue
                if key.data == "out":
                    out += chunk
                else:
                    err += chunk
        wall = time.perf_counter() - t0
        writer.join()
        if broken:
            raise Crash(self.crash_report(err))
        # stderr written before the marker's line is in the pipe by now
        while True:
            ready = [k for k, _ in self.sel.select(timeout=0) if k.data == "err"]
            if not ready:
                break
            chunk = os.read(ready[0].fileobj.fileno(), 1 << 16)
            if not chunk:
                break
            err += chunk
        lines = out.decode().split("\n")
        cut = lines.index(mark)
        lines = [l for l in lines[:cut - 1] if l != ""]  # drop the marker's header line
        errs = err.decode().splitlines()
        bad = [l for l in errs if re.match(r"^(ORA|SP2|PLS)-\d+", l)]
        if bad and check:
            raise SqlError(f"{self.label}: {bad[0]}\n  in: {text.strip()[:400]}")
        return lines, errs, wall

    def crash_report(self, err=b""):
        rc = self.p.poll()
        tail = err.decode(errors="replace")[-800:]
        try:
            tail += self.p.stderr.read().decode(errors="replace")[-800:]
        except Exception:
            pass
        return (f"pathdb CRASH ({self.label}, exit status {rc}) after:\n"
                + "".join("    " + h for h in self.history) + f"  stderr tail: {tail.strip()}")

    def rows(self, sql):
        """Data rows of one query (the CSV header dropped)."""
        lines, _, _ = self.run(sql)
        return [tuple(r) for r in csv.reader(lines[1:])]

    def value(self, sql):
        return self.rows(sql)[0][0]

    def stats(self, names=IM_STATS):
        ns = ", ".join(f"'{n}'" for n in names)
        rows = self.rows("select n.name, m.value from v$mystat m join v$statname n "
                         f"on n.statistic# = m.statistic# where n.name in ({ns});")
        return {r[0]: int(r[1]) for r in rows}

    def plan(self, sql):
        lines, _, _ = self.run(f"explain plan for {sql}\n{XPLAN}")
        return "\n".join(r[0] for r in csv.reader(lines[1:]) if r).rstrip()

    def timed_batch(self, script, k=1):
        """Seconds between SYSTIMESTAMPs taken before and after `script` run k times."""
        ts = "select to_char(systimestamp, 'SSSSS.FF6') as imbench_t from dual;\n"
        lines, _, wall = self.run(ts + (script.rstrip() + "\n") * k + ts)
        marks = [i for i, l in enumerate(lines) if l == "IMBENCH_T"]
        t0, t1 = float(lines[marks[0] + 1]), float(lines[marks[-1] + 1])
        if t1 < t0:
            t1 += 86400  # midnight
        return t1 - t0, wall

    def close(self):
        try:
            self.p.stdin.write(b"exit\n")
            self.p.stdin.close()
            self.p.wait(timeout=120)
        except Exception:
            self.p.kill()


def hinted(sql, hint):
    return re.sub(r"^\s*select\b", f"SELECT /*+ {hint} */", sql, count=1, flags=re.I) if hint else sql


def measure(s, name, sql, runs, perf=None, target=0.3, peer=None):
    """Warm-up execution (answer, V$MYSTAT deltas), then `runs` timed batches; median seconds.
    peer: a function returning (seconds, rows) of one DuckDB sample, called before each batch so
    that both engines see the same load on this shared machine (pairs of samples)."""
    before = s.stats()
    t0 = time.perf_counter()
    answer = s.rows(sql)
    first = time.perf_counter() - t0
    after = s.stats()
    delta = {k: after.get(k, 0) - before.get(k, 0) for k in after}
    est, _ = s.timed_batch(sql, 1)
    k = max(1, min(5000, math.ceil(target / max(est, 1e-5))))
    samples, peer_samples, peer_rows = [], [], None
    for _ in range(runs):
        if peer:
            pt, rows = peer()
            if pt is not None:
                peer_samples.append(pt)
                peer_rows = rows
        t, _ = s.timed_batch(sql, k)
        samples.append(t / k)
    med = statistics.median(samples)
    res = {"name": name, "sql": sql, "median_s": med, "samples_s": samples, "k": k,
           "first_s": first, "stats": delta, "answer": answer}
    if peer_samples:
        res["peer_samples_s"] = peer_samples
        res["peer_median_s"] = statistics.median(peer_samples)
        res["peer_answer"] = peer_rows
        res["pair_ratio"] = statistics.median(x / y for x, y in zip(samples, peer_samples))
    if perf:
        res["profile"] = perf_profile(s, sql, med, perf)
    print(f"  pathdb {name}: {med * 1000:.2f} ms per execution (median of {runs} batches of {k}; "
          f"warm-up {first * 1000:.1f} ms) " + ", ".join(f"{k2}={v}" for k2, v in delta.items() if v),
          flush=True)
    return res


def perf_profile(s, sql, per_exec, seconds, top=12):
    """Flat profile of the session process while it runs `sql` for about `seconds`."""
    k = max(1, int(seconds / max(per_exec, 1e-5)))
    f = tempfile.mktemp(prefix="imbench-perf.", suffix=".data")
    rec = subprocess.Popen(["perf", "record", "-F", "1999", "-p", str(s.pid), "-o", f],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(0.3)
    s.run((sql.rstrip() + "\n") * k)
    rec.send_signal(signal.SIGINT)
    rec.wait()
    return perf_top(f, top)


def perf_top(f, top=12):
    """[(self %, function)] of a perf.data file, highest first."""
    return [(sp, fn) for _, sp, fn in perf_rows(f, children=False)][:top]


def perf_rows(f, children):
    """[(children %, self %, function)] of `perf report` (children % = self % without call graphs)."""
    cmd = ["perf", "report", "-i", f, "--stdio", "--sort", "symbol"]
    cmd += ["--children", "-g", "none"] if children else ["--no-children"]
    r = subprocess.run(cmd, capture_output=True, text=True)
    try:
        os.unlink(f)
    except OSError:
        pass
    out = []
    for line in r.stdout.splitlines():
        m = re.match(r"^\s+([0-9.]+)%\s+(?:([0-9.]+)%\s+)?\[(.)\]\s+(.*?)\s*$", line)
        if m:
            fn = re.sub(r"(\s+-)+\s*$", "", m.group(4)).strip()[:140]
            fn = ("[k] " if m.group(3) == "k" else "") + fn
            ch = float(m.group(1))
            sp = float(m.group(2)) if m.group(2) else ch
            out.append((ch, sp, fn))
    if not children:
        out.sort(key=lambda x: -x[1])
    return out


def populate_profile(s, table):
    """perf with call graphs (DWARF) of one REPOPULATE: inclusive shares of the population."""
    f = tempfile.mktemp(prefix="imbench-perf.", suffix=".data")
    rec = subprocess.Popen(["perf", "record", "-F", "499", "--call-graph", "dwarf,16384", "-p", str(s.pid),
                            "-o", f], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(0.5)
    s.run(f"exec dbms_inmemory.repopulate(user, '{table}')")
    rec.send_signal(signal.SIGINT)
    rec.wait()
    rows = perf_rows(f, children=True)
    total = next((c for c, _, fn in rows if fn.endswith("ImStore::Populate")), None)
    if not total:
        return {"error": "no ImStore::Populate samples"}
    share = {}
    for key in ("ColumnBuffer::AppendField", "ColumnCU::Build", "ImStore::Populate"):
        c = next(((c, sp) for c, sp, fn in rows if fn.endswith(key)), (0.0, 0.0))
        share[key] = {"inclusive": c[0] / total, "self": c[1] / total}
    selfs = sorted(((sp / total, fn) for _, sp, fn in rows if sp > 0), reverse=True)[:10]
    return {"shares": share, "top_self": selfs}


# ------------------------------------------------------------------ answers
def num(v):
    try:
        return Decimal(v.strip().strip('"'))
    except (InvalidOperation, AttributeError):
        return None


def same(a_rows, b_rows):
    if len(a_rows) != len(b_rows):
        return False
    for ra, rb in zip(a_rows, b_rows):
        if len(ra) != len(rb):
            return False
        for x, y in zip(ra, rb):
            nx, ny = num(str(x)), num(str(y))
            if nx is not None and ny is not None:
                if nx != ny and abs(nx - ny) > Decimal("1e-9") * max(abs(nx), abs(ny)):
                    return False
            elif str(x).strip() != str(y).strip():
                return False
    return True


def check(what, pdb_rows, ref_rows, ref_name="DuckDB"):
    if same(pdb_rows, ref_rows):
        print(f"  answer ok ({what}): {pdb_rows[:4]}{' ...' if len(pdb_rows) > 4 else ''}", flush=True)
        return True
    problem(f"MISMATCH {what}: pathdb {pdb_rows} != {ref_name} {ref_rows}")
    return False


# ------------------------------------------------------------------ DuckDB
def duck(a, *args, stdin=None):
    r = subprocess.run(["node", os.path.join(a.duck_home, "duck.mjs"), *args], input=stdin,
                       capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError("duckdb: " + r.stderr.strip()[:500])
    return r.stdout


def duck_once(a, db, name, sql):
    """One DuckDB sample: a process running sql once to warm up, then 3 times; their median."""
    job = {"db": db, "threads": 1, "runs": 3, "timeout_s": 300, "repeat_max_s": 60,
           "queries": [{"name": name, "sql": sql}]}
    d = tempfile.mkdtemp(prefix="imbench-duck.")
    f = os.path.join(d, "job.json")
    with open(f, "w") as fh:
        json.dump(job, fh)
    try:
        r = json.loads(duck(a, "bench", f))[0]
    finally:
        shutil.rmtree(d, ignore_errors=True)
    if r["error"]:
        problem(f"DuckDB error on {name}: {r['error']}")
        return None, None
    return statistics.median(r["times"]), [tuple(x) for x in r["rows"]]


def file_bytes(path):
    return sum(os.path.getsize(p) for p in (path, path + ".wal") if os.path.exists(p))


# ------------------------------------------------------------------ a + b + c: SOE
def soe(a, res):
    data = os.environ["PEERS_DATA"]
    params = {}
    for line in open(os.path.join(data, "soe", "params.txt")):
        if "=" in line:
            k, v = line.strip().split("=", 1)
            params[k] = v
    qdir = os.path.join(SHARED, "peers", "sql", "soe", "queries")
    queries = {q: warm.fill(open(os.path.join(qdir, q + ".sql")).read(), params).strip()
               for q in ("b", "c", "d")}
    no_im = {"b": "NO_INMEMORY(orders)", "c": "NO_INMEMORY(orders)", "d": "NO_INMEMORY(o) NO_INMEMORY(c)"}
    dbdir = os.path.join(data, "pathdb", "soe")
    soe_duck = os.path.join(data, "duckdb", "soe.duckdb")
    if not os.path.isdir(dbdir) or not os.path.exists(soe_duck):
        sys.exit(f"missing {dbdir} or {soe_duck}: run "
                 "ENGINES='duckdb-t1 postgres pathdb' benchmarks/load.sh first")

    s = Session(a.pathdb, dbdir, a.cache_size, a.inmemory_size, "SOE")
    try:
        n_orders = int(s.value("select count(*) from orders;"))
        n_cust = int(s.value("select count(*) from customers;"))
        print(f"SOE: {n_orders:,} ORDERS, {n_cust:,} CUSTOMERS (pathdb {dbdir})", flush=True)
        res["soe_rows"] = {"orders": n_orders, "customers": n_cust}
        d_counts = duck(a, "cli", soe_duck, stdin="select count(*) from orders; select count(*) from customers;").split()
        if [int(x) for x in d_counts] != [n_orders, n_cust]:
            problem(f"DuckDB soe.duckdb holds {d_counts} rows (ORDERS, CUSTOMERS), pathdb "
                    f"{n_orders}, {n_cust}: reload with benchmarks/load.sh")

        # ---- a. population against a plain full scan
        print("\n== a. population of ORDERS vs a full scan", flush=True)
        s.run("alter table orders no inmemory;\nalter table customers no inmemory;\n"
              "alter session set parallel_degree = 1;", check=False)
        cols = [r[0] for r in s.rows("select column_name from user_tab_columns "
                                     "where table_name = 'ORDERS' order by column_id;")]
        scan = "select /*+ no_inmemory(o) full(o) */ count(*) from orders o;"
        allcols = ("select /*+ no_inmemory(o) full(o) */ count(*), "
                   + ", ".join(f"max({c})" for c in cols) + " from orders o;")
        s.run('alter session set "_serial_direct_read" = never;')
        pa = {"scan_count_buffered": measure(s, "full scan count(*) buffered", scan, a.runs),
              "scan_allcols_buffered": measure(s, "full scan max(every column) buffered", allcols, a.runs)}
        check("full scan count(*) of ORDERS", pa["scan_count_buffered"]["answer"], [(str(d_counts[0]),)])
        s.run('alter session set "_serial_direct_read" = always;')
        pa["scan_count_direct"] = measure(s, "full scan count(*) direct", scan, a.runs)
        s.run('alter session set "_serial_direct_read" = never;')  # population reads via the cache
        s.run("alter table orders inmemory memcompress for query low;")
        before = s.stats()
        t, wall = s.timed_batch("exec dbms_inmemory.populate(user, 'ORDERS')")
        after = s.stats()
        pa["populate_first_s"] = t
        pa["populate_rows"] = after["IM populate rows"] - before["IM populate rows"]
        rep = []
        for _ in range(max(1, a.runs - 1)):
            t, _ = s.timed_batch("exec dbms_inmemory.repopulate(user, 'ORDERS')")
            rep.append(t)
        pa["repopulate_s"] = rep
        pa["populate_median_s"] = statistics.median([pa["populate_first_s"]] + rep)
        print(f"  POPULATE (first) {pa['populate_first_s']:.3f} s, {pa['populate_rows']:,} rows; "
              f"REPOPULATE {', '.join(f'{x:.3f}' for x in rep)} s", flush=True)
        if a.perf:
            prof = populate_profile(s, "ORDERS")
            pa["populate_profile"] = prof
            if "shares" in prof:
                print("  one REPOPULATE under perf (call graphs), share of ImStore::Populate: " + ", ".join(
                    f"{k} {v['inclusive'] * 100:.0f}% incl. ({v['self'] * 100:.0f}% self)"
                    for k, v in prof["shares"].items()))
                for pct, fn in prof["top_self"]:
                    print(f"    {pct * 100:5.1f}%  {fn}")
        seg = s.rows("select segment_name, populate_status, bytes, inmemory_size from v$im_segments "
                     "where segment_name = 'ORDERS';")
        print(f"  V$IM_SEGMENTS: {seg}", flush=True)
        pa["im_segment"] = seg[0] if seg else None
        if not seg or seg[0][1] != "COMPLETED":
            problem(f"ORDERS not populated: V$IM_SEGMENTS {seg}")
        res["a"] = pa

        # ---- b. compressed size vs DuckDB's file
        print("\n== b. size of ORDERS: pathdb INMEMORY_SIZE vs DuckDB file", flush=True)
        os.makedirs(a.work, exist_ok=True)
        only = os.path.join(a.work, "orders_only.duckdb")
        for p in (only, only + ".wal"):
            if os.path.exists(p):
                os.unlink(p)
        f = os.path.join(a.work, "orders_only.sql")
        with open(f, "w") as fh:
            fh.write(f"ATTACH '{soe_duck}' AS src (READ_ONLY);\n"
                     "CREATE TABLE orders AS SELECT * FROM src.orders;\nDETACH src;\nCHECKPOINT;\n")
        duck(a, "exec", only, f, "1")
        n_only = int(duck(a, "cli", only, stdin="select count(*) from orders;").strip())
        pb = {"duckdb_orders_only_bytes": file_bytes(only), "duckdb_orders_only_rows": n_only,
              "duckdb_soe_file_bytes": file_bytes(soe_duck),
              "pathdb_segment_bytes": int(seg[0][2]) if seg else None,
              "pathdb_inmemory_size": int(seg[0][3]) if seg else None}
        print(f"  pathdb ORDERS: segment {pb['pathdb_segment_bytes']:,} B, INMEMORY_SIZE "
              f"{pb['pathdb_inmemory_size']:,} B; DuckDB ORDERS-only file {pb['duckdb_orders_only_bytes']:,} B "
              f"({n_only:,} rows)", flush=True)
        # the other MEMCOMPRESS levels: QUERY HIGH and CAPACITY bit-pack the codes
        pb["levels"] = {}
        for lvl in ("query high", "capacity low", "capacity high"):
            s.run(f"alter table orders inmemory memcompress for {lvl};")
            t, _ = s.timed_batch("exec dbms_inmemory.populate(user, 'ORDERS')")
            lseg = s.rows("select segment_name, populate_status, bytes, inmemory_size from v$im_segments "
                          "where segment_name = 'ORDERS';")
            size = int(lseg[0][3])
            pb["levels"][lvl] = {"inmemory_size": size, "populate_s": t}
            print(f"  MEMCOMPRESS FOR {lvl.upper()}: INMEMORY_SIZE {size:,} B "
                  f"({size / pb['duckdb_orders_only_bytes']:.2f}x DuckDB's file), populated in {t:.3f} s",
                  flush=True)
        s.run("alter table orders inmemory memcompress for query low;")
        s.run("exec dbms_inmemory.populate(user, 'ORDERS')")
        if a.column_sizes:
            # per column: pathdb INMEMORY_SIZE with only that column INMEMORY, DuckDB's file of a
            # one-column table (CTAS from the ORDERS-only file) and DuckDB's compression methods
            pb["columns"] = {}
            comp = {}
            for line in duck(a, "cli", only, stdin="select column_name, string_agg(distinct compression, '+') "
                             "from pragma_storage_info('orders') group by all;").splitlines():
                k, _, v = line.partition("|")
                comp[k.upper()] = v
            for c in cols:
                others = [x for x in cols if x != c]
                s.run(f"alter table orders inmemory inmemory ({c}) no inmemory ({', '.join(others)});")
                s.run("exec dbms_inmemory.populate(user, 'ORDERS')")
                size = int(s.rows("select inmemory_size from v$im_segments where segment_name = 'ORDERS';")[0][0])
                one = os.path.join(a.work, "orders_col.duckdb")
                for p in (one, one + ".wal"):
                    if os.path.exists(p):
                        os.unlink(p)
                with open(f, "w") as fh:
                    fh.write(f"ATTACH '{only}' AS src (READ_ONLY);\nCREATE TABLE t AS SELECT {c} FROM src.orders;\n"
                             "DETACH src;\nCHECKPOINT;\n")
                duck(a, "exec", one, f, "1")
                pb["columns"][c] = {"pathdb_inmemory_size": size, "duckdb_file_bytes": file_bytes(one),
                                    "duckdb_compression": comp.get(c, "")}
                print(f"  {c}: pathdb {size:,} B, DuckDB one-column file {file_bytes(one):,} B ({comp.get(c, '')})",
                      flush=True)
            for p in (one, one + ".wal"):
                if os.path.exists(p):
                    os.unlink(p)
            s.run(f"alter table orders inmemory inmemory ({', '.join(cols)});")
            s.run("exec dbms_inmemory.populate(user, 'ORDERS')")
            seg = s.rows("select segment_name, populate_status, bytes, inmemory_size from v$im_segments "
                         "where segment_name = 'ORDERS';")
            if int(seg[0][3]) != pb["pathdb_inmemory_size"]:
                print(f"  (note: every column again: INMEMORY_SIZE {seg[0][3]})")
        res["b"] = pb

        # ---- c. SOE b, c, d
        print("\n== c. SOE b, c, d: pathdb INMEMORY vs DuckDB threads=1", flush=True)
        s.run("alter table customers inmemory memcompress for query low;")
        t, _ = s.timed_batch("exec dbms_inmemory.populate(user, 'CUSTOMERS')")
        print(f"  CUSTOMERS populated in {t:.3f} s", flush=True)
        s.run('alter session set "_serial_direct_read" = auto;')
        segs = s.rows("select segment_name, populate_status, bytes, inmemory_size from v$im_segments;")
        print(f"  V$IM_SEGMENTS: {segs}", flush=True)
        pc = {"customers_populate_s": t, "segments": segs, "queries": {}}
        dres = {}  # DuckDB runs right before pathdb, query by query (the machine's load drifts)
        pg = {}
        if a.pg:
            pgsh = os.path.join(SHARED, "peers", "pg.sh")
            subprocess.run([pgsh, "start"], check=True, capture_output=True)
            for q, sql in queries.items():
                pg[q] = statistics.median(warm.pg_times(pgsh, sql, a.runs, True))
                rows = [tuple(l.split("|")) for l in subprocess.run(
                    [pgsh, "psql", "-d", "soe", "-A", "-t"], input=sql, capture_output=True,
                    text=True).stdout.splitlines() if l]
                print(f"  PostgreSQL serial {q}: {pg[q] * 1000:.1f} ms", flush=True)
                pg[q + " rows"] = rows
        for q, sql in queries.items():
            print(f"\n-- SOE {q}: {sql}", flush=True)
            entry = {"sql": sql}
            plan = s.plan(sql)
            entry["plan"] = plan
            print(plan, flush=True)
            if "INMEMORY FULL" not in plan:
                problem(f"SOE {q}: the plan has no TABLE ACCESS INMEMORY FULL")
            entry["im"] = measure(s, f"SOE {q} INMEMORY", sql, a.runs, a.perf_seconds if a.perf else None,
                                  peer=lambda: duck_once(a, soe_duck, q, sql))
            if "peer_median_s" in entry["im"]:
                dres[q] = (entry["im"]["peer_median_s"], entry["im"]["peer_answer"])
            if q in pg and q in dres:
                check(f"SOE {q} PostgreSQL vs DuckDB", pg[q + " rows"], dres[q][1], "DuckDB")
            if q == "d":  # context: the join filter's share (Bloom probes of every ORDERS row)
                entry["im_no_jf"] = measure(s, "SOE d INMEMORY NO_PX_JOIN_FILTER(o)",
                                            hinted(sql, "NO_PX_JOIN_FILTER(o)"), a.runs)
            entry["no_im_auto"] = measure(s, f"SOE {q} {no_im[q]} (auto)", hinted(sql, no_im[q]), a.runs)
            s.run('alter session set "_serial_direct_read" = never;')
            entry["no_im_buffered"] = measure(s, f"SOE {q} {no_im[q]} (buffered)", hinted(sql, no_im[q]), a.runs)
            s.run('alter session set "_serial_direct_read" = auto;')
            if q in dres:
                entry["duckdb_s"], entry["duckdb_answer"] = dres[q]
                for v in ("im", "im_no_jf", "no_im_auto", "no_im_buffered"):
                    if v in entry:
                        check(f"SOE {q} pathdb {v}", entry[v]["answer"], dres[q][1])
                print(f"  DuckDB threads=1 {q}: {dres[q][0] * 1000:.2f} ms -> pathdb/DuckDB "
                      f"{entry['im']['median_s'] / dres[q][0]:.2f}x (median of the per-pair ratios "
                      f"{entry['im']['pair_ratio']:.2f}x)", flush=True)
            if q in pg:
                entry["pg_serial_s"] = pg[q]
            pc["queries"][q] = entry
        if a.capacity:
            # the same queries on bit-packed IMCUs (MEMCOMPRESS FOR CAPACITY HIGH): the space they
            # save against the time of unpacking each batch
            print("\n-- SOE b, c, d with ORDERS and CUSTOMERS MEMCOMPRESS FOR CAPACITY HIGH", flush=True)
            for tab in ("ORDERS", "CUSTOMERS"):
                s.run(f"alter table {tab.lower()} inmemory memcompress for capacity high;")
                s.run(f"exec dbms_inmemory.populate(user, '{tab}')")
            pc["capacity_high"] = {}
            for q, sql in queries.items():
                m = measure(s, f"SOE {q} INMEMORY (CAPACITY HIGH)", sql, a.runs)
                pc["capacity_high"][q] = m
                if q in dres:
                    check(f"SOE {q} pathdb CAPACITY HIGH", m["answer"], dres[q][1])
                    print(f"  {q}: {m['median_s'] * 1000:.2f} ms -> {m['median_s'] / dres[q][0]:.2f}x DuckDB "
                          f"threads=1 (its time above)", flush=True)
        res["c"] = pc
        s.run("alter table orders no inmemory;\nalter table customers no inmemory;")
    except Crash as e:
        problem(str(e))
    finally:
        s.close()


# ------------------------------------------------------------------ d: TPC-H Q1, Q6
def tpch(a, res):
    print("\n== d. TPC-H Q1 and Q6, LINEITEM INMEMORY vs DuckDB threads=1", flush=True)
    os.makedirs(a.work, exist_ok=True)
    src = a.tpch_dir
    if not src:
        src = os.path.join(a.work, "tpch-sf0.1")
        if not os.path.exists(os.path.join(src, "lineitem.tbl")):
            os.makedirs(src, exist_ok=True)
            with gzip.open(os.path.join(SHARED, "tpch", "sf0.1", "lineitem.tbl.gz"), "rb") as fi, \
                    open(os.path.join(src, "lineitem.tbl"), "wb") as fo:
                shutil.copyfileobj(fi, fo)
    tbl = os.path.join(src, "lineitem.tbl")
    with open(tbl) as fh:
        if fh.readline().rstrip("\n").endswith("|"):
            sys.exit(f"{tbl}: strip the trailing '|' first (sed -i 's/|$//' {tbl})")
    n_lines = int(subprocess.run(["wc", "-l", tbl], capture_output=True, text=True).stdout.split()[0])
    sf = {600572: "0.1", 6001215: "1"}.get(n_lines, f"? ({n_lines} rows)")
    print(f"  LINEITEM: {n_lines:,} rows from {tbl} (SF {sf})", flush=True)
    tag = f"tpch-{n_lines}"
    pdir = os.path.join(a.work, f"pathdb-{tag}")
    ddb = os.path.join(a.work, f"duckdb-{tag}-lineitem.duckdb")
    ddl = open(os.path.join(SHARED, "tpch", "ddl.sql")).read()
    m = re.search(r"create table lineitem \(.*?\);", ddl, re.S | re.I)
    pd = {"sf": sf, "rows": n_lines, "queries": {}}

    # pathdb: a database holding only LINEITEM (loaded once)
    ok = False
    if os.path.isdir(pdir):
        r = subprocess.run([a.pathdb, "--batch", "--format=csv", pdir], input="select count(*) from lineitem;\n",
                           capture_output=True, text=True)
        ok = r.returncode == 0 and r.stdout.split()[-1:] == [str(n_lines)]
    if not ok:
        shutil.rmtree(pdir, ignore_errors=True)
        t0 = time.perf_counter()
        script = (f"whenever sqlerror exit failure\n{m.group(0)}\nset loadformat delimiter |\n"
                  "set loadformat column_names off\nset loadformat enclosures ''\n"
                  f"load lineitem {tbl}\ncommit;\nexec dbms_stats.gather_table_stats(user, 'LINEITEM')\n")
        r = subprocess.run([a.pathdb, "--batch", "--format=csv", pdir], input=script, capture_output=True, text=True)
        if r.returncode != 0:
            raise RuntimeError("pathdb LINEITEM load: " + (r.stdout[-300:] + r.stderr[-500:]).strip())
        pd["pathdb_load_s"] = time.perf_counter() - t0
        print(f"  pathdb LINEITEM loaded in {pd['pathdb_load_s']:.1f} s", flush=True)
    # DuckDB: a file holding only LINEITEM (peers' DDL and COPY)
    if not os.path.exists(ddb) or duck(a, "cli", ddb, stdin="select count(*) from lineitem;").strip() != str(n_lines):
        for p in (ddb, ddb + ".wal"):
            if os.path.exists(p):
                os.unlink(p)
        dl = open(os.path.join(SHARED, "peers", "sql", "tpch", "duckdb_load.sql")).read()
        stmts = [x for x in dl.split(";") if re.search(r"\blineitem\b", x, re.I)]
        f = os.path.join(a.work, "duck_lineitem.sql")
        with open(f, "w") as fh:
            fh.write(";\n".join(x.strip() for x in stmts).replace("@DATA@", src) + ";\nCHECKPOINT;\n")
        t0 = time.perf_counter()
        duck(a, "exec", ddb, f)
        print(f"  DuckDB LINEITEM loaded in {time.perf_counter() - t0:.1f} s", flush=True)
    pd["duckdb_lineitem_file_bytes"] = file_bytes(ddb)

    qs = {}
    for q in ("q01", "q06"):
        qs[q] = (open(os.path.join(SHARED, "tpch", "queries", q + ".sql")).read().strip(),
                 open(os.path.join(SHARED, "peers", "sql", "tpch", "queries", q + ".sql")).read().strip())
    dres = {}
    s = Session(a.pathdb, pdir, a.cache_size, a.inmemory_size, "TPC-H")
    try:
        s.run("alter session set nls_date_format = 'YYYY-MM-DD';\nalter session set parallel_degree = 1;\n"
              "alter table lineitem inmemory memcompress for query low;", check=False)
        s.run('alter session set "_serial_direct_read" = never;')
        s.rows("select /*+ no_inmemory(l) full(l) */ count(*) from lineitem l;")  # warm the cache
        t, _ = s.timed_batch("exec dbms_inmemory.repopulate(user, 'LINEITEM')")
        s.run('alter session set "_serial_direct_read" = auto;')
        seg = s.rows("select segment_name, populate_status, bytes, inmemory_size from v$im_segments;")
        print(f"  LINEITEM populated in {t:.3f} s; V$IM_SEGMENTS {seg}; DuckDB LINEITEM-only file "
              f"{pd['duckdb_lineitem_file_bytes']:,} B", flush=True)
        pd["populate_s"], pd["segments"] = t, seg
        for q, (osql, psql) in qs.items():
            print(f"\n-- TPC-H {q}", flush=True)
            sql = osql
            try:
                s.run(osql)
            except SqlError as e:
                problem(f"TPC-H {q} (Oracle text of ../shared/tpch/queries) fails: {e}; "
                        "timing the peers' portable text instead")
                sql = psql
            entry = {"sql": sql}
            entry["plan"] = s.plan(sql)
            print(entry["plan"], flush=True)
            if "INMEMORY FULL" not in entry["plan"]:
                problem(f"TPC-H {q}: the plan has no TABLE ACCESS INMEMORY FULL")
            entry["im"] = measure(s, f"TPC-H {q} INMEMORY", sql, a.runs, a.perf_seconds if a.perf else None,
                                  peer=lambda: duck_once(a, ddb, q, psql))
            if "peer_median_s" in entry["im"]:
                dres[q] = (entry["im"]["peer_median_s"], entry["im"]["peer_answer"])
            entry["no_im_auto"] = measure(s, f"TPC-H {q} NO_INMEMORY(lineitem) (auto)",
                                          hinted(sql, "NO_INMEMORY(lineitem)"), a.runs)
            if q in dres:
                entry["duckdb_s"], entry["duckdb_answer"] = dres[q]
                for v in ("im", "no_im_auto"):
                    check(f"TPC-H {q} pathdb {v}", entry[v]["answer"], dres[q][1])
                print(f"  DuckDB threads=1 {q}: {dres[q][0] * 1000:.2f} ms -> pathdb/DuckDB "
                      f"{entry['im']['median_s'] / dres[q][0]:.2f}x (median of the per-pair ratios "
                      f"{entry['im']['pair_ratio']:.2f}x)", flush=True)
            pd["queries"][q] = entry
        s.run("alter table lineitem no inmemory;")
    except Crash as e:
        problem(str(e))
    finally:
        s.close()
    res["d"] = pd


# ------------------------------------------------------------------ e: callgrind
def fn_costs(path):
    """{function: Ir} of a callgrind output (exclusive), via callgrind_annotate."""
    r = subprocess.run(["callgrind_annotate", "--threshold=100", path], capture_output=True, text=True)
    out = {}
    for line in r.stdout.splitlines():
        m = re.match(r"^\s*([0-9,]+)\s+(?:\([ 0-9.]+%\)\s+)?(.+?)\s*$", line)
        if m and ":" in m.group(2) and not m.group(2).startswith("PROGRAM TOTALS"):
            fn = m.group(2)
            fn = re.sub(r"^\S*?:", "", fn, count=1) if re.match(r"^[^ ]*?\.[ch]\w*:|^\?\?\?:", fn) else fn
            fn = re.sub(r"\s*\[[^\]]*\]$", "", fn)
            out[fn] = out.get(fn, 0) + int(m.group(1).replace(",", ""))
    return out


def callgrind(a, res):
    n = a.callgrind_rows
    print(f"\n== e. instructions per row (callgrind), synthetic ORDERS of {n:,} rows", flush=True)
    work = tempfile.mkdtemp(prefix="imbench-ipr.")
    db = os.path.join(work, "db")
    pe = {"rows": n, "queries": {}}
    try:
        r = subprocess.run([a.pathdb, "--batch", db], capture_output=True, text=True, input=f"""
whenever sqlerror exit failure
create table orders (order_id number(12) not null, customer_id number(12), order_status number(2),
  order_total number(12,2), warehouse_id number(6));
insert /*+ append */ into orders select level, mod(level * 7919, {max(1, n // 10)}) + 1, mod(level, 11),
  mod(level * 13, 10000) / 100, mod(level * 31, 1000) from dual connect by level <= {n};
commit;
exec dbms_stats.gather_table_stats(user, 'ORDERS')
alter table orders inmemory memcompress for query low;
""")
        if r.returncode != 0:
            raise RuntimeError("synthetic table: " + (r.stdout[-300:] + r.stderr[-300:]).strip())
        lo, hi = 1, max(1, n // 100)
        cases = [
            ("warehouse_id BETWEEN 400 AND 409 (1%, scattered: no IMCU pruned)", "",
             "select count(*) from orders where warehouse_id between 400 and 409;",
             f"select count(*) from range(1, {n + 1}) t(l) where (l * 31) % 1000 between 400 and 409;"),
            ("the same, _inmemory_simd = SCALAR", "alter session set \"_inmemory_simd\" = scalar;\n",
             "select count(*) from orders where warehouse_id between 400 and 409;",
             f"select count(*) from range(1, {n + 1}) t(l) where (l * 31) % 1000 between 400 and 409;"),
            ("order_total BETWEEN 10 AND 10.99 (NUMBER(12,2), 1%)", "",
             "select count(*) from orders where order_total between 10 and 10.99;",
             f"select count(*) from range(1, {n + 1}) t(l) where ((l * 13) % 10000) / 100 between 10 and 10.99;"),
            (f"order_id BETWEEN {lo} AND {hi} (1%, clustered: the IMCUs after the first pruned)", "",
             f"select count(*) from orders where order_id between {lo} and {hi};",
             f"select count(*) from range(1, {n + 1}) t(l) where l between {lo} and {hi};"),
        ]
        pop = "exec dbms_inmemory.populate(user, 'ORDERS')\n"
        for label, setup, q, dq in cases:
            # natively first: answer, plan, statistics
            st = ("select n.name || '=' || m.value from v$mystat m join v$statname n on n.statistic# = "
                  "m.statistic# where n.name in ('IM scan rows', 'IM scan CUs pruned', 'IM scan rows projected');\n")
            r = subprocess.run([a.pathdb, "--batch", "--format=csv", "--inmemory-size=1G", db],
                               input=setup + pop + q + "\nexplain plan for " + q + "\n" + XPLAN + "\n" + st,
                               capture_output=True, text=True)
            lines = r.stdout.splitlines()
            got = [(lines[1],)] if len(lines) > 1 else []
            want = [(duck(a, "cli", ":memory:", stdin=dq).strip(),)]
            check(f"callgrind query {q.strip()}", got, want)
            if "INMEMORY FULL" not in r.stdout:
                problem(f"callgrind query {q}: plan has no TABLE ACCESS INMEMORY FULL")
            stats = dict(re.findall(r"^(IM [a-zA-Z ]+)=(\d+)", r.stdout, re.M))

            def ir(script, tag):
                f = os.path.join(work, f"cg.{tag}.out")
                rr = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={f}",
                                     a.pathdb, "--batch", "--inmemory-size=1G", db], input=script,
                                    capture_output=True, text=True)
                if rr.returncode != 0:
                    raise RuntimeError("valgrind: " + rr.stderr[-500:])
                return int(re.search(r"^summary: (\d+)", open(f).read(), re.M).group(1)), f
            one, f1 = ir(setup + pop + q + "\n", "1")
            two, f2 = ir(setup + pop + q + "\n" + q + "\n", "2")
            c1, c2 = fn_costs(f1), fn_costs(f2)
            diff = sorted(((c2.get(k, 0) - c1.get(k, 0), k) for k in set(c1) | set(c2)), reverse=True)
            per = (two - one) / n
            pe["queries"][label] = {"sql": q, "ir_per_row": per, "ir_one_execution": two - one,
                                    "stats": stats, "top": [(d / n, k) for d, k in diff[:8]]}
            print(f"  {label}: {per:.2f} Ir/row ({two - one:,} Ir per execution; {stats})", flush=True)
            for d, k in diff[:6]:
                print(f"      {d / n:7.3f} Ir/row  {k[:130]}")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    res["e"] = pe


# ------------------------------------------------------------------ report
def ms(x):
    return f"{x * 1000:.2f} ms" if x is not None else "n/a"


def report(a, res):
    print("\n\n# Summary\n")
    if "a" in res:
        pa = res["a"]
        print("| ORDERS (a) | seconds |\n|---|---|")
        for k, lbl in (("scan_count_buffered", "full scan count(*), buffered, warm"),
                       ("scan_allcols_buffered", "full scan max() of every column, buffered, warm"),
                       ("scan_count_direct", "full scan count(*), direct path")):
            print(f"| {lbl} | {pa[k]['median_s']:.3f} |")
        print(f"| DBMS_INMEMORY.POPULATE (first) | {pa['populate_first_s']:.3f} |")
        print(f"| DBMS_INMEMORY.REPOPULATE (median of {len(pa['repopulate_s'])}) | "
              f"{statistics.median(pa['repopulate_s']):.3f} |")
        print(f"| population / full scan count(*) | {pa['populate_median_s'] / pa['scan_count_buffered']['median_s']:.2f}x |")
        print(f"| population / full scan max() of every column | "
              f"{pa['populate_median_s'] / pa['scan_allcols_buffered']['median_s']:.2f}x |")
        prof = pa.get("populate_profile", {})
        if "shares" in prof:
            print("\nOne REPOPULATE of ORDERS under perf (call graphs), share of ImStore::Populate:\n")
            for k, v in prof["shares"].items():
                print(f"- {k}: {v['inclusive'] * 100:.1f}% inclusive, {v['self'] * 100:.1f}% self")
            print("- top self: " + "; ".join(f"{fn} {p * 100:.1f}%" for p, fn in prof["top_self"][:6]))
    if "b" in res:
        pb = res["b"]
        print(f"\n| size of ORDERS (b) | bytes |\n|---|---|\n| pathdb segment (V$IM_SEGMENTS.BYTES) | "
              f"{pb['pathdb_segment_bytes']:,} |\n| pathdb INMEMORY_SIZE (FOR QUERY LOW) | {pb['pathdb_inmemory_size']:,} |\n"
              f"| DuckDB file holding only ORDERS (no index, after CHECKPOINT) | {pb['duckdb_orders_only_bytes']:,} |\n"
              f"| ratio pathdb / DuckDB | {pb['pathdb_inmemory_size'] / pb['duckdb_orders_only_bytes']:.2f}x |")
        if pb.get("columns"):
            print("\n| ORDERS column | pathdb INMEMORY_SIZE (only this column INMEMORY) | DuckDB one-column file | "
                  "pathdb / DuckDB | DuckDB compression |\n|---|---|---|---|---|")
            for c, v in pb["columns"].items():
                print(f"| {c} | {v['pathdb_inmemory_size']:,} | {v['duckdb_file_bytes']:,} | "
                      f"{v['pathdb_inmemory_size'] / max(1, v['duckdb_file_bytes']):.2f}x | {v['duckdb_compression']} |")
    rows = []
    for sec, qs in (("c", res.get("c", {}).get("queries", {})), ("d", res.get("d", {}).get("queries", {}))):
        for q, e in qs.items():
            d = e.get("duckdb_s")
            im = e["im"]["median_s"]
            if "im_no_jf" in e:
                rows.append(f"| SOE {q} NO_PX_JOIN_FILTER(o) | {ms(e['im_no_jf']['median_s'])} | {ms(d)} | "
                            f"{(e['im_no_jf']['median_s'] / d) if d else float('nan'):.2f}x | | | | | | |")
            rows.append(f"| {'SOE ' + q if sec == 'c' else 'TPC-H ' + q} | {ms(im)} | {ms(d)} | "
                        f"{(im / d) if d else float('nan'):.2f}x | {e['im'].get('pair_ratio', float('nan')):.2f}x | "
                        f"{ms(e['no_im_auto']['median_s'])} | "
                        f"{ms(e['no_im_buffered']['median_s']) if 'no_im_buffered' in e else ''} | "
                        f"{ms(e.get('pg_serial_s'))} | {e['im']['stats'].get('IM scan rows', 0):,} | "
                        f"{e['im']['stats'].get('IM scan CUs pruned', 0):,} |")
    if rows:
        print("\n| query | pathdb INMEMORY | DuckDB threads=1 | pathdb/DuckDB | median of per-pair ratios | "
              "pathdb NO_INMEMORY (auto) | NO_INMEMORY (buffered) | PostgreSQL serial | IM scan rows | IM CUs pruned |")
        print("|---" * 10 + "|")
        print("\n".join(rows))
    if "d" in res and res["d"].get("segments"):
        seg = res["d"]["segments"][0]
        print(f"\nTPC-H SF {res['d']['sf']} LINEITEM: populated in {res['d']['populate_s']:.2f} s; segment {int(seg[2]):,} B, "
              f"INMEMORY_SIZE {int(seg[3]):,} B; DuckDB LINEITEM-only file {res['d']['duckdb_lineitem_file_bytes']:,} B")
    if "e" in res:
        print(f"\n| filtered COUNT(*), {res['e']['rows']:,} rows INMEMORY (e) | instructions per row |\n|---|---|")
        for lbl, e in res["e"]["queries"].items():
            print(f"| {lbl} | {e['ir_per_row']:.2f} |")
    for sec in ("c", "d"):
        for q, e in res.get(sec, {}).get("queries", {}).items():
            if e["im"].get("profile"):
                print(f"\nperf, {q} INMEMORY (top functions, self):")
                for pct, fn in e["im"]["profile"][:8]:
                    print(f"  {pct:5.1f}%  {fn}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--pathdb", default=os.path.join(ROOT, "build", "pathdb"))
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--cache-size", default="4G")
    ap.add_argument("--inmemory-size", default="4G")
    ap.add_argument("--tpch-dir", help="directory holding dbgen's lineitem.tbl (default: SF 0.1 of ../shared/tpch)")
    ap.add_argument("--callgrind-rows", type=int, default=1000000, help="0 skips e")
    ap.add_argument("--work")
    ap.add_argument("--no-pg", dest="pg", action="store_false")
    ap.add_argument("--no-perf", dest="perf", action="store_false")
    ap.add_argument("--perf-seconds", type=float, default=4.0)
    ap.add_argument("--no-column-sizes", dest="column_sizes", action="store_false",
                    help="skip b's per-column sizes (one population per ORDERS column)")
    ap.add_argument("--parts", default="soe,tpch,callgrind")
    ap.add_argument("--no-capacity", dest="capacity", action="store_false",
                    help="skip SOE b, c, d on MEMCOMPRESS FOR CAPACITY HIGH")
    ap.add_argument("--json", help="write every figure to this file")
    a = ap.parse_args()
    a.pathdb = os.path.realpath(a.pathdb)
    data = os.environ.setdefault("PEERS_DATA", "/tmp/pathdb-bench/data")
    a.duck_home = os.path.join(data, "duckdb-npm")
    a.work = a.work or os.path.join(data, "inmemory")
    if a.perf and not shutil.which("perf"):
        print("perf not found: no profiles (apt-get install linux-perf)")
        a.perf = False
    print(f"command: benchmarks/inmemory.py {' '.join(sys.argv[1:])}  (PEERS_DATA={data}, pathdb {a.pathdb}) "
          f"— {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; load average {os.getloadavg()[0]:.1f}",
          flush=True)
    res = {"started": time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime()), "argv": sys.argv[1:]}
    parts = a.parts.split(",")
    for part, fn in (("soe", soe), ("tpch", tpch), ("callgrind", callgrind)):
        if part in parts and not (part == "callgrind" and a.callgrind_rows <= 0):
            t0 = time.perf_counter()
            try:
                fn(a, res)
            except (SqlError, RuntimeError) as e:
                problem(f"{part} stopped: {e}")
            print(f"[{part}: {time.perf_counter() - t0:.0f} s]", flush=True)
    res["finished"] = time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())
    res["load_average_end"] = os.getloadavg()
    report(a, res)
    res["problems"] = PROBLEMS
    if a.json:
        with open(a.json, "w") as fh:
            json.dump(res, fh, indent=1, default=str)
    if PROBLEMS:
        print("\nPROBLEMS (mismatches, errors, crashes):\n" + "\n".join("  - " + p for p in PROBLEMS))
        sys.exit(1)
    print("\nall pathdb answers agree with DuckDB")


if __name__ == "__main__":
    main()
