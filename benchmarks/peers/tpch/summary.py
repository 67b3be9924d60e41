#!/usr/bin/env python3
"""Per-query table and targets of one benchmarks/tpch.sh run, from the harness's run-*.json.

  summary.py RUN.json [IPR.md]

Time of a query = median of its timed runs (RUNS, after one warm-up run); a query whose warm-up
took over REPEAT_MAX_S is reported by that one run ("1*"). Best-of-runs sums are given too.
"""
import json, statistics, sys

ENG = [("pathdb", "pathdb"), ("duckdb-t1", "DuckDB t1"), ("postgres", "PostgreSQL")]


def main(path, ipr=None):
    rep = json.load(open(path))
    tp = rep["workloads"]["tpch"]
    engines = tp["engines"]
    qs = sorted({r["name"] for e in engines.values() for r in e.get("results", [])
                 if r["name"].startswith("q")})
    t = {e: {} for e, _ in ENG}      # median
    b = {e: {} for e, _ in ENG}      # best
    note = {e: {} for e, _ in ENG}
    for e, _ in ENG:
        for r in engines.get(e, {}).get("results", []):
            if r.get("times"):
                t[e][r["name"]] = statistics.median(r["times"])
                b[e][r["name"]] = min(r["times"])
                note[e][r["name"]] = ("1*" if r.get("single") else "") + \
                    ("" if r.get("check") in (None, "ok") else " " + r["check"]) + \
                    (" " + r["error"] if r.get("error") else "")
            else:
                note[e][r["name"]] = r.get("error") or "ERR"
    fmt = lambda x: f"{x:.3f}"
    print(f"Run {rep['started']}: host {rep['host']['cpus']} cpus ({rep['host']['cpu']}), "
          f"{rep['host']['mem_gib']} GiB; runs={rep['settings']['RUNS']}, timeout={rep['settings']['TIMEOUT']} s")
    for e, _ in ENG:
        if e in rep["engines"]:
            print(f"- {e}: {rep['engines'][e].get('version') or 'skipped: ' + str(rep['engines'][e].get('skipped'))}")
    st = next((r for r in engines.get("pathdb", {}).get("results", []) if r["name"] == "(startup)"), None)
    if st and st.get("times"):
        print(f"- pathdb process startup (SELECT 1 FROM DUAL, median): {statistics.median(st['times']) * 1000:.1f} ms "
              "(pathdb times are process wall times and include it; DuckDB and PostgreSQL times do not)")
    print("- load (s): " + ", ".join(f"{lbl} {engines[e]['load_s']:.1f}" for e, lbl in ENG
                                      if e in engines and engines[e].get("load_s") is not None))
    print(f"- answers: {'; '.join(f'{k} {v}' for k, v in tp.get('checks', {}).items())}")
    print()
    print("Seconds, median of the timed runs (warm):\n")
    print("| query | pathdb | DuckDB t1 | PostgreSQL | pathdb / PostgreSQL | pathdb / DuckDB |")
    print("|---|---|---|---|---|---|")
    for q in qs:
        cells = []
        for e, _ in ENG:
            cells.append((fmt(t[e][q]) if q in t[e] else "") + (" " + note[e][q] if note[e].get(q) else ""))
        p, d, g = t["pathdb"].get(q), t["duckdb-t1"].get(q), t["postgres"].get(q)
        rpg = f"{p / g:.2f}x" if p and g else ""
        rdk = f"{p / d:.2f}x" if p and d else ""
        print(f"| {q} | {' | '.join(c.strip() for c in cells)} | {rpg} | {rdk} |")

    def total(m, e):
        missing = [q for q in qs if q not in m[e]]
        return sum(m[e].values()), missing
    sums = {}
    for lbl, m in (("sum of medians", t), ("sum of bests", b)):
        row = []
        for e, _ in ENG:
            s, miss = total(m, e)
            sums[(lbl, e)] = (s, miss)
            row.append(f"{s:.3f}" + (f" (+{len(miss)} without time: {' '.join(miss)})" if miss else ""))
        sp, sd, sg = (sums[(lbl, e)][0] for e in ("pathdb", "duckdb-t1", "postgres"))
        print(f"| **{lbl}** | {' | '.join(row)} | {sp / sg:.2f}x | {sp / sd:.2f}x |" if sg and sd
              else f"| **{lbl}** | {' | '.join(row)} | | |")
    print()
    # targets
    P, G = t["pathdb"], t["postgres"]
    sp, mp = sums[("sum of medians", "pathdb")]
    sg, mg = sums[("sum of medians", "postgres")]
    over10 = [q for q in qs if q not in P or P[q] >= 10]
    print("Targets (medians):")
    print(f"- every query under 10 s: {'MET' if not over10 else 'MISSED'}"
          + (f" ({', '.join(f'{q} ' + (fmt(P[q]) + ' s' if q in P else note['pathdb'].get(q, 'no time')) for q in over10)})" if over10 else "")
          + (f"; slowest {max(P, key=P.get)} {fmt(max(P.values()))} s" if P else ""))
    ok_sum = not mp and not mg and sg and sp <= 0.5 * sg
    print(f"- sum at most 0.5x PostgreSQL: {'MET' if ok_sum else 'MISSED'} "
          f"(pathdb {sp:.3f} s / PostgreSQL {sg:.3f} s = {sp / sg:.2f}x" + (", incomplete" if mp or mg else "") + ")" if sg else "- sum: no PostgreSQL times")
    slower = sorted((q for q in qs if q in G and (q not in P or P[q] > G[q])),
                    key=lambda q: -(P.get(q, float('inf')) / G[q]))
    print(f"- no query slower than PostgreSQL: {'MET' if not slower else 'MISSED'}"
          + (f" ({len(slower)} of {len(qs)} slower: " + ", ".join(
              f"{q} {P[q] / G[q]:.2f}x" if q in P else f"{q} {note['pathdb'].get(q)}" for q in slower) + ")" if slower else ""))
    if ipr:
        print()
        print(open(ipr).read().rstrip())


if __name__ == "__main__":
    main(*sys.argv[1:3])
