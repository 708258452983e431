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

# bench_python_envs ROOT: sets `build`, `bin` (hoodie-bench), `py` (.venv-python, with the
# package of build/python on PYTHONPATH) and `spark_py` (.venv-interop), each checked, for
# the scripts that compare the Python package with Spark.
bench_python_envs() {
  build="${HOODIE_BUILD_DIR:-$1/build}"
  bin="$build/bench/hoodie-bench"
  py="$1/.venv-python/bin/python"
  spark_py="$1/.venv-interop/bin/python"
  [ -x "$bin" ] || { echo "hoodie-bench not built at $bin: run scripts/build.sh" >&2; exit 1; }
  [ -x "$py" ] || { echo "no .venv-python: run scripts/setup-python.sh" >&2; exit 1; }
  [ -x "$spark_py" ] || { echo "no .venv-interop: run scripts/setup-interop.sh" >&2; exit 1; }
  export PYTHONPATH="$build/python"
}
