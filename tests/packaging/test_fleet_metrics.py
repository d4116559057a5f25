"""Issue 17, item 4, end to end with Debian's own parts (slow): two desks' ``kiosk-app check``
runs against the simulator write their textfiles, two ``prometheus-node-exporter`` processes
(textfile collector only) serve them on loopback, a ``prometheus`` server scrapes both every
second, and its HTTP API answers the fleet queries of docs/install.md with the expected sums.

Skips only where the Debian packages are absent (``bash packaging/dev.sh test`` installs them).
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from kiosk_app.simulator.samples import SAMPLES_BY_KEY

NODE_EXPORTER = shutil.which("prometheus-node-exporter")
PROMETHEUS = shutil.which("prometheus")
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        NODE_EXPORTER is None or PROMETHEUS is None,
        reason="Debian packages prometheus and prometheus-node-exporter absent",
    ),
]
WAIT_S = 90.0


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def processes() -> Iterator[list[subprocess.Popen[bytes]]]:
    started: list[subprocess.Popen[bytes]] = []
    yield started
    for process in started:
        process.terminate()
    for process in started:
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=20)


def _desk_checks(tmp_path: Path, simulator: Any, desk: str, cards: list[str]) -> tuple[Path, int]:
    """Run ``cards`` through ``kiosk-app check`` as desk ``desk``; its textfile folder and how
    many of the checks were billable."""
    home = tmp_path / desk
    folder = home / "textfile"
    env = {
        **os.environ,
        "KIOSK_CONFIG_DIR": str(home / "config"),
        "KIOSK_DATA_DIR": str(home / "data"),
        "KIOSK_LOG_DIR": str(home / "log"),
        "KIOSK_METRICS_DIR": str(folder),
        "KIOSK_DESK_ID": desk,
    }
    url = simulator.base_url
    billable = 0
    for key in cards:
        payload = home / f"{key}.bin"
        payload.parent.mkdir(parents=True, exist_ok=True)
        payload.write_bytes(SAMPLES_BY_KEY[key].payload)
        command = [sys.executable, "-m", "kiosk_app", "check", "signature", "--json"]
        command += ["--barcode-file", str(payload), "--token", "test", "--base-url", url]
        done = subprocess.run(
            command, capture_output=True, text=True, env=env, timeout=120, check=False
        )
        assert done.returncode == 0, done.stderr
        billable += bool(json.loads(done.stdout)["verdict"]["billable"])
    return folder, billable


def _query(port: int, promql: str) -> list[dict[str, Any]]:
    url = f"http://127.0.0.1:{port}/api/v1/query?" + urllib.parse.urlencode({"query": promql})
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # loopback: no proxy
    with opener.open(url, timeout=10) as reply:
        body = json.loads(reply.read())
    assert body["status"] == "success", body
    return list(body["data"]["result"])


def _wait_for(port: int, promql: str, expected: float) -> None:
    deadline = time.monotonic() + WAIT_S
    last: list[dict[str, Any]] = []
    while time.monotonic() < deadline:
        try:
            last = _query(port, promql)
        except OSError:
            last = []
        if last and float(last[0]["value"][1]) == expected:
            return
        time.sleep(0.5)
    raise AssertionError(f"{promql} never reached {expected}: {last}")


def test_prometheus_sums_the_fleet_from_node_exporter_textfiles(
    tmp_path: Path, simulator: Any, processes: list[subprocess.Popen[bytes]]
) -> None:
    assert NODE_EXPORTER is not None and PROMETHEUS is not None
    desks = {
        "desk-a": ["signature-valid", "signature-tampered", "signature-valid"],
        "desk-b": ["signature-valid"],
    }
    targets = []
    billable_total = 0
    for desk, cards in desks.items():
        folder, billable = _desk_checks(tmp_path, simulator, desk, cards)
        billable_total += billable
        port = _free_port()
        processes.append(
            subprocess.Popen(
                [
                    NODE_EXPORTER,
                    f"--web.listen-address=127.0.0.1:{port}",
                    "--collector.disable-defaults",
                    "--collector.textfile",
                    f"--collector.textfile.directory={folder}",
                ],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        )
        targets.append(f"127.0.0.1:{port}")
    config = tmp_path / "prometheus.yml"
    config.write_text(
        "global:\n  scrape_interval: 1s\n  evaluation_interval: 1s\n"
        "scrape_configs:\n  - job_name: kiosk\n    static_configs:\n"
        f"      - targets: {json.dumps(targets)}\n"
    )
    web = _free_port()
    processes.append(
        subprocess.Popen(
            [
                PROMETHEUS,
                f"--config.file={config}",
                f"--storage.tsdb.path={tmp_path / 'tsdb'}",
                f"--web.listen-address=127.0.0.1:{web}",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
    )
    # The documented fleet queries (docs/install.md, "Metrics for Prometheus").
    _wait_for(web, "sum(kiosk_app_billable_checks_this_month)", billable_total)
    _wait_for(web, "sum(kiosk_app_checks_total)", 4)
    _wait_for(web, 'sum(kiosk_app_checks_total{desk_id="desk-a"})', 3)
    _wait_for(web, "count(kiosk_app_info)", 2)
    stale = "time() - max by (desk_id) (kiosk_app_last_successful_check_timestamp_seconds) > 7200"
    assert _query(web, stale) == []
    recent = "time() - max by (desk_id) (kiosk_app_last_successful_check_timestamp_seconds) < 600"
    assert {r["metric"]["desk_id"] for r in _query(web, recent)} == set(desks)
