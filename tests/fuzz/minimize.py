#!/usr/bin/env python3
"""Shrinks a sql_fuzz --log file to the statements that still reproduce a failure.

usage: minimize.py SQL_FUZZ SOURCE_DIR LOG PATTERN [OUT]
Runs `SQL_FUZZ --source SOURCE_DIR --replay FILE` on ever smaller statement lists and keeps
a list when the output still contains PATTERN (e.g. "block 790 before" or "CRASH"). First
cuts the log after the earliest statement that fails, then removes chunks (ddmin), then
single statements. Writes the result to OUT (default LOG.min) in the --log format.
"""
import subprocess
import sys
import tempfile


def read_log(path):
    out, cur = [], []
    for line in open(path, encoding="utf-8", errors="replace"):
        line = line.rstrip("\n")
        if line == ";":
            if cur:
                out.append("\n".join(cur))
            cur = []
        elif not cur and line in ("-- ORACLE", "-- SQLITE"):
            continue
        else:
            cur.append(line)
    return out


def write_log(stmts, path):
    with open(path, "w", encoding="utf-8") as f:
        for s in stmts:
            f.write(s + "\n;\n")


def main():
    fuzz, source, log, pattern = sys.argv[1:5]
    out_path = sys.argv[5] if len(sys.argv) > 5 else log + ".min"
    stmts = read_log(log)
    runs = [0]

    def fails(candidate):
        runs[0] += 1
        with tempfile.NamedTemporaryFile("w", suffix=".sql", delete=False) as f:
            name = f.name
        write_log(candidate, name)
        try:
            r = subprocess.run([fuzz, "--source", source, "--replay", name], capture_output=True,
                               text=True, timeout=600)
            return pattern in r.stdout + r.stderr
        except subprocess.TimeoutExpired:
            return pattern == "HANG"

    if not fails(stmts):
        sys.exit("the full log does not reproduce the pattern")
    # Earliest failing prefix by bisection.
    lo, hi = 1, len(stmts)
    while lo < hi:
        mid = (lo + hi) // 2
        if fails(stmts[:mid]):
            hi = mid
        else:
            lo = mid + 1
    stmts = stmts[:lo]
    print(f"prefix: {len(stmts)} statements", flush=True)
    # ddmin over the statements before the last one (the last one is the trigger).
    n = 2
    while len(stmts) > 1:
        body, last = stmts[:-1], stmts[-1:]
        chunk = max(1, len(body) // n)
        reduced = False
        for i in range(0, len(body), chunk):
            candidate = body[:i] + body[i + chunk:] + last
            if fails(candidate):
                stmts = candidate
                n = max(n - 1, 2)
                reduced = True
                break
        if not reduced:
            if chunk == 1:
                break
            n = min(n * 2, len(body))
        print(f"{len(stmts)} statements ({runs[0]} runs)", flush=True)
    write_log(stmts, out_path)
    print(f"wrote {out_path}: {len(stmts)} statements after {runs[0]} runs")


if __name__ == "__main__":
    main()
