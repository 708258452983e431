"""Benchmark phases of the Python package, one per run so each has its own peak RSS.

  python_bench.py to-arrow --table DIR [--query-type snapshot|read_optimized]

Runs in .venv-python with the package from build/python (bench/run_python.sh sets
PYTHONPATH): `hoodie.Table(DIR).to_arrow()`, the whole table as one pyarrow Table, timed
from opening the table to the last row; peak RSS is this process's ru_maxrss. Prints one
JSON line as hoodie-bench does (interop_bench.report).
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from interop_bench import report  # noqa: E402


def run_to_arrow(args) -> None:
    import hoodie

    started = time.monotonic()
    table = hoodie.Table(args.table)
    if args.query_type == "read_optimized":
        rows = table.read_optimized()
    else:
        rows = table.to_arrow()
    seconds = time.monotonic() - started
    usage = resource.getrusage(resource.RUSAGE_SELF)
    report(f"python_{args.query_type}", rows.num_rows, seconds, usage.ru_maxrss / 1024,
           rows.nbytes, usage.ru_utime + usage.ru_stime)


def run_sql(args) -> None:
    """One statement of hoodie.sql on the table at --table, named `t`; the statement's
    `{source}` stands for DuckDB's read of --input (Parquet)."""
    import hoodie
    from interop_bench import commit_written

    session = hoodie.SqlSession(tables={"t": args.table},
                                options={"hoodie.parquet.compression.codec": args.codec})
    statement = args.statement.replace("{source}", f"read_parquet('{args.input}')")
    started = time.monotonic()
    session.sql(statement)
    seconds = time.monotonic() - started
    usage = resource.getrusage(resource.RUSAGE_SELF)
    records, bytes_ = commit_written(args.table)
    report("python_sql", records, seconds, usage.ru_maxrss / 1024, bytes_,
           usage.ru_utime + usage.ru_stime)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("phase", choices=["to-arrow", "sql"])
    parser.add_argument("--table", required=True)
    parser.add_argument("--query-type", default="snapshot",
                        choices=["snapshot", "read_optimized"])
    parser.add_argument("--statement")
    parser.add_argument("--input")
    parser.add_argument("--codec", default="snappy")
    args = parser.parse_args()
    if args.phase == "sql":
        run_sql(args)
    else:
        run_to_arrow(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
