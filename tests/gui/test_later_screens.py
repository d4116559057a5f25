"""The window makes only its Ready screen before the first paint: the other screens come once
Ready is painted, or as soon as the session needs one (a check asked for before the paint)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, QEvent

from kiosk_app.app.kiosk import KioskCore
from kiosk_app.flow.stages import Stage
from kiosk_app.simulator.known_pictures import demo_samples
from kiosk_app.ui.main_window import MainWindow
from tests.support.gui import WindowFactory, make_backend, make_settings
from tests.support.qt import TIMEOUT_MS, run_sample

# A US sample: its check runs without the Canadian form.
SAMPLE = "signature-valid"


@pytest.fixture
def unshown(qtbot: Any, simulator: Any) -> Iterator[MainWindow]:
    """A window on a started core, never shown (so never painted)."""
    settings = make_settings(simulator.base_url)
    core = KioskCore(settings, make_backend(settings), samples=dict(demo_samples()))
    window = MainWindow(core)
    core.start()
    yield window
    window.close()  # stops the inputs and awaits the workers
    window.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def test_only_the_ready_screen_exists_before_the_first_paint(unshown: MainWindow) -> None:
    assert unshown.stack.count() == 1
    assert unshown.stack.currentWidget() is unshown.ready
    assert unshown.current_stage() is Stage.READY


def test_the_other_screens_are_made_once_ready_is_painted(
    qtbot: Any, make_window: WindowFactory
) -> None:
    window = make_window()
    qtbot.waitUntil(lambda: window.stack.count() == len(Stage), timeout=TIMEOUT_MS)
    assert set(window.screens) == set(Stage)
    assert window.current_stage() is Stage.READY


def test_a_check_before_the_first_paint_makes_the_screens_it_needs(
    qtbot: Any, unshown: MainWindow
) -> None:
    run_sample(qtbot, unshown, SAMPLE)
    assert unshown.stack.currentWidget() is unshown.result
    assert unshown.result.banner.title.text()
    assert unshown.stack.count() == len(Stage)
