# SPDX-License-Identifier: Apache-2.0
"""The split plan of a distributed read: one split per file slice, as Hudi on Spark
splits a read, pinned to one instant so that every split reads the same snapshot.

A plan is a plain, serialisable value (``to_json``/``from_json``, and picklable): the
process that plans hands the splits to any engine's tasks, and each task reads its own
with ``split.read()``. ``hoodie.dask`` and ``hoodie.ray`` run it on Dask and Ray;
``docs/python.md`` shows it from Spark's ``mapInArrow``.
"""

from __future__ import annotations

import base64
import json
from dataclasses import asdict, dataclass, field
from typing import Any, Dict, List, Optional, Sequence

import pyarrow as pa


@dataclass(frozen=True)
class ReadSplit:
    """One file slice of a read: the table, the slice's file group, and the read's
    settings (query type, the pinned instant, projection, filter, options)."""

    path: str
    partition: str
    file_id: str
    query_type: str = "snapshot"
    as_of: Optional[str] = None
    columns: List[str] = field(default_factory=list)
    filter: Optional[bytes] = None
    options: Dict[str, str] = field(default_factory=dict)
    storage_options: Dict[str, str] = field(default_factory=dict)
    base_file: Optional[str] = None
    log_files: List[str] = field(default_factory=list)
    size: int = 0

    def read(self) -> pa.Table:
        """The rows of this split (merged with its log files for a merge-on-read
        snapshot), with the schema of the whole read."""
        from . import _hoodie

        table = _hoodie._Table.open(self.path, self.options, self.storage_options)
        capsule = table.read(self.query_type, list(self.columns), self.filter, self.as_of,
                             None, None, [(self.partition, self.file_id)])
        return pa.RecordBatchReader._import_from_c_capsule(capsule).read_all()

    def to_dict(self) -> Dict[str, Any]:
        out = asdict(self)
        if self.filter is not None:
            out["filter"] = base64.b64encode(self.filter).decode("ascii")
        return out

    @staticmethod
    def from_dict(data: Dict[str, Any]) -> "ReadSplit":
        data = dict(data)
        if data.get("filter") is not None:
            data["filter"] = base64.b64decode(data["filter"])
        return ReadSplit(**data)


@dataclass(frozen=True)
class ReadPlan:
    """The splits of one read and the schema every split returns."""

    splits: List[ReadSplit]
    schema: pa.Schema

    def to_json(self) -> str:
        schema = base64.b64encode(self.schema.serialize().to_pybytes()).decode("ascii")
        return json.dumps({"splits": [s.to_dict() for s in self.splits], "schema": schema})

    @staticmethod
    def from_json(text: str) -> "ReadPlan":
        data = json.loads(text)
        schema = pa.ipc.read_schema(pa.py_buffer(base64.b64decode(data["schema"])))
        return ReadPlan([ReadSplit.from_dict(s) for s in data["splits"]], schema)


def latest_instant(timeline: Sequence[Dict[str, str]]) -> Optional[str]:
    """The newest completed instant that changes data (a commit, deltacommit or
    replacecommit): what a plan pins its reads to."""
    data_actions = {"commit", "deltacommit", "replacecommit"}
    done = [i["instant"] for i in timeline
            if i["state"] == "COMPLETED" and i["action"] in data_actions]
    return max(done) if done else None
