"""Where the window goes: a size that fits the screen, or (kiosk mode) the whole screen.

``showFullScreen()`` asks the window manager to resize the window; the documented kiosk session
(an X11 display manager starting ``kiosk-app --kiosk`` with no window manager) has none, so the
window would stay at its first size in a corner of the screen. In kiosk mode the geometry is
therefore set to the screen's by the kiosk itself, and set again whenever the screen changes
(a monitor swapped, rotated or re-configured; the window moved to another screen).
"""

from __future__ import annotations

from typing import Final

import shiboken6
from PySide6.QtCore import QObject, QRect, QSize, QTimer
from PySide6.QtGui import QGuiApplication, QScreen, QWindow
from PySide6.QtWidgets import QWidget

# The size the screens are designed around; used when the screen has room for it.
PREFERRED_SIZE: Final = QSize(1280, 800)
# The smallest window the layouts are tested at (a 1024x600 netbook or panel PC).
MIN_WINDOW_SIZE: Final = QSize(1024, 600)
# Share of the available area a normal window may take (room for the window frame).
FIT_SHARE: Final = 0.92
# The screens' margins (left, top, right, bottom): the same on every screen, so the bottom row of
# buttons sits at the same height everywhere and a spot keeps its meaning from screen to screen
# (tests/gui/test_stable_layout.py).
SCREEN_MARGINS: Final = (32, 24, 32, 24)


def screen_of(window: QWidget) -> QScreen | None:
    """The screen the window is on (or the primary screen before it is shown)."""
    handle = window.windowHandle()
    if handle is not None and handle.screen() is not None:
        return handle.screen()
    return window.screen() or QGuiApplication.primaryScreen()


def fitting_size(available: QRect) -> QSize:
    """The preferred window size, shrunk to fit ``available`` (never below what is there)."""
    room = QSize(int(available.width() * FIT_SHARE), int(available.height() * FIT_SHARE))
    if room.width() >= PREFERRED_SIZE.width() and room.height() >= PREFERRED_SIZE.height():
        return QSize(PREFERRED_SIZE)
    width = min(PREFERRED_SIZE.width(), max(room.width(), min(available.width(), 1024)))
    height = min(PREFERRED_SIZE.height(), max(room.height(), min(available.height(), 600)))
    return QSize(width, height)


def place_normal(window: QWidget) -> None:
    """A normal window at a size that fits the available area, centred in it."""
    screen = screen_of(window)
    if screen is None:
        window.resize(PREFERRED_SIZE)
        return
    available = screen.availableGeometry()
    size = fitting_size(available)
    window.resize(size)
    frame = QRect(available.topLeft(), size)
    frame.moveCenter(available.center())
    window.move(frame.topLeft())


class ScreenFollower(QObject):
    """Keeps a kiosk window exactly over its screen, whatever the screen does.

    Follows the screen's ``geometryChanged`` (resolution, rotation), the window moving to
    another screen, and screens being added or removed (the window's screen unplugged).
    """

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.window = window
        self._screen: QScreen | None = None
        self._handle: QWindow | None = None
        self._active = False
        app = QGuiApplication.instance()
        if isinstance(app, QGuiApplication):
            app.screenAdded.connect(self._screens_changed)
            app.screenRemoved.connect(self._screens_changed)

    @property
    def active(self) -> bool:
        """True while the window is held over its screen."""
        return self._active

    def start(self) -> None:
        """Cover the screen now and after every change."""
        self._active = True
        handle = self.window.windowHandle()
        if handle is not None and handle is not self._handle:
            # Once per native window: starting kiosk mode again must not connect twice.
            handle.screenChanged.connect(self._follow_screen)
            self._handle = handle
        self.cover()

    def stop(self) -> None:
        """Stop following (kiosk mode left)."""
        self._active = False
        self._track(None)

    def cover(self) -> None:
        """Set the window's geometry to its screen's full geometry."""
        if not self._active or not shiboken6.isValid(self.window):
            return
        screen = screen_of(self.window)
        self._track(screen)
        if screen is None:
            return
        target = screen.geometry()
        # A screen smaller than the designed minimum still gets exactly covered.
        self.window.setMinimumSize(MIN_WINDOW_SIZE.boundedTo(target.size()))
        if self.window.geometry() != target:
            self.window.setGeometry(target)

    def _track(self, screen: QScreen | None) -> None:
        if screen is self._screen:
            return
        if self._screen is not None and shiboken6.isValid(self._screen):
            self._screen.geometryChanged.disconnect(self._screen_geometry)
        self._screen = screen
        if screen is not None:
            screen.geometryChanged.connect(self._screen_geometry)

    def _screen_geometry(self, _rect: QRect) -> None:
        self.cover()

    def _follow_screen(self, _screen: QScreen | None) -> None:
        self.cover()

    def _screens_changed(self, _screen: QScreen) -> None:
        # On removal Qt moves the window to another screen afterwards: cover it then.
        QTimer.singleShot(0, self.cover)
