"""The admin fixtures: a window with kiosk mode on a hand-moved PIN clock (cheap scrypt), and
the PIN pad helpers."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from PySide6.QtCore import Qt

from kiosk_app import secrets
from kiosk_app.app.admin import AdminServices
from kiosk_app.config import Settings
from kiosk_app.storage.pin import PinStore, ScryptParams
from kiosk_app.storage.usage import UsageStore
from kiosk_app.ui.admin.pin_pad import PinPad
from kiosk_app.ui.admin.settings_dialog import SettingsDialog, TextEditor
from kiosk_app.ui.kiosk_mode import CHORD_MODIFIERS, KioskMode
from kiosk_app.ui.main_window import MainWindow
from tests.support.clock import FakeClock
from tests.support.gui import WindowFactory
from tests.support.qt import TIMEOUT_MS, send_key

FAST_SCRYPT = ScryptParams(n=2**10, r=8, p=1)


PIN = "2468"


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
        lock_refresh_ms: int | None = None,
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
            lock_refresh_ms=lock_refresh_ms,
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


def press_chord(window: Any) -> None:
    """Ctrl+Alt+Shift+A, delivered like the keyboard does."""
    send_key(window, Qt.Key.Key_A, "A", CHORD_MODIFIERS)


def type_pin(pad: PinPad, digits: str) -> None:
    """Type ``digits`` and Enter on the keyboard, into the pad's window.

    The wedge watches the pad too; its test clock stands still, so the keys form one short
    burst: end it as its gap timer would, and the keys reach the pad as typing.
    """
    for digit in digits:
        send_key(pad, ord(digit), digit)
    send_key(pad, Qt.Key.Key_Return, "\r")
    window = pad.parentWidget()
    if isinstance(window, MainWindow):
        window.core.wedge.flush()


def open_pad(qtbot: Any, window: Any, kiosk: Any) -> PinPad:
    press_chord(window)
    qtbot.waitUntil(
        lambda: kiosk.pin_pad is not None and kiosk.pin_pad.isVisible(), timeout=TIMEOUT_MS
    )
    pad = kiosk.pin_pad
    assert pad is not None
    return pad


def make_dialog(qtbot: Any, settings: Settings, clock: FakeClock) -> SettingsDialog:
    services = AdminServices(pin_store=PinStore(clock=clock, params=FAST_SCRYPT))
    dialog = SettingsDialog(settings, services)
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def set_text(dialog: SettingsDialog, name: str, text: str) -> None:
    editor = dialog.editors[name]
    assert isinstance(editor, TextEditor)
    editor.edit.setText(text)
