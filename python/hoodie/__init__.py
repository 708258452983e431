# SPDX-License-Identifier: Apache-2.0
"""hoodie: a native engine for Apache Hudi tables (table version 6, Hudi 0.14/0.15).

Write with :func:`write`, read and maintain with :class:`Table`, ingest with
:func:`hoodie.streamer.run`, query and change tables with
:func:`sql` (Hudi's Spark SQL on the embedded DuckDB). Data crosses into and out of the engine as Arrow, without a
copy; the GIL is released while the engine reads and writes.

    import hoodie, pyarrow as pa
    hoodie.write("/tmp/trips", pa.table({"id": [1, 2], "ts": [1, 1], "fare": [9.5, 3.0],
                                      "city": ["sf", "la"]}),
                 options={"hoodie.table.name": "trips",
                          "hoodie.datasource.write.recordkey.field": "id",
                          "hoodie.datasource.write.precombine.field": "ts",
                          "hoodie.datasource.write.partitionpath.field": "city"})
    hoodie.Table("/tmp/trips").to_arrow()
"""

from __future__ import annotations

import atexit as _atexit

import pyarrow as _pyarrow  # noqa: F401  (loads the Arrow C++ libraries the engine links)

from . import _hoodie
from ._sql import SqlSession, sql
from ._table import Table
from ._write import WriteResult, write
from .errors import (
    HoodieError,
    HoodieIOError,
    InvalidOptionError,
    LockTimeoutError,
    NotSupportedError,
    SchemaError,
    TableNotFoundError,
    WriteConflictError,
)
from . import streamer

__version__: str = _hoodie.__version__

# Object stores' clients (the AWS SDK behind s3://) are shut down before the interpreter
# finalizes, or the process would crash on its way out.
_atexit.register(_hoodie.finalize_storage)

__all__ = [
    "write",
    "WriteResult",
    "Table",
    "sql",
    "SqlSession",
    "streamer",
    "HoodieError",
    "HoodieIOError",
    "InvalidOptionError",
    "LockTimeoutError",
    "NotSupportedError",
    "SchemaError",
    "TableNotFoundError",
    "WriteConflictError",
]
