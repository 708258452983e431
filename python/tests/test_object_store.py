# SPDX-License-Identifier: Apache-2.0
"""hoodie.write and hoodie.Table on S3, against a real S3 server (moto's, pinned in
.venv-services by scripts/setup-services.sh, started on 127.0.0.1 and stopped
afterwards), configured by `storage_options` alone: no AWS variable is set."""

from __future__ import annotations

import os
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

import hoodie
from conftest import ROOT, rows, trip_options, trips

MOTO = Path(os.environ.get("HOODIE_MOTO_SERVER", ROOT / ".venv-services" / "bin" / "moto_server"))
BUCKET = "python-tables"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def s3_endpoint(tmp_path_factory):
    if not MOTO.exists():
        pytest.fail(f"moto_server not found at {MOTO}: run scripts/setup-services.sh")
    port = _free_port()
    log = open(tmp_path_factory.mktemp("moto") / "moto.log", "w")
    server = subprocess.Popen([str(MOTO), "-H", "127.0.0.1", "-p", str(port)], stdout=log,
                              stderr=subprocess.STDOUT)
    endpoint = f"http://127.0.0.1:{port}"
    try:
        for _ in range(600):
            try:
                urllib.request.urlopen(urllib.request.Request(f"{endpoint}/{BUCKET}", method="PUT"))
                break
            except OSError:
                time.sleep(0.05)
        else:
            pytest.fail(f"moto_server did not answer on {endpoint}")
        yield endpoint
    finally:
        server.terminate()
        server.wait(timeout=30)
        log.close()


@pytest.fixture
def storage_options(s3_endpoint, monkeypatch):
    for name in list(os.environ):
        if name.startswith("AWS_"):
            monkeypatch.delenv(name)
    monkeypatch.setenv("AWS_EC2_METADATA_DISABLED", "true")
    return {
        "fs.s3a.endpoint": s3_endpoint,
        "fs.s3a.path.style.access": True,
        "fs.s3a.connection.ssl.enabled": False,
        "fs.s3a.access.key": "testing",
        "fs.s3a.secret.key": "testing",
        "fs.s3a.endpoint.region": "us-east-1",
    }


@pytest.mark.parametrize("table_type", ["COPY_ON_WRITE", "MERGE_ON_READ"])
def test_write_read_and_services_on_s3(storage_options, table_type):
    path = f"s3://{BUCKET}/{table_type.lower()}"
    options = trip_options(table_type)
    first = hoodie.write(path, trips([1, 2, 3]), options=options, storage_options=storage_options)
    hoodie.write(path, trips([2], ts=2, fare=50.0), options=options,
                 storage_options=storage_options)
    table = hoodie.Table(path, storage_options=storage_options)
    assert table.path == f"{BUCKET}/{table_type.lower()}"
    assert rows(table.to_arrow()) == [(1, 1, 11.0, "sf"), (2, 2, 52.0, "sf"), (3, 1, 13.0, "sf")]
    assert rows(table.to_arrow(as_of=first)) == rows(trips([1, 2, 3]))
    assert table.properties()["hoodie.table.type"] == table_type
    assert [i["state"] for i in table.timeline()] == ["COMPLETED", "COMPLETED"]
    sp = table.savepoint()
    hoodie.write(path, trips([9]), options=options, storage_options=storage_options)
    table.restore(sp)
    assert rows(table.to_arrow()) == [(1, 1, 11.0, "sf"), (2, 2, 52.0, "sf"), (3, 1, 13.0, "sf")]


def test_an_unreachable_store_fails_naming_it(storage_options):
    closed = f"http://127.0.0.1:{_free_port()}"
    with pytest.raises(hoodie.HoodieError, match="127.0.0.1") as error:
        hoodie.write(f"s3://{BUCKET}/unreachable", trips([1]), options=trip_options(),
                     storage_options={**storage_options, "fs.s3a.endpoint": closed,
                                      "hoodie.storage.timeout.seconds": 2})
    assert BUCKET in str(error.value)
