"""Kiosk mode (the window's lock-down) and the admin gesture.

:class:`KioskMode` is attached to the main window by ``launch.build_window`` (always: the admin
gesture also works outside kiosk mode, so an admin can always reach the settings).

With kiosk mode **on** (``kiosk-app --kiosk`` or the ``kiosk_mode`` setting) the window is
fullscreen, frameless and stays on top; close requests (the window manager's close button,
Alt+F4, ``window.close()``) are ignored, Alt+F4 key presses are swallowed, leaving fullscreen
is undone, and the mouse cursor is hidden after a few seconds without pointer activity (touch
screens) and comes back on the next move. Esc keeps its in-screen meaning (the Canadian form's
"Back") and never closes or shrinks the window. Only the admin's **Exit kiosk** or **Quit
application** (behind the PIN) lift this.

The **admin gesture** opens the PIN pad:

* the key chord Ctrl+Alt+Shift+A, caught by an event filter on the window's ``QWindow``. The
  keyboard-wedge filter on the same window passes Ctrl/Alt chords through when no scan burst is
  forming, so the chord reaches this filter and is consumed here; a scanner never sends it;
* a long press (3 s) in the top-left corner (96 px square) of the window, which is the screen's
  corner in kiosk mode, by mouse or touch. Moving out of the corner or lifting cancels it.

The admin screens themselves (PIN pad, settings, Diagnostics) are opened and closed by
:class:`kiosk_app.ui.admin.navigation.AdminNavigator`; this module only recognises the gesture
and answers Exit kiosk and Quit. The navigator and the admin services (keyring, PIN store) are
made on first use, not with the window: the kiosk's first window does not wait for them.

What Qt cannot block (Ctrl+Alt+Del, switching virtual terminals, the Windows key on some
systems) is the job of the operating system's kiosk session: see docs/install.md.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Final

import shiboken6
from PySide6.QtCore import QEvent, QObject, QPointF, Qt, QTimer
from PySide6.QtGui import QCursor, QGuiApplication, QKeyEvent, QMouseEvent, QTouchEvent, QWindow
from PySide6.QtWidgets import QWidget

from kiosk_app.ui.geometry import ScreenFollower, place_normal
from kiosk_app.ui.main_window import MainWindow

if TYPE_CHECKING:
    from kiosk_app.app.admin import AdminServices
    from kiosk_app.config import Settings
    from kiosk_app.ui.admin.diagnostics import DiagnosticsDialog
    from kiosk_app.ui.admin.navigation import AdminNavigator
    from kiosk_app.ui.admin.pin_pad import PinPad
    from kiosk_app.ui.admin.settings_dialog import SettingsDialog

log = logging.getLogger(__name__)

CHORD_KEY: Final = Qt.Key.Key_A
CHORD_MODIFIERS: Final = (
    Qt.KeyboardModifier.ControlModifier
    | Qt.KeyboardModifier.AltModifier
    | Qt.KeyboardModifier.ShiftModifier
)
LONG_PRESS_MS: Final = 3000
CORNER_PX: Final = 96
CURSOR_IDLE_MS: Final = 5000
KIOSK_FLAGS: Final = Qt.WindowType.FramelessWindowHint | Qt.WindowType.WindowStaysOnTopHint

_PRESS = (QEvent.Type.MouseButtonPress, QEvent.Type.TouchBegin)
_MOVE = (QEvent.Type.MouseMove, QEvent.Type.TouchUpdate, QEvent.Type.HoverMove)
_RELEASE = (QEvent.Type.MouseButtonRelease, QEvent.Type.TouchEnd, QEvent.Type.TouchCancel)


def is_admin_chord(event: QKeyEvent) -> bool:
    """Ctrl+Alt+Shift+A (keypad modifier and others ignored)."""
    wanted = CHORD_MODIFIERS
    mods = event.modifiers() & (wanted | Qt.KeyboardModifier.MetaModifier)
    return event.key() == CHORD_KEY and mods == wanted and not event.isAutoRepeat()


def is_alt_f4(event: QKeyEvent) -> bool:
    """Alt+F4, the usual "close window" key."""
    return event.key() == Qt.Key.Key_F4 and bool(
        event.modifiers() & Qt.KeyboardModifier.AltModifier
    )


def _event_position(event: QEvent) -> QPointF | None:
    if isinstance(event, QMouseEvent):
        return event.position()
    if isinstance(event, QTouchEvent) and event.points():
        return event.points()[0].position()
    return None


class KioskMode(QObject):
    """Locks the window down (when enabled) and hands the admin gesture to the navigator."""

    def __init__(
        self,
        window: MainWindow,
        services: AdminServices | None = None,
        enabled: bool = False,
        long_press_ms: int = LONG_PRESS_MS,
        cursor_idle_ms: int = CURSOR_IDLE_MS,
        corner_px: int = CORNER_PX,
        lock_refresh_ms: int | None = None,
    ) -> None:
        super().__init__(window)
        self.window = window
        # Deleted with the window, on the GUI thread (a deleted pool says it is idle): services
        # handed over without a parent are adopted too.
        if services is not None and services.parent() is None:
            services.setParent(self)
        self._services = services
        self._admin: AdminNavigator | None = None
        # The PIN pad's countdown refresh (None: the pad's own LOCK_REFRESH_MS).
        self._lock_refresh_ms = lock_refresh_ms
        self.corner_px = corner_px
        self._enabled = False
        self._closing_allowed = False
        self._cursor_hidden = False
        self._watched: QWindow | None = None
        self._hold = QTimer(self)
        self._hold.setSingleShot(True)
        self._hold.setInterval(long_press_ms)
        self._hold.timeout.connect(self.open_admin)
        self._cursor_timer = QTimer(self)
        self._cursor_timer.setSingleShot(True)
        self._cursor_timer.setInterval(cursor_idle_ms)
        self._cursor_timer.timeout.connect(self._hide_cursor)
        self.screen_follower = ScreenFollower(window)
        window.installEventFilter(self)
        if window.has_core():
            window.core.settings_applied.connect(self._follow_settings)
        else:  # the first window: its core comes after the first paint
            window.core_attached.connect(self._follow_core)
        if window.windowHandle() is not None:
            self._watch(window.windowHandle())
        if enabled:
            self.enable()

    # --- state -------------------------------------------------------------------------------

    @property
    def enabled(self) -> bool:
        """True while the window is locked down."""
        return self._enabled

    @property
    def services(self) -> AdminServices:
        """The admin services (PIN store, settings store, usage), made on first use."""
        if self._services is None:
            from kiosk_app.app.admin import AdminServices

            session = self.window.core.session
            self._services = AdminServices(
                usage_store=session.flow.usage, parent=self, record=session.flow.record
            )
        return self._services

    @property
    def admin(self) -> AdminNavigator:
        """The navigator of the admin screens, made on first use."""
        if self._admin is None:
            from kiosk_app.ui.admin.navigation import AdminNavigator

            admin = (
                AdminNavigator(self.window, self.services)
                if self._lock_refresh_ms is None
                else AdminNavigator(self.window, self.services, self._lock_refresh_ms)
            )
            admin.kiosk_active = self._enabled
            admin.opening.connect(self._show_cursor)
            admin.exit_kiosk_requested.connect(self.disable)
            admin.quit_requested.connect(self.quit_application)
            self._admin = admin
        return self._admin

    @property
    def cursor_hidden(self) -> bool:
        """True while the idle cursor is hidden."""
        return self._cursor_hidden

    def watched_window(self) -> QWindow | None:
        """The ``QWindow`` whose keys and presses are watched for the admin gesture."""
        return self._watched

    def enable(self) -> None:
        """Lock down: fullscreen, frameless, on top, close ignored, idle cursor hidden."""
        self._enabled = True
        if self._admin is not None:
            self._admin.kiosk_active = True
        self._closing_allowed = False
        self.window.kiosk_mode = True
        shown = self.window.isVisible()
        self._set_flags(self.window.windowFlags() | KIOSK_FLAGS)
        if shown:
            self.window.showFullScreen()
            self.screen_follower.start()
        self._cursor_timer.start()
        log.info("kiosk mode on")

    def disable(self) -> None:
        """Leave kiosk mode (Exit kiosk): a normal, closable window with its cursor."""
        self._enabled = False
        if self._admin is not None:
            self._admin.kiosk_active = False
        self.window.kiosk_mode = False
        self._cursor_timer.stop()
        self._show_cursor()
        self.screen_follower.stop()
        shown = self.window.isVisible()
        self._set_flags(self.window.windowFlags() & ~KIOSK_FLAGS)
        if shown:
            self.window.showNormal()
            place_normal(self.window)
        log.info("kiosk mode off")

    def quit_application(self) -> None:
        """Quit (admin only): close the admin screens, then the window."""
        self._closing_allowed = True
        self.close_admin_screens()
        self._show_cursor()
        self.window.close()

    def _set_flags(self, flags: Qt.WindowType) -> None:
        if flags != self.window.windowFlags():
            self.window.setWindowFlags(flags)  # hides a shown window; the caller re-shows it

    # --- the admin screens (AdminNavigator) --------------------------------------------------

    @property
    def pin_pad(self) -> PinPad | None:
        """The open PIN pad, if any."""
        return self._admin.pin_pad if self._admin is not None else None

    @property
    def settings_dialog(self) -> SettingsDialog | None:
        """The open admin settings, if any."""
        return self._admin.settings_dialog if self._admin is not None else None

    @property
    def diagnostics(self) -> DiagnosticsDialog | None:
        """The open Diagnostics screen, if any."""
        return self._admin.diagnostics if self._admin is not None else None

    def open_admin(self) -> None:
        """The gesture was made: the PIN pad, then the settings (not before the window has
        its core: the settings are being read)."""
        self._hold.stop()
        if self.window.has_core():
            self.admin.open_admin()

    def open_settings(self) -> None:
        """The admin settings (once the PIN was accepted)."""
        self.admin.open_settings()

    def close_admin_screens(self) -> None:
        """Close the PIN pad, the settings and Diagnostics if they are open."""
        if self._admin is not None:
            self._admin.close_admin_screens()

    def _follow_core(self) -> None:
        self.window.core.settings_applied.connect(self._follow_settings)
        self._follow_settings(self.window.core.settings)

    def _follow_settings(self, settings: Settings) -> None:
        if settings.kiosk_mode and not self._enabled:
            self.enable()
        elif not settings.kiosk_mode and self._enabled:
            self.disable()

    # --- events ------------------------------------------------------------------------------

    def _watch(self, handle: QWindow | None) -> None:
        if handle is None or handle is self._watched:
            return
        if self._watched is not None and shiboken6.isValid(self._watched):
            self._watched.removeEventFilter(self)
        handle.installEventFilter(self)
        self._watched = handle

    def _unwatch(self) -> None:
        """The window is closing for good: no more events to this filter."""
        if self._watched is not None and shiboken6.isValid(self._watched):
            self._watched.removeEventFilter(self)
        self._watched = None
        self.window.removeEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """Window events: close/state/show; QWindow events: keys, presses, moves."""
        # At interpreter exit Python may clear this wrapper while Qt still delivers events.
        window = getattr(self, "window", None)
        if window is None:
            return False
        if watched is window:
            return self._window_event(event)
        if isinstance(watched, QWindow):
            return self._input_event(event)
        return False

    def _window_event(self, event: QEvent) -> bool:
        etype = event.type()
        if etype == QEvent.Type.Show:
            # After MainWindow.showEvent has hooked the wedge; ours then runs before it.
            QTimer.singleShot(0, self._watch_current_handle)
            if self._enabled:
                QTimer.singleShot(0, self._reassert_fullscreen)
        elif etype == QEvent.Type.Close:
            if self._enabled and not self._closing_allowed:
                event.ignore()
                log.info("kiosk mode: close request ignored")
                return True
            self.close_admin_screens()
            self._show_cursor()
            self._hold.stop()
            self._cursor_timer.stop()
            if self._services is not None:
                self._services.shutdown()
            self._unwatch()
        elif (
            etype == QEvent.Type.WindowStateChange
            and self._enabled
            and not self.window.isFullScreen()
        ):
            QTimer.singleShot(0, self._reassert_fullscreen)
        return False

    def _watch_current_handle(self) -> None:
        if shiboken6.isValid(self.window):
            self._watch(self.window.windowHandle())

    def _reassert_fullscreen(self) -> None:
        if not self._enabled or not shiboken6.isValid(self.window):
            return
        if not self.window.isFullScreen():
            self.window.showFullScreen()
        # Without a window manager "full screen" is only a state: cover the screen ourselves.
        self.screen_follower.start()

    def _input_event(self, event: QEvent) -> bool:
        etype = event.type()
        if etype == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            if is_admin_chord(event):
                self.open_admin()
                return True
            return self._enabled and is_alt_f4(event)
        if etype in _PRESS:
            self._pointer_activity()
            position = _event_position(event)
            if position is not None and self._in_corner(position):
                self._hold.start()
        elif etype in _MOVE:
            self._pointer_activity()
            position = _event_position(event)
            if self._hold.isActive() and (position is None or not self._in_corner(position)):
                self._hold.stop()
        elif etype in _RELEASE:
            self._hold.stop()
        return False

    def _in_corner(self, position: QPointF) -> bool:
        return 0 <= position.x() < self.corner_px and 0 <= position.y() < self.corner_px

    # --- cursor ------------------------------------------------------------------------------

    def _pointer_activity(self) -> None:
        self._show_cursor()
        if self._enabled:
            self._cursor_timer.start()

    def _hide_cursor(self) -> None:
        if self._enabled and not self._cursor_hidden:
            QGuiApplication.setOverrideCursor(QCursor(Qt.CursorShape.BlankCursor))
            self._cursor_hidden = True

    def _show_cursor(self) -> None:
        if self._cursor_hidden:
            QGuiApplication.restoreOverrideCursor()
            self._cursor_hidden = False


def attach_kiosk_mode(window: QWidget, enabled: bool) -> KioskMode:
    """Attach kiosk mode and the admin gesture to ``window`` (a :class:`MainWindow`)."""
    if not isinstance(window, MainWindow):
        raise TypeError("kiosk mode needs the kiosk's main window")
    controller = KioskMode(window, enabled=enabled)
    window.kiosk = controller  # type: ignore[attr-defined]  # kept alive with the window
    return controller
