# Shell functions the bench scripts share; sourced, not run.

# bench_phase NAME RESULTS COMMAND...: runs one phase, keeps its JSON line (a JVM also
# prints other lines on standard output) renamed to NAME, appends it to RESULTS and
# echoes it.
bench_phase() {
  local name="$1" results="$2"
  shift 2
  "$@" | grep '^{' | sed -E "s/\"phase\": ?\"[a-z_]*\"/\"phase\":\"$name\"/" | tee -a "$results"
}
