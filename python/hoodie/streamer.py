# SPDX-License-Identifier: Apache-2.0
"""hoodie.streamer.run: Hudi's HoodieStreamer from Python (a notebook, a job), in this
process, with the options of ``hoodie streamer``."""

from __future__ import annotations

from typing import Any, List, Mapping, Optional

from . import _hoodie
from ._options import option_text


def command_line(hoodie_conf: Optional[Mapping[str, Any]] = None, **options: Any) -> List[str]:
    """The ``hoodie streamer`` arguments ``run`` passes for these options: each keyword
    ``name=value`` is ``--name value`` (underscores as dashes); True is the bare flag,
    False and None leave it out, a list repeats it; ``hoodie_conf`` is a dict of
    ``--hoodie-conf key=value``."""
    args = ["streamer"]
    for name, value in options.items():
        flag = "--" + name.replace("_", "-")
        if value is None or value is False:
            continue
        if value is True:
            args.append(flag)
        elif isinstance(value, (list, tuple)):
            for item in value:
                args += [flag, option_text(item)]
        else:
            args += [flag, option_text(value)]
    for key, value in (hoodie_conf or {}).items():
        args += ["--hoodie-conf", f"{key}={option_text(value)}"]
    return args


def run(hoodie_conf: Optional[Mapping[str, Any]] = None, **options: Any) -> None:
    """Runs ``hoodie streamer`` in this process, the GIL released: one round, or rounds
    until ``max_rounds`` (or SIGINT) with ``continuous=True``.

    The keywords are the command's options: ``target_base_path``, ``target_table``,
    ``table_type``, ``source_class``, ``source_ordering_field``, ``source_limit``,
    ``props``, ``schemaprovider_class``, ``transformer_class``, ``op``,
    ``filter_dupes``, ``checkpoint``, ``commit_on_errors``, ``continuous``,
    ``min_sync_interval_seconds``, ``max_rounds``, ``max_pending_compactions``,
    ``disable_compaction``, ``metrics_json`` and the rest that ``hoodie streamer --help``
    lists; ``hoodie_conf`` is a dict of Hudi keys (``--hoodie-conf``). What the command
    prints goes to this process's standard output.

    Example::

        hoodie.streamer.run(
            target_base_path="/data/trips", target_table="trips",
            table_type="MERGE_ON_READ", source_ordering_field="ts",
            hoodie_conf={"hoodie.streamer.source.dfs.root": "/data/incoming",
                         "hoodie.datasource.write.recordkey.field": "id"})

    Raises:
        InvalidOptionError: an unknown or malformed option of the command line or a
            Hudi key.
        HoodieError: the round failed (the table is left as it was).
    """
    _hoodie.run_command_line(command_line(hoodie_conf, **options))
