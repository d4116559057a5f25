"""Admin navigation: the PIN pad, then the settings and Diagnostics, never without the PIN.

:class:`AdminNavigator` opens the screens in order (the PIN pad, or the first-start PIN set-up;
the settings once the PIN was accepted; Diagnostics and Change PIN from the settings), keeps one
of each, and closes them all on request, on every wipe of the session (New customer, the idle
wipe) and whenever the idle time runs out (``IdleWatch.expired``), so a clerk never finds them
open; input to them counts as activity for the idle watch. It knows nothing of how the gesture
was made or of the window's lock-down: :class:`kiosk_app.ui.kiosk_mode.KioskMode` recognises the
gesture, calls :meth:`AdminNavigator.open_admin`, keeps :attr:`AdminNavigator.kiosk_active` up to
date and answers the settings' Exit kiosk and Quit through this object's signals (signals, not
callbacks: a Python reference back to the window's controller would make a cycle that the garbage
collector may then free on a worker thread).
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import shiboken6
from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QDialog, QWidget

from kiosk_app.app.admin import AdminServices
from kiosk_app.app.watchlist_admin import WatchlistAdmin
from kiosk_app.ui.admin.diagnostics import DiagnosticsDialog
from kiosk_app.ui.admin.pin_pad import LOCK_REFRESH_MS, PinPad
from kiosk_app.ui.admin.settings_dialog import SettingsDialog
from kiosk_app.ui.admin.watchlist_dialog import WatchlistDialog
from kiosk_app.ui.main_window import MainWindow

log = logging.getLogger(__name__)


class AdminNavigator(QObject):
    """Opens the admin screens behind the PIN and closes them together."""

    opening = Signal()  # the PIN pad is about to open (show the pointer)
    exit_kiosk_requested = Signal()  # the admin screens are already closed
    quit_requested = Signal()

    def __init__(
        self, window: MainWindow, services: AdminServices, lock_refresh_ms: int = LOCK_REFRESH_MS
    ) -> None:
        super().__init__(window)
        self.window = window
        self.services = services
        self.lock_refresh_ms = lock_refresh_ms  # how often a locked PIN pad's countdown updates
        self.kiosk_active = False
        self.pin_pad: PinPad | None = None
        self.settings_dialog: SettingsDialog | None = None
        self.diagnostics: DiagnosticsDialog | None = None
        self.watchlist: WatchlistDialog | None = None
        window.session.wiped.connect(self.close_admin_screens)
        window.core.idle.expired.connect(self.close_admin_screens)

    def open_admin(self) -> None:
        """The gesture: the PIN pad (or the first-start PIN set-up), then the settings."""
        for dialog in (self.settings_dialog, self.pin_pad):
            if dialog is not None and dialog.isVisible():
                dialog.raise_()
                dialog.activateWindow()
                return
        self.opening.emit()
        pad = PinPad(self.services, parent=self.window, lock_refresh_ms=self.lock_refresh_ms)
        pad.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        pad.unlocked.connect(self.open_settings)
        pad.destroyed.connect(self._forget_pin_pad)
        self.pin_pad = pad
        pad.show()
        pad.activateWindow()
        self._count_activity_in(pad)
        log.info("admin PIN pad opened")

    def open_settings(self) -> None:
        """The admin settings (called once the PIN was accepted)."""
        dialog = SettingsDialog(
            self.window.core.settings,
            self.services,
            kiosk_active=self.kiosk_active,
            demo=self.window.core.demo,
            parent=self.window,
        )
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.saved.connect(self.window.core.apply_settings)
        dialog.exit_kiosk_requested.connect(self._on_exit_kiosk)
        dialog.quit_requested.connect(self.quit_requested)
        dialog.change_pin_requested.connect(self._change_pin)
        dialog.diagnostics_requested.connect(self.open_diagnostics)
        dialog.watchlist_requested.connect(self.open_watchlist)
        dialog.destroyed.connect(self._forget_settings_dialog)
        dialog.window_opened.connect(self._count_activity_in)
        self.settings_dialog = dialog
        dialog.show()
        dialog.activateWindow()
        self._count_activity_in(dialog)
        log.info("admin settings opened")

    def open_diagnostics(self) -> None:
        """The Diagnostics screen (from the admin settings, so behind the PIN)."""
        dialog = DiagnosticsDialog(self.window.core, parent=self.window)
        self.diagnostics = dialog
        self._show_screen(dialog, self._forget_diagnostics)

    def open_watchlist(self) -> None:
        """The Watchlist screen (from the admin settings, so behind the PIN)."""
        core = self.window.core
        admin = WatchlistAdmin(core.watchlist, core.session, self.services.pool)
        dialog = WatchlistDialog(admin, parent=self.window)
        admin.setParent(dialog)
        self.watchlist = dialog
        self._show_screen(dialog, self._forget_watchlist)

    def _show_screen(self, dialog: QDialog, forget: Callable[[], None]) -> None:
        """Show an admin screen opened from the settings; ``forget`` runs once it is gone."""
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.destroyed.connect(forget)
        dialog.show()
        dialog.activateWindow()
        self._count_activity_in(dialog)
        log.info("admin screen opened: %s", dialog.objectName())

    def close_admin_screens(self) -> None:
        """Close the PIN pad, the settings, Diagnostics and the Watchlist, and any dialog they
        opened."""
        for dialog in (self.watchlist, self.diagnostics, self.pin_pad, self.settings_dialog):
            if dialog is None or not shiboken6.isValid(dialog):
                continue
            for inner in dialog.findChildren(QDialog):  # e.g. the export file dialog
                if inner.isVisible():
                    inner.reject()
            if dialog.isVisible():
                log.info("admin screen closed: %s", dialog.objectName())
            dialog.close()

    def _change_pin(self) -> None:
        pad = PinPad(
            self.services,
            force_setup=True,
            parent=self.window,
            lock_refresh_ms=self.lock_refresh_ms,
        )
        pad.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        pad.destroyed.connect(self._forget_pin_pad)
        self.pin_pad = pad
        pad.show()
        self._count_activity_in(pad)

    def _count_activity_in(self, dialog: QWidget) -> None:
        self.window.core.idle.watch_also(dialog.windowHandle())

    def _on_exit_kiosk(self) -> None:
        self.close_admin_screens()
        self.exit_kiosk_requested.emit()

    def _forget_pin_pad(self) -> None:
        self.pin_pad = None

    def _forget_settings_dialog(self) -> None:
        self.settings_dialog = None

    def _forget_diagnostics(self) -> None:
        self.diagnostics = None

    def _forget_watchlist(self) -> None:
        self.watchlist = None
