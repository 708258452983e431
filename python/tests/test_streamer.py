# SPDX-License-Identifier: Apache-2.0
"""hoodie.streamer: `hoodie streamer` run in this process, ingesting JSON files of a DFS
folder into a copy-on-write table round by round, and its keyword-to-flag mapping."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Dict, List

import pytest

import hoodie
import hoodie.streamer
from conftest import rows

TRIP_SCHEMA = {
    "type": "record",
    "name": "trip",
    "fields": [
        {"name": "id", "type": "long"},
        {"name": "ts", "type": "long"},
        {"name": "fare", "type": "double"},
        {"name": "city", "type": "string"},
    ],
}


def put_json(folder: Path, name: str, records: List[dict], mtime: int) -> Path:
    """Writes JSON lines and sets the file's modification time (seconds): a DFS
    source's checkpoint is the latest modification time it has read."""
    path = folder / name
    path.write_text("".join(json.dumps(record) + "\n" for record in records))
    os.utime(path, (mtime, mtime))
    return path


def setup_source(tmp_path: Path) -> Dict[str, str]:
    source = tmp_path / "incoming"
    source.mkdir()
    schema = tmp_path / "trip.avsc"
    schema.write_text(json.dumps(TRIP_SCHEMA))
    return {
        "hoodie.streamer.source.dfs.root": str(source),
        "hoodie.streamer.schemaprovider.source.schema.file": str(schema),
        "hoodie.datasource.write.recordkey.field": "id",
        "hoodie.datasource.write.precombine.field": "ts",
        "hoodie.datasource.write.partitionpath.field": "city",
    }


def run_round(base: Path, conf: Dict[str, str], **overrides) -> None:
    """One streamer round into `base`; `overrides` replace or add options."""
    options = {
        "target_base_path": str(base),
        "target_table": "trips",
        "table_type": "COPY_ON_WRITE",
        "source_class": "JsonDFSSource",
        "schemaprovider_class": "FilebasedSchemaProvider",
        "source_ordering_field": "ts",
        **overrides,
    }
    hoodie.streamer.run(conf, **options)


def checkpoint_of(base: Path, instant: str) -> str:
    metadata = json.loads((base / ".hoodie" / f"{instant}.commit").read_text())
    return metadata["extraMetadata"]["deltastreamer.checkpoint.key"]


def test_streamer_ingests_json_files_round_by_round(tmp_path):
    conf = setup_source(tmp_path)
    source = Path(conf["hoodie.streamer.source.dfs.root"])
    base = tmp_path / "trips"
    start = int(time.time()) - 100
    put_json(
        source,
        "batch1.json",
        [{"id": i, "ts": 1, "fare": 10.0 + i, "city": "sf"} for i in (1, 2, 3)],
        start,
    )

    run_round(base, conf)
    table = hoodie.Table(base)
    timeline = table.timeline()
    assert len(timeline) == 1
    assert timeline[0]["action"] == "commit" and timeline[0]["state"] == "COMPLETED"
    first = timeline[0]["instant"]
    assert rows(table.to_arrow()) == [(1, 1, 11.0, "sf"), (2, 1, 12.0, "sf"), (3, 1, 13.0, "sf")]
    properties = table.properties()
    assert properties["hoodie.table.name"] == "trips"
    assert properties["hoodie.table.type"] == "COPY_ON_WRITE"
    assert properties["hoodie.table.recordkey.fields"] == "id"
    assert properties["hoodie.table.precombine.field"] == "ts"
    assert properties["hoodie.table.partition.fields"] == "city"
    # The checkpoint is the modification time, in milliseconds, of the last file read.
    assert checkpoint_of(base, first) == str(start * 1000)

    # A later file with an update of id 2 and a new trip in another city.
    put_json(
        source,
        "batch2.json",
        [
            {"id": 2, "ts": 2, "fare": 99.0, "city": "sf"},
            {"id": 4, "ts": 2, "fare": 44.0, "city": "la"},
        ],
        start + 10,
    )
    run_round(base, conf)
    table = hoodie.Table(base)
    timeline = table.timeline()
    assert [entry["instant"] for entry in timeline][0] == first
    assert [(e["action"], e["state"]) for e in timeline] == [
        ("commit", "COMPLETED"),
        ("commit", "COMPLETED"),
    ]
    second = timeline[1]["instant"]
    assert second > first
    assert checkpoint_of(base, second) == str((start + 10) * 1000)
    assert rows(table.to_arrow()) == [
        (1, 1, 11.0, "sf"),
        (2, 2, 99.0, "sf"),
        (3, 1, 13.0, "sf"),
        (4, 2, 44.0, "la"),
    ]
    assert rows(table.to_arrow(as_of=first)) == [
        (1, 1, 11.0, "sf"),
        (2, 1, 12.0, "sf"),
        (3, 1, 13.0, "sf"),
    ]

    # No new file: the checkpoint does not move and the round commits nothing.
    run_round(base, conf)
    assert hoodie.Table(base).timeline() == timeline


@pytest.mark.parametrize(
    "payload_class, expected",
    [
        # Hudi 0.14/0.15's default payload: the incoming record replaces the stored one
        # whatever its ordering value (ordering decides only within a round).
        (None, [(1, 3, 30.0, "sf"), (2, 1, 1.0, "sf")]),
        # DefaultHoodieRecordPayload compares with the stored record's ordering value.
        (
            "org.apache.hudi.common.model.DefaultHoodieRecordPayload",
            [(1, 5, 50.0, "sf"), (2, 1, 1.0, "sf")],
        ),
    ],
    ids=["overwrite_with_latest", "default_payload"],
)
def test_streamer_update_with_smaller_ordering_value(tmp_path, payload_class, expected):
    conf = setup_source(tmp_path)
    source = Path(conf["hoodie.streamer.source.dfs.root"])
    base = tmp_path / "trips"
    start = int(time.time()) - 100

    def round_() -> None:
        run_round(base, conf, payload_class=payload_class)

    put_json(source, "a.json", [{"id": 1, "ts": 5, "fare": 50.0, "city": "sf"}], start)
    round_()
    put_json(
        source,
        "b.json",
        [
            # Within the round, the larger ordering value of id 1 wins.
            {"id": 1, "ts": 2, "fare": 20.0, "city": "sf"},
            {"id": 1, "ts": 3, "fare": 30.0, "city": "sf"},
            {"id": 2, "ts": 1, "fare": 1.0, "city": "sf"},
        ],
        start + 5,
    )
    round_()
    table = hoodie.Table(base)
    assert [(e["action"], e["state"]) for e in table.timeline()] == [
        ("commit", "COMPLETED"),
        ("commit", "COMPLETED"),
    ]
    assert rows(table.to_arrow()) == expected


def test_command_line_maps_keywords_to_flags():
    args = hoodie.streamer.command_line(
        {"hoodie.streamer.source.dfs.root": "/in", "hoodie.cleaner.commits.retained": 2,
         "hoodie.datasource.write.hive_style_partitioning": True},
        target_base_path="/data/trips",
        target_table="trips",
        table_type="MERGE_ON_READ",
        source_limit=1000,
        continuous=True,
        filter_dupes=False,
        checkpoint=None,
        transformer_class=["A", "B"],
        max_rounds=3,
    )
    assert args == [
        "streamer",
        "--target-base-path", "/data/trips",
        "--target-table", "trips",
        "--table-type", "MERGE_ON_READ",
        "--source-limit", "1000",
        "--continuous",
        "--transformer-class", "A",
        "--transformer-class", "B",
        "--max-rounds", "3",
        "--hoodie-conf", "hoodie.streamer.source.dfs.root=/in",
        "--hoodie-conf", "hoodie.cleaner.commits.retained=2",
        "--hoodie-conf", "hoodie.datasource.write.hive_style_partitioning=true",
    ]  # fmt: skip


def test_command_line_without_options():
    assert hoodie.streamer.command_line() == ["streamer"]


def test_unknown_flag_is_refused(tmp_path):
    conf = setup_source(tmp_path)
    base = tmp_path / "trips"
    with pytest.raises(hoodie.InvalidOptionError, match="no-such-flag"):
        run_round(base, conf, no_such_flag=1)
    assert not base.exists()


def test_missing_source_folder_fails(tmp_path):
    conf = setup_source(tmp_path)
    missing = tmp_path / "no_such_folder"
    conf["hoodie.streamer.source.dfs.root"] = str(missing)
    base = tmp_path / "trips"
    with pytest.raises(hoodie.HoodieError, match="no_such_folder"):
        run_round(base, conf)
    # The failed first round leaves no table behind.
    assert not base.exists()


def test_json_source_without_schema_is_refused(tmp_path):
    conf = setup_source(tmp_path)
    del conf["hoodie.streamer.schemaprovider.source.schema.file"]
    source = Path(conf["hoodie.streamer.source.dfs.root"])
    put_json(source, "a.json", [{"id": 1, "ts": 1, "fare": 1.0, "city": "sf"}], int(time.time()))
    base = tmp_path / "trips"
    with pytest.raises(hoodie.HoodieError, match="schema"):
        run_round(base, conf, schemaprovider_class=None)  # None: the flag is left out
    assert not base.exists()
