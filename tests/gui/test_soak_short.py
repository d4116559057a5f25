"""A short soak: 60 seeded scans through the real window, every input path, fault and ending.

Correctness only (no timings): every scan ends as its sample and fault say, nothing of a
customer is left after a wipe, every check is counted once, and after warm-up the process has
no more threads or descriptors than before. The long run is ``python -m kiosk_app.bench soak``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from kiosk_app.bench.soak import (
    build_soak_window,
    close_soak_window,
    growth_after,
    run_shift,
    write_sample_pictures,
)
from kiosk_app.bench.soak_driver import (
    FAULT_WEIGHTS,
    INPUT_PATHS,
    SHORT_READ_TIMEOUT_S,
    SoakDriver,
    Timings,
    WedgeClock,
    close_client,
    short_timeout_backend,
)
from kiosk_app.flow.stages import Stage
from kiosk_app.simulator.samples import SAMPLES_BY_KEY
from kiosk_app.storage.usage import UsageStore
from tests.support.gui import WindowFactory
from tests.support.qt import OFFSCREEN_DIALOG_NOTE, TIMEOUT_MS, run_sample

# The billed re-check asks in a dialog (the offscreen platform notes it cannot size it).
pytestmark = [pytest.mark.slow, pytest.mark.qt_log_ignore(OFFSCREEN_DIALOG_NOTE)]

SCANS = 60
SEED = 7  # draws every input path and every fault within 60 scans
WARMUP = 20
THREAD_TOLERANCE = 1  # a CallDeadline timer thread may be between start and end
FD_TOLERANCE = 2  # one keep-alive connection reopened, either side
# Shorter than the soak command's: the settle before a reading (its counts leave the
# simulator's connections out, and the wait for a quiet pool follows it) and the plain replies.
# The slow reply stays well past the short client's timeout; Cancel keeps the command's latency.
SLOW_REPLY_MARGIN_S = 0.15
SHORT_TIMINGS = Timings(
    base_latency_s=0.01, slow_reply_s=SHORT_READ_TIMEOUT_S + SLOW_REPLY_MARGIN_S, settle_s=0.2
)


def test_short_shift_ends_every_scan_right_and_grows_nothing(
    qtbot: Any, fresh_simulator: Any, tmp_path: Path
) -> None:
    usage = UsageStore(tmp_path / "usage.sqlite3")
    clock = WedgeClock()
    window = build_soak_window(fresh_simulator.base_url, clock, usage)
    qtbot.waitExposed(window)
    short = short_timeout_backend(fresh_simulator.base_url)
    pictures = tmp_path / "pictures"
    pictures.mkdir()
    driver = SoakDriver(
        window, fresh_simulator, clock, write_sample_pictures(pictures), short, SHORT_TIMINGS
    )
    try:
        readings = run_shift(driver, SCANS, SEED, every=10)
        pool_idle = window.core.pool.is_idle()
    finally:
        close_soak_window(window)
        close_client(short)
    counted = usage.row_count()
    usage.close()

    tally = driver.tally
    assert tally.scans == SCANS
    assert tally.problems == [], "\n".join(tally.problems)
    drawn = set(tally.plans)
    assert {f"path {p}" for p in INPUT_PATHS} <= drawn
    assert {f"fault {f}" for f in FAULT_WEIGHTS} <= drawn
    assert {"home", "idle", "other"} <= set(tally.endings)
    assert {"repeat same-card", "repeat check-again", "repeat not billed"} <= drawn
    assert counted == driver.checks_sent > 0
    assert pool_idle
    assert all(r.pool_threads == 0 for r in readings)

    growth = growth_after(readings, WARMUP)
    assert growth.py_threads <= THREAD_TOLERANCE
    assert growth.os_threads <= THREAD_TOLERANCE
    assert growth.fds <= FD_TOLERANCE
    assert growth.widgets == 0


def test_a_new_scan_drops_the_result_kept_for_another_check(
    qtbot: Any, make_window: WindowFactory
) -> None:
    # After "Another check", the next customer's scan (then a Cancel) must not leave the
    # previous customer's result on the hidden Result screen.
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QLabel

    window = make_window()
    run_sample(qtbot, window, "signature-valid")
    qtbot.mouseClick(window.result.other_button, Qt.MouseButton.LeftButton)
    assert window.current_stage() is Stage.READY
    assert window.session.submit_payload(SAMPLES_BY_KEY["dvs-parse"].payload)
    qtbot.waitUntil(
        lambda: window.session.has_scan and window.core.pool.is_idle(), timeout=TIMEOUT_MS
    )
    assert window.result.view is None
    shown = "\n".join(label.text() for label in window.result.findChildren(QLabel))
    assert "JORDAN" not in shown and "RIVERS" not in shown
