"""SIGTERM and SIGINT end the kiosk cleanly; SIGKILL leaves a counted row.

The real ``kiosk-app`` window (offscreen) in a child process auto-checks a card dropped into
its watched folder, against the embedded simulator holding the reply back; the signal lands
while the request is at the service. A stop waits for the reply (the row is completed, the
process exits 0, the log says so); a kill leaves the row "sent, outcome unknown", billable.
In-process: the Qt adapter turns a real SIGTERM into its Qt signal on the GUI thread, and the
command line's wait gives up after its bound.
"""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import threading
import time
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from kiosk_app.app.stop_signals import StopSignals
from kiosk_app.app.stopping import run_until_stopped
from kiosk_app.bench.synthetic import card
from kiosk_app.simulator.samples import SAMPLES_BY_KEY
from tests.support.children import CHILD_DEADLINE_S, KIOSK_APP, kiosk_env

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="POSIX signals")


def _kiosk_checking(root: Path, simulator: Any) -> subprocess.Popen[str]:
    """The kiosk started, a card dropped in its folder, the request at the simulator."""
    watch = root / "watch"
    watch.mkdir()
    (root / "config").mkdir()
    url = simulator.base_url
    settings = {
        "base_url": url,
        "dvs_url": url,
        "parse_url": url,
        "watch_folder": str(watch),
        "auto_check_on_scan": True,
        "camera_enabled": False,
    }
    (root / "config" / "settings.json").write_text(json.dumps(settings))
    child = subprocess.Popen(
        list(KIOSK_APP), env=kiosk_env(root), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        text=True,
    )  # fmt: skip
    picture = root / "card.png"
    card(SAMPLES_BY_KEY["signature-valid"].payload).save(picture)
    os.replace(picture, watch / "card.png")  # appears whole
    deadline = time.monotonic() + CHILD_DEADLINE_S
    while simulator.request_count == 0:
        assert child.poll() is None, child.communicate()[0]
        assert time.monotonic() < deadline, "the check never reached the simulator"
        time.sleep(0.01)
    return child


def _rows(root: Path) -> list[tuple[int, int]]:
    with closing(sqlite3.connect(root / "data" / "usage.sqlite3")) as conn:
        return conn.execute("SELECT billable, outcome_known FROM checks ORDER BY id").fetchall()


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_a_stop_signal_completes_the_check_in_flight_and_exits_cleanly(
    tmp_path: Path, stop_simulator: Any, signum: int
) -> None:
    child = _kiosk_checking(tmp_path, stop_simulator)
    child.send_signal(signum)
    output = child.communicate(timeout=CHILD_DEADLINE_S)[0]
    assert child.returncode == 0, output
    assert stop_simulator.request_count == 1
    assert _rows(tmp_path) == [(1, 1)]  # billable, outcome known: completed before the exit
    log = "".join(p.read_text() for p in (tmp_path / "log").glob("*.log"))
    assert f"stopping on {signal.Signals(signum).name}" in log


def test_sigkill_leaves_the_check_counted_as_unknown(tmp_path: Path, slow_simulator: Any) -> None:
    child = _kiosk_checking(tmp_path, slow_simulator)
    child.send_signal(signal.SIGKILL)
    child.communicate(timeout=CHILD_DEADLINE_S)
    assert slow_simulator.request_count == 1
    assert _rows(tmp_path) == [(1, 0)]  # billable, outcome unknown


def test_sigterm_reaches_the_gui_thread_as_a_qt_signal(qtbot: Any) -> None:
    stops = StopSignals()
    stops.install()
    try:
        with qtbot.waitSignal(stops.stop_requested, timeout=10_000) as caught:
            os.kill(os.getpid(), signal.SIGTERM)
        assert caught.args == [signal.SIGTERM]
    finally:
        stops.uninstall()
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL


def test_the_command_lines_wait_gives_up_after_its_bound() -> None:
    release = threading.Event()
    threading.Timer(0.2, os.kill, (os.getpid(), signal.SIGTERM)).start()
    run = run_until_stopped(lambda: release.wait(30), wait_after_stop_s=0.5)
    release.set()
    assert run.signum == signal.SIGTERM
    assert not run.finished
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL  # given back
