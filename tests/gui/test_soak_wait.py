"""The soak driver's waits: a step ends when its condition still holds once the loop stopped.

The kiosk starts work of its own on timers (the picture warm-up, 3 s after start, on a
worker). A timer of that kind due in the very event-loop pass whose tick met a step's
condition fires after that tick: the step must wait for its work, not report a failure.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, QTimer

from kiosk_app.bench.gui import TICK_MS
from kiosk_app.bench.soak import build_soak_window, close_soak_window, write_sample_pictures
from kiosk_app.bench.soak_driver import (
    SoakDriver,
    WedgeClock,
    close_client,
    short_timeout_backend,
)

KIOSK_TIMER_MS = 2 * TICK_MS  # due after the driver's next tick
BUSY_S = 4 * TICK_MS / 1000  # the GUI thread busy: both timers are overdue when it is free
WORK_S = 0.2  # the kiosk's own work (a warm-up starting the decoder's process)


def test_a_step_waits_for_work_the_kiosk_starts_in_the_pass_that_ended_it(
    qtbot: Any, fresh_simulator: Any, tmp_path: Path
) -> None:
    clock = WedgeClock()
    window = build_soak_window(fresh_simulator.base_url, clock)
    qtbot.waitExposed(window)
    short = short_timeout_backend(fresh_simulator.base_url)
    driver = SoakDriver(window, fresh_simulator, clock, write_sample_pictures(tmp_path), short)
    pool = window.core.pool
    kiosk_timer = QTimer(window, singleShot=True, interval=KIOSK_TIMER_MS)
    kiosk_timer.setTimerType(Qt.TimerType.PreciseTimer)
    kiosk_timer.timeout.connect(lambda: pool.submit(lambda: time.sleep(WORK_S), name="kiosk"))
    asked: list[bool] = []

    def action() -> None:
        asked.append(True)
        kiosk_timer.start()
        time.sleep(BUSY_S)  # a long paint, say

    try:
        driver.wait("settle", lambda: None, driver.quiet)
        assert driver.wait("step", action, lambda: bool(asked) and driver.quiet())
        assert pool.running_names() == [] and not kiosk_timer.isActive()
    finally:
        close_soak_window(window)
        close_client(short)
