# SPDX-License-Identifier: Apache-2.0
"""hoodie.write: one write of records into a Hudi table, as one instant."""

from __future__ import annotations

from typing import Any, Dict, List, Mapping, Optional

from . import _hoodie
from ._data import stream_opener
from ._options import option_map

class WriteResult(str):
    """The instant a write committed, as a string, with its statistics as attributes.

    Attributes:
        instant: the instant time (the string itself).
        operation: the write operation, as Hudi names it in the commit metadata.
        committed: whether the instant was committed.
        input_records, inserted, updated, deleted, deduplicated: record counts.
        failed: the records that failed (with ``write.ignore.failed=true``), each a dict
            of ``row`` and ``message``.
        write_stats: one dict per file written (partition, file_id, path, num_writes,
            num_inserts, num_update_writes, num_deletes, total_write_bytes, ...).
        files_written, files_replaced: file counts.
        compactions, cleans, archived: the instants the table services that run after a
            commit completed or archived.
    """

    instant: str
    operation: str
    committed: bool
    input_records: int
    inserted: int
    updated: int
    deleted: int
    deduplicated: int
    failed: List[Dict[str, Any]]
    write_stats: List[Dict[str, Any]]
    files_written: int
    files_replaced: int
    compactions: List[str]
    cleans: List[str]
    archived: List[str]

    def __new__(cls, stats: Dict[str, Any]) -> "WriteResult":
        result = super().__new__(cls, stats["instant"])
        for key, value in stats.items():
            setattr(result, key, value)
        return result

    @property
    def stats(self) -> Dict[str, Any]:
        """Every statistic as one dict."""
        return {key: value for key, value in vars(self).items()}


def write(
    path: str,
    data: Any,
    operation: str = "upsert",
    options: Optional[Mapping[str, Any]] = None,
    storage_options: Optional[Mapping[str, Any]] = None,
) -> WriteResult:
    """Writes ``data`` into the Hudi table at ``path`` as one instant, creating the table
    on the first write.

    Args:
        path: the table's base path: a local path, ``file://``, ``s3://``, ``gs://`` or
            ``abfs://`` URI.
        data: the records: a pyarrow Table, RecordBatch or RecordBatchReader, a pandas or
            Polars DataFrame, a DuckDB relation, or any object exporting the Arrow C
            stream or array interface. None only for ``delete_partition`` with
            ``hoodie.datasource.write.partitions.to.delete`` set.
        operation: ``upsert`` (default), ``insert``, ``bulk_insert``, ``delete``,
            ``insert_overwrite``, ``insert_overwrite_table`` or ``delete_partition``.
        options: Hudi keys, e.g. ``hoodie.table.name``,
            ``hoodie.datasource.write.recordkey.field``,
            ``hoodie.datasource.write.partitionpath.field``,
            ``hoodie.datasource.write.precombine.field``,
            ``hoodie.datasource.write.table.type``; values may be str, int, float or
            bool.
        storage_options: the object store's keys (``fs.s3a.*``, ``fs.gs.*``,
            ``fs.azure.*``, ``hoodie.storage.*``).

    Returns:
        The committed instant (a str) with the write's statistics as attributes.

    Raises:
        InvalidOptionError: an unknown, malformed or refused option.
        WriteConflictError: another writer won the conflict; nothing was written.
        SchemaError: the data's schema cannot be written to the table.
        HoodieError: any other failure; a failed write leaves nothing visible.
    """
    stats = _hoodie.write(
        str(path),
        stream_opener(data),
        operation,
        option_map(options),
        option_map(storage_options, "storage_options"),
    )
    return WriteResult(stats)
