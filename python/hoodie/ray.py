# SPDX-License-Identifier: Apache-2.0
"""Hudi tables on Ray: ``read_hudi`` gives a ``ray.data.Dataset`` with one read task per
file slice (merged for merge-on-read), read in Ray's workers by hoodie (``hoodie.plan``)."""

from __future__ import annotations

from typing import Any, List, Mapping, Optional, Sequence

import pyarrow.compute as pc
import ray.data
from ray.data.block import BlockMetadata
from ray.data.datasource import Datasource, ReadTask

from ._table import Table
from .plan import ReadPlan


class HudiDatasource(Datasource):
    """A ``ReadPlan`` as a Ray datasource: one read task per split, each returning the
    split's rows as one Arrow block with the plan's schema."""

    def __init__(self, plan: ReadPlan):
        super().__init__()
        self._plan = plan

    def get_name(self) -> str:
        return "Hudi"

    def estimate_inmemory_data_size(self) -> Optional[int]:
        return sum(split.size for split in self._plan.splits)

    def get_read_tasks(self, parallelism: int, per_task_row_limit: Optional[int] = None,
                       data_context: Any = None) -> List[ReadTask]:
        tasks = []
        for split in self._plan.splits:
            files = tuple(f for f in (split.base_file, *split.log_files) if f)
            metadata = BlockMetadata(num_rows=None, size_bytes=int(split.size),
                                     exec_stats=None, input_files=files)
            tasks.append(ReadTask(lambda split=split: [split.read()], metadata,
                                  schema=self._plan.schema,
                                  per_task_row_limit=per_task_row_limit))
        return tasks


def read_hudi(
    path: str,
    columns: Optional[Sequence[str]] = None,
    filter: Optional[pc.Expression] = None,
    as_of: Optional[str] = None,
    query_type: str = "snapshot",
    options: Optional[Mapping[str, Any]] = None,
    storage_options: Optional[Mapping[str, Any]] = None,
) -> "ray.data.Dataset":
    """The Hudi table at ``path`` as a ``ray.data.Dataset``: one read task per file slice
    of ``Table.plan(...)``, every one read at the same instant (``as_of``, by default the
    latest completed one when this is called). ``columns``, ``filter`` (a
    ``pyarrow.compute`` expression) and ``query_type`` (``snapshot`` or
    ``read_optimized``) apply to every task."""
    plan = Table(path, options, storage_options).plan(columns, filter, as_of, query_type)
    if not plan.splits:
        return ray.data.from_arrow(plan.schema.empty_table())
    return ray.data.read_datasource(HudiDatasource(plan), override_num_blocks=len(plan.splits))
