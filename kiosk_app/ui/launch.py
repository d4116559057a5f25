"""Building and running the window: the one place the GUI is assembled from settings."""

from __future__ import annotations

import logging
import os
import signal
import sys
from functools import partial
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QEvent, QEventLoop, QTimer
from PySide6.QtWidgets import QApplication, QWidget

from kiosk_app.display_settings import DisplaySettings
from kiosk_app.ui.geometry import place_normal
from kiosk_app.ui.kiosk_mode import attach_kiosk_mode
from kiosk_app.ui.main_window import MainWindow

if TYPE_CHECKING:
    from kiosk_app.app.backend import Backend
    from kiosk_app.app.late_backend import LateBackend
    from kiosk_app.config import Settings
    from kiosk_app.storage.usage import UsageStore

log = logging.getLogger(__name__)

NO_DISPLAY_MESSAGE = (
    "kiosk-app: no display found (DISPLAY/WAYLAND_DISPLAY unset); run it on a desktop, "
    "under a virtual display (xvfb-run kiosk-app), or headless with QT_QPA_PLATFORM=offscreen."
)
HEADLESS_PLATFORMS = ("offscreen", "minimal", "vnc", "eglfs", "linuxfb", "vkkhrdisplay")


def display_problem(environ: dict[str, str] | None = None, platform: str | None = None) -> str:
    """A one-line message when Qt would abort for want of a display, else ``""``.

    Checked before any ``QApplication`` exists, so the clerk (or the IT person on ssh) gets a
    sentence instead of Qt's "could not connect to display" abort.
    """
    env = os.environ if environ is None else environ
    platform = platform or sys.platform
    chosen = env.get("QT_QPA_PLATFORM", "").split(":")[0]
    if chosen in HEADLESS_PLATFORMS or platform in ("win32", "darwin"):
        return ""
    if chosen.startswith("wayland") and env.get("WAYLAND_DISPLAY"):
        return ""
    if env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"):
        return ""
    return NO_DISPLAY_MESSAGE


def application() -> QApplication:
    """The running QApplication, created on first use."""
    app = QApplication.instance()
    if isinstance(app, QApplication):
        return app
    app = QApplication(sys.argv[:1])
    app.setApplicationName("kiosk-app")
    app.setApplicationDisplayName("ID check")
    return app


def build_window(
    settings: Settings,
    samples: dict[str, Any] | None = None,
    kiosk_mode: bool = False,
    backend: Backend | LateBackend | None = None,
    usage: UsageStore | None = None,
) -> MainWindow:
    """The window around a fresh core (sources not started yet: call ``window.core.start()``).

    ``backend`` None: the real one, built now from ``settings``; a :class:`LateBackend` is
    built (with the stored secrets) once the window is shown. ``usage`` counts every check
    (None: not counted, e.g. the screenshots driver).
    """
    from kiosk_app.app.kiosk import KioskCore

    if backend is None:
        from kiosk_app.app.backend import Backend

        backend = Backend.from_settings(settings)
    core = KioskCore(settings, backend, samples=samples, usage=usage)
    window = MainWindow(core, kiosk_mode=kiosk_mode)
    # Always attached: the admin gesture must reach the settings even outside kiosk mode.
    attach_kiosk_mode(window, enabled=kiosk_mode or settings.kiosk_mode)
    return window


def first_window(display: DisplaySettings) -> MainWindow:
    """The window before its core: the Ready screen as ``display`` says, kiosk mode attached
    (give it its core with :meth:`MainWindow.attach_core`, on its ``first_painted``)."""
    window = MainWindow(None, kiosk_mode=display.kiosk_mode, display=display)
    attach_kiosk_mode(window, enabled=display.kiosk_mode)
    return window


def open_usage_store() -> UsageStore | None:
    """The usage database, or None when it cannot be opened (counting off, checks go on)."""
    from kiosk_app.storage.usage import UsageStore, UsageStoreError

    try:
        return UsageStore()
    except UsageStoreError as exc:
        log.error("usage counting unavailable: %s", type(exc).__name__)
        return None


def run_window(window: MainWindow, fullscreen: bool = False) -> int:
    """Show the window, start the inputs and run the event loop until it closes (a window
    without its core yet gets and starts it after its first paint)."""
    from kiosk_app.app.stop_signals import StopSignals
    from kiosk_app.app.stopping import CHECK_IN_FLIGHT_WAIT_S

    app = application()
    if fullscreen:
        window.showFullScreen()  # kiosk mode then covers the screen itself (ui.geometry)
    else:
        place_normal(window)
        window.show()
    if window.has_core():
        window.core.start()
    stops = StopSignals()
    stops.stop_requested.connect(partial(_stop, window))
    stops.install()
    try:
        status = app.exec()
    finally:
        stops.uninstall()
    # A check at the service is awaited here (CHECK_IN_FLIGHT_WAIT_S): its usage row is then
    # completed by its worker; the customer was wiped first.
    if window.has_core() and not window.core.shutdown():
        # Deleting the pool would wait for the worker without limit (QThreadPool's destructor):
        # end here instead. The check's row stays "sent, outcome unknown", counted billable.
        log.warning(
            "a check was still at the service %.0f s after the stop; its outcome stays unknown",
            CHECK_IN_FLIGHT_WAIT_S,
        )
        logging.shutdown()
        os._exit(int(status))
    delete_now(window)  # and the core with it, here on the GUI thread
    return int(status)


def _stop(window: MainWindow, signum: int) -> None:
    """SIGTERM/SIGINT (on the GUI thread): wipe the customer, hide the window, end the event
    loop; :func:`run_window` then waits for a check in flight and closes down."""
    log.info("stopping on %s", signal.Signals(signum).name)
    if window.has_core():
        window.core.session.wipe()
    window.hide()
    application().exit(0)


def delete_now(window: QWidget) -> None:
    """Delete ``window`` (and its children: the core and its timers) now, on this thread.

    Left to Python, a window caught in a reference cycle would be freed by the cyclic collector
    on whichever thread next allocates (a worker's), and Qt objects destroyed off their thread
    leave their timers to fire at freed memory. Call it after the window is closed.
    """
    window.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def spin_until(predicate: Any, timeout_s: float = 10.0, step_ms: int = 20) -> bool:
    """Run the event loop until ``predicate()`` is true or the time is up (tools, not the GUI)."""
    loop = QEventLoop()
    waited = 0.0
    while not predicate():
        if waited >= timeout_s:
            return False
        QTimer.singleShot(step_ms, loop.quit)
        loop.exec()
        waited += step_ms / 1000.0
    return True
