"""Waiting on the real window and typing into it: stage waits, samples, keys, mouse."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, QPointF, Qt
from PySide6.QtGui import (
    QKeyEvent,
    QMouseEvent,
)
from PySide6.QtWidgets import (
    QApplication,
    QWidget,
)

from kiosk_app.app.capture.base import CaptureSource
from kiosk_app.app.kiosk import KioskCore
from kiosk_app.flow.stages import Stage
from kiosk_app.simulator.samples import SAMPLES_BY_KEY
from kiosk_app.ui.main_window import MainWindow
from tests.support.clock import FakeClock

SCAN_GAP_S = 0.004  # a scanner: a few milliseconds between keys
TIMEOUT_MS = 15_000


# Opening a dialog on the offscreen platform logs this at warning level (a platform limit).
OFFSCREEN_DIALOG_NOTE = "This plugin does not support propagateSizeHints"


def wait_stage(qtbot: Any, window: MainWindow, stage: Stage) -> None:
    """Wait until the window shows ``stage`` with nothing running."""
    qtbot.waitUntil(
        lambda: (
            window.current_stage() is stage
            and window.core.pool.is_idle()
            and not window.result.filling
        ),
        timeout=TIMEOUT_MS,
    )


def run_sample(qtbot: Any, window: MainWindow, key: str) -> None:
    """Run one demo sample to its result (Canadian samples through the form)."""
    assert window.session.try_sample(key)
    if SAMPLES_BY_KEY[key].check == "canada":
        wait_stage(qtbot, window, Stage.CANADA_FORM)
        qtbot.mouseClick(window.canada_form.submit_button, Qt.MouseButton.LeftButton)
    wait_stage(qtbot, window, Stage.RESULT)


def scan(window: Any, key: str, clock: FakeClock) -> bytes:
    """Type a sample's payload as a wedge scanner would, into whatever has the focus."""
    payload = SAMPLES_BY_KEY[key].payload
    type_text(payload.decode("latin-1"), clock, SCAN_GAP_S, window)
    return payload


def drop_source(core: KioskCore, source: CaptureSource) -> None:
    """Stop a source a test added, take it out of the core and delete it now.

    Deleted here rather than with the core whenever Python collects it: a source destroyed
    during a later test's event loop takes its socket notifiers with it mid-iteration.
    """
    source.stop()
    core.sources.remove(source)
    source.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def send_key(
    target: QWidget,
    key: int,
    text: str = "",
    modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier,
) -> None:
    """One key press and release, delivered like the keyboard does: to ``target``'s window,
    which hands it to the focused widget."""
    window = target.window().windowHandle()
    receiver = window if window is not None else target
    for etype in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
        QCoreApplication.sendEvent(receiver, QKeyEvent(etype, key, modifiers, text))


CONTROL_KEYS = {
    "\n": (Qt.Key.Key_Return, "\r", Qt.KeyboardModifier.NoModifier),
    "\r": (Qt.Key.Key_M, "\r", Qt.KeyboardModifier.ControlModifier),
    "\x1e": (Qt.Key.Key_AsciiCircum, "\x1e", Qt.KeyboardModifier.ControlModifier),
    "\x1d": (Qt.Key.Key_BracketRight, "\x1d", Qt.KeyboardModifier.ControlModifier),
    "\t": (Qt.Key.Key_Tab, "\t", Qt.KeyboardModifier.NoModifier),
}


def key_for(char: str) -> tuple[int, str, Qt.KeyboardModifier]:
    """The key event a wedge scanner in "Ctrl+key" mode sends for ``char``."""
    if char in CONTROL_KEYS:
        return CONTROL_KEYS[char]
    code = ord(char.upper()) if char.isalpha() else ord(char)
    mods = Qt.KeyboardModifier.ShiftModifier if char.isupper() else Qt.KeyboardModifier.NoModifier
    return code, char, mods


def type_text(text: str, clock: FakeClock, gap_s: float, window: QWidget | None = None) -> None:
    """Type ``text`` into the focus widget (else ``window``), ``gap_s`` apart on ``clock``."""
    for char in text:
        receiver = QApplication.focusWidget() or QApplication.activeWindow() or window
        assert receiver is not None
        key, produced, mods = key_for(char)
        send_key(receiver, key, produced, mods)
        clock.advance(gap_s)


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


def show_started_window(qtbot: Any, core: KioskCore) -> MainWindow:
    """A shown, active 1280x800 window on ``core``, with the core started."""
    window = MainWindow(core)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=5000)
    core.start()
    return window


def settle(window: MainWindow) -> None:
    """Let new texts and sizes lay out: deliver the posted layout requests (no sleep)."""
    for _ in range(4):
        QCoreApplication.processEvents()
        if window.result.filling:
            window.result.finish_filling()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
