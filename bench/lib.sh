# Shell functions the bench scripts share; sourced, not run.

# bench_phase NAME RESULTS COMMAND...: runs one phase, keeps its JSON line (a JVM also
# prints other lines on standard output) renamed to NAME, appends it to RESULTS and
# echoes it.
bench_phase() {
  local name="$1" results="$2"
  shift 2
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
