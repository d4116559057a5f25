"""Touch targets, measured on real widgets: every control a finger can hit, with its size.

``touch_targets(root)`` lists the visible buttons, fields, combo boxes (and their lists'
rows), spin boxes and date fields (their step or calendar buttons too), sliders, tabs, scroll
bars (across, and the handle along), item views' rows and an open menu's items under ``root``;
``too_small`` keeps those under ``MIN_TOUCH_PX`` in either direction. ``areas_without_drag``
lists the scroll areas a finger cannot drag. ``drag(area, dy)`` drags a scroll area's content
as a finger would (press, move in steps, hold, release), through the window's QWindow like a
real pointer.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QEvent, QPoint, QRect
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractScrollArea,
    QAbstractSlider,
    QAbstractSpinBox,
    QComboBox,
    QDateTimeEdit,
    QHeaderView,
    QLineEdit,
    QMenu,
    QScrollBar,
    QSpinBox,
    QStyle,
    QStyleOptionComboBox,
    QStyleOptionSlider,
    QStyleOptionSpinBox,
    QTabBar,
    QTableView,
    QWidget,
)

from kiosk_app.ui.theme import MIN_TOUCH_PX
from kiosk_app.ui.touch import drag_scrolls
from tests.support.qt import press_at

DRAG_STEP_PX = 10
DRAG_STEP_MS = 15
# Held still before the release: the content stops where the finger left it (no glide).
HOLD_MS = 300


@dataclass(frozen=True)
class Target:
    """One thing a finger can hit: what it is, and its size in logical pixels."""

    name: str
    width: int
    height: int

    @property
    def smallest(self) -> int:
        """Its smaller side."""
        return min(self.width, self.height)

    def __str__(self) -> str:
        return f"{self.name} {self.width}x{self.height}"


def _shown(widget: QWidget) -> bool:
    return widget.isVisible() and widget.width() > 0 and widget.height() > 0


def _name(widget: QWidget) -> str:
    text = widget.text() if isinstance(widget, (QAbstractButton, QLineEdit)) else ""
    name = widget.objectName() or widget.accessibleName() or "-"
    return f"{type(widget).__name__}#{name} {text[:30]!r}"


def _handle_length(bar: QScrollBar) -> int:
    option = QStyleOptionSlider()
    bar.initStyleOption(option)
    rect = bar.style().subControlRect(
        QStyle.ComplexControl.CC_ScrollBar, option, QStyle.SubControl.SC_ScrollBarSlider, bar
    )
    return rect.height() if bar.orientation().name == "Vertical" else rect.width()


def step_button_rect(spin: QAbstractSpinBox, up: bool) -> QRect:
    """Where a spin box's (or a date field's) up (+) or down (-) button is, in it."""
    option = QStyleOptionSpinBox()
    spin.initStyleOption(option)
    control = QStyle.SubControl.SC_SpinBoxUp if up else QStyle.SubControl.SC_SpinBoxDown
    return spin.style().subControlRect(QStyle.ComplexControl.CC_SpinBox, option, control, spin)


def calendar_button_rect(edit: QDateTimeEdit) -> QRect:
    """Where a date field's calendar button is (Qt draws the field as an editable combo box)."""
    option = QStyleOptionComboBox()
    option.initFrom(edit)
    option.editable = True
    option.frame = edit.hasFrame()
    option.subControls = (
        QStyle.SubControl.SC_ComboBoxFrame
        | QStyle.SubControl.SC_ComboBoxEditField
        | QStyle.SubControl.SC_ComboBoxArrow
    )
    arrow = QStyle.SubControl.SC_ComboBoxArrow
    return edit.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, option, arrow, edit)


def _step_buttons(spin: QAbstractSpinBox, name: str) -> list[Target]:
    if isinstance(spin, QDateTimeEdit) and spin.calendarPopup():
        rect = calendar_button_rect(spin)
        return [Target(f"{name} calendar", rect.width(), rect.height())]
    if spin.buttonSymbols() is QAbstractSpinBox.ButtonSymbols.NoButtons:
        return []
    return [
        Target(f"{name} {'+' if up else '-'}", rect.width(), rect.height())
        for up in (True, False)
        for rect in [step_button_rect(spin, up)]
    ]


def _item_rows(view: QAbstractItemView, name: str) -> list[Target]:
    model = view.model()
    if model is None:
        return []
    root = view.rootIndex()
    targets = []
    for row in range(min(model.rowCount(root), 50)):
        rect = view.visualRect(model.index(row, 0, root))
        if rect.isValid() and rect.intersects(view.viewport().rect()):
            # A table's row is as high as its header section (its grid line included).
            height = view.rowHeight(row) if isinstance(view, QTableView) else rect.height()
            targets.append(Target(f"{name} row {row}", view.viewport().width(), height))
    return targets


def touch_targets(root: QWidget) -> list[Target]:
    """Every visible control under ``root`` (``root`` included), with its size."""
    targets: list[Target] = []
    widgets = [root, *root.findChildren(QWidget)]
    for widget in widgets:
        if not _shown(widget) or isinstance(widget.parentWidget(), QAbstractSpinBox):
            continue  # a spin box's own text field: the spin box is the target, whole
        name = _name(widget)
        if isinstance(widget, QScrollBar):
            vertical = widget.orientation().name == "Vertical"
            across = widget.width() if vertical else widget.height()
            targets.append(Target(f"{name} (across)", across, max(across, widget.height())))
            if widget.maximum() > widget.minimum():
                length = _handle_length(widget)
                targets.append(Target(f"{name} handle", across, length))
        elif isinstance(widget, (QSpinBox, QDateTimeEdit)):
            targets.append(Target(name, widget.width(), widget.height()))
            targets.extend(_step_buttons(widget, name))
        elif isinstance(widget, (QAbstractButton, QLineEdit, QAbstractSpinBox, QAbstractSlider)):
            targets.append(Target(name, widget.width(), widget.height()))
        elif isinstance(widget, QComboBox):
            targets.append(Target(name, widget.width(), widget.height()))
            rows = widget.view().sizeHintForRow(0) if widget.count() else MIN_TOUCH_PX
            targets.append(Target(f"{name} list row", widget.width(), rows))
        elif isinstance(widget, QTabBar):
            for index in range(widget.count()):
                rect = widget.tabRect(index)
                targets.append(
                    Target(f"tab {widget.tabText(index)!r}", rect.width(), rect.height())
                )
        elif isinstance(widget, QMenu):
            for action in widget.actions():
                if action.isVisible() and not action.isSeparator():
                    rect = widget.actionGeometry(action)
                    targets.append(
                        Target(f"menu item {action.text()[:30]!r}", rect.width(), rect.height())
                    )
        elif isinstance(widget, QAbstractItemView) and widget.selectionMode().name != "NoSelection":
            targets.extend(_item_rows(widget, name))
    return targets


def too_small(root: QWidget) -> list[Target]:
    """The controls under ``root`` smaller than ``MIN_TOUCH_PX`` either way."""
    return [target for target in touch_targets(root) if target.smallest < MIN_TOUCH_PX]


def areas_without_drag(root: QWidget) -> list[str]:
    """The visible scroll areas under ``root`` that do not scroll by dragging."""
    return [
        _name(area)
        for area in root.findChildren(QAbstractScrollArea)
        if _shown(area) and not isinstance(area, QHeaderView) and not drag_scrolls(area)
    ]


def drag(area: QAbstractScrollArea, dy: int) -> None:
    """Drag the content of ``area`` by ``dy`` pixels (negative: up), holding before release."""
    viewport = area.viewport()
    window = viewport.window()
    x = viewport.width() // 2
    start = viewport.height() // 2 + (abs(dy) // 2 if dy < 0 else -abs(dy) // 2)

    def at(y: int) -> QPoint:
        return viewport.mapTo(window, QPoint(x, y))

    point = at(start)
    press_at(viewport, point.x(), point.y(), QEvent.Type.MouseButtonPress)
    step = DRAG_STEP_PX if dy > 0 else -DRAG_STEP_PX
    for y in range(start + step, start + dy + step, step):
        QTest.qWait(DRAG_STEP_MS)
        point = at(y)
        press_at(viewport, point.x(), point.y(), QEvent.Type.MouseMove)
    QTest.qWait(HOLD_MS)
    press_at(viewport, point.x(), point.y(), QEvent.Type.MouseButtonRelease)
