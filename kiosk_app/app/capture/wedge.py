"""Keyboard-wedge 2D scanners: window-level event filters that tell scans from typing.

The filter sits on every top-level window of the kiosk (its ``QWindow``: the main window, and
each dialog as it gets the focus: PIN pad, settings, Diagnostics), which receives every key
event before the focused widget does, so scans are caught whatever widget has the focus. (A
filter on the whole application would also see every event of every object, and PySide would
build a Python wrapper for each, including objects Qt is destroying: slow and unsafe.)

A wedge scanner "types" its payload the way a USB keyboard does: for a capital letter it
presses Shift, the letter, releases both; for control characters it presses Ctrl+letter, Enter
or Alt + keypad digits. What separates it from a clerk is speed: a scanner's key presses arrive
a few milliseconds apart, a person's 80 ms or more. While a burst may be forming, the filter
**holds every key event** (presses and releases, modifier keys included):

* each key press restarts an end-of-burst timer of ``max_gap_ms``; a press arriving later
  than that starts a new burst (releases and modifiers never lengthen the gap). The gap is
  measured between the key events' own times (``QKeyEvent.timestamp()``, when the keys were
  pressed), not when the kiosk got round to each, so a busy event loop (a stall mid-scan)
  never cuts a scan; a timer that fired late (the loop was busy: keys may still be queued)
  waits one more gap, again each time it fires late, so a burst ends after a gap the event
  loop spent free and no key came in it, or at the latest ``LATE_WAIT_LIMIT_MS`` after its
  last key (a loop that stays busy never holds keys for good). Either way the burst ends only
  once the loop is next idle (about to wait) and no key press came meanwhile: the timer can
  fire while keys typed within its gap are read but not yet handed on (after a stall, or in a
  steady stream of keys), and they belong to the burst. Once a burst's AAMVA header has
  declared a length not yet reached, it may pause up to ``STALL_GRACE_MS`` (a scanner or USB
  hub stalling mid-scan) without being cut in two;
* a burst of at least ``min_length`` characters is a **scan**: none of its events reaches any
  widget (so its line feeds, typed as Enter, never press a button or submit a form), and the
  rebuilt payload is emitted unless it repeats the previous scan within
  ``duplicate_window_s`` (2 s). Keys arriving within ``TAIL_GUARD_MS`` after a scan are the
  scan's tail (a scanner that paused): they are dropped, never typed;
* a shorter burst is **typing**: its events are re-sent, in order, to the widget that had the
  focus, so a clerk typing sees every character (delayed by at most one gap).

A burst opens on a printable key, an Alt + keypad digit (Alt-code scanners), or a function
key (a prefix some scanners send). Inside a burst:

=========================================  ================================================
Key events                                 Taken as
=========================================  ================================================
Shift, Ctrl, Alt, AltGr, Meta, Caps Lock,  nothing: held, never end the burst
Num Lock (press or release); key releases
a printable key                            its character
Enter / Return (keypad too)                LF or CR: the AAMVA header tells which
                                           (``kiosk_app.barcode.wedge_text``)
Tab                                        HT
Ctrl+A … Ctrl+Z, Ctrl+[ \\ ] ^ _ (and      0x01 … 0x1F (Ctrl+J = LF, Ctrl+M = CR,
Ctrl+Shift+6, Ctrl+Shift+-)                Ctrl+^ = RS, Ctrl+] = GS)
Alt + keypad digits, Alt released          that code: Alt+0030 = RS, Alt+010 = LF, Alt+013 = CR
                                           (a leading 0: Windows-1252, else code page 437)
F1 … F35                                   nothing (a scanner's prefix or suffix)
Backspace, Delete, Esc, arrows, Home,      end the burst and pass through (a person editing)
End, Page Up/Down
=========================================  ================================================

The rebuilt text goes through :func:`kiosk_app.barcode.wedge_text.assemble`, which strips a
prefix/suffix, repairs a payload typed through a non-US keyboard layout and decides whether it
is **byte-exact**: an exact payload is emitted on ``payload_scanned``, a repaired one on
``repaired_payload_scanned`` (never sent to the signature check), with the reason as status.

Qt matches shortcuts and mnemonics before a key reaches any window, so the kiosk defines none
(a scanner's Ctrl+letter would trigger them). Windows delivers an Alt code's character again
once Alt is released; a key event carrying exactly that character with no key code, right after
the code, is taken as that echo and skipped (untested here: no Windows machine).

The keys of the last scan (names of modifier and control keys, characters masked after the
first ``TRACE_CLEAR_CHARS``) are kept for the Diagnostics screen until the wipe. The clock is
injectable so tests drive bursts deterministically. Each scan is logged with how its keys came
(characters, the length its header declares, key presses, longest gap, late timer waits, what
ended the burst, byte-exact or why not), never what they typed.
"""

from __future__ import annotations

import enum
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

import shiboken6
from PySide6.QtCore import QAbstractEventDispatcher, QCoreApplication, QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QGuiApplication, QKeyEvent, QWindow
from PySide6.QtWidgets import QApplication, QWidget

from kiosk_app.app.capture.base import CaptureSource, DuplicateFilter
from kiosk_app.barcode.wedge_text import Origin, Typed, assemble, declared_length
from kiosk_app.text import QT_TRANSLATE_NOOP

Clock = Callable[[], float]
"""Returns the current time in seconds (monotonic)."""

log = logging.getLogger(__name__)

K = Qt.Key
M = Qt.KeyboardModifier
TAIL_GUARD_MS: Final = 250  # keys this soon after a scan belong to it (never typed)
# A scan whose AAMVA header declares more characters than have arrived may pause this long (a
# scanner or USB hub stalling mid-scan) without being cut in two.
STALL_GRACE_MS: Final = 400
# The end-of-burst timer firing this much later than asked means the event loop was busy.
LATE_TIMER_MS: Final = 20
# The longest a late timer keeps a burst waiting after its last key: beyond the start-up
# stalls seen under Wine (1-2 s while libraries load), short enough that a clerk typing into a
# loop that stays busy still sees the characters.
LATE_WAIT_LIMIT_MS: Final = 3000
# Two key times further apart than this (or going backwards: the window system's clock
# wrapped or was reset) are not trusted; the processing times decide then.
_STAMP_TRUST_MS: Final = 60_000
HEADER_PROBE_CHARS: Final = 48  # enough for the header and its first subfile designators
TRACE_CLEAR_CHARS: Final = 16  # characters of a scan shown in the key trace; the rest masked
TRACE_MAX_EVENTS: Final = 6000  # a scan is a few hundred keys; the trace stops growing here
ALT_CODE_MAX_DIGITS: Final = 4
MASK: Final = "•"

_CTRL_LETTERS: dict[int, str] = {
    getattr(K, f"Key_{chr(c)}"): chr(c - 64) for c in range(ord("A"), ord("Z") + 1)
}
_CTRL_SYMBOLS: dict[int, str] = {
    K.Key_BracketLeft: "\x1b",
    K.Key_Backslash: "\x1c",
    K.Key_BracketRight: "\x1d",
    K.Key_AsciiCircum: "\x1e",
    K.Key_6: "\x1e",
    K.Key_Underscore: "\x1f",
    K.Key_Minus: "\x1f",
}
# Ctrl+Shift+6 typed through a layout whose Shift+6 is "?" (Canadian French, CSA).
_CTRL_LAYOUT_GUESS: dict[int, str] = {K.Key_Question: "\x1e"}
_MODIFIER_KEYS: Final = frozenset(
    {
        K.Key_Shift,
        K.Key_Control,
        K.Key_Alt,
        K.Key_AltGr,
        K.Key_Meta,
        K.Key_Super_L,
        K.Key_Super_R,
        K.Key_Hyper_L,
        K.Key_Hyper_R,
        K.Key_CapsLock,
        K.Key_NumLock,
        K.Key_ScrollLock,
        K.Key_Mode_switch,
    }
)
_MODIFIER_NAMES: Final = {
    K.Key_Shift: "Shift",
    K.Key_Control: "Ctrl",
    K.Key_Alt: "Alt",
    K.Key_AltGr: "AltGr",
    K.Key_Meta: "Meta",
    K.Key_Super_L: "Super",
    K.Key_Super_R: "Super",
    K.Key_Hyper_L: "Hyper",
    K.Key_Hyper_R: "Hyper",
    K.Key_CapsLock: "CapsLock",
    K.Key_NumLock: "NumLock",
    K.Key_ScrollLock: "ScrollLock",
    K.Key_Mode_switch: "AltGr",
}
_FUNCTION_KEYS: Final = frozenset(K.Key_F1 + i for i in range(35))
_ENTER_KEYS: Final = frozenset({K.Key_Return, K.Key_Enter})
_TAB_KEYS: Final = frozenset({K.Key_Tab, K.Key_Backtab})
# Keys a person edits with: they end a burst and pass straight through.
_EDITING_KEYS: Final = frozenset(
    {
        K.Key_Backspace,
        K.Key_Delete,
        K.Key_Escape,
        K.Key_Left,
        K.Key_Right,
        K.Key_Up,
        K.Key_Down,
        K.Key_Home,
        K.Key_End,
        K.Key_PageUp,
        K.Key_PageDown,
    }
)
# Keypad keys with Num Lock off, as digits of an Alt code.
_KEYPAD_DIGITS: Final = {
    **{K.Key_0 + d: str(d) for d in range(10)},
    K.Key_Insert: "0",
    K.Key_End: "1",
    K.Key_Down: "2",
    K.Key_PageDown: "3",
    K.Key_Left: "4",
    K.Key_Clear: "5",
    K.Key_Right: "6",
    K.Key_Home: "7",
    K.Key_Up: "8",
    K.Key_PageUp: "9",
}
_EDITING_CONTROLS: Final = frozenset({"\x08", "\x7f"})
_ENTER_CHOICES: Final = ("\n", "\r", "\r\n")
_KEY_EVENTS: Final = (QEvent.Type.KeyPress, QEvent.Type.KeyRelease)
_CHORD_MODS: Final = M.ControlModifier | M.AltModifier | M.MetaModifier


class BurstEnd(enum.Enum):
    """What ended a burst (logged with each scan: a scan cut in two shows how)."""

    PAUSE = "a pause with the event loop free"
    WAIT_LIMIT = "the wait limit of a loop that stayed busy"
    LATE_KEY = "a key after a longer gap"
    EDITING_KEY = "an editing key"
    CALLED = "the kiosk (stop or flush)"


@dataclass
class _BurstStats:
    """How a burst's keys came: logged with a scan, never what they typed."""

    presses: int = 0
    longest_gap_ms: float = 0.0
    late_waits: int = 0


@dataclass(frozen=True)
class _HeldEvent:
    """A key event held back while a burst forms (enough to replay it faithfully)."""

    type: QEvent.Type
    key: int
    modifiers: Qt.KeyboardModifier
    scan_code: int
    virtual_key: int
    native_modifiers: int
    text: str
    autorepeat: bool

    @classmethod
    def of(cls, event: QKeyEvent) -> _HeldEvent:
        return cls(
            event.type(),
            event.key(),
            event.modifiers(),
            event.nativeScanCode(),
            event.nativeVirtualKey(),
            event.nativeModifiers(),
            event.text(),
            event.isAutoRepeat(),
        )

    def rebuild(self) -> QKeyEvent:
        return QKeyEvent(
            self.type,
            self.key,
            self.modifiers,
            self.scan_code,
            self.virtual_key,
            self.native_modifiers,
            self.text,
            self.autorepeat,
        )


def alt_code_char(digits: str) -> str:
    """The character of a Windows Alt+keypad code (``"0030"`` is RS); "" when out of range."""
    value = int(digits) if digits else -1
    if not 0 < value < 256:
        return ""
    if value < 128:
        return chr(value)
    codec = "cp1252" if digits.startswith("0") else "cp437"
    return bytes([value]).decode(codec, errors="replace")


def _is_keypad(event: QKeyEvent) -> bool:
    return bool(event.modifiers() & M.KeypadModifier)


class WedgeScanner(CaptureSource):
    """Keyboard-wedge listener on the kiosk's windows; see the module docstring for the rules."""

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
        self._held: list[_HeldEvent] = []
        self._typed: list[Typed] = []
        self._trace: list[str] = []
        self._alt_digits: str | None = None  # an Alt code being typed
        self._alt_echo = ""  # a platform may also deliver the composed character: skip it once
        self._expected: int | None = None  # the length the burst's AAMVA header declares
        self._chars = 0
        self._stats = _BurstStats()
        self._target: QObject | None = None
        self._last_press_at = float("-inf")
        self._last_press_stamp: int | None = None  # the last press's own time (ms), if any
        self._timer_due_at = float("-inf")  # when the end-of-burst timer is due (clock time)
        self._ending: BurstEnd | None = None  # the timer's end, once the loop is idle
        self._idle_signal: QAbstractEventDispatcher | None = None  # connected while ending
        self._tail_until = float("-inf")
        self._in_tail = False
        self._started_at = float("-inf")
        self._pre_burst: list[tuple[float, str]] = []  # modifier keys just before a burst
        self._replaying = False
        self._windows: list[QWindow] = []
        self._listening = False
        self.last_keys = ""  # the masked key trace of the last scan (Diagnostics)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._gap_timer_fired)

    # --- lifecycle ---------------------------------------------------------------------------

    def start(self) -> None:
        """Watch every top-level window now, and each window that gets the focus later."""
        for window in QGuiApplication.topLevelWindows():
            self.watch(window)
        app = QGuiApplication.instance()
        if isinstance(app, QGuiApplication) and not self._listening:
            app.focusWindowChanged.connect(self.watch)
            self._listening = True
        self.set_status(QT_TRANSLATE_NOOP("messages", "Listening"))

    def watch(self, window: QWindow | None) -> None:
        """Catch scans typed into ``window`` (idempotent)."""
        self._windows = [w for w in self._windows if shiboken6.isValid(w)]
        if window is None or any(w is window for w in self._windows):
            return
        window.installEventFilter(self)
        self._windows.append(window)

    def stop(self) -> None:
        """Stop watching; a half-formed burst is handed back as typing."""
        self.flush()
        app = QGuiApplication.instance()
        if self._listening and isinstance(app, QGuiApplication):
            app.focusWindowChanged.disconnect(self.watch)
        self._listening = False
        for window in self._windows:
            if shiboken6.isValid(window):
                window.removeEventFilter(self)
        self._windows.clear()
        self.set_status(QT_TRANSLATE_NOOP("messages", "Stopped"))

    def forget(self) -> None:
        """Forget the last scan and its key trace (idle wipe): the same licence may be scanned
        again at once."""
        self._duplicates.forget()
        self.last_keys = ""

    def raw_detail(self) -> str:
        """The masked key sequence of the last scan (for the Diagnostics screen)."""
        return self.last_keys

    # --- the filter --------------------------------------------------------------------------

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """Hold key events while a burst may be forming; everything else passes."""
        if self._replaying or event.type() not in _KEY_EVENTS or not isinstance(event, QKeyEvent):
            return False
        now = self._clock()
        stamp = _event_time_ms(event)
        press = event.type() == QEvent.Type.KeyPress
        gap = self._gap_since_last_press_ms(now, stamp) if self._held else 0.0
        if gap > self._gap_ms():
            self._end(BurstEnd.LATE_KEY)
        if not self._held:
            if not (press and self._opens_burst(event, now)):
                self._note_pre_burst(event, now)
                return False
            self._begin(watched, now)
        if press and self._ends_burst(event):
            self._end(BurstEnd.EDITING_KEY)
            return False
        self._held.append(_HeldEvent.of(event))
        if press:
            self._ending = None  # a key came: the burst goes on
            self._stats.presses += 1
            if self._stats.presses > 1:
                self._stats.longest_gap_ms = max(self._stats.longest_gap_ms, gap)
            self._last_press_at = now
            self._last_press_stamp = stamp
            self._on_press(event)
        else:
            self._on_release(event)
        self._count_chars()
        if press or self._timer.isActive():
            self._arm_timer(now)
        return True

    def flush(self) -> None:
        """End the current burst now: emit it as a scan or give the keys back as typing."""
        self._end(BurstEnd.CALLED)

    def _end(self, cause: BurstEnd) -> None:
        self._timer.stop()
        self._ending = None
        held, target, typed = self._held, self._target, self._typed
        trace, in_tail, expected, stats = self._trace, self._in_tail, self._expected, self._stats
        self._held, self._target, self._typed, self._trace = [], None, [], []
        self._alt_digits, self._alt_echo, self._in_tail = None, "", False
        self._expected, self._chars, self._stats = None, 0, _BurstStats()
        if not held:
            return
        characters = sum(1 for t in typed if t.char)
        if characters >= self.min_length:
            self.last_keys = " ".join(trace)
            self._tail_until = self._clock() + TAIL_GUARD_MS / 1000.0
            outcome = self._emit_scan(typed)
            log.info(
                "wedge scan: %d characters, %s declared; %d key presses, longest gap %.0f ms, "
                "%d late timer waits; ended by %s%s; %s",
                characters, "?" if expected is None else expected, stats.presses,
                stats.longest_gap_ms, stats.late_waits, cause.value,
                " (the rest of a scan)" if in_tail else "", outcome,
            )  # fmt: skip
        elif not in_tail:
            self._replay(held, target)

    # --- bursts ------------------------------------------------------------------------------

    def _gap_since_last_press_ms(self, now: float, stamp: int | None) -> float:
        """The pause before this key: from the key events' own times (when the keyboard was
        pressed, so a busy event loop changes nothing), else from when each was processed."""
        last = self._last_press_stamp
        if stamp is not None and last is not None and 0 <= stamp - last <= _STAMP_TRUST_MS:
            return float(stamp - last)
        return (now - self._last_press_at) * 1000.0

    def _arm_timer(self, now: float) -> None:
        gap = self._gap_ms()
        self._timer_due_at = now + gap / 1000.0
        self._timer.start(gap)

    def _gap_timer_fired(self) -> None:
        """The end-of-burst timer. Fired far later than it was due, it means the event loop was
        busy (a stall at start-up, say, while libraries load): keys typed meanwhile may still
        be queued, and their own times decide; so it waits one more gap, as often as it fires
        late, and the burst ends when a whole gap passed with the loop free, or once it has
        waited ``LATE_WAIT_LIMIT_MS`` since its last key: in both cases once the loop is idle
        (:meth:`_end_when_idle`)."""
        now = self._clock()
        late = (now - self._timer_due_at) * 1000.0 > LATE_TIMER_MS
        if late and (now - self._last_press_at) * 1000.0 < LATE_WAIT_LIMIT_MS:
            self._stats.late_waits += 1
            self._arm_timer(now)
            return
        self._end_when_idle(BurstEnd.WAIT_LIMIT if late else BurstEnd.PAUSE)

    def _end_when_idle(self, cause: BurstEnd) -> None:
        """End the burst when the event loop is next about to wait, unless a key press comes
        first. The timer may fire while keys the loop has read are still on their way to the
        window (Qt hands a key on through its own queue): the loop is about to wait only once
        nothing is left to hand on, and a key press among them takes the burst on (its timer
        armed again)."""
        dispatcher = QAbstractEventDispatcher.instance(self.thread())
        if dispatcher is None:
            self._end(cause)
            return
        self._ending = cause
        if self._idle_signal is None:
            dispatcher.aboutToBlock.connect(self._loop_idle)
            self._idle_signal = dispatcher

    def _loop_idle(self) -> None:
        """The event loop is about to wait: end the burst if its timer said so and no key
        press came since."""
        if self._idle_signal is not None:
            self._idle_signal.aboutToBlock.disconnect(self._loop_idle)
            self._idle_signal = None
        if self._ending is not None:
            self._end(self._ending)

    def _gap_ms(self) -> int:
        """The longest pause the current burst may take (longer for an incomplete licence)."""
        if self._expected is not None and self._chars < self._expected:
            return max(self.max_gap_ms, STALL_GRACE_MS)
        return self.max_gap_ms

    def _count_chars(self) -> None:
        """Track the burst's length; read the declared length once the header is in."""
        count = len(self._typed)
        if count == self._chars:
            return
        self._chars = count
        if self._expected is None and count == HEADER_PROBE_CHARS:
            text = "".join(t.char or "?" for t in self._typed)
            start = text.find("@")
            if 0 <= start < HEADER_PROBE_CHARS // 4:
                self._expected = declared_length(text[start:].replace("\x1e\n", "\x1e\r", 1))

    def _opens_burst(self, event: QKeyEvent, now: float) -> bool:
        if event.isAutoRepeat():
            return False
        if now < self._tail_until:
            return not self._ends_burst(event)
        mods = event.modifiers()
        key = event.key()
        if mods & M.AltModifier and _is_keypad(event) and key in _KEYPAD_DIGITS:
            return True  # an Alt-code scanner's first character
        if mods & _CHORD_MODS:
            return False
        if key in _FUNCTION_KEYS:
            return True  # a scanner's prefix (given back at once if nothing follows)
        text = event.text()
        return len(text) == 1 and text.isprintable()

    def _ends_burst(self, event: QKeyEvent) -> bool:
        if event.key() not in _EDITING_KEYS:
            return False
        return not (event.modifiers() & M.AltModifier and _is_keypad(event))

    def _begin(self, watched: QObject, now: float) -> None:
        self._target = QApplication.focusWidget() or _widget_of(watched)
        self._in_tail = now < self._tail_until
        self._started_at = now
        window = self.max_gap_ms / 1000.0
        self._trace = [name for at, name in self._pre_burst if now - at <= window]
        self._pre_burst = []

    def _note_pre_burst(self, event: QKeyEvent, now: float) -> None:
        """Remember modifier keys passed through just before a burst (for the key trace)."""
        name = _MODIFIER_NAMES.get(Qt.Key(event.key())) if event.key() in _MODIFIER_KEYS else None
        if name is None:
            self._pre_burst = []
            return
        arrow = "↓" if event.type() == QEvent.Type.KeyPress else "↑"
        self._pre_burst = [*self._pre_burst[-3:], (now, name + arrow)]

    def _on_press(self, event: QKeyEvent) -> None:
        key = event.key()
        mods = event.modifiers()
        text = event.text()
        if key in _MODIFIER_KEYS:
            self._record(_MODIFIER_NAMES.get(Qt.Key(key), "Mod") + "↓")
            if key == K.Key_Alt:
                self._alt_digits = ""
            return
        echo, self._alt_echo = self._alt_echo, ""
        if echo and text == echo and key in (0, K.Key_unknown):
            self._record("(" + _visible(text) + ")")
            return  # the platform's own rendering of the Alt code just composed
        if mods & M.AltModifier and _is_keypad(event) and key in _KEYPAD_DIGITS:
            digits = (self._alt_digits or "") + _KEYPAD_DIGITS[key]
            self._alt_digits = digits[-ALT_CODE_MAX_DIGITS:]
            self._record("KP" + _KEYPAD_DIGITS[key])
            return
        if key in _FUNCTION_KEYS:
            self._record(f"F{key - K.Key_F1 + 1}")
            self._typed.append(Typed("", Origin.FUNCTION))
            return
        if mods & M.ControlModifier:
            self._add_ctrl(key, text)
            return
        if key in _ENTER_KEYS:
            self._record("Enter")
            self._typed.append(Typed("\n", Origin.ENTER))
        elif key in _TAB_KEYS:
            self._record("Tab")
            self._typed.append(Typed("\t", Origin.TAB))
        elif mods & (M.AltModifier | M.MetaModifier):
            self._lost(event)
        elif len(text) == 1 and text.isprintable():
            self._add_char(text)
        elif len(text) == 1 and ord(text) < 0x20 and text not in _EDITING_CONTROLS:
            self._record(_visible(text))
            self._typed.append(Typed(text, Origin.CONTROL_TEXT))
        else:
            self._lost(event)

    def _on_release(self, event: QKeyEvent) -> None:
        key = event.key()
        if key not in _MODIFIER_KEYS:
            return
        self._record(_MODIFIER_NAMES.get(Qt.Key(key), "Mod") + "↑")
        if key == K.Key_Alt and self._alt_digits:
            char = alt_code_char(self._alt_digits)
            self._typed.append(Typed(char, Origin.ALT_CODE if char else Origin.LOST))
            self._alt_echo = char
            self._record("=" + _visible(char))
        if key == K.Key_Alt:
            self._alt_digits = None

    def _add_ctrl(self, key: int, text: str) -> None:
        letter = _CTRL_LETTERS.get(key) or _CTRL_SYMBOLS.get(key)
        if letter:
            self._record("Ctrl+" + _key_name(key))
            self._typed.append(Typed(letter, Origin.CTRL))
        elif key in _CTRL_LAYOUT_GUESS:
            self._record("Ctrl+" + _key_name(key))
            self._typed.append(Typed(_CTRL_LAYOUT_GUESS[key], Origin.LAYOUT_GUESS))
        elif len(text) == 1 and ord(text) < 0x20:
            self._record("Ctrl+" + _visible(text))
            self._typed.append(Typed(text, Origin.CONTROL_TEXT))
        else:
            self._record("Ctrl+?")
            self._typed.append(Typed("", Origin.LOST))

    def _add_char(self, text: str) -> None:
        shown = sum(1 for t in self._typed if t.char)
        self._record((text if text != " " else "␠") if shown < TRACE_CLEAR_CHARS else MASK)
        self._typed.append(Typed(text, Origin.TEXT))

    def _lost(self, event: QKeyEvent) -> None:
        self._record("?" if not event.text() else MASK)
        self._typed.append(Typed("", Origin.LOST))

    def _record(self, token: str) -> None:
        if len(self._trace) < TRACE_MAX_EVENTS:
            self._trace.append(token)

    # --- results -----------------------------------------------------------------------------

    def _emit_scan(self, typed: list[Typed]) -> str:
        """Emit the scan; returns what became of it (for the log: no data)."""
        result = assemble(typed, self.enter_as)
        if self._duplicates.is_duplicate(result.payload, self._clock(), self._started_at):
            self.set_status(QT_TRANSLATE_NOOP("messages", "Same barcode again — ignored"))
            return "ignored as a repeat"
        if result.byte_exact:
            self.set_status(QT_TRANSLATE_NOOP("messages", "Listening"))
            self.payload_scanned.emit(result.payload)
            return "byte-exact"
        self.set_status(result.reason)
        self.repaired_payload_scanned.emit(result.payload)
        return f"repaired: {result.reason}"

    def _replay(self, held: list[_HeldEvent], target: QObject | None) -> None:
        if target is None or not shiboken6.isValid(target):
            return
        self._replaying = True
        try:
            for item in held:
                QCoreApplication.sendEvent(target, item.rebuild())
                if not shiboken6.isValid(target):
                    return
        finally:
            self._replaying = False


def _event_time_ms(event: QKeyEvent) -> int | None:
    """When the key was pressed, by the window system's clock (ms); None when the event has no
    time of its own (made by code rather than a keyboard)."""
    stamp = int(event.timestamp())
    return stamp or None


def _visible(char: str) -> str:
    """A control character as ``<0x1E>``; a printable one as it is."""
    if not char:
        return "∅"
    return char if char.isprintable() else f"<0x{ord(char):02X}>"


def _key_name(key: int) -> str:
    if key in _CTRL_LETTERS:
        return chr(key)
    return {
        K.Key_BracketLeft: "[",
        K.Key_Backslash: "\\",
        K.Key_BracketRight: "]",
        K.Key_AsciiCircum: "^",
        K.Key_6: "Shift+6",
        K.Key_Underscore: "_",
        K.Key_Minus: "Shift+-",
        K.Key_Question: "?",
    }.get(Qt.Key(key), "?")


def _widget_of(window: QObject) -> QWidget | None:
    """The top-level widget of a watched window (where typing goes when nothing has focus)."""
    if isinstance(window, QWindow):
        for widget in QApplication.topLevelWidgets():
            if widget.windowHandle() is window:
                return widget
    return window if isinstance(window, QWidget) else None
