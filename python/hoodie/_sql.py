# SPDX-License-Identifier: Apache-2.0
"""hoodie.sql and hoodie.SqlSession: Hudi's Spark SQL on the embedded DuckDB."""

from __future__ import annotations

from typing import Any, Mapping, Optional

import pyarrow as pa

from . import _hoodie
from ._options import option_map


class SqlSession:
    """A SQL session over Hudi tables, on the DuckDB engine hoodie embeds.

    Statements are Hudi's Spark SQL: queries over table names and
    ``hudi_scan('<path>', as_of => ..., query_type => ..., begin => ..., end => ...,
    filters => [...])``; ``INSERT INTO``, ``INSERT OVERWRITE``, ``UPDATE``, ``DELETE``
    and ``MERGE INTO``, each committed as one instant; ``CREATE TABLE ... USING hudi``;
    ``CALL`` procedures. Names resolve to the tables registered (``tables``,
    :meth:`register`, ``CREATE TABLE``), then to ``<warehouse>/<name>``.

    One statement per :meth:`sql` call, as ``spark.sql``. Not thread-safe.
    """

    def __init__(
        self,
        warehouse: Optional[str] = None,
        tables: Optional[Mapping[str, str]] = None,
        options: Optional[Mapping[str, Any]] = None,
        storage_options: Optional[Mapping[str, Any]] = None,
    ) -> None:
        self._session = _hoodie._SqlSession.open(
            None if warehouse is None else str(warehouse),
            {str(name): str(path) for name, path in (tables or {}).items()},
            option_map(options),
            option_map(storage_options, "storage_options"),
        )

    def register(self, name: str, path: str) -> None:
        """Makes ``name`` stand for the Hudi table at ``path`` in later statements."""
        self._session.register(str(name), str(path))

    def sql(self, statement: str) -> pa.Table:
        """Runs one statement and returns its rows (an empty table for statements that
        return none). A DML statement returns one row: ``instant``, ``operation`` and
        ``num_affected_rows``."""
        stream = self._session.run(statement)
        if stream is None:
            return pa.table({})
        return pa.RecordBatchReader._import_from_c_capsule(stream).read_all()


def sql(
    statement: str,
    tables: Optional[Mapping[str, str]] = None,
    warehouse: Optional[str] = None,
    options: Optional[Mapping[str, Any]] = None,
    storage_options: Optional[Mapping[str, Any]] = None,
) -> pa.Table:
    """Runs one statement in a new :class:`SqlSession` and returns its rows."""
    return SqlSession(warehouse, tables, options, storage_options).sql(statement)
