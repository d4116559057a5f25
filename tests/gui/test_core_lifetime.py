"""The core's lifetime never depends on Python's cyclic collector.

The hazard: a parentless ``KioskCore`` caught in a reference cycle and freed by the collector
on a worker thread leaves its timers registered with the GUI thread's dispatcher, and the next
event-loop turn fires one at freed memory (an intermittent SIGSEGV). So the window owns the
core and is deleted on the GUI thread. Each case runs in a child process
(``core_lifetime_child``) so that the crash it guards against cannot take the suite down: the
child builds the window with ``launch.build_window``, puts the core in a cycle with a running
20 ms timer, lets go of everything, runs ``gc.collect()`` on another thread, then spins the
event loop.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHILD_TIMEOUT_S = 120


def run_child(scenario: str, tmp: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("KIOSK_")}
    env.update(QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    for var in ("KIOSK_CONFIG_DIR", "KIOSK_DATA_DIR", "KIOSK_LOG_DIR"):
        folder = tmp / var.lower()
        folder.mkdir(exist_ok=True)
        env[var] = str(folder)
    return subprocess.run(
        [sys.executable, "-X", "faulthandler", "-m", "tests.gui.core_lifetime_child", scenario],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=CHILD_TIMEOUT_S,
    )


@pytest.mark.parametrize("scenario", ["app", "dropped"])
def test_core_is_destroyed_with_the_window_on_the_gui_thread(scenario: str, tmp_path: Path) -> None:
    # "app": closed and run to its end by launch.run_window, as kiosk-app does; "dropped":
    # deleted on the GUI thread while its core still runs, as a test fixture deletes it.
    done = run_child(scenario, tmp_path)
    assert done.returncode == 0, f"child ended with {done.returncode}:\n{done.stderr[-3000:]}"
    assert "Timers cannot be stopped from another thread" not in done.stderr
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen == {"core": "MainThread", "window": "MainThread"}
