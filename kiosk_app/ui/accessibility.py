"""Accessibility helpers: spoken announcements, the focus ring, where focus starts on a screen.

* :func:`announce` raises Qt's accessible announcement (AT-SPI ``Announcement`` on Linux, UIA
  notification on Windows): a screen reader speaks it at once, whatever has the focus.
* :class:`FocusRing` is the one visible keyboard-focus indicator of the kiosk: two rings, a
  dark (or, in high contrast, yellow) outer one against the page and a light (black) inner one
  against the control, so whatever the control's fill at least one of them stands out from it
  by 3:1 or more. It is a ``QFocusFrame``: painted above the control, transparent for the
  mouse and left out of the accessibility tree. :class:`FocusRingFollower` moves it to every
  keyboard Tab stop that gets the focus, in the main window and in its dialogs.
* :func:`first_tab_stop` finds the first control Tab reaches on a screen.
"""

from __future__ import annotations

from typing import Final

import shiboken6
from PySide6.QtCore import QEvent, QObject, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import (
    QApplication,
    QFocusFrame,
    QProxyStyle,
    QStyle,
    QStyleHintReturn,
    QStyleOption,
    QWidget,
)

from kiosk_app.ui import theme

# Widths of the two rings and the corner radius they are drawn with.
OUTER_RING_PX: Final = 3
INNER_RING_PX: Final = 2
RING_RADIUS_PX: Final = 8


def announce(widget: QWidget, text: str) -> None:
    """Have a screen reader speak ``text`` now (assertive: it interrupts what it was saying)."""
    if not text:
        return
    # Here, not at the top: PySide makes QAccessible's eight enums (190 members) when the name
    # is first read, and the first window announces nothing.
    from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent

    event = QAccessibleAnnouncementEvent(widget, text)
    event.setPoliteness(QAccessible.AnnouncementPoliteness.Assertive)
    QAccessible.updateAccessibility(event)


def is_tab_stop(widget: QWidget) -> bool:
    """True for a control the Tab key can reach (visible, enabled, taking Tab focus)."""
    return (
        bool(widget.focusPolicy() & Qt.FocusPolicy.TabFocus)
        and widget.isVisible()
        and widget.isEnabled()
        and widget.focusProxy() is None
    )


def tab_stops(screen: QWidget) -> list[QWidget]:
    """The controls of ``screen`` in the order Tab visits them."""
    stops: list[QWidget] = []
    widget = screen.nextInFocusChain()
    while widget is not screen and widget is not None:
        if screen.isAncestorOf(widget) and is_tab_stop(widget) and widget not in stops:
            stops.append(widget)
        widget = widget.nextInFocusChain()
        if widget is screen.window():
            widget = widget.nextInFocusChain()
        if widget in stops:
            break
    return stops


def first_tab_stop(screen: QWidget) -> QWidget | None:
    """The first control Tab reaches on ``screen`` (None when it has none)."""
    stops = tab_stops(screen)
    return stops[0] if stops else None


class _RingStyle(QProxyStyle):
    """Puts the ring above its control, unmasked (under it, or masked to its margin, the
    control would hide the inner ring), ``OUTER_RING_PX`` outside the control's edge."""

    def styleHint(  # noqa: N802 - Qt override
        self,
        hint: QStyle.StyleHint,
        option: QStyleOption | None = None,
        widget: QWidget | None = None,
        return_data: QStyleHintReturn | None = None,
    ) -> int:
        """Above the widget, and no mask (the inner ring lies over the control's edge)."""
        if hint == QStyle.StyleHint.SH_FocusFrame_AboveWidget:
            return 1
        if hint == QStyle.StyleHint.SH_FocusFrame_Mask:
            return 0
        return super().styleHint(hint, option, widget, return_data)

    def pixelMetric(  # noqa: N802 - Qt override
        self,
        metric: QStyle.PixelMetric,
        option: QStyleOption | None = None,
        widget: QWidget | None = None,
    ) -> int:
        """The ring's margin outside the control."""
        if metric in (
            QStyle.PixelMetric.PM_FocusFrameHMargin,
            QStyle.PixelMetric.PM_FocusFrameVMargin,
        ):
            return OUTER_RING_PX
        return super().pixelMetric(metric, option, widget)


class FocusRing(QFocusFrame):
    """The focus ring: an outer ring just outside the control and an inner ring just inside
    its edge, in the theme's focus colours."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("FocusRing")
        self.high_contrast = False
        self._style = _RingStyle()
        self._style.setParent(self)
        self.setStyle(self._style)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """Follow the control as ``QFocusFrame`` does, but stay shown when it is restyled
        (a new text size or theme) while it keeps the focus."""
        handled = super().eventFilter(watched, event)
        control = self.widget()
        if (
            watched is control
            and event.type() == QEvent.Type.StyleChange
            and control.isVisible()
            and control.hasFocus()
        ):
            self.show()
        return handled

    @property
    def colours(self) -> tuple[str, str]:
        """(outer, inner) ring colours of the current theme."""
        return theme.focus_ring_colours(self.high_contrast)

    def paintEvent(self, _event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        """Draw the two rings along the frame's edge."""
        outer, inner = self.colours
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        rect = QRectF(self.rect())
        for colour, width, inset in (
            (outer, OUTER_RING_PX, 0.0),
            (inner, INNER_RING_PX, float(OUTER_RING_PX)),
        ):
            pen = QPen(QColor(colour))
            pen.setWidth(width)
            pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            half = width / 2
            ring = rect.adjusted(inset + half, inset + half, -inset - half, -inset - half)
            painter.drawRoundedRect(ring, RING_RADIUS_PX, RING_RADIUS_PX)
        painter.end()


class FocusRingFollower(QObject):
    """Keeps the :class:`FocusRing` on whichever Tab stop has the keyboard focus."""

    def __init__(self, owner: QWidget) -> None:
        super().__init__(owner)
        self._owner = owner
        self._ring: FocusRing | None = None
        self.high_contrast = False
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._focus_changed)
        self._focus_changed(None, QApplication.focusWidget())

    @property
    def ring(self) -> FocusRing:
        """The ring (made again if the window it was in was deleted)."""
        if self._ring is None or not shiboken6.isValid(self._ring):
            self._ring = FocusRing(self._owner)
            self._ring.hide()
        return self._ring

    def set_high_contrast(self, on: bool) -> None:
        """Draw the ring in the high-contrast colours (or the standard ones)."""
        self.high_contrast = on
        self.ring.high_contrast = on
        self.ring.update()

    def shown_on(self) -> QWidget | None:
        """The control the ring is drawn around (None when it is hidden)."""
        ring = self.ring
        return ring.widget() if ring.isVisible() else None

    def _is_ours(self, widget: QWidget) -> bool:
        """True for a control of the owner's window or of a dialog it opened."""
        window: QWidget | None = widget.window()
        while window is not None:
            if window is self._owner.window():
                return True
            parent = window.parentWidget()
            window = parent.window() if parent is not None else None
        return False

    def _focus_changed(self, _old: QWidget | None, new: QWidget | None) -> None:
        if not shiboken6.isValid(self) or not shiboken6.isValid(self._owner):
            return
        ring = self.ring
        ring.high_contrast = self.high_contrast
        if (
            new is None
            or not shiboken6.isValid(new)
            or not is_tab_stop(new)
            or not self._is_ours(new)
        ):
            ring.setWidget(None)  # type: ignore[arg-type]  # None hides the frame
            return
        ring.setWidget(new)
        ring.show()
        ring.raise_()
