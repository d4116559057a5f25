"""The real window decodes opened pictures in its limited child process.

``build_window`` with the real backend (``Backend.from_settings``): a card picture is read in
the child, not in the window's process; saved settings keep the same child; the idle wipe
kills it while it works on a hostile picture; shutting the core down ends it. The child is
started ahead of the first picture on a worker, never on the GUI thread.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Any

from kiosk_app.app.backend import Backend
from kiosk_app.app.kiosk import PICTURE_WARM_UP_DELAY_MS, KioskCore
from kiosk_app.app.service_client import client_from_settings
from kiosk_app.barcode.aamva import parse_aamva
from kiosk_app.barcode.isolation import IsolatedScanner
from kiosk_app.ui.launch import build_window
from kiosk_app.ui.main_window import MainWindow
from tests.fuzz.hostile_images import progressive_jpeg_scan_flood
from tests.support.gui import make_settings
from tests.support.processes import process_gone
from tests.unit.barcode.images import card_png


def test_the_window_reads_pictures_in_its_child_process(
    qtbot: Any, simulator: Any, tmp_path: Path
) -> None:
    window = build_window(make_settings(simulator.base_url))
    qtbot.addWidget(window)
    core = window.core
    scanner = core.session.backend.decoder
    assert isinstance(scanner, IsolatedScanner)
    core.start()
    qtbot.waitUntil(lambda: scanner.pid is not None, timeout=PICTURE_WARM_UP_DELAY_MS + 10_000)
    child = scanner.pid
    assert child is not None and child != os.getpid()

    picture = tmp_path / "card.png"
    picture.write_bytes(card_png())
    assert core.session.submit_image(picture)
    qtbot.waitUntil(lambda: core.session.licence is not None, timeout=30_000)
    assert scanner.children_started == 1 and scanner.pid == child

    core.apply_settings(make_settings(simulator.base_url))
    assert core.session.backend.decoder is scanner  # the same child serves the new settings

    assert core.session.submit_image(progressive_jpeg_scan_flood(copies=20000))
    qtbot.waitUntil(lambda: scanner.busy, timeout=10_000)
    core.session.wipe()  # what the idle timeout does
    qtbot.waitUntil(core.pool.is_idle, timeout=10_000)
    assert process_gone(child)

    assert core.session.licence is None  # wiped
    assert core.session.submit_image(picture)
    qtbot.waitUntil(lambda: core.session.licence is not None, timeout=30_000)
    latest = scanner.pid
    assert latest is not None
    assert core.shutdown()
    assert scanner.pid is None and process_gone(latest)


class ThreadNotingScanner(IsolatedScanner):
    """The real child-process decoder, noting whether its warm-up ran on the GUI thread."""

    def __init__(self) -> None:
        super().__init__()
        self.warmed_on_gui_thread: list[bool] = []

    def warm_up(self) -> None:
        self.warmed_on_gui_thread.append(threading.current_thread() is threading.main_thread())
        super().warm_up()


def test_the_child_is_started_ahead_on_a_worker(qtbot: Any, simulator: Any) -> None:
    """Starting the child waits for it to take its start-up data (on Windows, until the new
    process has loaded Python): that wait is a worker's, never the GUI thread's."""
    settings = make_settings(simulator.base_url)
    scanner = ThreadNotingScanner()
    backend = Backend(client_from_settings(settings), scanner, parse_aamva, process=scanner)
    core = KioskCore(settings, backend)
    window = MainWindow(core)
    qtbot.addWidget(window)
    core.start()
    qtbot.waitUntil(lambda: scanner.pid is not None, timeout=PICTURE_WARM_UP_DELAY_MS + 10_000)
    assert scanner.warmed_on_gui_thread == [False]
    child = scanner.pid
    assert child is not None
    assert core.shutdown()
    assert scanner.pid is None and process_gone(child)
