# Shell functions the bench scripts share; sourced, not run.

# bench_phase NAME RESULTS COMMAND...: runs one phase, keeps its JSON line (a JVM also
# prints other lines on standard output) renamed to NAME, appends it to RESULTS and
# echoes it. The writes of the phases before are flushed first, so that no phase pays
# for another's writeback (a 10 M bulk_insert leaves about 1 GB of dirty pages).
bench_phase() {
  local name="$1" results="$2"
  shift 2
  sync
  "$@" | grep '^{' | sed -E "s/\"phase\": ?\"[a-z_]*\"/\"phase\":\"$name\"/" | tee -a "$results"
}

# bench_workdir PREFIX: sets `work` to $BENCH_DIR (kept) or a new folder
# /tmp/PREFIX.XXXXXX removed when the script exits, and `results` to an empty
# results.jsonl in it.
bench_workdir() {
  work="${BENCH_DIR:-}"
  if [ -z "$work" ]; then
    work="$(mktemp -d "/tmp/$1.XXXXXX")"
    trap 'rm -rf "$work"' EXIT
  fi
  mkdir -p "$work"
  results="$work/results.jsonl"
  : > "$results"
}
