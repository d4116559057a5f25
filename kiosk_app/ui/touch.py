"""Touch use: kinetic drag scrolling for every scrolling area.

A front-desk panel is worked with a finger: a list scrolls when dragged and keeps gliding
(Qt's ``QScroller``), and the scroll bars stay as the second way (styled at least
``theme.MIN_TOUCH_PX`` wide in ``resources/style.qss``). The gesture is the left mouse button's:
a touch panel's touches reach Qt as mouse events when nothing takes the touch itself, so one
gesture serves a finger, a stylus and a mouse. A tap without a drag still reaches the buttons
inside the area.
"""

from __future__ import annotations

from typing import Final, TypeVar

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QSize, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QAbstractScrollArea,
    QComboBox,
    QListView,
    QScroller,
    QScrollerProperties,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

from kiosk_app.ui import theme

GESTURE: Final = QScroller.ScrollerGestureType.LeftMouseButtonGesture
# No rubber band past the ends: the list stops where its content does.
_NO_OVERSHOOT: Final = QScrollerProperties.OvershootPolicy.OvershootAlwaysOff
# A tap reaches the button under the finger at once (Qt's default holds it back 0.25 s).
PRESS_DELAY_S: Final = 0.0
# A scroll area asks for room for its whole scroll bar (two arrows' worth and the handle: three
# times the bar's width); with touch-sized bars that squeezed the rest of a 600-px screen. The
# area may be this short: the bar shrinks with it, the handle stays a finger's size.
AREA_MIN_HEIGHT_PX: Final = theme.MIN_TOUCH_PX + 16
# A field a finger taps into (the stylesheet's line edits are as high).
MIN_FIELD_PX: Final = theme.MIN_TOUCH_PX + 8

# The object name Qt gives a scroll area's viewport (QAbstractScrollArea, since Qt 4).
VIEWPORT_NAME: Final = "qt_scrollarea_viewport"

Area = TypeVar("Area", bound=QAbstractScrollArea)
Combo = TypeVar("Combo", bound=QComboBox)


def touch_scroll(area: Area) -> Area:
    """Let ``area`` be scrolled by dragging its content (kinetic); returns ``area``."""
    if area.minimumHeight() == 0:
        area.setMinimumHeight(AREA_MIN_HEIGHT_PX)
    viewport = viewport_of(area)
    QScroller.grabGesture(viewport, GESTURE)
    scroller = QScroller.scroller(viewport)
    properties = scroller.scrollerProperties()
    metric = QScrollerProperties.ScrollMetric
    properties.setScrollMetric(metric.VerticalOvershootPolicy, _NO_OVERSHOOT)
    properties.setScrollMetric(metric.HorizontalOvershootPolicy, _NO_OVERSHOOT)
    properties.setScrollMetric(metric.MousePressEventDelay, PRESS_DELAY_S)
    scroller.setScrollerProperties(properties)
    if isinstance(area, QListView) and not isinstance(area.itemDelegate(), TouchRows):
        area.setItemDelegate(TouchRows(area))
    if isinstance(area, QAbstractItemView):
        # Item views scroll by whole items by default: a finger moves pixels.
        area.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        area.setHorizontalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
    return area


def name_scroll_bars(area: QAbstractScrollArea, name: str) -> None:
    """Name ``area``'s scroll bars for a screen reader, which speaks a bar on its own (with its
    orientation and position): ``name``, in the interface language, says what they scroll."""
    area.verticalScrollBar().setAccessibleName(name)
    area.horizontalScrollBar().setAccessibleName(name)


def drag_scrolls(area: QAbstractScrollArea) -> bool:
    """True when ``area`` scrolls by dragging (:func:`touch_scroll` was applied)."""
    return QScroller.hasScroller(viewport_of(area))


def viewport_of(area: QAbstractScrollArea) -> QWidget:
    """``area``'s viewport, without the cost of PySide guessing its class.

    ``viewport()`` on a viewport PySide has not wrapped yet makes the Python types (and enums)
    of every widget class while it looks for the viewport's own: 15-20 ms, paid before the
    first window. Found by its object name first, the viewport is wrapped as the ``QWidget``
    asked for; ``viewport()`` then returns that wrapper (and still answers alone for a viewport
    without the name)."""
    area.findChild(QWidget, VIEWPORT_NAME, Qt.FindChildOption.FindDirectChildrenOnly)
    return area.viewport()


class TouchRows(QStyledItemDelegate):
    """Rows of a list at least a finger high (``theme.MIN_TOUCH_PX``)."""

    def sizeHint(  # noqa: N802 - Qt override
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        """The row's own size, never less than a finger high."""
        hint = super().sizeHint(option, index)
        return hint.expandedTo(QSize(0, theme.MIN_TOUCH_PX))


def touch_combo(combo: Combo) -> Combo:
    """A combo box whose open list has rows a finger can hit and scrolls by dragging."""
    combo.setItemDelegate(TouchRows(combo))
    touch_scroll(combo.view())
    return combo
