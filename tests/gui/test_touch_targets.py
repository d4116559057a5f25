"""Touch: every control a finger can hit is at least 44x44 px, on every screen at the desk
sizes (1024x600, 1366x768, 1920x1080), in the admin screens and dialogs, and in the sample
menu; every scrolling area scrolls by dragging its content, and a tap inside it still
presses the button under the finger.

The screens are walked through the real flow (demo samples, HTTP to the simulator), as the
screenshots are taken (``kiosk_app.ui.screenshots``), once a session for all the layout
sweeps (``tests.support.layout_walk``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import (
    QApplication,
    QListView,
    QPlainTextEdit,
    QScrollArea,
    QScroller,
    QWidget,
)

from kiosk_app.flow.stages import Stage
from kiosk_app.ui.picture_picker import PicturePicker
from kiosk_app.ui.theme import MIN_TOUCH_PX
from kiosk_app.ui.touch import drag_scrolls, touch_scroll, viewport_of
from tests.support.admin import KioskFactory
from tests.support.gui import (
    WindowFactory,
    open_billed_again_question,
    window_at,
)
from tests.support.layout_walk import walked
from tests.support.qt import OFFSCREEN_DIALOG_NOTE, TIMEOUT_MS, settle
from tests.support.touch import Target, areas_without_drag, drag, too_small, touch_targets

# What the offscreen platform says when a popup menu asks it to raise and grab.
OFFSCREEN_POPUP_NOTES = "This plugin does not support (raise|grabbing|propagateSizeHints)"


def _described(name: str, small: list[Target], undraggable: list[str]) -> list[str]:
    return [f"{name}: {target} is under {MIN_TOUCH_PX} px" for target in small] + [
        f"{name}: {area} does not scroll by dragging" for area in undraggable
    ]


def _problems(name: str, root: QWidget) -> list[str]:
    return _described(name, too_small(root), areas_without_drag(root))


def test_every_screen_has_finger_sized_targets_and_drag_scrolling(
    request: pytest.FixtureRequest, desk_size: tuple[int, int]
) -> None:
    problems: list[str] = []
    counted: list[Target] = []
    for state in walked(request, desk_size):
        assert state.size == desk_size
        counted.extend(state.targets)
        problems.extend(_described(state.name, state.small, state.undraggable))
    assert len(counted) > 50  # the walk really measured the screens' controls
    assert not problems, "\n".join(problems)


@pytest.mark.qt_log_ignore(OFFSCREEN_POPUP_NOTES)
def test_the_sample_menu_items_are_finger_sized(
    qtbot: Any, make_window: WindowFactory, desk_size: tuple[int, int]
) -> None:
    window = window_at(make_window, desk_size)
    button = window.ready.sample_button
    assert button is not None
    menu = window.ready.sample_menu
    menu.popup(button.mapToGlobal(QPoint(0, button.height())))
    qtbot.waitUntil(menu.isVisible, timeout=TIMEOUT_MS)
    try:
        items = [t for t in touch_targets(menu) if t.name.startswith("menu item")]
        assert len(items) == len(menu.actions()) > 3
        assert not [str(t) for t in items if t.smallest < MIN_TOUCH_PX]
    finally:
        menu.close()


@pytest.mark.qt_log_ignore(OFFSCREEN_DIALOG_NOTE)
def test_admin_screens_have_finger_sized_targets(
    qtbot: Any, make_kiosk: KioskFactory, desk_size: tuple[int, int]
) -> None:
    window, kiosk = make_kiosk(enabled=False, pin="2468")
    window.resize(*desk_size)
    kiosk.open_admin()
    qtbot.waitUntil(lambda: kiosk.pin_pad is not None, timeout=TIMEOUT_MS)
    assert kiosk.pin_pad is not None
    problems = _problems("PIN pad", kiosk.pin_pad)
    kiosk.open_settings()
    dialog = kiosk.settings_dialog
    assert dialog is not None
    dialog.resize(dialog.size().boundedTo(window.size()))
    for index in range(dialog.tabs.count()):
        dialog.tabs.setCurrentIndex(index)
        qtbot.wait(20)
        problems += _problems(f"settings, tab {dialog.tabs.tabText(index)}", dialog)
    kiosk.admin.open_diagnostics()
    diagnostics = kiosk.diagnostics
    assert diagnostics is not None
    diagnostics.resize(diagnostics.size().boundedTo(window.size()))
    qtbot.wait(20)
    problems += _problems("diagnostics", diagnostics)
    kiosk.close_admin_screens()
    assert not problems, "\n".join(problems)


@pytest.mark.qt_log_ignore(OFFSCREEN_DIALOG_NOTE)
def test_the_billed_again_question_has_finger_sized_buttons(
    qtbot: Any, make_window: WindowFactory
) -> None:
    window = make_window()
    window.resize(1024, 600)
    dialog = open_billed_again_question(qtbot, window)
    buttons = [t for t in touch_targets(dialog) if "Button#" in t.name]
    assert len(buttons) == 2
    assert not _problems("billed again", dialog)
    dialog.reject()


@pytest.mark.qt_log_ignore(OFFSCREEN_DIALOG_NOTE)
def test_the_kiosk_picture_picker_has_finger_sized_rows(
    qtbot: Any, make_window: WindowFactory, tmp_path: Path
) -> None:
    window = make_window()  # the picker is the window's child, in its style, as Open makes it
    scans = tmp_path / "scans"
    scans.mkdir()
    for index in range(30):
        (scans / f"scan-{index:02d}.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    picker = PicturePicker([("Scans", scans)], parent=window)
    picker.resize(1024, 600)
    picker.show()
    qtbot.waitUntil(
        lambda: picker.model.rowCount(picker.view.rootIndex()) == 30, timeout=TIMEOUT_MS
    )
    qtbot.wait(50)
    rows = [t for t in touch_targets(picker) if " row " in t.name]
    assert rows and all(t.height >= MIN_TOUCH_PX for t in rows), [str(t) for t in rows]
    assert not _problems("picture picker", picker)
    picker.close()


def _scroller_done(area: Any) -> bool:
    return QScroller.scroller(area.viewport()).state() is QScroller.State.Inactive


def test_a_long_result_list_scrolls_by_dragging_and_a_tap_still_presses(
    qtbot: Any, make_window: WindowFactory
) -> None:
    window = make_window()
    window.resize(1024, 600)
    window.session.try_sample("canada-flagged")
    qtbot.waitUntil(lambda: window.current_stage() is Stage.CANADA_FORM, timeout=TIMEOUT_MS)
    window.canada_form.submit()
    qtbot.waitUntil(
        lambda: window.current_stage() is Stage.RESULT and not window.result.filling,
        timeout=TIMEOUT_MS,
    )
    settle(window)
    area = window.result.details_scroll
    bar = area.verticalScrollBar()
    assert bar.isVisible() and bar.maximum() > 100  # the list is longer than the screen
    assert bar.width() >= MIN_TOUCH_PX
    drag(area, -150)
    qtbot.waitUntil(lambda: _scroller_done(area), timeout=TIMEOUT_MS)
    assert bar.value() >= 100  # moved with the finger (less Qt's start distance)
    drag(area, 150)
    qtbot.waitUntil(lambda: _scroller_done(area), timeout=TIMEOUT_MS)
    assert bar.value() <= bar.maximum() - 100
    # A tap (no drag) on a button inside the scrolling list presses it at once.
    fold = window.result.fold_button
    area.ensureWidgetVisible(fold)
    qtbot.waitUntil(lambda: fold.visibleRegion().boundingRect().height() >= MIN_TOUCH_PX)
    rows = len(window.result.match_rows())
    qtbot.mouseClick(fold, Qt.MouseButton.LeftButton)
    assert len(window.result.match_rows()) > rows  # the rows not compared, unfolded
    assert QApplication.mouseButtons() == Qt.MouseButton.NoButton


@pytest.mark.parametrize(
    "make_area", [QScrollArea, QListView, QPlainTextEdit], ids=lambda k: k.__name__
)
def test_the_viewport_found_by_name_is_the_areas_own(qtbot: Any, make_area: type[Any]) -> None:
    area = make_area()
    qtbot.addWidget(area)
    assert viewport_of(area) is area.viewport()
    assert touch_scroll(area) is area
    assert drag_scrolls(area)
    assert QScroller.hasScroller(area.viewport())


def test_a_viewport_without_the_qt_name_is_found_too(qtbot: Any) -> None:
    area = QScrollArea()
    qtbot.addWidget(area)
    own = QWidget()
    area.setViewport(own)
    own.setObjectName("someone-elses-name")
    assert viewport_of(area) is own
    assert drag_scrolls(touch_scroll(area))
