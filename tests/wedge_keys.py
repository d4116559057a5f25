"""Key events as a real USB keyboard-wedge scanner sends them (for pytest-qt tests).

A scanner is a keyboard: for ``A`` it presses Shift (a key event of its own), presses and
releases the A key with the Shift modifier, then releases Shift. Control characters follow the
scanner's setting (:class:`Convention`). :func:`scanner_events` turns a payload into the full
press/release sequence; :func:`deliver` sends it to the focused window, ``gap_s`` apart on a
fake clock, as the X server would deliver real keys.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from enum import Enum

from PySide6.QtCore import QCoreApplication, QEvent, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication, QWidget

K = Qt.Key
M = Qt.KeyboardModifier
PRESS = QEvent.Type.KeyPress
RELEASE = QEvent.Type.KeyRelease
# The window system's time of the first key of a timed delivery (any positive value).
KEY_TIME_START_MS = 1_000_000


@dataclass(frozen=True)
class KeyEv:
    """One key event: press or release, Qt key, modifiers in force, text."""

    type: QEvent.Type
    key: int
    mods: M = M.NoModifier
    text: str = ""

    def qt(self) -> QKeyEvent:
        return QKeyEvent(self.type, self.key, self.mods, self.text)


MODIFIER_KEYS: dict[str, tuple[int, M]] = {
    "Shift": (K.Key_Shift, M.ShiftModifier),
    "Ctrl": (K.Key_Control, M.ControlModifier),
    "Alt": (K.Key_Alt, M.AltModifier),
    "AltGr": (K.Key_AltGr, M.GroupSwitchModifier),
    "Meta": (K.Key_Meta, M.MetaModifier),
    "CapsLock": (K.Key_CapsLock, M.NoModifier),
    "NumLock": (K.Key_NumLock, M.NoModifier),
}


class Convention(Enum):
    """How the scanner is set to send control characters."""

    ENTER_LF = "enter-lf"  # LF as Enter, CR as Ctrl+M, RS as Ctrl+Shift+6 (Ctrl+^)
    CTRL = "ctrl"  # every control character as Ctrl+key (Ctrl+J, Ctrl+M, Ctrl+^)
    ENTER_CR = "enter-cr"  # CR as Enter, LF as Ctrl+J, RS as Ctrl+^
    ALT_CODES = "alt"  # control characters as Alt + keypad codes (Alt+0030 = RS)
    ALT_ALL = "alt-all"  # every character as an Alt code (layout-independent scanners)
    ENTER_BOTH = "enter-both"  # LF and CR both as Enter (information lost)
    DROP = "drop"  # control characters dropped, LF as Enter


_SHIFTED = set('~!@#$%^&*()_+{}|:"<>?') | {chr(c) for c in range(ord("A"), ord("Z") + 1)}
_SYMBOL_KEYS = {
    "@": K.Key_At,
    " ": K.Key_Space,
    "-": K.Key_Minus,
    ".": K.Key_Period,
    ",": K.Key_Comma,
    "/": K.Key_Slash,
    "'": K.Key_Apostrophe,
    "#": K.Key_NumberSign,
    "&": K.Key_Ampersand,
}


def tap(key: int, mods: M = M.NoModifier, text: str = "") -> list[KeyEv]:
    """Press and release one key with ``mods`` held."""
    return [KeyEv(PRESS, key, mods, text), KeyEv(RELEASE, key, mods, text)]


def with_modifier(name: str, inner: list[KeyEv], held: M = M.NoModifier) -> list[KeyEv]:
    """``inner`` wrapped in a press and release of modifier ``name`` (flags added to it)."""
    key, flag = MODIFIER_KEYS[name]
    wrapped = [replace(e, mods=e.mods | flag) for e in inner]
    return [KeyEv(PRESS, key, held | flag), *wrapped, KeyEv(RELEASE, key, held)]


def char_events(char: str) -> list[KeyEv]:
    """A printable character typed on a US keyboard (Shift as a key of its own)."""
    if char.isalpha() and char.isascii():
        key = ord(char.upper())
    elif char.isdigit():
        key = ord(char)
    else:
        key = _SYMBOL_KEYS.get(char, ord(char))
    if char in _SHIFTED:
        return with_modifier("Shift", tap(key, text=char))
    return tap(key, text=char)


def alt_code(code: int, digits: int = 4) -> list[KeyEv]:
    """Alt held, the code's decimal digits on the keypad, Alt released."""
    text = str(code).zfill(digits)
    keys: list[KeyEv] = []
    for digit in text:
        keys += tap(K.Key_0 + int(digit), M.KeypadModifier, digit)
    return with_modifier("Alt", keys)


def control_events(char: str, convention: Convention) -> list[KeyEv]:
    """A control character (LF, CR, RS, GS) as ``convention`` sends it."""
    if convention in (Convention.ALT_CODES, Convention.ALT_ALL):
        return alt_code(ord(char))
    if char == "\n" and convention in (
        Convention.ENTER_LF,
        Convention.ENTER_BOTH,
        Convention.DROP,
    ):
        return tap(K.Key_Return, text="\r")
    if char == "\r" and convention in (Convention.ENTER_CR, Convention.ENTER_BOTH):
        return tap(K.Key_Return, text="\r")
    if convention is Convention.DROP:
        return []
    if char == "\x1e":  # Ctrl+Shift+6: the key reports ^ with Ctrl and Shift
        return with_modifier(
            "Ctrl", with_modifier("Shift", tap(K.Key_AsciiCircum, text="\x1e")), M.NoModifier
        )
    letter = {"\n": K.Key_J, "\r": K.Key_M, "\x1d": K.Key_BracketRight}[char]
    return with_modifier("Ctrl", tap(letter, text=char))


def scanner_events(
    text: str,
    convention: Convention = Convention.ENTER_LF,
    prefix: Sequence[KeyEv] = (),
    suffix: Sequence[KeyEv] = (),
) -> list[KeyEv]:
    """Every key event a US-layout wedge scanner sends for ``text``."""
    events = list(prefix)
    for char in text:
        if convention is Convention.ALT_ALL:
            events += alt_code(ord(char))
        elif char.isprintable():
            events += char_events(char)
        else:
            events += control_events(char, convention)
    return events + list(suffix)


def typed_events(text: str) -> list[KeyEv]:
    """Key events of text typed through a non-US desk layout (the text it produced)."""
    events: list[KeyEv] = []
    for char in text:
        if char.isprintable():
            upper = char.isupper()
            key = ord(char.upper()) if char.isascii() else K.Key_unknown
            inner = tap(_SYMBOL_KEYS.get(char, key), text=char)
            events += with_modifier("Shift", inner) if upper else inner
        else:
            events += control_events(char, Convention.ENTER_LF)
    return events


Clock = Callable[[float], None]


def receiver() -> QWidget:
    """Where the keyboard delivers now: the focused widget's window (or the active one)."""
    widget = QApplication.focusWidget() or QApplication.activeWindow()
    assert widget is not None, "no window has the keyboard focus"
    return widget


def deliver_timed(
    events: Sequence[KeyEv],
    advance: Clock,
    gap_s: float,
    stall_at: int | None = None,
    stall_s: float = 0.0,
    pause_at: int | None = None,
    start_ms: int = KEY_TIME_START_MS,
) -> int:
    """As :func:`deliver`, each event carrying its own time (``setTimestamp``, ms) as the
    window system stamps a real keyboard's; before event ``stall_at`` the kiosk's clock jumps
    ``stall_s`` (its GUI thread was busy) while the keys' own times go on as typed. Before
    event ``pause_at`` the keys' times jump ``stall_s`` instead (the keyboard paused, and the
    kiosk, busy, got those keys back to back). Returns the time the next key would have
    (``start_ms`` of a delivery that goes on)."""
    stamp_ms = start_ms
    for index, event in enumerate(events):
        if index == stall_at:
            advance(stall_s)
        if index == pause_at:
            stamp_ms += round(stall_s * 1000)
        qt_event = event.qt()
        qt_event.setTimestamp(stamp_ms)
        target = receiver()
        handle = target.window().windowHandle()
        QCoreApplication.sendEvent(handle if handle is not None else target, qt_event)
        step = gap_s if event.type == PRESS else 0.001
        advance(step)
        stamp_ms += round(step * 1000)
    return stamp_ms


def deliver(events: Iterable[KeyEv], advance: Clock, gap_s: float) -> None:
    """Send ``events`` to the focused window's ``QWindow``; each press ``gap_s`` after the last
    (releases and modifier events a millisecond after the key they follow)."""
    for event in events:
        target = receiver()
        handle = target.window().windowHandle()
        QCoreApplication.sendEvent(handle if handle is not None else target, event.qt())
        advance(gap_s if event.type == PRESS else 0.001)
