# SPDX-License-Identifier: Apache-2.0
"""What hoodie.write accepts as data: anything that exports Arrow, as a function that
exports a fresh Arrow C stream for each attempt of the write."""

from __future__ import annotations

from typing import Any, Callable, Optional

import pyarrow as pa

from .errors import HoodieError


def _is_pandas(data: Any) -> bool:
    return type(data).__module__.split(".")[0] == "pandas" and hasattr(data, "columns")


def stream_opener(data: Any) -> Optional[Callable[[], Any]]:
    """A function returning an ``arrow_array_stream`` capsule of ``data`` each time it is
    called, or None for no data.

    Tables and data frames are exported afresh on each call, so that a write that lost
    a conflict can run again; a stream (a RecordBatchReader, or any object whose export
    can be taken once) can be read only once."""
    if data is None:
        return None
    if _is_pandas(data):
        # The index is not data: as Spark writes a DataFrame, only its columns.
        table = pa.Table.from_pandas(data, preserve_index=False)
        return table.__arrow_c_stream__
    if isinstance(data, pa.RecordBatchReader):
        return _once(data)
    if isinstance(data, pa.RecordBatch):
        return pa.Table.from_batches([data]).__arrow_c_stream__
    if hasattr(data, "__arrow_c_stream__"):
        return data.__arrow_c_stream__
    if hasattr(data, "__arrow_c_array__"):
        return pa.Table.from_batches([pa.record_batch(data)]).__arrow_c_stream__
    if hasattr(data, "arrow") and callable(data.arrow):
        # A DuckDB relation of a version without the stream export.
        return lambda: data.arrow().__arrow_c_stream__()
    raise TypeError(
        f"cannot write {type(data).__name__}: pass a pyarrow Table, RecordBatch or "
        "RecordBatchReader, a pandas or Polars DataFrame, a DuckDB relation, or any "
        "object with __arrow_c_stream__ or __arrow_c_array__"
    )


def _once(reader: pa.RecordBatchReader) -> Callable[[], Any]:
    taken = False

    def open_stream() -> Any:
        nonlocal taken
        if taken:
            raise HoodieError(
                "the data is a RecordBatchReader, which can be read only once, and the "
                "write must read it again (a retry after a write conflict): pass a "
                "pyarrow Table to retry"
            )
        taken = True
        return reader.__arrow_c_stream__()

    return open_stream
