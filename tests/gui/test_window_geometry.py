"""Window placement: a normal window fits the available screen area; a kiosk window covers
its screen and follows the screen's changes (the Xvfb test covers a real X server)."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QRect, QSize

from kiosk_app.ui.geometry import MIN_WINDOW_SIZE, PREFERRED_SIZE, fitting_size, screen_of
from tests.support.admin import KioskFactory
from tests.support.qt import OFFSCREEN_DIALOG_NOTE, TIMEOUT_MS

pytestmark = pytest.mark.qt_log_ignore(OFFSCREEN_DIALOG_NOTE)


@pytest.mark.parametrize(
    ("available", "expected"),
    [
        (QRect(0, 0, 1920, 1040), PREFERRED_SIZE),  # room: the designed size
        (QRect(0, 0, 3840, 2120), PREFERRED_SIZE),
        (QRect(0, 0, 1366, 728), QSize(1256, 669)),  # a 1366x768 laptop with a panel
        (QRect(0, 0, 1024, 768), QSize(1024, 706)),
        (QRect(0, 0, 1024, 600), QSize(1024, 600)),  # as small as the layouts go
        (QRect(0, 27, 1280, 773), QSize(1177, 711)),
    ],
)
def test_a_normal_window_fits_the_available_area(available: QRect, expected: QSize) -> None:
    size = fitting_size(available)
    assert size == expected
    assert size.width() <= max(available.width(), MIN_WINDOW_SIZE.width())
    assert size.height() <= max(available.height(), MIN_WINDOW_SIZE.height())


def test_the_kiosk_window_covers_its_screen_and_follows_its_changes(
    qtbot: Any,
    make_kiosk: KioskFactory,
) -> None:
    window, kiosk = make_kiosk(enabled=True)
    screen = screen_of(window)
    assert screen is not None
    qtbot.waitUntil(lambda: window.geometry() == screen.geometry(), timeout=TIMEOUT_MS)
    # Something (a rotation, a new mode) left the window off its screen: the next change of
    # the screen's geometry puts it back over the whole screen.
    window.setGeometry(10, 10, 700, 500)
    assert window.geometry() != screen.geometry()
    screen.geometryChanged.emit(screen.geometry())
    qtbot.waitUntil(lambda: window.geometry() == screen.geometry(), timeout=TIMEOUT_MS)
    kiosk.disable()
    assert not kiosk.screen_follower.active
    window.setGeometry(10, 10, 1100, 650)
    screen.geometryChanged.emit(screen.geometry())
    assert window.geometry() == QRect(10, 10, 1100, 650)  # a normal window is left alone
