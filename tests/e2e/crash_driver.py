#!/usr/bin/env python3
"""Crash test: stream DML with commits into a pathdb process, SIGKILL it at a random moment,
reopen and compare the table with the driver's own record of what was committed.

Each round uses its own seed. A COMMIT whose "Commit complete." the driver saw must be there;
changes of a transaction that never sent COMMIT must not. A COMMIT that was sent but not yet
acknowledged when the kill came is in doubt: either outcome is accepted, nothing in between.
The tiny buffer cache makes big transactions evict changed blocks before they commit.

usage: crash_driver.py PATHDB [ROUNDS] [FIRST_SEED]
"""
import os
import random
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time


def start(pathdb, db):
    return subprocess.Popen(
        [pathdb, "--batch", "--format=csv", "--cache-size=1M", db],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        bufsize=0)


def read_until(proc, token, timeout=60.0):
    """Reads stdout until a line containing token; returns all lines read."""
    lines, buf, deadline = [], b"", time.time() + timeout
    while time.time() < deadline:
        r, _, _ = select.select([proc.stdout], [], [], 0.5)
        if not r:
            continue
        chunk = os.read(proc.stdout.fileno(), 65536)
        if not chunk:
            raise RuntimeError("pathdb exited early: " + (buf.decode(errors="replace")))
        buf += chunk
        while b"\n" in buf:
            line, buf = buf.split(b"\n", 1)
            text = line.decode(errors="replace")
            lines.append(text)
            if "ORA-" in text:
                raise RuntimeError("unexpected error: " + text)
            if token in text:
                return lines
    raise RuntimeError("timeout waiting for " + token)


def query_table(pathdb, db):
    out = subprocess.run(
        [pathdb, "--batch", "--format=csv", "--cache-size=1M", db],
        input=b"select id, val, n from t order by id;\n"
              b"select /*+ index(t t_id) */ count(*) as cnt, sum(id) as s from t where id >= 0;\n"
              b"exit\n",
        capture_output=True, timeout=120)
    text = out.stdout.decode(errors="replace")
    if out.returncode != 0 or "ORA-" in text:
        raise RuntimeError("reopen failed (status %d): %s %s" %
                           (out.returncode, text[-2000:], out.stderr.decode()[-2000:]))
    rows = {}
    lines = text.splitlines()
    k = 1
    while k < len(lines) and lines[k].strip() and not lines[k].startswith("CNT"):
        i, v, n = lines[k].split(",")
        rows[int(i)] = (v.strip('"'), int(n))
        k += 1
    while k < len(lines) and not lines[k].startswith("CNT"):
        k += 1
    cnt, total = lines[k + 1].split(",")
    if int(cnt) != len(rows) or (rows and int(total) != sum(rows)) or (not rows and total):
        raise RuntimeError("index t_id disagrees with the table: %s rows/%s vs %d/%d" %
                           (cnt, total, len(rows), sum(rows)))
    return rows


class Txn:
    """Generates one transaction's statements and applies them to a copy of the model."""

    def __init__(self, rng, model, next_id, tag):
        self.stmts, self.model, self.next_id = [], dict(model), next_id
        for k in range(rng.randint(1, 6)):
            kind = rng.random()
            if kind < 0.45 or not self.model:
                count = rng.choice([1, 3, 20, 400, 3000])
                base = self.next_id
                self.next_id += count
                self.stmts.append(
                    "insert into t select %d + level, 'r%d_' || level || rpad('p', %d, 'q'), "
                    "level from dual connect by level <= %d;" % (base, base, rng.randint(0, 60),
                                                                  count))
                # rpad('p', w, 'q') is 'p' followed by w-1 'q' (w=0 gives NULL -> '').
                for lv in range(1, count + 1):
                    pad_w = int(self.stmts[-1].split("rpad('p', ")[1].split(",")[0])
                    pad = "" if pad_w == 0 else "p" + "q" * (pad_w - 1)
                    self.model[base + lv] = ("r%d_%d%s" % (base, lv, pad), lv)
            elif kind < 0.75:
                lo = rng.choice(list(self.model))
                hi = lo + rng.choice([0, 5, 100, 2000])
                val = "u%s_%d" % (tag, k)
                self.stmts.append(
                    "update t set val = '%s', n = n + 1 where id between %d and %d;" %
                    (val, lo, hi))
                for i in list(self.model):
                    if lo <= i <= hi:
                        self.model[i] = (val, self.model[i][1] + 1)
            else:
                lo = rng.choice(list(self.model))
                hi = lo + rng.choice([0, 10, 500])
                m = rng.randint(1, 3)
                self.stmts.append(
                    "delete from t where id between %d and %d and mod(id, %d) = 0;" %
                    (lo, hi, m))
                for i in list(self.model):
                    if lo <= i <= hi and i % m == 0:
                        del self.model[i]


def one_round(pathdb, seed, workdir):
    rng = random.Random(seed)
    db = os.path.join(workdir, "db%d" % seed)
    proc = start(pathdb, db)
    committed, next_id = {}, 0
    proc.stdin.write(b"create table t (id number not null, val varchar2(200), n number);\n")
    read_until(proc, "Table created")
    # An index too, so recovery must bring its blocks back in step with the table's.
    proc.stdin.write(b"create index t_id on t (id);\n")
    read_until(proc, "Index created")
    kill_after = rng.randint(1, 12)  # transactions before the one that gets killed
    in_doubt = None
    for txn_no in range(kill_after + 1):
        txn = Txn(rng, committed, next_id, "%d_%d" % (seed, txn_no))
        last = txn_no == kill_after
        for s in txn.stmts:
            proc.stdin.write(s.encode() + b"\n")
        if not last:
            proc.stdin.write(b"commit;\n")
            read_until(proc, "Commit complete")
            committed, next_id = txn.model, txn.next_id
            continue
        # The victim: killed mid-transaction, mid-commit or just after the commit.
        mode = rng.choice(["before", "during", "after"])
        if mode == "before":
            time.sleep(rng.random() * 0.05)
        elif mode == "during":
            proc.stdin.write(b"commit;\n")
            in_doubt = txn.model
            time.sleep(rng.random() * 0.02)
        else:
            proc.stdin.write(b"commit;\n")
            read_until(proc, "Commit complete")
            committed = txn.model
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    got = query_table(pathdb, db)
    if got != committed and not (in_doubt is not None and got == in_doubt):
        missing = sorted(set(committed) - set(got))[:5]
        extra = sorted(set(got) - set(committed))[:5]
        changed = [i for i in committed if i in got and got[i] != committed[i]][:5]
        raise RuntimeError(
            "seed %d: recovered table differs from the committed state: %d rows vs %d; "
            "missing %s extra %s changed %s" % (seed, len(got), len(committed), missing, extra,
                                                changed))
    # A second open must also work (recovery left a clean database).
    query_table(pathdb, db)
    shutil.rmtree(db)
    return len(committed)


def main():
    pathdb = sys.argv[1]
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 50
    first = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    workdir = tempfile.mkdtemp(prefix="pathdb-crash.")
    try:
        for seed in range(first, first + rounds):
            n = one_round(pathdb, seed, workdir)
            print("round %d: ok (%d committed rows)" % (seed, n), flush=True)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    print("crash test: %d rounds passed" % rounds)


if __name__ == "__main__":
    try:
        main()
    except RuntimeError as e:
        print("FAIL:", e)
        sys.exit(1)
