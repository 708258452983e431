#!/usr/bin/env bash
# hoodie against an earlier build of itself: the hoodie phases of bench/compare.sh, run
# alternately by the two builds on the same generated data, so that a change that must not
# cost speed (a re-layering) is checked against the run-to-run spread.
#
#   bench/before_after.sh BEFORE_BUILD AFTER_BUILD [RECORDS] [ROUNDS]
#
# BEFORE_BUILD and AFTER_BUILD are build folders holding bench/hoodie-bench (e.g. a git
# worktree of the older commit built with scripts/build.sh hoodie-bench). RECORDS is
# 1000000 by default (upserts are RECORDS/10), ROUNDS 3. Each round runs every phase with
# one build, then with the other (the first alternates), each phase its own process (its
# own peak RSS).
# Prints, per phase, CPU seconds (user + system) min-max (median) and peak RSS max of each
# build. Run it on a quiet machine: no build or test beside it. BENCH_DIR keeps the
# results (results.jsonl) instead of a new folder under /tmp.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
[ $# -ge 2 ] || { sed -n 2,14p "$0" >&2; exit 2; }
before="$1/bench/hoodie-bench"
after="$2/bench/hoodie-bench"
records="${3:-1000000}"
rounds="${4:-3}"
upserts=$((records / 10))
for bin in "$before" "$after"; do
  [ -x "$bin" ] || { echo "no hoodie-bench at $bin: build it with scripts/build.sh hoodie-bench" >&2; exit 1; }
done
# shellcheck source=bench/lib.sh
source "$root/bench/lib.sh"
bench_workdir hoodie-before-after
mor=(--conf hoodie.datasource.write.table.type=MERGE_ON_READ
     --conf hoodie.parquet.small.file.limit=0)

# phases WHICH BIN: every phase once with BIN, results named WHICH:phase.
phases() {
  local which="$1" bin="$2"
  bench_phase "$which:raw" "$results" "$bin" raw --records "$records" \
    --out "$work/raw.parquet" >/dev/null
  rm -f "$work/raw.parquet"
  bench_phase "$which:bulk_insert" "$results" "$bin" bulk_insert --records "$records" \
    --table "$work/cow" >/dev/null
  bench_phase "$which:upsert" "$results" "$bin" upsert --records "$upserts" \
    --base "$records" --table "$work/cow" >/dev/null
  bench_phase "$which:cow_snapshot" "$results" "$bin" read --table "$work/cow" >/dev/null
  rm -rf "$work/cow"
  bench_phase "$which:mor_bulk_insert" "$results" "$bin" bulk_insert --records "$records" \
    --table "$work/mor" "${mor[@]}" >/dev/null
  bench_phase "$which:mor_upsert" "$results" "$bin" upsert --records "$upserts" \
    --base "$records" --table "$work/mor" "${mor[@]}" >/dev/null
  bench_phase "$which:mor_snapshot" "$results" "$bin" read --table "$work/mor" >/dev/null
  bench_phase "$which:mor_read_optimized" "$results" "$bin" read --table "$work/mor" \
    --query-type read_optimized >/dev/null
  rm -rf "$work/mor"
}

echo "before/after: $records records, $upserts upserts, $rounds rounds; $(nproc) cores;" \
  "load before: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
for round in $(seq "$rounds"); do
  # Odd rounds start with the before build, even ones with the after build, so that
  # neither always runs on a machine the other has just warmed (or throttled).
  if [ $((round % 2)) -eq 1 ]; then
    phases before "$before"
    phases after "$after"
  else
    phases after "$after"
    phases before "$before"
  fi
  echo "round $round done; load: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
done
python3 - "$results" <<'PY'
import json, statistics, sys
runs = {}
for line in open(sys.argv[1]):
    row = json.loads(line)
    which, phase = row["phase"].split(":")
    runs.setdefault(phase, {}).setdefault(which, []).append(row)
def cpu(rows):
    values = sorted(r["cpu_seconds"] for r in rows)
    return f"{values[0]:.2f}–{values[-1]:.2f} ({statistics.median(values):.2f})"
print("| phase | before CPU s | after CPU s | before RSS MiB | after RSS MiB |")
print("|---|---|---|---|---|")
for phase, by in runs.items():
    rss = {w: max(r["peak_rss_mib"] for r in by[w]) for w in by}
    print(f"| {phase} | {cpu(by['before'])} | {cpu(by['after'])} | "
          f"{rss['before']:.0f} | {rss['after']:.0f} |")
PY
