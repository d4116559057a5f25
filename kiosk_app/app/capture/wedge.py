"""Keyboard-wedge 2D scanners: a window-level event filter that tells scans from typing.

The filter sits on the kiosk's top-level window (its ``QWindow``), which receives every key
press before the focused widget does, so scans are caught whatever widget has the focus.
(A filter on the whole application would also see every event of every object, and PySide
would build a Python wrapper for each, including objects Qt is destroying: slow and unsafe.)

A wedge scanner "types" its payload. What separates it from a clerk is speed: the scanner's
keystrokes arrive a few milliseconds apart, a person's 80 ms or more. The filter therefore
holds back printable key presses while a burst is forming:

* each held key restarts an end-of-burst timer of ``max_gap_ms``; a key arriving later than
  that starts a new burst;
* a burst of at least ``min_length`` characters is a **scan**: its keys never reach any widget,
  and the rebuilt payload is emitted (``payload_scanned``) unless it repeats the previous scan
  within ``duplicate_window_s`` (2 s);
* a shorter burst is **typing**: its key presses (and releases) are re-sent, in order, to the
  widget that had the focus, so a clerk typing into a form field sees every character (delayed by
  at most one gap). Non-text keys (arrows, Backspace, shortcuts), auto-repeat and keys arriving
  when no burst is forming pass straight through.

Control characters rebuilt inside a burst (what common scanner "keyboard" settings emit):

=========================  =========================================
Key event                  Byte
=========================  =========================================
Enter / Return (keypad)    ``enter_as`` (default LF ``\\n``; CR or CRLF configurable)
Tab                        HT ``\\t``
Ctrl+A … Ctrl+Z            0x01 … 0x1A (Ctrl+J = LF, Ctrl+M = CR)
Ctrl+[  Ctrl+\\  Ctrl+]     ESC 0x1B, FS 0x1C, GS 0x1D
Ctrl+^ (Ctrl+Shift+6)      RS 0x1E (the AAMVA record separator)
Ctrl+_ (Ctrl+Shift+-)      US 0x1F
a control character text   that character (platforms that report it)
=========================  =========================================

Control keys are only taken *inside* a burst (a scan starts with a printable ``@``), so Enter,
Tab and Ctrl shortcuts pressed on their own behave normally. Qt matches application shortcuts
before a key reaches the window, so the kiosk defines no Ctrl+letter shortcuts. Not supported:
Windows Alt+numpad codes — set the scanner to its "control characters as Ctrl+key" (or
"function key") mode.
The clock is injectable so tests drive bursts deterministically. Nothing read is ever logged.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import shiboken6
from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QGuiApplication, QKeyEvent, QWindow
from PySide6.QtWidgets import QApplication, QWidget

from kiosk_app.app.capture.base import CaptureSource, DuplicateFilter
from kiosk_app.app.text import QT_TRANSLATE_NOOP
from kiosk_app.barcode.payload import payload_from_track_string

Clock = Callable[[], float]
"""Returns the current time in seconds (monotonic)."""

K = Qt.Key
_CTRL_LETTERS: dict[Qt.Key, str] = {
    getattr(K, f"Key_{chr(c)}"): chr(c - 64) for c in range(ord("A"), ord("Z") + 1)
}
_CTRL_SYMBOLS: dict[Qt.Key, str] = {
    K.Key_BracketLeft: "\x1b",
    K.Key_Backslash: "\x1c",
    K.Key_BracketRight: "\x1d",
    K.Key_AsciiCircum: "\x1e",
    K.Key_6: "\x1e",
    K.Key_Underscore: "\x1f",
    K.Key_Minus: "\x1f",
}
_ENTER_KEYS = (K.Key_Return, K.Key_Enter)
_KEY_PRESS = QEvent.Type.KeyPress
# Control characters a person produces with ordinary editing keys: never part of a scan.
_EDITING_CONTROLS = {"\x08", "\x7f"}
_ENTER_CHOICES = ("\n", "\r", "\r\n")


@dataclass(frozen=True)
class _HeldKey:
    char: str
    key: int
    modifiers: Qt.KeyboardModifier
    text: str


class WedgeScanner(CaptureSource):
    """Application-wide keyboard-wedge listener; see the module docstring for the rules."""

    display_name = QT_TRANSLATE_NOOP("messages", "Barcode scanner (keyboard)")

    def __init__(
        self,
        max_gap_ms: int = 50,
        min_length: int = 20,
        duplicate_window_s: float = 2.0,
        enter_as: str = "\n",
        clock: Clock = time.monotonic,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        if enter_as not in _ENTER_CHOICES:
            raise ValueError("enter_as must be LF, CR or CRLF")
        self.max_gap_ms = max_gap_ms
        self.min_length = min_length
        self.enter_as = enter_as
        self._clock = clock
        self._duplicates = DuplicateFilter(duplicate_window_s)
        self._held: list[_HeldKey] = []
        self._target: QObject | None = None
        self._last_key_at = float("-inf")
        self._replaying = False
        self._windows: list[QWindow] = []
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.flush)

    # --- lifecycle ---------------------------------------------------------------------------

    def start(self) -> None:
        """Watch every top-level window that exists now (the kiosk window is shown first)."""
        for window in QGuiApplication.topLevelWindows():
            self.watch(window)
        self.set_status(QT_TRANSLATE_NOOP("messages", "Listening"))

    def watch(self, window: QWindow | None) -> None:
        """Catch scans typed into ``window`` (idempotent)."""
        if window is None or any(w is window for w in self._windows):
            return
        window.installEventFilter(self)
        self._windows.append(window)

    def stop(self) -> None:
        """Stop watching; a half-formed burst is handed back as typing."""
        self.flush()
        for window in self._windows:
            if shiboken6.isValid(window):
                window.removeEventFilter(self)
        self._windows.clear()
        self.set_status(QT_TRANSLATE_NOOP("messages", "Stopped"))

    def forget(self) -> None:
        """Forget the last scan (idle wipe): the same licence may be scanned again at once."""
        self._duplicates.forget()

    # --- the filter --------------------------------------------------------------------------

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """Hold printable keys while a burst may be forming; everything else passes."""
        if event.type() is not _KEY_PRESS or self._replaying:
            return False
        if not isinstance(event, QKeyEvent):
            return False
        now = self._clock()
        if self._held and (now - self._last_key_at) * 1000.0 > self.max_gap_ms:
            self.flush()
        char = None if event.isAutoRepeat() else self._translate(event, bool(self._held))
        if char is None:
            self.flush()
            return False
        if not self._held:
            self._target = QApplication.focusWidget() or _widget_of(watched)
        self._held.append(_HeldKey(char, event.key(), event.modifiers(), event.text()))
        self._last_key_at = now
        self._timer.start(self.max_gap_ms)
        return True

    def flush(self) -> None:
        """End the current burst now: emit it as a scan or give the keys back as typing."""
        self._timer.stop()
        held, target = self._held, self._target
        self._held, self._target = [], None
        if not held:
            return
        if len(held) >= self.min_length:
            self._emit_scan("".join(k.char for k in held))
        else:
            self._replay(held, target)

    # --- helpers -----------------------------------------------------------------------------

    def _translate(self, event: QKeyEvent, in_burst: bool) -> str | None:
        key = Qt.Key(event.key())
        mods = event.modifiers()
        if mods & Qt.KeyboardModifier.ControlModifier:
            char = _CTRL_LETTERS.get(key) or _CTRL_SYMBOLS.get(key)
            return char if in_burst else None
        if mods & (Qt.KeyboardModifier.AltModifier | Qt.KeyboardModifier.MetaModifier):
            return None
        if key in _ENTER_KEYS:
            return self.enter_as if in_burst else None
        if key == K.Key_Tab:
            return "\t" if in_burst else None
        text = event.text()
        if len(text) != 1:
            return None
        if text.isprintable():
            return text
        if in_burst and ord(text) < 0x20 and text not in _EDITING_CONTROLS:
            return text
        return None

    def _emit_scan(self, text: str) -> None:
        payload = payload_from_track_string(text)
        if self._duplicates.is_duplicate(payload, self._clock()):
            self.set_status(QT_TRANSLATE_NOOP("messages", "Same barcode again — ignored"))
            return
        self.set_status(QT_TRANSLATE_NOOP("messages", "Listening"))
        self.payload_scanned.emit(payload)

    def _replay(self, held: list[_HeldKey], target: QObject | None) -> None:
        if target is None or not shiboken6.isValid(target):
            return
        self._replaying = True
        try:
            for key in held:
                for etype in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
                    replay = QKeyEvent(etype, key.key, key.modifiers, key.text)
                    QCoreApplication.sendEvent(target, replay)
                    if not shiboken6.isValid(target):
                        return
        finally:
            self._replaying = False


def _widget_of(window: QObject) -> QWidget | None:
    """The top-level widget of a watched window (where typing goes when nothing has focus)."""
    if isinstance(window, QWindow):
        for widget in QApplication.topLevelWidgets():
            if widget.windowHandle() is window:
                return widget
    return window if isinstance(window, QWidget) else None
