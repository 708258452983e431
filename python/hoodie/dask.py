# SPDX-License-Identifier: Apache-2.0
"""Hudi tables on Dask: ``read_hudi`` gives a Dask DataFrame of one partition per file
slice (merged for merge-on-read), read in the workers by hoodie (``hoodie.plan``)."""

from __future__ import annotations

from typing import Any, Mapping, Optional, Sequence

import pyarrow.compute as pc

from ._table import Table
from .plan import ReadSplit


def _read_split(split: ReadSplit):
    return split.read().to_pandas()


def read_hudi(
    path: str,
    columns: Optional[Sequence[str]] = None,
    filter: Optional[pc.Expression] = None,
    as_of: Optional[str] = None,
    query_type: str = "snapshot",
    options: Optional[Mapping[str, Any]] = None,
    storage_options: Optional[Mapping[str, Any]] = None,
):
    """The Hudi table at ``path`` as a ``dask.dataframe.DataFrame``: one partition per
    file slice of ``Table.plan(...)``, every one read at the same instant (``as_of``, by
    default the latest completed one when this is called), in whichever worker Dask runs
    it. ``columns``, ``filter`` (a ``pyarrow.compute`` expression) and ``query_type``
    (``snapshot`` or ``read_optimized``) apply to every partition."""
    import dask.dataframe as dd

    plan = Table(path, options, storage_options).plan(columns, filter, as_of, query_type)
    meta = plan.schema.empty_table().to_pandas()
    if not plan.splits:
        return dd.from_pandas(meta, npartitions=1)
    return dd.from_map(_read_split, plan.splits, meta=meta, enforce_metadata=False,
                       label="read-hudi")
