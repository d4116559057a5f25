"""What "nothing clipped" means, checked on real widgets: every visible control lies inside the
window (or inside the viewport of the scroll area it scrolls in, horizontally), and no label
or button is elided or cut (its text needs no more room than it has)."""

from __future__ import annotations

from PySide6.QtCore import QRect
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractScrollArea,
    QComboBox,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QWidget,
)

CONTROLS = (QAbstractButton, QLabel, QLineEdit, QComboBox, QProgressBar)
# Rounding of fractional scale factors: a pixel either way is not a clipped control.
SLACK_PX = 2


def _shown(widget: QWidget, window: QWidget) -> bool:
    return widget.isVisibleTo(window) and widget.isVisible()


def _scroll_area_of(widget: QWidget, window: QWidget) -> QScrollArea | None:
    parent = widget.parentWidget()
    while parent is not None and parent is not window:
        if isinstance(parent, QScrollArea):
            return parent
        parent = parent.parentWidget()
    return None


def _rect_in(widget: QWidget, ancestor: QWidget) -> QRect:
    top_left = widget.mapTo(ancestor, widget.rect().topLeft())
    return QRect(top_left, widget.size())


def _name(widget: QWidget) -> str:
    text = ""
    if isinstance(widget, (QLabel, QAbstractButton)):
        text = widget.text()[:40]
    return f"{type(widget).__name__}#{widget.objectName() or '-'} {text!r}"


def _text_cut(widget: QWidget) -> str | None:
    """Why the widget's text does not fit, or None."""
    if isinstance(widget, QLabel) and widget.text() and widget.pixmap().isNull():
        if widget.wordWrap():
            needed = widget.heightForWidth(widget.width())
            if needed > widget.height() + SLACK_PX:
                return f"needs {needed} px of height, has {widget.height()}"
            # A single word longer than the line cannot wrap: it would be cut.
            if widget.minimumSizeHint().width() > widget.width() + SLACK_PX:
                return f"a word needs {widget.minimumSizeHint().width()} px, has {widget.width()}"
        elif widget.sizeHint().width() > widget.width() + SLACK_PX:
            return f"needs {widget.sizeHint().width()} px of width, has {widget.width()}"
    if isinstance(widget, QAbstractButton) and widget.text():
        # What the words need as shown (on one line or wrapped): QPushButton's own measure of
        # its text, not a subclass's preferred size.
        hint = (
            QPushButton.sizeHint(widget) if isinstance(widget, QPushButton) else widget.sizeHint()
        )
        if hint.width() > widget.width() + SLACK_PX:
            return f"button needs {hint.width()} px, has {widget.width()}"
        if hint.height() > widget.height() + SLACK_PX:
            return f"button needs {hint.height()} px of height, has {widget.height()}"
    return None


def layout_problems(window: QWidget) -> list[str]:
    """Every control of ``window`` that is outside it, scrolled sideways, or cut."""
    problems = []
    bounds = window.rect().adjusted(-SLACK_PX, -SLACK_PX, SLACK_PX, SLACK_PX)
    for widget in window.findChildren(QWidget):
        if not isinstance(widget, CONTROLS) or not _shown(widget, window):
            continue
        area = _scroll_area_of(widget, window)
        if area is None:
            if not bounds.contains(_rect_in(widget, window)):
                problems.append(f"{_name(widget)} at {_rect_in(widget, window)} outside the window")
        else:
            viewport = area.viewport()
            rect = _rect_in(widget, viewport)
            if rect.left() < -SLACK_PX or rect.right() > viewport.width() + SLACK_PX:
                problems.append(f"{_name(widget)} scrolled sideways in {area.objectName()}")
        cut = _text_cut(widget)
        if cut:
            problems.append(f"{_name(widget)}: {cut}")
    for area in window.findChildren(QAbstractScrollArea):  # type: ignore[assignment]
        if _shown(area, window) and area.horizontalScrollBar().isVisible():  # type: ignore[arg-type]
            problems.append(f"{_name(area)} has a horizontal scroll bar")  # type: ignore[arg-type]
    return problems


def vertical_scroll_bars(window: QWidget) -> list[str]:
    """Scroll areas showing a vertical scroll bar."""
    return [
        _name(area)
        for area in window.findChildren(QAbstractScrollArea)
        if _shown(area, window) and area.verticalScrollBar().isVisible()
    ]
