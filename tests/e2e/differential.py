#!/usr/bin/env python3
"""Differential test: random queries run on pathdb and on SQLite (Python's sqlite3 module)
over the same data; their answers must be equal as multisets of rows.

Usage: differential.py SEED QUERIES PATHDB [WORKDIR]

Three tables of small integers (NULLs included) and short strings; indexes on some columns.
The queries join two or three tables (comma joins, ANSI inner, left, right and full joins,
OR of ANDs sharing the join condition, inline views with GROUP BY, UNION ALL and DISTINCT), filter with
comparisons, BETWEEN, IN lists (with NULL), LIKE, IS NULL, [NOT] IN / [NOT] EXISTS subqueries
(correlated, with non-equality correlation terms, row IN, UNION inside), correlated and
uncorrelated scalar aggregates; project columns, CASE, arithmetic, scalar subqueries;
aggregate with GROUP BY (columns or expressions) / HAVING / DISTINCT; combine with UNION
[ALL] / INTERSECT / EXCEPT; ORDER BY every column NULLS LAST with FETCH FIRST; a WITH query referenced three times; a
third of the queries carry an access-path or join hint (INDEX, FULL, USE_NL, USE_HASH,
LEADING, NO_UNNEST, ...), which must not change the answer. Every 25 queries an UPDATE, DELETE
or INSERT changes the data in both engines, committed or (one time in three) rolled back.
Every query runs twice in pathdb (the second execution may be re-optimised by statistics
feedback); both answers must agree. The seed picks the access paths pathdb uses:
SEED % 4 = 0 buffered, 1 `_serial_direct_read = ALWAYS`, 2 every table INMEMORY and
populated, 3 `_small_table_threshold = 1` (direct path decided at run time); statistics are
gathered unless SEED % 3 = 1 (then dynamic sampling estimates).

Only SQL whose meaning is the same in both engines is generated: no division, no AVG, no
empty strings (NULL in Oracle), no quantified comparisons. A query SQLite gives up on (the
progress budget) is not compared. Prints one line per difference and a summary; exits 1 when
any answer differs or pathdb fails a query SQLite answers.
"""
import random
import re
import sqlite3
import subprocess
import sys
import os
import shutil

seed = int(sys.argv[1])
nq = int(sys.argv[2])
pathdb = sys.argv[3]
workdir = sys.argv[4] if len(sys.argv) > 4 else "/tmp"
rng = random.Random(seed)

TABLES = {"t1": 1000, "t2": 200, "t3": 30}
COLS = ["a", "b", "c"]
STRS = ["'a'", "'b'", "'c'", "'dd'"]


def val():
    return "NULL" if rng.random() < 0.1 else str(rng.randint(0, 9))


def sval():
    return "NULL" if rng.random() < 0.1 else rng.choice(STRS)


def setup():
    stmts = []
    for t, n in TABLES.items():
        stmts.append(f"create table {t} (a number, b number, c number, s varchar2(10))")
        rows = []
        for i in range(n):
            a = str(i % 50) if t == "t1" and rng.random() < 0.5 else val()
            rows.append(f"({a}, {val()}, {val()}, {sval()})")
        for i in range(0, n, 100):
            stmts.append(f"insert into {t} values " + ", ".join(rows[i:i + 100]))
    stmts.append("create index t1_a on t1(a)")
    stmts.append("create index t2_a on t2(a)")
    stmts.append("create index t2_bc on t2(b, c)")
    stmts.append("create index t3_a on t3(a)")
    return stmts


class Gen:
    def __init__(self):
        self.depth = 0

    def col(self, aliases):
        al = rng.choice(aliases)
        return f"{al}.{rng.choice(COLS)}"

    def atom(self, aliases, outer):
        r = rng.random()
        c = self.col(aliases)
        if r < 0.25:
            return f"{c} {rng.choice(['=', '<', '>', '<=', '>=', '<>'])} {rng.randint(0, 9)}"
        if r < 0.35:
            return f"{c} {rng.choice(['=', '<', '>', '<>'])} {self.col(aliases)}"
        if r < 0.42:
            return f"{c} is {rng.choice(['', 'not '])}null"
        if r < 0.48:
            lo = rng.randint(0, 9)
            return f"{c} between {lo} and {lo + rng.randint(0, 4)}"
        if r < 0.54:
            vals = ", ".join(str(rng.randint(0, 9)) for _ in range(rng.randint(1, 4)))
            return f"{c} {rng.choice(['', 'not '])}in ({vals})"
        if r < 0.56:
            al = rng.choice(aliases)
            return f"{al}.s {rng.choice(['=', '<>', '<'])} {rng.choice(STRS)}"
        if r < 0.58:
            al = rng.choice(aliases)
            k = rng.random()
            if k < 0.3:
                return f"{al}.s {rng.choice(['', 'not '])}like {rng.choice(['%d', 'd%', '_', '%', 'a%'])!r}"
            if k < 0.5:
                return f"{c} + {self.col(aliases)} {rng.choice(['>', '<', '='])} {rng.randint(0, 15)}"
            if k < 0.65:
                return f"{c} {rng.choice(['', 'not '])}in ({rng.randint(0, 9)}, null)"
            if k < 0.8:
                return f"coalesce({c}, {rng.randint(0, 9)}) = {self.col(aliases)}"
            return f"{c} not between {rng.randint(0, 4)} and {rng.randint(4, 9)}"
        if self.depth >= 2:
            return f"{c} > {rng.randint(0, 9)}"
        self.depth += 1
        try:
            w = f"w{self.depth}"
            t = rng.choice(list(TABLES))
            if r < 0.62:
                inner_pred = "" if rng.random() < 0.5 else " where " + self.pred([w], aliases, 1)
                if rng.random() < 0.3:
                    inner_pred += (" where " if not inner_pred else " and ") + f"{w}.{rng.choice(COLS)} <> {self.col(aliases)}"
                neg = rng.choice(["", "not "])
                return f"{c} {neg}in (select {w}.{rng.choice(COLS)} from {t} {w}{inner_pred})"
            if r < 0.65:
                neg = rng.choice(["", "not "])
                return (f"({c}, {self.col(aliases)}) {neg}in (select {w}.a, {w}.b from {t} {w} "
                        f"where {w}.c {rng.choice(['<', '>'])} {rng.randint(0, 9)})")
            if r < 0.68:
                neg = rng.choice(["", "not "])
                return (f"{c} {neg}in (select {w}.a from {t} {w} union "
                        f"select {w}.b from {rng.choice(list(TABLES))} {w} where {w}.c = {rng.randint(0, 9)})")
            if r < 0.82:
                corr = f"{w}.{rng.choice(COLS)} = {self.col(aliases)}"
                if rng.random() < 0.3:
                    corr += f" and {w}.{rng.choice(COLS)} <> {self.col(aliases)}"
                if rng.random() < 0.5:
                    corr += " and " + self.pred([w], [], 1)
                neg = rng.choice(["", "not "])
                return f"{neg}exists (select 1 from {t} {w} where {corr})"
            agg = rng.choice(["count(*)", f"max({w}.b)", f"min({w}.c)", f"sum({w}.a)",
                              f"count({w}.b)"])
            if rng.random() < 0.7:
                corr = f" where {w}.{rng.choice(COLS)} = {self.col(aliases)}"
                if rng.random() < 0.3:
                    corr += " and " + self.pred([w], [], 1)
            else:
                corr = ""
            op = rng.choice(['=', '<', '>', '<=', '>='])
            return f"{c} {op} (select {agg} from {t} {w}{corr})"
        finally:
            self.depth -= 1

    def pred(self, aliases, outer, depth=2):
        r = rng.random()
        if depth <= 0 or r < 0.45:
            return self.atom(aliases, outer)
        if r < 0.7:
            return f"({self.pred(aliases, outer, depth - 1)} and {self.pred(aliases, outer, depth - 1)})"
        if r < 0.92:
            return f"({self.pred(aliases, outer, depth - 1)} or {self.pred(aliases, outer, depth - 1)})"
        return f"not ({self.pred(aliases, outer, depth - 1)})"

    def from_clause(self):
        r = rng.random()
        tabs = list(TABLES)
        if r < 0.35:
            return f"{rng.choice(tabs)} x", ["x"], ""
        if r < 0.6:
            t1, t2 = rng.choice(tabs), rng.choice(tabs)
            cond = f"x.{rng.choice(COLS)} = y.{rng.choice(COLS)}"
            if rng.random() < 0.2:
                cond += f" and x.{rng.choice(COLS)} = y.{rng.choice(COLS)}"
            if rng.random() < 0.3:
                # OR of ANDs sharing the join condition (OR factoring, Q19's shape)
                p1 = self.pred(["x", "y"], [], 1)
                p2 = self.pred(["x", "y"], [], 1)
                cond = f"(({cond} and {p1}) or ({cond} and {p2}))"
            return f"{t1} x, {t2} y", ["x", "y"], cond
        if r < 0.66:
            t1 = rng.choice(tabs)
            kind = rng.random()
            if kind < 0.4:
                v = (f"(select v.a, v.b, count(*) as c, max(v.s) as s from {rng.choice(tabs)} v "
                     f"where v.c {rng.choice(['<', '>', '<>'])} {rng.randint(0, 9)} group by v.a, v.b)")
            elif kind < 0.7:
                v = (f"(select a, b, c, s from {rng.choice(tabs)} union all "
                     f"select b, c, a, s from {rng.choice(tabs)})")
            else:
                v = f"(select distinct a, b, c, s from {rng.choice(tabs)} where b is not null)"
            jk = rng.choice(["join", "left join"])
            return (f"{t1} x {jk} {v} y on x.{rng.choice(COLS)} = y.{rng.choice(COLS)}",
                    ["x", "y"], "")
        if r < 0.8:
            t1, t2 = rng.choice(tabs), rng.choice(tabs)
            kind = rng.choice(["join", "left join", "left outer join", "inner join", "full join",
                               "full outer join", "right join"])
            cond = f"x.{rng.choice(COLS)} = y.{rng.choice(COLS)}"
            if rng.random() < 0.3:
                cond += f" and y.{rng.choice(COLS)} {rng.choice(['=', '>', '<'])} {rng.randint(0, 9)}"
            return f"{t1} x {kind} {t2} y on {cond}", ["x", "y"], ""
        t1, t2, t3 = rng.choice(tabs), rng.choice(tabs), rng.choice(tabs)
        kind = rng.choice(["join", "left join", "full join"])
        return (f"{t1} x join {t2} y on x.{rng.choice(COLS)} = y.{rng.choice(COLS)} "
                f"{kind} {t3} z on z.{rng.choice(COLS)} = {rng.choice(['x', 'y'])}.{rng.choice(COLS)}",
                ["x", "y", "z"], "")

    def query(self):
        if rng.random() < 0.08:
            t = rng.choice(list(TABLES))
            k = rng.randint(0, 9)
            return (f"with v as (select a, count(*) as n, max(c) as m from {t} where b <> {k} group by a) "
                    f"select v.a, v.n, w.m from v, v w where v.a = w.m and v.n {rng.choice(['<', '>', '='])} "
                    f"(select max(n) from v u where u.a {rng.choice(['<', '>'])} {rng.randint(0, 9)})")
        frm, aliases, cond = self.from_clause()
        hint = ""
        if rng.random() < 0.3:
            al = rng.choice(aliases)
            hint = "/*+ " + rng.choice([f"index({al})", f"full({al})", f"use_nl({al})",
                                        f"use_hash({al})", f"leading({' '.join(reversed(aliases))})",
                                        "no_unnest", "no_px_join_filter(x)", "ordered"]) + " */ "
        where = []
        if cond:
            where.append(cond)
        if rng.random() < 0.85:
            where.append(self.pred(aliases, []))
        wh = (" where " + " and ".join(where)) if where else ""
        if rng.random() < 0.4:
            gcols = sorted({self.col(aliases) for _ in range(rng.randint(1, 2))})
            if rng.random() < 0.3:
                c0 = self.col(aliases)
                gcols = [rng.choice([f"{c0} * 2 + 1", f"case when {c0} > 4 then 1 else 0 end",
                                     f"coalesce({c0}, -1)", f"abs({c0} - 5)"])]
            aggs = [rng.choice(["count(*)", f"sum({self.col(aliases)})", f"max({self.col(aliases)})",
                                f"min({self.col(aliases)})", f"count({self.col(aliases)})",
                                f"count(distinct {self.col(aliases)})"]) for _ in range(rng.randint(1, 3))]
            having = ""
            if rng.random() < 0.3:
                having = f" having count(*) > {rng.randint(0, 5)}"
            return f"select {hint}{', '.join(gcols + aggs)} from {frm}{wh} group by {', '.join(gcols)}{having}"
        if rng.random() < 0.15:
            aggs = [rng.choice(["count(*)", f"sum({self.col(aliases)})", f"max({self.col(aliases)})",
                                f"count({self.col(aliases)})"]) for _ in range(rng.randint(1, 3))]
            return f"select {hint}{', '.join(aggs)} from {frm}{wh}"
        cols = [self.col(aliases) for _ in range(rng.randint(1, 3))]
        r2 = rng.random()
        if r2 < 0.1:
            t = rng.choice(list(TABLES))
            cols.append(f"(select max(u.b) from {t} u where u.a = {self.col(aliases)})")
        elif r2 < 0.2:
            cols.append(f"case when {self.col(aliases)} > {rng.randint(0, 9)} then {self.col(aliases)} else coalesce({self.col(aliases)}, -1) end")
        elif r2 < 0.3:
            cols.append(f"{self.col(aliases)} * 2 + {self.col(aliases)} - 1")
        if rng.random() < 0.5:
            cols.append(f"{rng.choice(aliases)}.s")
        dist = "distinct " if rng.random() < 0.2 else ""
        q = f"select {hint}{dist}{', '.join(cols)} from {frm}{wh}"
        if rng.random() < 0.1:
            # every output column ordered, NULLs last: the first rows are one multiset
            order = ", ".join(f"{i + 1} nulls last" for i in range(len(cols)))
            return f"{q} order by {order} fetch first {rng.randint(1, 8)} rows only"
        if rng.random() < 0.12:
            t = rng.choice(list(TABLES))
            extra = ", ".join("v.s" if c.endswith(".s") else f"v.{rng.choice(COLS)}" for c in cols)
            op = rng.choice(["union", "union all", "intersect", "except"])
            q = f"{q} {op} select {extra} from {t} v where v.a {rng.choice(['<', '>'])} {rng.randint(0, 9)}"
        return q


def norm_sqlite(rows):
    out = []
    for r in rows:
        out.append(tuple("" if v is None else (str(v) if not isinstance(v, float) else
                                                (str(int(v)) if v == int(v) else repr(v))) for v in r))
    return sorted(out)


def parse_csv_line(line):
    # values here are ints or short strings without commas or quotes
    return tuple(x.strip('"') for x in line.split(","))


def main():
    work = os.path.join(workdir, f"differential-db{seed}")
    shutil.rmtree(work, ignore_errors=True)
    stmts = setup()
    lite = sqlite3.connect(":memory:")
    budget = [0]
    def progress():
        budget[0] += 1
        return 1 if budget[0] > 20000 else 0
    lite.set_progress_handler(progress, 10000)
    for s in stmts:
        lite.execute(s.replace("number", "integer").replace("varchar2(10)", "text"))
    lite.commit()
    g = Gen()
    queries = [g.query() for _ in range(nq)]
    script = [s + ";" for s in stmts]
    if seed % 3 != 1:
        script += [f"exec dbms_stats.gather_table_stats(user, '{t.upper()}');" for t in TABLES]
    mode = seed % 4
    if mode == 1:
        script.append('alter session set "_serial_direct_read" = always;')
    elif mode == 2:
        script.append("alter system set inmemory_size = 256M;")
        for t in TABLES:
            script.append(f"alter table {t} inmemory;")
            script.append(f"exec dbms_inmemory.populate(user, '{t.upper()}');")
    elif mode == 3:
        script.append('alter session set "_small_table_threshold" = 1;')
    dml = {}
    for i, q in enumerate(queries):
        if i % 25 == 24:
            t = rng.choice(list(TABLES))
            k = rng.randint(0, 9)
            d = rng.choice([f"update {t} set b = c, c = b where a = {k}",
                            f"delete from {t} where b = {k}",
                            f"insert into {t} select b, c, a, s from {t} where c = {k}",
                            f"update {t} set a = null where c = {k}",
                            f"update {t} set a = a + 1 where b between {k} and {k + 2}",
                            f"delete from {t} where a = {k} and c is null",
                            f"update {t} set s = 'dd' where a = {k}"])
            end = rng.choice(["commit", "commit", "rollback"])
            dml[i] = (d, end)
            script.append(d + ";")
            script.append(end + ";")
        script.append(q + ";")
        script.append("select '#END' from dual;")
        # the same statement again: statistics feedback may re-optimise it
        script.append(q + ";")
        script.append("select '#END' from dual;")
    p = subprocess.run([pathdb, "--batch", "--format=csv", work], input="\n".join(script) + "\n",
                       capture_output=True, text=True, timeout=900)
    if p.returncode not in (0, 1):
        print(f"pathdb exited {p.returncode}: {p.stderr[-2000:]}")
    segs = p.stdout.split("'#END'\n#END\n")
    # the setup statements print nothing on stdout
    bad = 0
    for i, q in enumerate(queries):
        if i in dml:
            lite.execute(dml[i][0])
            if dml[i][1] == "commit":
                lite.commit()
            else:
                lite.rollback()
        seg = segs[2 * i] if 2 * i < len(segs) else None
        seg2 = segs[2 * i + 1] if 2 * i + 1 < len(segs) else None
        if seg is not None and seg2 is not None and sorted(seg.split("\n")) != sorted(seg2.split("\n")):
            print(f"[{seed}:{i}] SECOND EXECUTION DIFFERS: {q}")
            bad += 1
        budget[0] = 0
        lq = re.sub(r"fetch first (\d+) rows only", r"limit \1", q)
        try:
            exp = norm_sqlite(lite.execute(lq).fetchall())
            lite_err = None
        except Exception as e:
            exp, lite_err = None, str(e)
        if seg is None:
            print(f"[{seed}:{i}] missing output: {q}")
            bad += 1
            continue
        lines = [l for l in seg.split("\n") if l != ""]
        if not lines:
            if lite_err is None:
                print(f"[{seed}:{i}] pathdb error, sqlite ok ({len(exp)} rows): {q}")
                bad += 1
            continue
        got = sorted(parse_csv_line(l) for l in lines[1:])
        # a single empty column prints as an empty line; rebuild by count
        if lite_err is not None:
            if "interrupted" not in lite_err:
                print(f"[{seed}:{i}] sqlite error {lite_err}, pathdb ok: {q}")
            continue
        if len(lines) - 1 != len(exp) and all(len(r) == 1 for r in exp):
            got_n = seg.count("\n") - 1
            if got_n == len(exp):
                continue
        if got != exp:
            bad += 1
            print(f"[{seed}:{i}] MISMATCH pathdb {len(got)} rows vs sqlite {len(exp)}: {q}")
            ge, ee = set(got), set(exp)
            print("   only pathdb:", list(ge - ee)[:5], " only sqlite:", list(ee - ge)[:5])
    errs = [l for l in p.stderr.split("\n") if "ORA-" in l]
    print(f"seed {seed}: {nq} queries, {bad} differ; ORA- lines {len(errs)}: {errs[:5]}")
    shutil.rmtree(work, ignore_errors=True)
    return 1 if bad or errs else 0


sys.exit(main())
