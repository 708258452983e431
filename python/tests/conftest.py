# SPDX-License-Identifier: Apache-2.0
"""Fixtures of the Python package's tests: the package from build/python (or an installed
wheel), the `hoodie` tool beside it for what only the tool does (a write left inflight,
a writer holding the table lock), and a model table's options."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import Dict, List

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def hoodie_bin() -> str:
    """The `hoodie` tool of the same build (HOODIE_BIN overrides)."""
    path = os.environ.get("HOODIE_BIN", str(ROOT / "build" / "src" / "hoodie" / "cli" / "hoodie"))
    if not os.access(path, os.X_OK):
        pytest.fail(f"hoodie tool not found at {path}: build it (scripts/build.sh hoodie)")
    return path


@pytest.fixture
def run_hoodie(hoodie_bin):
    """Runs `hoodie args...`; returns the completed process (check=True unless told)."""

    def run(*args: str, check: bool = True, **kwargs) -> subprocess.CompletedProcess:
        return subprocess.run(
            [hoodie_bin, *args], check=check, capture_output=True, text=True, **kwargs
        )

    return run


def trip_options(table_type: str = "COPY_ON_WRITE", partitioned: bool = True) -> Dict[str, str]:
    """The options of the tests' trips table: key `id`, ordering `ts`, partition `city`."""
    options = {
        "hoodie.table.name": "trips",
        "hoodie.datasource.write.recordkey.field": "id",
        "hoodie.datasource.write.precombine.field": "ts",
        "hoodie.datasource.write.partitionpath.field": "city" if partitioned else "",
        "hoodie.datasource.write.table.type": table_type,
    }
    if not partitioned:
        options["hoodie.datasource.write.keygenerator.class"] = (
            "org.apache.hudi.keygen.NonpartitionedKeyGenerator"
        )
    return options


@pytest.fixture
def options() -> Dict[str, str]:
    return trip_options()


def trips(ids: List[int], ts: int = 1, fare: float = 10.0, city: str = "sf"):
    """Trips with these ids, all with ordering value `ts`, fare `fare + id` and city."""
    import pyarrow as pa

    return pa.table(
        {
            "id": pa.array(ids, pa.int64()),
            "ts": pa.array([ts] * len(ids), pa.int64()),
            "fare": pa.array([fare + i for i in ids], pa.float64()),
            "city": pa.array([city] * len(ids), pa.string()),
        }
    )


def rows(table, columns=("id", "ts", "fare", "city")) -> List[tuple]:
    """The data columns of `table` (a pyarrow Table) as sorted tuples."""
    data = table.select(list(columns)).to_pylist()
    return sorted(tuple(row[c] for c in columns) for row in data)


def timeline_files(path) -> List[str]:
    """The instant files of a table's .hoodie folder, sorted."""
    hoodie_dir = Path(path) / ".hoodie"
    return sorted(p.name for p in hoodie_dir.iterdir() if p.name[:1].isdigit())
