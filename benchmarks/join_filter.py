#!/usr/bin/env python3
"""Join filters (issue 13): a star query on SOE whose only predicate is on CUSTOMERS, with the
join filter (:BF0000) and with NO_PX_JOIN_FILTER(o), buffered and direct, beside PostgreSQL
(as configured and serial) and DuckDB threads=1 in the same run; then the peers' SOE query d.

SOE ORDERS are stored in order_id order with customer_id scattered, so a range of customers
has orders in every region. The script first makes "customers loaded together" (once; it is
skipped when already done): 1% new customers (ids above the current max, copies of customers
1..N/100 with new ids and emails) and 10 orders each (copies of orders 1..N/10 with order_ids
above the current max, customer_id = new range), appended at the end of ORDERS with
INSERT /*+ APPEND */ in pathdb and the same rows in PostgreSQL (VACUUM ANALYZE) and DuckDB;
statistics gathered again. The query counts and sums the orders of the new customers:
  SELECT COUNT(*), SUM(o.order_total) FROM orders o JOIN customers c
   ON o.customer_id = c.customer_id WHERE c.customer_id BETWEEN lo AND hi
pathdb should plan it as HASH JOIN (INDEX RANGE SCAN CUSTOMERS_PK building, JOIN FILTER CREATE)
with JOIN FILTER USE over TABLE ACCESS FULL ORDERS; if the cost picks another plan, both
variants get /*+ leading(c o) use_hash(o) full(o) */ (printed), and PX_JOIN_FILTER(o) is added
to the filter variant only if the cost does not place the filter.

Per pathdb variant: one process with a warm-up execution and RUNS more, whose V$MYSTAT deltas
give per execution: `consistent gets` x 8 KiB (blocks visited, either path), `physical read
bytes`, `cell physical IO bytes saved by storage index`, `join filter rows probed/filtered`.
Time per execution: wall clock of a process running the query 1+K times minus one running it
once (K = 10), median of RUNS pairs (as benchmarks/storage_index.py). PostgreSQL: psql \\timing
after a warm-up (benchmarks/warm.py). DuckDB: the peers' duck.mjs bench (threads=1), when
$PEERS_DATA/duckdb-npm has DuckDB (peers run.sh installs it; its database is loaded here if
missing). Every engine's and variant's answer is checked to be the same.
With --callgrind-orders N (default 1,000,000; 0 skips) also instructions per ORDERS row of the
query with and without the filter on a synthetic copy (N ORDERS, N/10 CUSTOMERS + 1% appended).

Needs the databases of benchmarks/load.sh.  Usage: benchmarks/join_filter.py [--runs 5]
"""
import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from decimal import Decimal

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import inmemory  # noqa: E402
import warm  # noqa: E402

STATS = ["consistent gets", "physical read bytes", "cell physical IO bytes saved by storage index",
         "join filter rows probed", "join filter rows filtered"]
XPLAN = "select * from table(dbms_xplan.display(format=>'BASIC +PREDICATE'));\n"
K = 10


def mystat():
    names = ", ".join(f"'{n}'" for n in STATS)
    return ("select n.name || '=' || m.value from v$mystat m join v$statname n "
            f"on n.statistic# = m.statistic# where n.name in ({names});\n")


def pdb_cmd(a, dbdir):
    return [a.pathdb, "--batch", "--format=csv", f"--cache-size={a.cache_size}", dbdir]


def pdb(a, dbdir, script):
    """stdout of one pathdb process running script (exits on any SQL error)."""
    r = subprocess.run(pdb_cmd(a, dbdir), input="whenever sqlerror exit failure\n" + script,
                       capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"pathdb failed: {(r.stdout[-300:] + r.stderr[-500:]).strip()}")
    return r.stdout


def pg(pgsh, script):
    r = subprocess.run([pgsh, "psql", "-d", "soe", "-A", "-t", "-F", ",", "-v", "ON_ERROR_STOP=1"],
                       input=script, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("psql: " + r.stderr.strip()[:500])
    return r.stdout


def norm(vals):
    """An answer row as comparable values (numbers as Decimals, trailing zeros dropped)."""
    out = []
    for v in vals:
        v = v.strip().strip('"')
        try:
            out.append(format(Decimal(v).normalize(), "f"))
        except Exception:
            out.append(v)
    return tuple(out)


def pdb_rows(out):
    """Data rows of --format=csv output of one query (the header line skipped)."""
    lines = [l for l in out.splitlines() if l and not l.startswith(("Session altered", "Elapsed"))]
    return [norm(l.split(",")) for l in lines[1:]]


# ---------------------------------------------------------------- the appended customers
def append_sql(C, O, N, dialect):
    cust = (f"select customer_id + {C}, cust_first_name, cust_last_name, nls_language, nls_territory, "
            f"credit_limit, 'jf.' || cust_email, account_mgr_id, customer_since, customer_class, dob "
            f"from customers where customer_id <= {N}")
    ords = (f"select order_id + {O}, order_date, order_mode, {C} + mod(order_id - 1, {N}) + 1, "
            f"order_status, order_total, sales_rep_id, promotion_id, warehouse_id, delivery_type, "
            f"cost_of_delivery, customer_class from orders where order_id <= {10 * N}")
    if dialect == "pathdb":
        return (f"insert /*+ append */ into customers {cust};\ncommit;\n"
                f"insert /*+ append */ into orders {ords};\ncommit;\n"
                "exec dbms_stats.gather_table_stats(user, 'CUSTOMERS')\n"
                "exec dbms_stats.gather_table_stats(user, 'ORDERS')\n")
    if dialect == "postgres":
        return (f"insert into customers {cust};\ninsert into orders {ords};\n"
                "vacuum analyze customers;\nvacuum analyze orders;\n")
    return f"insert into customers {cust};\ninsert into orders {ords};\ncheckpoint;\n"


def count_new(rows, C, N, who):
    n = int(rows)
    if n not in (0, N):
        sys.exit(f"{who}: {n} customers above {C}: neither 0 nor {N}; reload with benchmarks/load.sh")
    return n == N


def duck(a, *args, stdin=None):
    r = subprocess.run(["node", os.path.join(a.duck_home, "duck.mjs"), *args], input=stdin,
                       capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("duckdb: " + r.stderr.strip()[:500])
    return r.stdout


def prepare(a, data, dbdir, pgsh, C, O, N):
    msgs = []
    out = pdb(a, dbdir, f"select count(*) from customers where customer_id > {C};\n")
    if count_new(pdb_rows(out)[0][0], C, N, "pathdb"):
        msgs.append("pathdb: already appended")
    else:
        t0 = time.perf_counter()
        pdb(a, dbdir, append_sql(C, O, N, "pathdb"))
        msgs.append(f"pathdb: appended in {time.perf_counter() - t0:.1f} s")
    if count_new(pg(pgsh, f"select count(*) from customers where customer_id > {C};").strip(), C, N, "postgres"):
        msgs.append("postgres: already appended")
    else:
        pg(pgsh, append_sql(C, O, N, "postgres"))
        msgs.append("postgres: appended")
    if a.duckdb:
        ddb = os.path.join(data, "duckdb", "soe.duckdb")
        if not os.path.exists(ddb):
            os.makedirs(os.path.dirname(ddb), exist_ok=True)
            load = warm.fill(open(os.path.join(warm.SHARED, "peers", "sql", "soe", "duckdb_load.sql")).read(),
                             {"data": os.path.join(data, "soe")})
            f = os.path.join(tempfile.mkdtemp(), "load.sql")
            open(f, "w").write(load)
            t0 = time.perf_counter()
            duck(a, "exec", ddb, f)
            msgs.append(f"duckdb: loaded in {time.perf_counter() - t0:.1f} s")
        n = duck(a, "cli", ddb, stdin=f"select count(*) from customers where customer_id > {C};").strip()
        if count_new(n, C, N, "duckdb"):
            msgs.append("duckdb: already appended")
        else:
            duck(a, "cli", ddb, stdin=append_sql(C, O, N, "duckdb"))
            msgs.append("duckdb: appended")
    return msgs


# ---------------------------------------------------------------- measuring
def explain(a, dbdir, sql):
    out = pdb(a, dbdir, "explain plan for " + sql + "\n" + XPLAN)
    lines = []
    for l in out.splitlines()[1:]:  # the CSV header PLAN_TABLE_OUTPUT
        if l.startswith('"') and l.endswith('"'):
            l = l[1:-1].replace('""', '"')
        lines.append(l)
    return "\n".join(lines).strip()


def pathdb_run(a, dbdir, sql, setup):
    script = setup + sql + "\n" + mystat() + (sql + "\n") * a.runs + mystat()
    out = pdb(a, dbdir, script)
    pat = "|".join(re.escape(n) for n in STATS)
    vals = re.findall(rf"^({pat})=(\d+)", out, re.M)
    if len(vals) != 2 * len(STATS):
        sys.exit("pathdb: " + out[-500:])
    before = {k: int(v) for k, v in vals[:len(STATS)]}
    after = {k: int(v) for k, v in vals[len(STATS):]}
    per = {k: (after[k] - before[k]) / a.runs for k in STATS}
    samples = []
    for _ in range(a.runs):
        once, _ = warm.wall(pdb_cmd(a, dbdir), setup + sql + "\n")
        many, _ = warm.wall(pdb_cmd(a, dbdir), setup + (sql + "\n") * (1 + K))
        samples.append(max(1e-6, (many - once) / K))
    return statistics.median(samples), per


def pathdb_answer(a, dbdir, sql, setup=""):
    return pdb_rows(pdb(a, dbdir, setup + sql + "\n"))


def pg_answer(pgsh, sql):
    return [norm(l.split(",")) for l in pg(pgsh, sql).splitlines() if l]


def duck_times(a, data, sql):
    job = {"db": os.path.join(data, "duckdb", "soe.duckdb"), "threads": 1, "runs": a.runs,
           "timeout_s": 120, "repeat_max_s": 60, "queries": [{"name": "q", "sql": sql}]}
    f = os.path.join(tempfile.mkdtemp(), "job.json")
    open(f, "w").write(json.dumps(job))
    res = json.loads(duck(a, "bench", f))[0]
    if res["error"]:
        sys.exit("duckdb: " + res["error"])
    return statistics.median(res["times"]), [norm(r) for r in res["rows"]]


def hinted(sql, hint):
    return sql.replace("SELECT ", f"SELECT /*+ {hint} */ ", 1) if hint else sql


# ---------------------------------------------------------------- SOE d in memory
def inmemory_d(a, data, dbdir, dsql, ref):
    """SOE d with ORDERS and CUSTOMERS INMEMORY (MEMCOMPRESS FOR QUERY LOW, populated first, so
    population is not timed) in one long pathdb session, against DuckDB threads=1 sampled right
    before each timed batch (benchmarks/inmemory.py's protocol: median of the batches, and the
    median of the per-pair ratios)."""
    print("SOE d with ORDERS and CUSTOMERS INMEMORY (one long session) beside DuckDB threads=1:",
          flush=True)
    a.work = os.path.join(data, "inmemory")
    s = inmemory.Session(a.pathdb, dbdir, a.cache_size, a.inmemory_size, "join_filter d")
    try:
        for tab in ("ORDERS", "CUSTOMERS"):
            s.run(f"alter table {tab.lower()} inmemory memcompress for query low;")
            t, _ = s.timed_batch(f"exec dbms_inmemory.populate(user, '{tab}')")
            print(f"  {tab} populated in {t:.2f} s", flush=True)
        plan = s.plan(dsql)
        print(plan, flush=True)
        if "INMEMORY FULL" not in plan or "JOIN FILTER USE" not in plan:
            print("**the plan has no TABLE ACCESS INMEMORY FULL with a JOIN FILTER USE**")
        duck_db = os.path.join(data, "duckdb", "soe.duckdb")
        m = inmemory.measure(s, "SOE d INMEMORY", dsql, a.runs,
                             peer=lambda: inmemory.duck_once(a, duck_db, "d", dsql))
        got = [norm(r) for r in m["answer"]]
        print("SOE d INMEMORY answer " + ("agrees with PostgreSQL's" if got == ref
                                          else f"**DIFFERS** from PostgreSQL {ref}: {got}"))
        if "peer_median_s" in m:
            print(f"\n| SOE d | pathdb INMEMORY | DuckDB threads=1 | pathdb / DuckDB (median of per-pair "
                  f"ratios) |\n|---|---|---|---|\n| tables INMEMORY | {m['median_s'] * 1000:.2f} ms | "
                  f"{m['peer_median_s'] * 1000:.2f} ms | {m['median_s'] / m['peer_median_s']:.2f}x "
                  f"({m['pair_ratio']:.2f}x) |\n", flush=True)
        s.run("alter table orders no inmemory;\nalter table customers no inmemory;")
    finally:
        s.close()


# ---------------------------------------------------------------- callgrind
def callgrind(a, n_orders):
    """Instructions per ORDERS row, one warm execution, with and without the filter."""
    work = tempfile.mkdtemp(prefix="pathdb-jf-ipr.")
    try:
        db = os.path.join(work, "db")
        nc = n_orders // 10
        nn = nc // 100
        subprocess.run([a.pathdb, "--batch", db], check=True, capture_output=True, text=True, input=f"""
whenever sqlerror exit failure
create table customers (customer_id number(10) not null, credit_limit number(9,2),
  cust_email varchar2(100), account_mgr_id number(10));
create table orders (order_id number(12) not null, customer_id number(12), order_status number(2),
  order_total number(12,2), warehouse_id number(6));
insert /*+ append */ into customers select level, mod(level * 37, 5000), 'c' || level || '@x.test',
  mod(level, 100) + 100 from dual connect by level <= {nc + nn};
insert /*+ append */ into orders select level, mod(level * 7919, {nc}) + 1, mod(level, 11),
  mod(level * 13, 10000) / 100, mod(level * 31, 1000) from dual connect by level <= {n_orders};
commit;
insert /*+ append */ into orders select {n_orders} + level, {nc} + mod(level - 1, {nn}) + 1,
  mod(level, 11), mod(level * 13, 10000) / 100, mod(level * 31, 1000) from dual connect by level <= {10 * nn};
commit;
create unique index customers_pk on customers (customer_id);
create unique index orders_pk on orders (order_id);
create index ord_customer_ix on orders (customer_id);
exec dbms_stats.gather_table_stats(user, 'CUSTOMERS')
exec dbms_stats.gather_table_stats(user, 'ORDERS')
""")
        total = n_orders + 10 * nn
        base = (f"SELECT COUNT(*), SUM(o.order_total) FROM orders o JOIN customers c "
                f"ON o.customer_id = c.customer_id WHERE c.customer_id BETWEEN {nc + 1} AND {nc + nn};")
        # warm the storage-index summaries once, outside the measured processes
        subprocess.run([a.pathdb, "--batch", db], input=hinted(base, a.force_hint) + "\n",
                       capture_output=True, text=True, check=True)

        def ir(script):
            f = os.path.join(work, "cg.out")
            subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={f}", a.pathdb,
                            "--batch", db], input=script, capture_output=True, text=True, check=True)
            return int(re.search(r"^summary: (\d+)", open(f).read(), re.M).group(1))
        res = {}
        for name, hint in (("filter", a.force_hint), ("no filter", (a.force_hint + " NO_PX_JOIN_FILTER(o)").strip())):
            for mode in ("buffered", "direct"):
                sql = hinted(base, hint)
                one = ir(warm.MODES[mode] + sql + "\n")
                two = ir(warm.MODES[mode] + sql + "\n" + sql + "\n")
                res[(name, mode)] = (two - one) / total
        return total, res
    finally:
        shutil.rmtree(work, ignore_errors=True)


# ---------------------------------------------------------------- main
def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pathdb", default=os.environ.get("PATHDB", os.path.join(warm.ROOT, "build", "pathdb")))
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--cache-size", default="4G")
    ap.add_argument("--no-duckdb", dest="duckdb", action="store_false")
    ap.add_argument("--callgrind-orders", type=int, default=1000000)
    ap.add_argument("--skip-d", action="store_true")
    ap.add_argument("--no-inmemory", dest="inmemory", action="store_false",
                    help="skip SOE d with ORDERS and CUSTOMERS INMEMORY against DuckDB threads=1")
    ap.add_argument("--inmemory-size", default="4G")
    a = ap.parse_args()
    data = os.environ.get("PEERS_DATA", "/tmp/pathdb-bench/data")
    os.environ["PEERS_DATA"] = data
    a.duck_home = os.environ.get("DUCK_HOME", os.path.join(data, "duckdb-npm"))
    if a.duckdb and not os.path.isdir(os.path.join(a.duck_home, "node_modules", "@duckdb", "node-api")):
        print(f"DuckDB skipped: not installed in {a.duck_home} (the peers' run.sh installs it)")
        a.duckdb = False
    params = dict(l.strip().split("=", 1) for l in open(os.path.join(data, "soe", "params.txt")) if "=" in l)
    C, O = int(params["customers"]), int(params["orders"])
    N = C // 100
    lo, hi = C + 1, C + N
    pgsh = os.path.join(warm.SHARED, "peers", "pg.sh")
    subprocess.run([pgsh, "start"], check=True, capture_output=True)
    dbdir = os.path.join(data, "pathdb", "soe")
    cmd = "benchmarks/join_filter.py " + " ".join(sys.argv[1:])
    print(f"command: `{cmd}`  (pathdb {a.pathdb}, PEERS_DATA={data}) — "
          f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    print(f"SOE: {C:,} CUSTOMERS, {O:,} ORDERS + {N:,} customers ({lo}..{hi}) with {10 * N:,} orders "
          "appended together")
    for m in prepare(a, data, dbdir, pgsh, C, O, N):
        print("  " + m, flush=True)

    base = (f"SELECT COUNT(*), SUM(o.order_total) FROM orders o JOIN customers c "
            f"ON o.customer_id = c.customer_id WHERE c.customer_id BETWEEN {lo} AND {hi};")
    plan = explain(a, dbdir, base)
    want = ["HASH JOIN", "JOIN FILTER CREATE", "JOIN FILTER USE", "INDEX RANGE SCAN", "TABLE ACCESS FULL"]
    a.force_hint = ""
    shape_ok = all(w in plan for w in want) and re.search(r"TABLE ACCESS FULL\s*\|\s*ORDERS", plan)
    print(f"\nquery: {base}\n\npathdb plan (no hints):\n{plan}\n")
    if not (all(w in plan for w in ["HASH JOIN", "TABLE ACCESS FULL"]) and
            re.search(r"TABLE ACCESS FULL\s*\|\s*ORDERS", plan)):
        a.force_hint = "leading(c o) use_hash(o) full(o)"
        plan = explain(a, dbdir, hinted(base, a.force_hint))
        print(f"the cost did not choose the hash join with a full scan of ORDERS: both variants get "
              f"/*+ {a.force_hint} */\n{plan}\n")
    placed = "JOIN FILTER USE" in plan
    f_hint = a.force_hint if placed else (a.force_hint + " PX_JOIN_FILTER(o)").strip()
    nf_hint = (a.force_hint + " NO_PX_JOIN_FILTER(o)").strip()
    print(f"join filter placed by the cost: {'yes' if placed else 'no (PX_JOIN_FILTER(o) added)'}"
          f"; plan shape as wanted: {'yes' if shape_ok else 'no'}")
    variants = {"filter": hinted(base, f_hint), "no filter": hinted(base, nf_hint)}
    nf_plan = explain(a, dbdir, variants["no filter"])
    if not placed:
        print(f"plan with PX_JOIN_FILTER(o):\n{explain(a, dbdir, variants['filter'])}\n")
    print(f"plan with NO_PX_JOIN_FILTER(o):\n{nf_plan}\n", flush=True)

    pg_t = statistics.median(warm.pg_times(pgsh, base, a.runs))
    pg_s = statistics.median(warm.pg_times(pgsh, base, a.runs, True))
    answers = {"postgres": pg_answer(pgsh, base)}
    duck_t = None
    if a.duckdb:
        duck_t, answers["duckdb"] = duck_times(a, data, base)
    res = {}
    for mode in ("buffered", "direct"):
        for v, sql in variants.items():
            t, per = pathdb_run(a, dbdir, sql, warm.MODES[mode])
            res[(v, mode)] = (t, per)
            answers[f"pathdb {v} {mode}"] = pathdb_answer(a, dbdir, sql, warm.MODES[mode])
            print(f"  {v} {mode}: {t * 1000:.1f} ms {per}", flush=True)
    ref = answers["postgres"]
    wrong = {k: v for k, v in answers.items() if v != ref}
    print(f"answers: {ref}" + ("" if not wrong else f"\n**WRONG ANSWERS** (vs PostgreSQL {ref}): {wrong}"))

    rows = ["| engine / variant | mode | median per execution | KiB visited (consistent gets x 8) | "
            "physical read KiB | saved by storage index | join filter rows probed / filtered | "
            "filter vs no filter | vs PostgreSQL serial | vs PostgreSQL as configured | vs DuckDB t1 |",
            "|---" * 11 + "|"]
    for mode in ("buffered", "direct"):
        for v in variants:
            t, per = res[(v, mode)]
            nt, nper = res[("no filter", mode)]
            cmp = ""
            if v == "filter":
                cmp = (f"{nt / t:.1f}x faster, {nper['consistent gets'] / max(1, per['consistent gets']):.0f}x "
                       f"fewer blocks")
                if mode == "direct":
                    cmp += f", {nper['physical read bytes'] / max(1, per['physical read bytes']):.0f}x fewer bytes read"
            rows.append(
                f"| pathdb {v} | {mode} | {t * 1000:.1f} ms | {per['consistent gets'] * 8:,.0f} | "
                f"{per['physical read bytes'] / 1024:,.0f} | "
                f"{per['cell physical IO bytes saved by storage index'] / 1048576:,.0f} MiB | "
                f"{per['join filter rows probed']:,.0f} / {per['join filter rows filtered']:,.0f} | {cmp} | "
                f"{t / pg_s:.2f}x | {t / pg_t:.2f}x | " + (f"{t / duck_t:.2f}x |" if duck_t else "|"))
    rows.append(f"| PostgreSQL as configured | | {pg_t * 1000:.1f} ms | | | | | | | | |")
    rows.append(f"| PostgreSQL serial | | {pg_s * 1000:.1f} ms | | | | | | | | |")
    if duck_t:
        rows.append(f"| DuckDB threads=1 | | {duck_t * 1000:.1f} ms | | | | | | | | |")
    print("\n" + "\n".join(rows) + "\n", flush=True)

    if not a.skip_d:
        dsql = warm.fill(open(os.path.join(warm.SHARED, "peers", "sql", "soe", "queries", "d.sql")).read(),
                         params).strip()
        print(f"SOE d:\n{dsql}\n\npathdb plan:\n{explain(a, dbdir, dsql)}\n", flush=True)
        dpg = statistics.median(warm.pg_times(pgsh, dsql, a.runs))
        dpg_s = statistics.median(warm.pg_times(pgsh, dsql, a.runs, True))
        dans = {"postgres": pg_answer(pgsh, dsql)}
        dduck = None
        if a.duckdb:
            dduck, dans["duckdb"] = duck_times(a, data, dsql)
        drows = ["| SOE d | mode | median per execution | KiB visited | join filter rows probed / filtered | "
                 "vs PostgreSQL serial | vs PostgreSQL as configured | vs DuckDB t1 |", "|---" * 8 + "|"]
        for v, sql in (("pathdb (cost's plan)", dsql),
                       ("pathdb NO_PX_JOIN_FILTER(o)", hinted(dsql, "NO_PX_JOIN_FILTER(o)"))):
            for mode in ("auto", "buffered", "direct"):
                t, per = pathdb_run(a, dbdir, sql, warm.MODES[mode])
                dans[f"{v} {mode}"] = pathdb_answer(a, dbdir, sql, warm.MODES[mode])
                drows.append(f"| {v} | {mode} | {t * 1000:.1f} ms | {per['consistent gets'] * 8:,.0f} | "
                             f"{per['join filter rows probed']:,.0f} / {per['join filter rows filtered']:,.0f} | "
                             f"{t / dpg_s:.2f}x | {t / dpg:.2f}x | " + (f"{t / dduck:.2f}x |" if dduck else "|"))
                print(drows[-1], flush=True)
        drows.append(f"| PostgreSQL as configured | | {dpg * 1000:.1f} ms | | | | | |")
        drows.append(f"| PostgreSQL serial | | {dpg_s * 1000:.1f} ms | | | | | |")
        if dduck:
            drows.append(f"| DuckDB threads=1 | | {dduck * 1000:.1f} ms | | | | | |")
        dref = dans["postgres"]
        dwrong = {k: v for k, v in dans.items() if v != dref}
        print("SOE d answers " + ("agree" if not dwrong else f"**DIFFER** from PostgreSQL {dref}: {dwrong}"))
        print("\n" + "\n".join(drows) + "\n", flush=True)
        if a.inmemory and a.duckdb:
            inmemory_d(a, data, dbdir, dsql, dref)

    if a.callgrind_orders > 0:
        total, ipr = callgrind(a, a.callgrind_orders)
        print(f"Instructions per ORDERS row (callgrind, one warm execution, synthetic copy with {total:,} "
              f"ORDERS, {a.callgrind_orders // 10 + a.callgrind_orders // 1000:,} CUSTOMERS, the last 1% "
              "appended together):\n\n| variant | buffered | direct |\n|---|---|---|")
        for v in ("filter", "no filter"):
            print(f"| {v} | {ipr[(v, 'buffered')]:.1f} | {ipr[(v, 'direct')]:.1f} |")


if __name__ == "__main__":
    main()
