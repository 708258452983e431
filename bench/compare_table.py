"""Prints bench/compare.sh's results as two Markdown tables: every phase, then the aims.

  compare_table.py RESULTS.jsonl

Each line of RESULTS is one phase's JSON line (phase, records, seconds, cpu_seconds,
peak_rss_mib, bytes). An aim compares hoodie with its yardstick in the direction where
more is better, so every ratio reads "bigger is better" except where the aim says "at
most".
"""

from __future__ import annotations

import json
import sys

# (what, hoodie phase, hoodie figure, yardstick phase, yardstick figure, kind, aim)
#   kind "speed": yardstick / hoodie of a cost (seconds): how many times faster hoodie is
#   kind "share": hoodie / yardstick of a cost: the fraction of the yardstick's cost
AIMS = [
    ("bulk_insert CPU against a raw Arrow Parquet write", "bulk_insert", "cpu_seconds",
     "raw", "cpu_seconds", "speed", ">= 0.7"),
    ("bulk_insert CPU against a raw Arrow write with the meta columns", "bulk_insert",
     "cpu_seconds", "raw_meta", "cpu_seconds", "speed", ""),
    ("bulk_insert peak RSS against Spark + Hudi", "bulk_insert", "peak_rss_mib",
     "spark_bulk_insert", "peak_rss_mib", "share", "<= 0.2"),
    ("upsert wall against Spark + Hudi", "upsert", "seconds", "spark_upsert", "seconds",
     "speed", ">= 20"),
    ("upsert peak RSS against Spark + Hudi", "upsert", "peak_rss_mib", "spark_upsert",
     "peak_rss_mib", "share", "<= 0.2"),
    ("MOR snapshot wall against hudi-rs", "mor_snapshot", "seconds", "mor_hudi_rs",
     "seconds", "speed", ">= 1.5"),
    ("MOR snapshot wall against its read-optimized read", "mor_snapshot", "seconds",
     "mor_read_optimized", "seconds", "share", "<= 1.6"),
    ("COW snapshot wall against a raw Parquet read of its files", "cow_snapshot", "seconds",
     "cow_raw_read", "seconds", "speed", ">= 0.9"),
    ("COW snapshot wall against hudi-rs", "cow_snapshot", "seconds", "cow_hudi_rs",
     "seconds", "speed", ""),
]


def holds(ratio: float, aim: str) -> str:
    if not aim:
        return ""
    op, bound = aim.split()
    ok = ratio >= float(bound) if op == ">=" else ratio <= float(bound)
    return "yes" if ok else "**no**"


def main() -> int:
    rows = [json.loads(line) for line in open(sys.argv[1]) if line.strip()]
    by_phase = {r["phase"]: r for r in rows}
    print("| phase | records | wall s | CPU s | peak RSS MiB | bytes |")
    print("|---|---:|---:|---:|---:|---:|")
    for r in rows:
        print(f"| {r['phase']} | {r['records']:,} | {r['seconds']:.2f} | "
              f"{r.get('cpu_seconds', 0):.2f} | {r['peak_rss_mib']:,.0f} | {r['bytes']:,} |")
    print()
    print("| aim | hoodie | yardstick | ratio | aim | holds |")
    print("|---|---:|---:|---:|---:|---|")
    for what, mine, my_figure, theirs, their_figure, kind, aim in AIMS:
        if mine not in by_phase or theirs not in by_phase:
            print(f"| {what} | | | | {aim} | not measured |")
            continue
        a = by_phase[mine][my_figure]
        b = by_phase[theirs][their_figure]
        ratio = (b / a if kind == "speed" else a / b) if a and b else float("nan")
        print(f"| {what} | {a:,.2f} | {b:,.2f} | {ratio:.2f} | {aim} | {holds(ratio, aim)} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
