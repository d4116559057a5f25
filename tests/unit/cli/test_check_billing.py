"""`kiosk-app check` counts like the window: write-ahead rows, the monthly quota with the same
decisions and sentences, and a clean end on SIGTERM/SIGINT.

The real program in a child process against the embedded simulator, which holds each reply
back (latency) so the signal lands while the request is at the service. After each run the
number of usage rows is compared with the number of requests the simulator received.
"""

from __future__ import annotations

import json
import signal
import sqlite3
import subprocess
import time
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from kiosk_app.flow.billing import (
    COUNTING_BLOCKED,
    COUNTING_WARNING,
    QUOTA_BLOCKED,
    QUOTA_WARNING,
)
from kiosk_app.simulator.samples import SAMPLES_BY_KEY
from tests.support.children import CHILD_DEADLINE_S, KIOSK_APP, kiosk_env
from tests.support.disk import fill

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="POSIX signals")


@pytest.fixture
def fast_simulator() -> Iterator[Any]:
    """A simulator of its own (the request count is this test's)."""
    from kiosk_app.simulator.server import start_simulator

    with start_simulator(port=0) as handle:
        yield handle


def _settings(root: Path, **values: Any) -> None:
    (root / "config").mkdir(parents=True, exist_ok=True)
    (root / "config" / "settings.json").write_text(json.dumps(values))


def _check(root: Path, url: str, data_dir: Path | None = None) -> subprocess.Popen[str]:
    payload = root / "scan.bin"
    payload.write_bytes(SAMPLES_BY_KEY["signature-valid"].payload)
    env = kiosk_env(root)
    if data_dir is not None:
        env["KIOSK_DATA_DIR"] = str(data_dir)
    return subprocess.Popen(
        [*KIOSK_APP, "check", "signature", "--barcode-file", str(payload), "--base-url", url],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _run(root: Path, url: str, data_dir: Path | None = None) -> tuple[int, str, str]:
    child = _check(root, url, data_dir)
    out, err = child.communicate(timeout=CHILD_DEADLINE_S)
    return child.returncode, out, err


def _rows(root: Path) -> list[tuple[int, int]]:
    """(billable, outcome_known) of every usage row."""
    with closing(sqlite3.connect(root / "data" / "usage.sqlite3")) as conn:
        return conn.execute("SELECT billable, outcome_known FROM checks ORDER BY id").fetchall()


def _at_the_service(child: subprocess.Popen[str], simulator: Any, before: int) -> None:
    deadline = time.monotonic() + CHILD_DEADLINE_S
    while simulator.request_count == before:
        assert child.poll() is None, child.communicate()
        assert time.monotonic() < deadline, "the request never reached the simulator"
        time.sleep(0.01)


def test_sigkill_while_the_request_is_out_leaves_one_billable_unknown_row(
    tmp_path: Path, slow_simulator: Any
) -> None:
    for _ in range(2):
        before = slow_simulator.request_count
        child = _check(tmp_path, slow_simulator.base_url)
        _at_the_service(child, slow_simulator, before)
        child.send_signal(signal.SIGKILL)
        child.communicate(timeout=CHILD_DEADLINE_S)
        assert child.returncode == -signal.SIGKILL
    assert slow_simulator.request_count == 2
    assert _rows(tmp_path) == [(1, 0), (1, 0)]  # one per request: billable, outcome unknown


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_a_stop_signal_waits_for_the_reply_and_completes_the_row(
    tmp_path: Path, stop_simulator: Any, signum: int
) -> None:
    child = _check(tmp_path, stop_simulator.base_url)
    _at_the_service(child, stop_simulator, 0)
    child.send_signal(signum)
    out, err = child.communicate(timeout=CHILD_DEADLINE_S)
    assert child.returncode == 0, err
    assert f"kiosk-app: {signal.Signals(signum).name}: the check in flight was finished " in err
    assert "Digital signature check: Passed" in out
    assert stop_simulator.request_count == 1
    assert _rows(tmp_path) == [(1, 1)]


def test_a_quota_of_one_in_block_mode_refuses_the_second_check_unsent(
    tmp_path: Path, fast_simulator: Any
) -> None:
    _settings(tmp_path, billing_quota_monthly=1, billing_quota_mode="block")
    first = _run(tmp_path, fast_simulator.base_url)
    assert first[0] == 0, first[2]
    status, out, err = _run(tmp_path, fast_simulator.base_url)
    assert (status, out) == (2, "")
    assert err == f"Not sent: {QUOTA_BLOCKED}\n"  # the window's notice, word for word
    assert fast_simulator.request_count == 1
    assert _rows(tmp_path) == [(1, 1)]


def test_a_check_killed_before_its_reply_counts_against_the_quota(
    tmp_path: Path, slow_simulator: Any
) -> None:
    killed = _check(tmp_path, slow_simulator.base_url)  # no quota yet
    _at_the_service(killed, slow_simulator, 0)
    killed.kill()
    killed.communicate(timeout=CHILD_DEADLINE_S)
    _settings(tmp_path, billing_quota_monthly=1, billing_quota_mode="block")
    assert _run(tmp_path, slow_simulator.base_url)[::2] == (2, f"Not sent: {QUOTA_BLOCKED}\n")
    assert slow_simulator.request_count == 1


def test_warn_mode_warns_and_sends(tmp_path: Path, fast_simulator: Any) -> None:
    _settings(tmp_path, billing_quota_monthly=1, billing_quota_mode="warn")
    assert _run(tmp_path, fast_simulator.base_url)[0] == 0
    status, _out, err = _run(tmp_path, fast_simulator.base_url)
    assert status == 0
    assert f"Warning: {QUOTA_WARNING}" in err
    assert fast_simulator.request_count == 2


@pytest.mark.parametrize(("mode", "sent"), [("block", False), ("warn", True)])
def test_on_a_full_disk_block_mode_fails_closed_and_warn_mode_warns(
    tmp_path: Path, fast_simulator: Any, full_disk: Path, mode: str, sent: bool
) -> None:
    _settings(tmp_path, billing_quota_monthly=100, billing_quota_mode=mode)
    assert _run(tmp_path, fast_simulator.base_url, data_dir=full_disk)[0] == 0  # a first row
    fill(full_disk)
    status, _out, err = _run(tmp_path, fast_simulator.base_url, data_dir=full_disk)
    assert fast_simulator.request_count == (2 if sent else 1)
    if sent:
        assert status == 0, err
        assert f"Warning: {COUNTING_WARNING}" in err
    else:
        assert (status, err) == (2, f"Not sent: {COUNTING_BLOCKED}\n")
