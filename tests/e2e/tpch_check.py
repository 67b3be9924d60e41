#!/usr/bin/env python3
"""Compare pathdb's `--batch --format=csv` output of one TPC-H query with its expected answer.

    python3 tpch_check.py expected.csv actual_output.txt [qNN.sql]

Exit 0 and print "ok" (or "ok (...)") when they match, exit 1 and print the reason when they
do not, exit 2 on a usage error. The rules are those of shared/tpch/README.md:
  * column names compare case-insensitively;
  * row count and row order must match; where the ORDER BY leaves ties the rows may come in
    another order, so when the in-order comparison fails the sorted rows are compared (and
    the "ok" says so). Given the query, its last ORDER BY names the key columns (all TPC-H
    keys are output columns): the expected rows are cut into runs of equal keys and only
    the rows within one run may be permuted. Without the query (or when a key is not an
    output column) all rows are compared sorted, which cannot catch a wrong order;
  * two cells that both parse as numbers match within 0.01; other cells compare trimmed.
The output may hold shell feedback around the query's result ("Session altered.",
"View created.", "View dropped.", blank lines; Q15 is create view + select + drop view):
those lines are dropped and the rest is read as the CSV result of the one SELECT. Any line
with an ORA-nnnnn or SP2-nnnn error fails the comparison, showing the error.
"""
import csv
import io
import re
import sys

TOLERANCE = 0.01 + 1e-9  # "within 0.01"; the epsilon only absorbs binary rounding

ERROR_RE = re.compile(r"\b(ORA|SP2)-\d{4,5}\b")
FEEDBACK_RE = re.compile(
    r"^(?:"
    r"(?:Session|System) altered\."
    r"|\w+(?: \w+)* (?:created|altered|dropped|truncated|renamed|analyzed|purged|"
    r"granted|revoked)\."
    r"|\d+ rows? (?:selected|inserted|updated|deleted|merged|created)\."
    r"|no rows selected"
    r"|(?:Commit|Rollback) complete\."
    r"|PL/SQL procedure successfully completed\."
    r")$"
)


class Mismatch(Exception):
    pass


def read_expected(path):
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    if not rows:
        raise Mismatch("expected file %s is empty" % path)
    return rows[0], rows[1:]


def read_actual(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        lines = f.read().splitlines()
    errors = [l.strip() for l in lines if ERROR_RE.search(l)]
    if errors:
        raise Mismatch("error: " + " | ".join(errors[:3]))
    kept = [l for l in lines if l.strip() and not FEEDBACK_RE.match(l.strip())]
    if not kept:
        raise Mismatch("no result in the output (not even a header)")
    rows = list(csv.reader(io.StringIO("\n".join(kept) + "\n")))
    return rows[0], rows[1:]


def as_number(cell):
    s = cell.strip()
    if not s:
        return None
    try:
        return float(s)
    except ValueError:
        return None


def cells_match(exp, got):
    e, g = as_number(exp), as_number(got)
    if e is not None and g is not None:
        return abs(e - g) <= TOLERANCE
    return exp.strip() == got.strip()


def first_bad_cell(exp_row, got_row):
    """Index of the first differing cell, or None when the rows match."""
    if len(exp_row) != len(got_row):
        return min(len(exp_row), len(got_row))
    for i, (e, g) in enumerate(zip(exp_row, got_row)):
        if not cells_match(e, g):
            return i
    return None


def first_bad_row(exp_rows, got_rows):
    for n, (e, g) in enumerate(zip(exp_rows, got_rows)):
        col = first_bad_cell(e, g)
        if col is not None:
            return n, col
    return None


def sort_key(row):
    key = []
    for cell in row:
        x = as_number(cell)
        key.append((0, x, "") if x is not None else (1, 0.0, cell.strip()))
    return key


def show(row, limit=160):
    buf = io.StringIO()
    csv.writer(buf, lineterminator="").writerow([c.strip() for c in row])
    text = buf.getvalue()
    return text if len(text) <= limit else text[: limit - 3] + "..."


def order_keys(query_text):
    """Lower-cased column names of the query's last ORDER BY ([] when it has none)."""
    matches = list(re.finditer(r"\border\s+by\b", query_text, re.I))
    if not matches:
        return []
    tail = query_text[matches[-1].end():]
    tail = re.split(r";|\bfetch\s+first\b", tail, flags=re.I)[0]
    items, depth, cur = [], 0, ""
    for ch in tail:
        depth += ch == "("
        depth -= ch == ")"
        if ch == "," and depth == 0:
            items.append(cur)
            cur = ""
        else:
            cur += ch
    items.append(cur)
    keys = []
    for item in items:
        item = re.sub(r"\s+nulls\s+(first|last)\s*$", "", item.strip(), flags=re.I)
        item = re.sub(r"\s+(asc|desc)\s*$", "", item, flags=re.I)
        keys.append(item.strip().lower())
    return keys


def tie_runs(head, rows, keys):
    """[start, end) runs of rows with equal ORDER BY keys, or None if a key is not a column."""
    names = [h.strip().lower() for h in head]
    if any(k not in names for k in keys):
        return None
    idx = [names.index(k) for k in keys]
    runs, start = [], 0
    for n in range(1, len(rows) + 1):
        if n == len(rows) or [rows[n][i].strip() for i in idx] != [rows[start][i].strip() for i in idx]:
            runs.append((start, n))
            start = n
    return runs


def sorted_within(rows, runs):
    out = []
    for a, b in runs:
        out.extend(sorted(rows[a:b], key=sort_key))
    return out


def compare(expected_path, actual_path, keys=None):
    """Return the "ok" note; raise Mismatch with the reason. keys: the ORDER BY columns."""
    exp_head, exp_rows = read_expected(expected_path)
    got_head, got_rows = read_actual(actual_path)
    if [h.strip().lower() for h in exp_head] != [h.strip().lower() for h in got_head]:
        raise Mismatch("header: expected [%s] got [%s]" % (show(exp_head), show(got_head)))
    if len(exp_rows) != len(got_rows):
        raise Mismatch("row count: expected %d got %d" % (len(exp_rows), len(got_rows)))
    bad = first_bad_row(exp_rows, got_rows)
    if bad is None:
        return "ok"
    n, col = bad
    name = exp_head[col] if col < len(exp_head) else "?"
    in_order = "row %d col %s: expected [%s] got [%s]" % (
        n + 1, name, show(exp_rows[n]), show(got_rows[n]))
    runs = tie_runs(exp_head, exp_rows, keys) if keys is not None else None
    if runs is None:
        runs, how = [(0, len(exp_rows))], "all rows sorted"
    else:
        how = "rows tied on ORDER BY %s sorted" % (", ".join(keys) or "(none)")
    bad_sorted = first_bad_row(sorted_within(exp_rows, runs), sorted_within(got_rows, runs))
    if bad_sorted is None:
        return "ok (order differs from row %d; match with %s)" % (n + 1, how)
    m, _ = bad_sorted
    raise Mismatch("%s (differs with %s too, from row %d)" % (in_order, how, m + 1))


def main(argv):
    if len(argv) not in (3, 4):
        print("usage: tpch_check.py expected.csv actual_output.txt [query.sql]", file=sys.stderr)
        return 2
    try:
        keys = None
        if len(argv) == 4:
            with open(argv[3], encoding="utf-8") as f:
                keys = order_keys(f.read())
        print(compare(argv[1], argv[2], keys))
        return 0
    except Mismatch as e:
        print(e)
        return 1
    except OSError as e:
        print("cannot read: %s" % e)
        return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
