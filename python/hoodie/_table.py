# SPDX-License-Identifier: Apache-2.0
"""hoodie.Table: reads, metadata and table services of one Hudi table."""

from __future__ import annotations

from typing import Any, Dict, List, Mapping, Optional, Sequence

import pyarrow as pa
import pyarrow.compute as pc

from . import _hoodie
from ._options import option_map
from .plan import ReadPlan, ReadSplit, latest_instant


def _filter_bytes(filter: Optional[pc.Expression]) -> Optional[bytes]:
    if filter is None:
        return None
    if not isinstance(filter, pc.Expression):
        raise TypeError(
            f"filter must be a pyarrow.compute.Expression (e.g. pc.field('fare') > 10), "
            f"got {type(filter).__name__}"
        )
    # pyarrow pickles an expression as Arrow's own serialization of it, which the
    # engine reads back (arrow::compute::Deserialize).
    _, (buffer,) = filter.__reduce__()
    return buffer.to_pybytes()


def _columns(columns: Optional[Sequence[str]]) -> List[str]:
    if columns is None:
        return []
    if isinstance(columns, str):
        raise TypeError("columns must be a list of column names, not a string")
    return [str(column) for column in columns]


class Table:
    """A Hudi table (table version 6), opened for reading and its table services.

    Each read sees the instants completed when it starts. Reads stream: nothing is held
    beyond the batch being decoded unless ``to_arrow`` collects it.

    Args:
        path: the table's base path or URI (local, ``s3://``, ``gs://``, ``abfs://``).
        options: Hudi keys for reads and services (e.g.
            ``hoodie.datasource.merge.type``, ``hoodie.cleaner.commits.retained``).
        storage_options: the object store's keys (``fs.s3a.*``, ...).

    Raises:
        TableNotFoundError: there is no Hudi table at ``path``.
        InvalidOptionError: an unknown, malformed or refused option.
    """

    def __init__(
        self,
        path: str,
        options: Optional[Mapping[str, Any]] = None,
        storage_options: Optional[Mapping[str, Any]] = None,
    ) -> None:
        self._uri = str(path)
        self._options = option_map(options)
        self._storage_options = option_map(storage_options, "storage_options")
        self._table = _hoodie._Table.open(self._uri, self._options, self._storage_options)

    @property
    def path(self) -> str:
        """The table's base path as the storage names it."""
        return self._table.base_path

    def __repr__(self) -> str:
        return f"hoodie.Table({self.path!r})"

    # -- metadata -------------------------------------------------------------------

    def schema(self) -> pa.Schema:
        """The schema reads return: the ``_hoodie_*`` meta columns, then the data
        columns of the latest commit, partition columns typed as Spark types them."""
        return pa.Schema._import_from_c_capsule(self._table.schema())

    def properties(self) -> Dict[str, str]:
        """The entries of ``.hoodie/hoodie.properties``."""
        return self._table.properties()

    def timeline(self) -> List[Dict[str, str]]:
        """The active timeline, oldest first: dicts of ``instant``, ``action`` and
        ``state`` (``COMPLETED``, ``INFLIGHT`` or ``REQUESTED``)."""
        return self._table.timeline()

    def file_slices(self, as_of: Optional[str] = None) -> List[Dict[str, Any]]:
        """The file slices a snapshot read (as of ``as_of``) opens: dicts of
        ``partition``, ``file_id``, ``base_instant``, ``base_file``, ``base_file_size``,
        ``log_files`` and ``log_files_size``."""
        return self._table.file_slices(as_of)

    # -- reads ----------------------------------------------------------------------

    def _read(
        self,
        query_type: str,
        columns: Optional[Sequence[str]] = None,
        filter: Optional[pc.Expression] = None,
        as_of: Optional[str] = None,
        begin: Optional[str] = None,
        end: Optional[str] = None,
    ) -> pa.RecordBatchReader:
        capsule = self._table.read(
            query_type, _columns(columns), _filter_bytes(filter), as_of, begin, end
        )
        return pa.RecordBatchReader._import_from_c_capsule(capsule)

    def to_batches(
        self,
        columns: Optional[Sequence[str]] = None,
        filter: Optional[pc.Expression] = None,
        as_of: Optional[str] = None,
    ) -> pa.RecordBatchReader:
        """The snapshot (or, with ``as_of``, the table as of that instant) streamed
        batch by batch. ``columns`` projects; ``filter``, a ``pyarrow.compute``
        expression, keeps the rows where it is true: its ``column <op> literal``
        conjuncts prune partitions and files (data skipping with the metadata table's
        column stats), and it is applied exactly to the rows read."""
        return self._read("snapshot", columns, filter, as_of)

    def to_arrow(
        self,
        columns: Optional[Sequence[str]] = None,
        filter: Optional[pc.Expression] = None,
        as_of: Optional[str] = None,
    ) -> pa.Table:
        """``to_batches(...)`` collected into one pyarrow Table."""
        return self.to_batches(columns, filter, as_of).read_all()

    def read_optimized(
        self,
        columns: Optional[Sequence[str]] = None,
        filter: Optional[pc.Expression] = None,
        as_of: Optional[str] = None,
    ) -> pa.Table:
        """The base files only (merge-on-read logs not merged), as Hudi's
        read-optimized query."""
        return self._read("read_optimized", columns, filter, as_of).read_all()

    def incremental(
        self,
        begin: str,
        end: Optional[str] = None,
        columns: Optional[Sequence[str]] = None,
        filter: Optional[pc.Expression] = None,
    ) -> pa.Table:
        """The latest version, as of ``end`` (default: the latest commit), of each
        record written in (``begin``, ``end``], as Hudi's incremental query. ``begin``
        may be ``"0"`` (from the start)."""
        return self._read("incremental", columns, filter, None, str(begin), end).read_all()

    def plan(
        self,
        columns: Optional[Sequence[str]] = None,
        filter: Optional[pc.Expression] = None,
        as_of: Optional[str] = None,
        query_type: str = "snapshot",
    ) -> ReadPlan:
        """The split plan of a distributed read (``snapshot`` or ``read_optimized``):
        one split per file slice, pinned to ``as_of`` (default: the latest completed
        instant now) so that every split reads the same table version. Each split's
        ``read()`` returns its rows with the schema of the whole read."""
        if query_type not in ("snapshot", "read_optimized"):
            from .errors import InvalidOptionError

            raise InvalidOptionError(
                f"a plan splits snapshot and read_optimized reads, not {query_type!r}")
        pinned = as_of if as_of is not None else latest_instant(self.timeline())
        schema = self._read(query_type, columns, filter, pinned).schema if pinned else \
            pa.schema([])
        slices = self._table.file_slices(pinned, query_type) if pinned else []
        splits = [
            ReadSplit(
                path=self._uri, partition=s["partition"], file_id=s["file_id"],
                query_type=query_type, as_of=pinned, columns=_columns(columns),
                filter=_filter_bytes(filter), options=dict(self._options),
                storage_options=dict(self._storage_options), base_file=s["base_file"],
                log_files=list(s["log_files"]),
                size=s["base_file_size"] + s["log_files_size"],
            )
            for s in slices
        ]
        return ReadPlan(splits, schema)

    def __arrow_c_stream__(self, requested_schema: Any = None) -> Any:
        """The snapshot as an Arrow C stream, for DuckDB, Polars and pyarrow to consume
        without a copy (``requested_schema`` is not applied: the stream has the table's
        schema)."""
        return self._table.read("snapshot", [], None, None, None, None)

    # -- table services -------------------------------------------------------------

    def compact(self, options: Optional[Mapping[str, Any]] = None) -> Dict[str, Any]:
        """Runs every pending compaction of a merge-on-read table, then schedules and
        runs a new one when its trigger is due (``hoodie.compact.inline.trigger.strategy``,
        ``hoodie.compact.inline.max.delta.commits``), as Hudi's
        ``run_compaction(op => 'scheduleAndExecute')``. Returns ``pending_completed``,
        ``compacted`` (the new compaction's instant or None) and ``reason``."""
        return self._table.compact(option_map(options))

    def clean(
        self, dry_run: bool = False, options: Optional[Mapping[str, Any]] = None
    ) -> List[Dict[str, Any]]:
        """Finishes pending cleans, then plans and runs a new one by
        ``hoodie.cleaner.policy``; returns the cleans done (``clean``,
        ``earliest_commit_to_retain``, ``files_deleted``). With ``dry_run``, returns the
        files a clean would delete (``partition``, ``path``) and changes nothing."""
        return self._table.clean(dry_run, option_map(options))

    def archive(self, options: Optional[Mapping[str, Any]] = None) -> List[Dict[str, str]]:
        """Archives the instants ``hoodie.keep.min.commits``/``max.commits`` allow;
        returns the instant files archived."""
        return self._table.archive(option_map(options))

    def savepoint(
        self, instant: Optional[str] = None, user: str = "hoodie", comment: str = ""
    ) -> str:
        """Savepoints ``instant`` (default: the latest completed commit); returns it."""
        return self._table.savepoint(instant, user, comment)

    def restore(self, instant: str, options: Optional[Mapping[str, Any]] = None) -> Dict[str, Any]:
        """Restores the table to the savepoint or retained commit ``instant``, rolling
        back every later instant; returns ``restore``, ``restored_to`` and
        ``rolled_back``."""
        return self._table.restore(str(instant), option_map(options))

    def rollback(
        self, instant: Optional[str] = None, options: Optional[Mapping[str, Any]] = None
    ) -> List[Dict[str, Any]]:
        """Rolls back ``instant`` (the latest or a pending write, or an inflight
        compaction) or, with no instant, every failed write; returns the rollbacks
        (``rollback``, ``rolled_back``, ``files_deleted``)."""
        return self._table.rollback(instant, option_map(options))
