"""Every interactive control of the window and of each dialog it opens has an accessible name.

What counts as the name: the name Qt's accessibility layer gives a screen reader
(``QAccessibleInterface.text(Name)``). Qt derives it from a button's own text, so a button with
visible words passes as it is, and an icon-only button needs ``setAccessibleName``. For input
controls (line edits, drop-down lists, spin boxes, text boxes, tables) Qt's "name" is their
content or nothing, so they must carry an explicit ``accessibleName`` naming what they are for
(the label beside them is not tied to them otherwise). A scroll bar is spoken on its own, with
its orientation and position, so it too needs a name saying what it scrolls (one its area never
shows is not checked). Parts Qt builds inside another control (table headers, a drop-down's
list and its scroll bars, a table's corner button, a tab bar's arrows) are spoken as part of
that control and are not checked.
"""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractScrollArea,
    QAbstractSlider,
    QAbstractSpinBox,
    QComboBox,
    QHeaderView,
    QLineEdit,
    QPlainTextEdit,
    QScrollBar,
    QTabBar,
    QTextEdit,
    QWidget,
)

from kiosk_app.flow.stages import Stage
from kiosk_app.ui.admin.diagnostics import DiagnosticsDialog
from kiosk_app.ui.main_window import MainWindow
from tests.support.admin import KioskFactory
from tests.support.gui import WindowFactory
from tests.support.qt import OFFSCREEN_DIALOG_NOTE, TIMEOUT_MS, run_sample, wait_stage

pytestmark = pytest.mark.qt_log_ignore(OFFSCREEN_DIALOG_NOTE)

BUTTONS = (QAbstractButton, QTabBar)
INPUTS = (
    QLineEdit,
    QComboBox,
    QAbstractSpinBox,
    QPlainTextEdit,
    QTextEdit,
    QAbstractItemView,
    QAbstractSlider,
)


def _scroll_area(bar: QScrollBar) -> QAbstractScrollArea | None:
    """The scroll area ``bar`` belongs to (None for a bar of its own)."""
    parent = bar.parentWidget()
    while parent is not None:
        if isinstance(parent, QAbstractScrollArea):
            return (
                parent
                if bar in (parent.verticalScrollBar(), parent.horizontalScrollBar())
                else None
            )
        parent = parent.parentWidget()
    return None


def _never_shown(bar: QScrollBar) -> bool:
    """A scroll area's bar its policy keeps hidden (a screen reader never meets it)."""
    area = _scroll_area(bar)
    if area is None:
        return False
    off = Qt.ScrollBarPolicy.ScrollBarAlwaysOff
    if bar is area.verticalScrollBar():
        return area.verticalScrollBarPolicy() == off
    return area.horizontalScrollBarPolicy() == off


def _described(widget: QWidget) -> str:
    """The control in a problem's line: its class and object name (a scroll bar's area's)."""
    text = f"{type(widget).__name__} {widget.objectName()!r}"
    area = _scroll_area(widget) if isinstance(widget, QScrollBar) else None
    if area is not None:
        text += f" of {type(area).__name__} {area.objectName()!r}"
    return text


def _is_qt_internal(widget: QWidget) -> bool:
    """A part Qt builds inside another control (spoken as part of it)."""
    if isinstance(widget, QHeaderView):
        return True
    if isinstance(widget, QScrollBar) and _never_shown(widget):
        return True
    if widget.objectName() in (
        "qt_tableview_cornerbutton",
        "ScrollLeftButton",
        "ScrollRightButton",
    ):
        return True
    parent = widget.parentWidget()
    while parent is not None:
        # A drop-down's popup list, a spin box's editor, a tab bar's arrows.
        if isinstance(parent, (QComboBox, QAbstractSpinBox, QTabBar)):
            return True
        if type(parent).__name__ == "QComboBoxPrivateContainer":
            return True
        parent = parent.parentWidget()
    return False


def _spoken_name(widget: QWidget) -> str:
    iface = QAccessible.queryAccessibleInterface(widget)
    return iface.text(QAccessible.Text.Name).strip() if iface is not None else ""


def unnamed_controls(root: QWidget) -> list[str]:
    """The interactive controls under ``root`` (itself included) a screen reader cannot name."""
    problems = []
    for widget in [root, *root.findChildren(QWidget)]:
        if _is_qt_internal(widget):
            continue
        if isinstance(widget, INPUTS):
            if not widget.accessibleName().strip():
                problems.append(f"{_described(widget)} (shows {_spoken_name(widget)!r})")
        elif isinstance(widget, BUTTONS) and not _spoken_name(widget):
            problems.append(_described(widget))
    return problems


def _controls(root: QWidget) -> int:
    return sum(
        isinstance(w, (*BUTTONS, *INPUTS)) and not _is_qt_internal(w)
        for w in root.findChildren(QWidget)
    )


def test_the_check_finds_an_unnamed_control(qtbot: Any) -> None:
    from PySide6.QtWidgets import QPushButton, QVBoxLayout

    from kiosk_app.ui import theme

    page = QWidget()
    qtbot.addWidget(page)
    icon_only = QPushButton(theme.icon("copy"), "")
    field = QLineEdit()
    layout = QVBoxLayout(page)
    layout.addWidget(icon_only)
    layout.addWidget(field)
    assert len(unnamed_controls(page)) == 2
    icon_only.setAccessibleName("Copy")
    field.setAccessibleName("Licence number")
    assert unnamed_controls(page) == []


def test_the_check_finds_an_unnamed_scroll_bar_but_not_a_hidden_one(qtbot: Any) -> None:
    from PySide6.QtWidgets import QScrollArea, QVBoxLayout

    page = QWidget()
    qtbot.addWidget(page)
    area = QScrollArea()
    area.setObjectName("DetailsScroll")
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    QVBoxLayout(page).addWidget(area)
    assert unnamed_controls(page) == ["QScrollBar '' of QScrollArea 'DetailsScroll' (shows '')"]
    area.verticalScrollBar().setAccessibleName("Scroll the field results")
    assert unnamed_controls(page) == []
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
    assert len(unnamed_controls(page)) == 1


def test_every_screen_of_the_window_names_its_controls(
    qtbot: Any,
    make_kiosk: KioskFactory,
) -> None:
    window, _kiosk = make_kiosk(enabled=False)
    assert isinstance(window, MainWindow)
    # Every screen made, not only Ready (the others are made after the first paint).
    assert len(window.screens) > 1
    assert _controls(window) >= 10
    assert unnamed_controls(window) == []
    # Screens filled with a result, the Canadian form and an error: their rows and buttons too.
    run_sample(qtbot, window, "canada-flagged")
    assert unnamed_controls(window) == []
    window.session.wipe()
    window.core.files.image_captured.emit(b"not a picture")
    wait_stage(qtbot, window, Stage.ERROR)
    assert unnamed_controls(window) == []
    sample_menu = window.ready.sample_button.menu() if window.ready.sample_button else None
    assert sample_menu is not None
    assert all(action.text().strip() for action in sample_menu.actions())


def test_every_admin_dialog_names_its_controls(
    qtbot: Any,
    make_kiosk: KioskFactory,
) -> None:
    window, kiosk = make_kiosk(enabled=False, pin="2468")
    kiosk.open_admin()
    qtbot.waitUntil(
        lambda: kiosk.pin_pad is not None and kiosk.pin_pad.isVisible(), timeout=TIMEOUT_MS
    )
    assert kiosk.pin_pad is not None
    assert _controls(kiosk.pin_pad) >= 10
    assert unnamed_controls(kiosk.pin_pad) == []
    kiosk.close_admin_screens()
    qtbot.waitUntil(lambda: kiosk.pin_pad is None, timeout=TIMEOUT_MS)

    kiosk.open_settings()
    settings = kiosk.settings_dialog
    assert settings is not None
    assert _controls(settings) >= 30
    assert unnamed_controls(settings) == []

    settings.diagnostics_button.click()
    qtbot.waitUntil(lambda: kiosk.diagnostics is not None, timeout=TIMEOUT_MS)
    diagnostics = kiosk.diagnostics
    assert isinstance(diagnostics, DiagnosticsDialog)
    assert unnamed_controls(diagnostics) == []
    qtbot.waitUntil(window.core.pool.is_idle, timeout=TIMEOUT_MS)


@pytest.mark.usefixtures("in_french")
def test_in_french_every_scroll_bar_is_named_in_french(
    qtbot: Any, make_window: WindowFactory
) -> None:
    window = make_window()
    run_sample(qtbot, window, "signature-valid")
    bars = [bar for bar in window.findChildren(QScrollBar) if not _is_qt_internal(bar)]
    assert window.result.details_scroll.verticalScrollBar() in bars
    assert window.result.details_scroll.verticalScrollBar().accessibleName() == (
        "Faire défiler les résultats des champs"
    )
    assert [
        bar.accessibleName() for bar in bars if "Faire défiler" not in bar.accessibleName()
    ] == []
