"""The focus ring stands out by at least 3:1 on every button style, in both themes.

Measured on the real window, not on the stylesheet's text: each row focuses a real button of
one style where it sits (the page, a box, a dialog), renders the window, and reads four pixels
on the button's left edge at mid-height: the page just outside the ring, the outer ring, the
inner ring and the button's fill. The outer ring must stand out from the page, and one of the
two rings from the fill (WCAG 2.2 non-text contrast, 3:1).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication, QPushButton, QWidget

from kiosk_app.flow.stages import Stage
from kiosk_app.ui import theme
from kiosk_app.ui.accessibility import INNER_RING_PX, OUTER_RING_PX
from kiosk_app.ui.main_window import MainWindow
from tests.support.admin import KioskFactory
from tests.support.contrast import MIN_NON_TEXT_CONTRAST, contrast_ratio
from tests.support.qt import OFFSCREEN_DIALOG_NOTE, TIMEOUT_MS, run_sample

pytestmark = pytest.mark.qt_log_ignore(OFFSCREEN_DIALOG_NOTE)


@dataclass(frozen=True)
class RingPixels:
    """The colours around a focused button's left edge."""

    page: QColor
    outer: QColor
    inner: QColor
    fill: QColor

    def figures(self) -> tuple[float, float]:
        """(outer ring against the page, best ring against the fill)."""
        against_fill = max(
            contrast_ratio(self.outer, self.fill), contrast_ratio(self.inner, self.fill)
        )
        return contrast_ratio(self.outer, self.page), against_fill


def ring_pixels(button: QWidget, ring: QWidget) -> RingPixels:
    """Render ``button``'s window and read the page, the two rings and the fill."""
    top = button.window()
    image: QImage = top.grab().toImage()
    scale = image.devicePixelRatio()
    left = ring.mapTo(top, QPoint(0, 0)).x()
    y = button.mapTo(top, QPoint(0, button.height() // 2)).y()
    edge = button.mapTo(top, QPoint(0, 0)).x()

    def at(x: int) -> QColor:
        return image.pixelColor(round(x * scale), round(y * scale))

    return RingPixels(
        page=at(left - 2),
        outer=at(left + OUTER_RING_PX // 2),
        inner=at(left + OUTER_RING_PX + INNER_RING_PX // 2),
        fill=at(edge + 10),
    )


def _result(qtbot: Any, window: MainWindow, sample: str = "signature-valid") -> None:
    run_sample(qtbot, window, sample)


def _screen(window: MainWindow, stage: Stage) -> None:
    window.stack.setCurrentWidget(window.screens[stage])


# One row per button style and the surface it sits on: how to reach it, and the button.
Row = tuple[Callable[[Any, MainWindow], None], Callable[[MainWindow], QPushButton]]
ROWS: dict[str, Row] = {
    "plain on the page": (_result, lambda w: w.result.other_button),
    "Home on the page": (_result, lambda w: w.result.home_button),
    "fold button in the rows": (
        lambda q, w: _result(q, w, "canada-undefined"),
        lambda w: w.result.fold_button,
    ),
    "Primary on the page": (
        lambda q, w: _screen(w, Stage.CANADA_FORM),
        lambda w: w.canada_form.submit_button,
    ),
    "Danger on the page": (
        lambda q, w: _screen(w, Stage.WORKING),
        lambda w: w.working.cancel_button,
    ),
    "plain in the retry box": (
        lambda q, w: _result(q, w, "canada-undefined"),
        lambda w: w.result.retry_button,
    ),
    "plain in the error box": (
        lambda q, w: _result(q, w, "canada-error"),
        lambda w: w.result.copy_button,
    ),
    "language on Ready": (lambda q, w: None, lambda w: w.ready.language_button),
}
THEMES = {"standard": False, "high contrast": True}


def _focus_in_theme(qtbot: Any, window: MainWindow, button: QWidget, high_contrast: bool) -> None:
    settings = window.core.settings.model_copy(update={"high_contrast": high_contrast})
    window.apply_settings(settings)
    assert window.high_contrast is high_contrast
    button.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(lambda: window.focus_ring.shown_on() is button, timeout=TIMEOUT_MS)


@pytest.mark.parametrize("theme_name", list(THEMES))
@pytest.mark.parametrize("row", list(ROWS))
def test_the_focus_ring_stands_out_on_every_button_style(
    qtbot: Any, make_window: Any, row: str, theme_name: str
) -> None:
    window = make_window()
    reach, pick = ROWS[row]
    reach(qtbot, window)
    button = pick(window)
    assert button.isVisible(), row
    high_contrast = THEMES[theme_name]
    _focus_in_theme(qtbot, window, button, high_contrast)
    pixels = ring_pixels(button, window.focus_ring.ring)
    outer, inner = theme.focus_ring_colours(high_contrast)
    # The rings are drawn in the theme's colours...
    assert (pixels.outer.name(), pixels.inner.name()) == (outer, inner)
    # ...and stand out from the page and from the button.
    against_page, against_fill = pixels.figures()
    assert against_page >= MIN_NON_TEXT_CONTRAST, (row, pixels.page.name(), against_page)
    assert against_fill >= MIN_NON_TEXT_CONTRAST, (row, pixels.fill.name(), against_fill)


@pytest.mark.parametrize("theme_name", list(THEMES))
def test_the_focus_ring_stands_out_in_the_settings(
    qtbot: Any, make_kiosk: KioskFactory, theme_name: str
) -> None:
    window, kiosk = make_kiosk(enabled=False, pin="2468")
    high_contrast = THEMES[theme_name]
    window.apply_settings(window.core.settings.model_copy(update={"high_contrast": high_contrast}))
    kiosk.open_settings()
    dialog = kiosk.settings_dialog
    assert dialog is not None
    qtbot.waitExposed(dialog)
    dialog.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog, timeout=TIMEOUT_MS)
    for button in (dialog.save_button, dialog.quit_button, dialog.close_button):
        button.setFocus(Qt.FocusReason.TabFocusReason)
        qtbot.waitUntil(lambda b=button: window.focus_ring.shown_on() is b, timeout=TIMEOUT_MS)
        against_page, against_fill = ring_pixels(button, window.focus_ring.ring).figures()
        assert against_page >= MIN_NON_TEXT_CONTRAST, button.text()
        assert against_fill >= MIN_NON_TEXT_CONTRAST, button.text()
    kiosk.close_admin_screens()
    qtbot.waitUntil(window.core.pool.is_idle, timeout=TIMEOUT_MS)


def test_the_old_ring_on_the_dark_button_fails_the_check() -> None:
    # The former focus border (#2563eb, one colour) on the Home button's fill (#374151).
    faint = RingPixels(QColor("#f7f8fa"), QColor("#2563eb"), QColor("#2563eb"), QColor("#374151"))
    assert faint.figures()[1] < MIN_NON_TEXT_CONTRAST
