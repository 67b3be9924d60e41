#!/usr/bin/env python3
"""dbgen's official SF 1 answers (tpch-kit dbgen/answers/qN.out) as ../shared/tpch/answers/qNN.csv.

  dbgen_answers.py DBGEN_ANSWERS_DIR HEADERS_DIR OUT_DIR

qN.out: a header line, then one line a row, fields separated by '|' and padded with blanks.
Written: RFC 4180 CSV with the header line of HEADERS_DIR/qNN.csv (the harness skips the header;
dbgen's are truncated, e.g. q18's "o_orderdat"), every field trimmed, quoted when it holds a
comma or a quote. One known fault of the official set is corrected: q17's 348406.02 is
348406.05 (DuckDB, PostgreSQL, SQLite and pathdb all agree on .05; ../shared/tpch/README.md).
"""
import csv, io, os, sys

FIXES = {17: {"348406.02": "348406.05"}}


def main(src, headers, out):
    os.makedirs(out, exist_ok=True)
    for n in range(1, 23):
        with open(os.path.join(src, f"q{n}.out")) as f:
            lines = [l.rstrip("\n") for l in f if l.strip()]
        with open(os.path.join(headers, f"q{n:02d}.csv")) as f:
            header = f.readline().rstrip("\n")
        ncols = len(next(csv.reader([header])))
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        for l in lines[1:]:
            row = [c.strip() for c in l.split("|")]
            row = [FIXES.get(n, {}).get(c, c) for c in row]
            if len(row) != ncols:
                sys.exit(f"q{n}.out: {len(row)} fields where {ncols} expected: {l!r}")
            w.writerow(row)
        with open(os.path.join(out, f"q{n:02d}.csv"), "w") as f:
            f.write(header + "\n" + buf.getvalue())


if __name__ == "__main__":
    main(*sys.argv[1:4])
