# SPDX-License-Identifier: Apache-2.0
"""The exceptions hoodie raises, each carrying hoodie's own message.

Every error of the native engine is a :class:`HoodieError`; the subclasses say what
kind of failure it was, so that a caller can tell a lost write conflict (retry it) from
a bad option (fix the call)."""

from __future__ import annotations

__all__ = [
    "HoodieError",
    "InvalidOptionError",
    "WriteConflictError",
    "LockTimeoutError",
    "TableNotFoundError",
    "SchemaError",
    "NotSupportedError",
    "HoodieIOError",
]


class HoodieError(Exception):
    """An operation on a Hudi table failed; the message says what and where."""


class InvalidOptionError(HoodieError, ValueError):
    """An option is unknown, malformed, missing or refused by hoodie (the message names
    the key and how to fix it)."""


class WriteConflictError(HoodieError):
    """The write lost a write conflict to another writer and left nothing behind; it
    may be run again."""


class LockTimeoutError(HoodieError):
    """The table lock was not acquired in time; the operation may be run again."""


class TableNotFoundError(HoodieError, FileNotFoundError):
    """There is no Hudi table at the path."""


class SchemaError(HoodieError, ValueError):
    """The data's schema cannot be written to the table (the message names the
    column)."""


class NotSupportedError(HoodieError, NotImplementedError):
    """hoodie does not support what was asked for (the message says what instead)."""


class HoodieIOError(HoodieError, OSError):
    """The storage failed (the message names the path and the call)."""
