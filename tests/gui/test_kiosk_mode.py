"""Kiosk mode: the lock-down, the admin gesture (chord and corner long-press), the PIN pad with
its lock-out on an injected clock, and the first-start PIN set-up."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, Qt
from PySide6.QtGui import QCloseEvent, QGuiApplication, QKeyEvent
from PySide6.QtWidgets import QApplication

from kiosk_app.flow.stages import Stage
from kiosk_app.storage.pin import LOCK_AFTER_FAILURES, PinStore
from kiosk_app.ui.admin.pin_pad import PadMode
from kiosk_app.ui.kiosk_mode import KIOSK_FLAGS
from tests.support.admin import FAST_SCRYPT, PIN, KioskFactory, open_pad, press_chord, type_pin
from tests.support.clock import FakeClock
from tests.support.qt import OFFSCREEN_DIALOG_NOTE, TIMEOUT_MS, press_at, scan, send_key

pytestmark = pytest.mark.qt_log_ignore(OFFSCREEN_DIALOG_NOTE)


def test_kiosk_window_is_fullscreen_frameless_on_top_and_cannot_be_closed(
    qtbot: Any,
    make_kiosk: KioskFactory,
) -> None:
    window, kiosk = make_kiosk(enabled=True)
    assert kiosk.enabled and window.isFullScreen()
    assert window.windowFlags() & KIOSK_FLAGS == KIOSK_FLAGS

    assert window.close() is False
    close = QCloseEvent()
    QCoreApplication.sendEvent(window, close)
    assert not close.isAccepted()
    alt_f4 = QKeyEvent(QEvent.Type.KeyPress, Qt.Key.Key_F4, Qt.KeyboardModifier.AltModifier)
    assert QCoreApplication.sendEvent(window.windowHandle(), alt_f4) is True  # swallowed
    send_key(window, Qt.Key.Key_Escape, "\x1b")
    window.showNormal()  # e.g. a window-manager shortcut: kiosk mode goes back to fullscreen
    qtbot.waitUntil(window.isFullScreen, timeout=TIMEOUT_MS)

    qtbot.wait(50)
    assert window.isVisible() and window.current_stage() is Stage.READY


def test_outside_kiosk_mode_the_window_closes_normally(
    qtbot: Any,
    make_kiosk: KioskFactory,
) -> None:
    window, _kiosk = make_kiosk(enabled=False)
    assert not window.isFullScreen()
    assert window.windowFlags() & KIOSK_FLAGS == Qt.WindowType(0)
    assert window.close() is True
    assert not window.isVisible()


def test_the_chord_opens_the_pin_pad_and_wedge_scans_still_work(
    qtbot: Any,
    make_kiosk: KioskFactory,
    clock: FakeClock,
) -> None:
    window, kiosk = make_kiosk(enabled=True, pin=PIN)
    pad = open_pad(qtbot, window, kiosk)
    assert pad.mode is PadMode.VERIFY
    assert all(
        b.minimumHeight() >= 44 and b.minimumWidth() >= 44 for b in pad.digit_buttons.values()
    )
    pad.reject()
    qtbot.waitUntil(lambda: kiosk.pin_pad is None, timeout=TIMEOUT_MS)

    received: list[bytes] = []
    window.core.wedge.payload_scanned.connect(received.append)
    clock.advance(1.0)
    payload = scan(window, "signature-valid", clock)
    clock.advance(1.0)
    window.core.wedge.flush()
    assert received == [payload]
    qtbot.waitUntil(
        lambda: window.core.pool.is_idle() and window.session.has_scan, timeout=TIMEOUT_MS
    )
    # The chord right after a scan still reaches the admin gesture.
    press_chord(window)
    qtbot.waitUntil(lambda: kiosk.pin_pad is not None, timeout=TIMEOUT_MS)


def test_a_long_press_in_the_top_left_corner_opens_the_pin_pad(
    qtbot: Any,
    make_kiosk: KioskFactory,
) -> None:
    window, kiosk = make_kiosk(enabled=True, pin=PIN, long_press_ms=150)
    # A short tap in the corner, and a long press elsewhere, do nothing.
    press_at(window, 10, 10, QEvent.Type.MouseButtonPress)
    press_at(window, 10, 10, QEvent.Type.MouseButtonRelease)
    press_at(window, 400, 400, QEvent.Type.MouseButtonPress)
    qtbot.wait(300)
    press_at(window, 400, 400, QEvent.Type.MouseButtonRelease)
    # Sliding out of the corner cancels the press.
    press_at(window, 10, 10, QEvent.Type.MouseButtonPress)
    press_at(window, 300, 300, QEvent.Type.MouseMove)
    qtbot.wait(300)
    press_at(window, 300, 300, QEvent.Type.MouseButtonRelease)
    assert kiosk.pin_pad is None

    press_at(window, 12, 20, QEvent.Type.MouseButtonPress)
    qtbot.waitUntil(
        lambda: kiosk.pin_pad is not None and kiosk.pin_pad.isVisible(), timeout=TIMEOUT_MS
    )
    press_at(window, 12, 20, QEvent.Type.MouseButtonRelease)


def test_the_right_pin_opens_the_settings_and_exit_kiosk_unlocks(
    qtbot: Any,
    make_kiosk: KioskFactory,
) -> None:
    window, kiosk = make_kiosk(enabled=True, pin=PIN)
    pad = open_pad(qtbot, window, kiosk)
    type_pin(pad, PIN)
    qtbot.waitUntil(
        lambda: kiosk.settings_dialog is not None and kiosk.settings_dialog.isVisible(),
        timeout=TIMEOUT_MS,
    )
    dialog = kiosk.settings_dialog
    assert dialog is not None
    assert dialog.exit_kiosk_button.isEnabled()
    qtbot.mouseClick(dialog.exit_kiosk_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not window.isFullScreen() and window.isVisible(), timeout=TIMEOUT_MS)
    assert not kiosk.enabled
    assert window.windowFlags() & KIOSK_FLAGS == Qt.WindowType(0)
    assert window.close() is True


def test_quit_application_closes_a_kiosk_window(
    qtbot: Any,
    make_kiosk: KioskFactory,
) -> None:
    window, kiosk = make_kiosk(enabled=True, pin=PIN)
    type_pin(open_pad(qtbot, window, kiosk), PIN)
    qtbot.waitUntil(lambda: kiosk.settings_dialog is not None, timeout=TIMEOUT_MS)
    dialog = kiosk.settings_dialog
    assert dialog is not None
    qtbot.mouseClick(dialog.quit_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=TIMEOUT_MS)
    assert window.core.pool.is_idle()


def test_wrong_pins_are_counted_and_lock_the_pad_for_a_growing_delay(
    qtbot: Any,
    make_kiosk: KioskFactory,
    pin_clock: FakeClock,
) -> None:
    # The countdown is refreshed every 50 ms instead of every second: the test clock jumps.
    window, kiosk = make_kiosk(enabled=True, pin=PIN, lock_refresh_ms=50)
    pad = open_pad(qtbot, window, kiosk)
    for attempt in range(1, LOCK_AFTER_FAILURES):
        type_pin(pad, "1111")
        left = LOCK_AFTER_FAILURES - attempt
        qtbot.waitUntil(
            lambda left=left: f"{left} more tries" in pad.message.text(), timeout=TIMEOUT_MS
        )
    type_pin(pad, "1111")
    qtbot.waitUntil(lambda: "Try again in 30 s" in pad.message.text(), timeout=TIMEOUT_MS)
    assert not pad.ok_button.isEnabled() and not pad.digit_buttons["1"].isEnabled()
    type_pin(pad, PIN)  # refused while locked: not even checked
    assert pad.isVisible() and kiosk.settings_dialog is None

    pin_clock.advance(12)
    qtbot.waitUntil(lambda: "Try again in 18 s" in pad.message.text(), timeout=TIMEOUT_MS)
    pin_clock.advance(18)
    qtbot.waitUntil(pad.ok_button.isEnabled, timeout=TIMEOUT_MS)

    # Five more wrong PINs: the second lock-out lasts twice as long.
    for _ in range(LOCK_AFTER_FAILURES):
        type_pin(pad, "9999")
        qtbot.waitUntil(kiosk.services.pool.is_idle, timeout=TIMEOUT_MS)
    qtbot.waitUntil(lambda: "Try again in 1 min 00 s" in pad.message.text(), timeout=TIMEOUT_MS)
    pin_clock.advance(61)
    qtbot.waitUntil(pad.ok_button.isEnabled, timeout=TIMEOUT_MS)
    type_pin(pad, PIN)
    qtbot.waitUntil(lambda: kiosk.settings_dialog is not None, timeout=TIMEOUT_MS)


def test_first_start_asks_for_a_new_pin_twice(
    qtbot: Any,
    make_kiosk: KioskFactory,
    pin_clock: FakeClock,
) -> None:
    window, kiosk = make_kiosk(enabled=True)
    assert not kiosk.services.pin_store.is_set()
    pad = open_pad(qtbot, window, kiosk)
    assert pad.mode is PadMode.CHOOSE
    type_pin(pad, "12")
    assert "4 to 12 digits" in pad.message.text() and pad.mode is PadMode.CHOOSE
    type_pin(pad, "135790")
    assert pad.mode is PadMode.CONFIRM  # type: ignore[comparison-overlap]
    type_pin(pad, "135791")
    assert pad.mode is PadMode.CHOOSE and "not the same" in pad.message.text()
    assert not kiosk.services.pin_store.is_set()
    type_pin(pad, "135790")
    type_pin(pad, "135790")
    qtbot.waitUntil(lambda: kiosk.settings_dialog is not None, timeout=TIMEOUT_MS)
    store = PinStore(kiosk.services.pin_store.path, clock=pin_clock, params=FAST_SCRYPT)
    assert store.verify("135790").accepted
    assert "135790" not in store.path.read_text()


def test_the_cursor_hides_after_inactivity_and_comes_back_on_a_move(
    qtbot: Any,
    make_kiosk: KioskFactory,
) -> None:
    window, kiosk = make_kiosk(enabled=True, cursor_idle_ms=50)
    press_at(window, 500, 500, QEvent.Type.MouseMove)
    qtbot.waitUntil(lambda: kiosk.cursor_hidden, timeout=TIMEOUT_MS)
    cursor = QGuiApplication.overrideCursor()
    assert cursor is not None and cursor.shape() == Qt.CursorShape.BlankCursor
    press_at(window, 510, 500, QEvent.Type.MouseMove)
    assert not kiosk.cursor_hidden
    assert QApplication.overrideCursor() is None


@pytest.mark.parametrize(("flag", "setting"), [(True, False), (False, True), (False, False)])
def test_build_window_attaches_kiosk_mode_from_the_flag_or_the_setting(
    qtbot: Any, simulator: Any, flag: bool, setting: bool
) -> None:
    from kiosk_app.ui.kiosk_mode import KioskMode
    from kiosk_app.ui.launch import build_window
    from tests.support.gui import make_settings

    window = build_window(make_settings(simulator.base_url, kiosk_mode=setting), kiosk_mode=flag)
    try:
        kiosk = window.findChild(KioskMode)
        assert isinstance(kiosk, KioskMode)
        assert kiosk.enabled is (flag or setting)
        window.show()
        qtbot.waitExposed(window)
        if flag or setting:
            qtbot.waitUntil(window.isFullScreen, timeout=TIMEOUT_MS)
        else:
            assert not window.isFullScreen()
        qtbot.waitUntil(lambda: kiosk.watched_window() is window.windowHandle(), timeout=TIMEOUT_MS)
        press_chord(window)  # the gesture works in and out of kiosk mode
        qtbot.waitUntil(lambda: kiosk.pin_pad is not None, timeout=TIMEOUT_MS)
        assert kiosk.pin_pad.mode is PadMode.CHOOSE  # nothing set in this test's config dir
        kiosk.close_admin_screens()
        assert window.close() is not (flag or setting)
    finally:
        kiosk.disable()
        window.close()
        window.deleteLater()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
