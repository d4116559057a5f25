"""The admin settings at every text size and theme on the most common laptop screen
(1366x768), in English and French: opened over the kiosk window as the admin opens them, every
tab walked; none scrolls sideways (vertical scrolling by dragging is fine), every control
lies inside its tab's width with its text whole, and every control is a finger's size."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtWidgets import QApplication, QScrollArea, QWidget

from kiosk_app.ui.admin.settings_dialog import SettingsDialog
from kiosk_app.ui.i18n import install_language, remove_language
from kiosk_app.ui.theme import MIN_TOUCH_PX, TEXT_SIZES
from tests.support.admin import PIN, KioskFactory
from tests.support.gui import place_as_kiosk
from tests.support.layout_check import SLACK_PX, layout_problems
from tests.support.qt import OFFSCREEN_DIALOG_NOTE
from tests.support.touch import areas_without_drag, too_small

pytestmark = pytest.mark.qt_log_ignore(OFFSCREEN_DIALOG_NOTE)

SIZE = (1366, 768)
CASES = [
    pytest.param(
        text_size,
        high_contrast,
        language,
        id=f"{text_size}%{'-high-contrast' if high_contrast else ''}-{language}",
    )
    for text_size in TEXT_SIZES
    for high_contrast in (False, True)
    for language in ("en", "fr")
]


def lay_out() -> None:
    """Deliver the posted events and layout requests (no sleep)."""
    for _ in range(4):
        QCoreApplication.processEvents()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)


def sideways_problems(tab: str, area: QScrollArea) -> list[str]:
    """Why the tab's scroll area would scroll sideways: a horizontal range, or a visible
    widget of its page past the viewport's width."""
    problems = []
    bar = area.horizontalScrollBar()
    if bar.maximum() > bar.minimum():
        problems.append(f"{tab}: scrolls {bar.maximum() - bar.minimum()} px sideways")
    viewport = area.viewport()
    page = area.widget()
    assert page is not None
    for widget in page.findChildren(QWidget):
        if not widget.isVisibleTo(page):
            continue
        left = widget.mapTo(viewport, widget.rect().topLeft()).x()
        right = left + widget.width()
        if left < -SLACK_PX or right > viewport.width() + SLACK_PX:
            problems.append(
                f"{tab}: {type(widget).__name__}#{widget.objectName() or '-'} "
                f"{widget.accessibleName()!r} spans {left}..{right} px, "
                f"viewport {viewport.width()} px"
            )
    return problems


@pytest.mark.parametrize(("text_size", "high_contrast", "language"), CASES)
def test_every_settings_tab_fits_without_scrolling_sideways(
    qtbot: Any,
    qapp: QApplication,
    make_kiosk: KioskFactory,
    text_size: int,
    high_contrast: bool,
    language: str,
) -> None:
    install_language(language, qapp)
    try:
        window, kiosk = make_kiosk(
            enabled=False, pin=PIN, text_size=text_size, high_contrast=high_contrast
        )
        place_as_kiosk(window, SIZE)
        kiosk.open_settings()
        dialog = kiosk.settings_dialog
        assert isinstance(dialog, SettingsDialog)
        assert dialog.width() <= SIZE[0] and dialog.height() <= SIZE[1]
        problems: list[str] = []
        walked = 0
        for index in range(dialog.tabs.count()):
            dialog.tabs.setCurrentIndex(index)
            lay_out()
            tab = dialog.tabs.tabText(index)
            area = dialog.tabs.currentWidget()
            assert isinstance(area, QScrollArea)
            problems += sideways_problems(tab, area)
            problems += [f"{tab}: {p}" for p in layout_problems(dialog)]
            problems += [f"{tab}: {t} is under {MIN_TOUCH_PX} px" for t in too_small(dialog)]
            problems += [
                f"{tab}: {a} does not scroll by dragging" for a in areas_without_drag(dialog)
            ]
            walked += 1
        kiosk.close_admin_screens()
        assert walked == dialog.tabs.count() >= 6
        assert not problems, "\n".join(problems)
    finally:
        remove_language(qapp)
