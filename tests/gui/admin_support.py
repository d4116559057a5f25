"""Shared set-up for the admin tests: a real window with kiosk mode attached, a PIN store on a
hand-moved clock (and cheap scrypt parameters, so tests do not spend seconds hashing)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QWidget

from kiosk_app import secrets
from kiosk_app.app.admin import AdminServices
from kiosk_app.storage.pin import PinStore, ScryptParams
from kiosk_app.storage.usage import UsageStore
from kiosk_app.ui.kiosk_mode import KioskMode
from kiosk_app.ui.main_window import MainWindow

from .conftest import FakeClock, WindowFactory

# Opening a dialog on the offscreen platform logs this at warning level (a platform limit).
OFFSCREEN_DIALOG_NOTE = "This plugin does not support propagateSizeHints"
FAST_SCRYPT = ScryptParams(n=2**10, r=8, p=1)
TIMEOUT_MS = 10_000

KioskFactory = Callable[..., tuple[MainWindow, KioskMode]]


@pytest.fixture
def pin_clock() -> FakeClock:
    """The wall clock of the PIN store's lock-out."""
    return FakeClock(start=1_700_000_000.0)


@pytest.fixture
def make_kiosk(
    qtbot: Any, make_window: WindowFactory, pin_clock: FakeClock
) -> Iterator[KioskFactory]:
    """A shown window with :class:`KioskMode` attached (PIN ``pin`` set, or none)."""
    made: list[KioskMode] = []

    def factory(
        enabled: bool = True,
        pin: str | None = None,
        long_press_ms: int = 150,
        cursor_idle_ms: int = 60_000,
        usage: UsageStore | None = None,
        **overrides: Any,
    ) -> tuple[MainWindow, KioskMode]:
        window = make_window(**overrides)
        # With the desk's marker, as the kiosk builds it (the test keyring: the fallback file).
        store = PinStore(clock=pin_clock, params=FAST_SCRYPT, marker=secrets.AdminPinMarker())
        if pin is not None:
            store.set_pin(pin)
        services = AdminServices(pin_store=store, usage_store=usage)
        kiosk = KioskMode(
            window,
            services,
            enabled=enabled,
            long_press_ms=long_press_ms,
            cursor_idle_ms=cursor_idle_ms,
        )
        if enabled:
            qtbot.waitUntil(window.isFullScreen, timeout=TIMEOUT_MS)
        qtbot.waitUntil(lambda: kiosk.watched_window() is window.windowHandle(), timeout=TIMEOUT_MS)
        made.append(kiosk)
        return window, kiosk

    yield factory
    for kiosk in made:
        qtbot.waitUntil(kiosk.services.pool.is_idle, timeout=TIMEOUT_MS)
        kiosk.close_admin_screens()
        kiosk.disable()  # so the window fixture can close it


def press_at(target: QWidget, x: float, y: float, etype: QEvent.Type) -> None:
    """A left-button mouse event at window coordinates, delivered to the window's QWindow."""
    from PySide6.QtCore import QCoreApplication

    handle = target.window().windowHandle()
    assert handle is not None
    buttons = (
        Qt.MouseButton.NoButton
        if etype == QEvent.Type.MouseButtonRelease
        else Qt.MouseButton.LeftButton
    )
    point = QPointF(x, y)
    event = QMouseEvent(
        etype,
        point,
        handle.mapToGlobal(point),
        Qt.MouseButton.LeftButton,
        buttons,
        Qt.KeyboardModifier.NoModifier,
    )
    QCoreApplication.sendEvent(handle, event)
