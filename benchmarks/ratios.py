#!/usr/bin/env python3
"""Turns the newest ../shared/peers JSON report into ratio tables in docs/performance.md.

usage: ratios.py LATEST_MD PERFORMANCE_MD COMMAND
Ratios are pathdb median / peer median from the same run (the machine is shared, so only
ratios measured side by side mean anything; see ../shared/design/measuring.md).
"""
import glob
import json
import os
import statistics
import sys

latest_md, perf_md, command = sys.argv[1], sys.argv[2], sys.argv[3]
results_dir = os.path.dirname(latest_md)
runs = sorted(glob.glob(os.path.join(results_dir, "run-*.json")), key=os.path.getmtime)
if not runs:
    sys.exit("no run-*.json in " + results_dir)
report = json.load(open(runs[-1]))

lines = [f"Command: `{command}` — run started {report.get('started', '?')}", ""]
for wname, wr in report["workloads"].items():
    engines = wr["engines"]
    med = {}
    for ename, er in engines.items():
        for r in er.get("results", []):
            if r.get("times"):
                med[(ename, r["name"])] = statistics.median(r["times"])
    peers = [e for e in engines if e != "pathdb"]
    queries = sorted({q for (_, q) in med}, key=lambda q: (q != "(startup)", q))
    lines.append(f"### {wname} ({wr.get('key', '')})")
    lines.append("")
    lines.append("| query | pathdb median | " + " | ".join(f"{p} median | pathdb/{p}" for p in peers) + " |")
    lines.append("|---|---|" + "---|---|" * len(peers))
    for q in queries:
        p = med.get(("pathdb", q))
        cells = [f"{p:.3f} s" if p is not None else "ERR"]
        for peer in peers:
            m = med.get((peer, q))
            cells.append(f"{m:.3f} s" if m is not None else "-")
            cells.append(f"{p / m:.2f}x" if p is not None and m else "-")
        lines.append(f"| {q} | " + " | ".join(cells) + " |")
    lines.append("")
    load = {e: er.get("load_s") for e, er in engines.items()}
    lines.append("Load (s): " + ", ".join(f"{e} {v:.1f}" for e, v in load.items() if v))
    lines.append("")

begin, end = "<!-- peers:begin -->", "<!-- peers:end -->"
text = open(perf_md).read() if os.path.exists(perf_md) else f"# Performance\n\n{begin}\n{end}\n"
if begin not in text:
    text += f"\n{begin}\n{end}\n"
head, rest = text.split(begin, 1)
_, tail = rest.split(end, 1)
open(perf_md, "w").write(head + begin + "\n" + "\n".join(lines) + "\n" + end + tail)
print("\n".join(lines))
