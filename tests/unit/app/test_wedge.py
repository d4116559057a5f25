"""The wedge filter with full key sequences as a real scanner sends them (pytest-qt).

Every test delivers press **and** release events, the modifier keys as events of their own
(Shift, Ctrl, Alt, AltGr, Meta, Caps Lock, Num Lock), to the focused window's ``QWindow``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QCoreApplication, Qt, QTimer
from PySide6.QtWidgets import QApplication, QDialog, QLineEdit, QPushButton, QVBoxLayout

from kiosk_app.app.capture.wedge import (
    LATE_WAIT_LIMIT_MS,
    TRACE_CLEAR_CHARS,
    WedgeScanner,
    alt_code_char,
)
from kiosk_app.barcode.keyboard_layouts import LAYOUTS_BY_KEY, garble
from kiosk_app.barcode.wedge_text import REASON_ENTER, REASON_HEADER, REASON_NO_START
from kiosk_app.simulator.samples import SAMPLES_BY_KEY
from tests.conftest import CORPUS_DIR
from tests.support.clock import FakeClock
from tests.support.qt import OFFSCREEN_DIALOG_NOTE
from tests.wedge_keys import (
    MODIFIER_KEYS,
    PRESS,
    RELEASE,
    Convention,
    KeyEv,
    char_events,
    deliver,
    deliver_timed,
    scanner_events,
    tap,
    typed_events,
    with_modifier,
)

K = Qt.Key
SCAN_GAP = 0.004
HUMAN_GAP = 0.12
SIGNED = SAMPLES_BY_KEY["signature-valid"].payload
LICENCE = (CORPUS_DIR / "aamva" / "c0shea-IdParser" / "GA.txt").read_bytes()


@pytest.fixture
def edit(qtbot: Any) -> QLineEdit:
    widget = QLineEdit()
    qtbot.addWidget(widget)
    widget.show()
    qtbot.waitExposed(widget)
    widget.activateWindow()
    widget.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is widget, timeout=5000)
    return widget


class StallingClock(FakeClock):
    """A fake clock that, with ``step_per_read`` set, also moves on that much at each reading:
    the code under test finds every moment later than the last (a loop that keeps stalling)."""

    def __init__(self) -> None:
        super().__init__()
        self.step_per_read = 0.0

    def __call__(self) -> float:
        now = super().__call__()
        self.advance(self.step_per_read)
        return now


class Wedge:
    """A started scanner on a fake clock, recording what it emits."""

    def __init__(self, min_length: int = 20) -> None:
        self.clock = StallingClock()
        self.scanner = WedgeScanner(max_gap_ms=50, min_length=min_length, clock=self.clock)
        self.exact: list[bytes] = []
        self.repaired: list[bytes] = []
        self.scanner.payload_scanned.connect(self.exact.append)
        self.scanner.repaired_payload_scanned.connect(self.repaired.append)
        self.scanner.start()

    def send(self, events: list[KeyEv], gap: float = SCAN_GAP) -> None:
        deliver(events, self.clock.advance, gap)

    def scan(self, events: list[KeyEv], gap: float = SCAN_GAP) -> None:
        self.send(events, gap)
        self.scanner.flush()  # the end-of-burst timer, without waiting for it


@pytest.fixture
def wedge(qtbot: Any, edit: QLineEdit) -> Any:
    w = Wedge()
    yield w
    w.scanner.stop()


def text(payload: bytes) -> str:
    return payload.decode("latin-1")


# --- 1. bursts survive what a real wedge sends between characters -----------------------------


def test_capital_letters_with_shift_key_events_make_one_scan(edit: QLineEdit, wedge: Any) -> None:
    """A Shift key press around each capital must not cut the burst."""
    wedge.scan(scanner_events(text(SIGNED)))
    assert wedge.exact == [SIGNED] and wedge.repaired == []
    assert edit.text() == ""


@pytest.mark.parametrize("name", sorted(MODIFIER_KEYS))
def test_lone_modifier_presses_and_releases_inside_a_burst_change_nothing(
    edit: QLineEdit, wedge: Any, name: str
) -> None:
    key, flag = MODIFIER_KEYS[name]
    events: list[KeyEv] = []
    for index, item in enumerate(scanner_events(text(SIGNED))):
        events.append(item)
        if index % 7 == 3:
            events += [KeyEv(PRESS, key, flag), KeyEv(RELEASE, key)]
    wedge.scan(events)
    assert wedge.exact == [SIGNED]
    assert edit.text() == ""


def test_ctrl_letter_control_codes(edit: QLineEdit, wedge: Any) -> None:
    wedge.scan(scanner_events(text(SIGNED), Convention.CTRL))
    assert wedge.exact == [SIGNED]


@pytest.mark.parametrize("digits", [4, 3])
def test_alt_numpad_codes(edit: QLineEdit, wedge: Any, digits: int) -> None:
    events = []
    for char in text(SIGNED):
        if char.isprintable():
            events += char_events(char)
        else:
            code = str(ord(char)).zfill(digits)
            keys = [
                e
                for d in code
                for e in tap(K.Key_0 + int(d), Qt.KeyboardModifier.KeypadModifier, d)
            ]
            events += with_modifier("Alt", keys)
    wedge.scan(events)
    assert wedge.exact == [SIGNED]


def test_alt_numpad_codes_with_num_lock_off(edit: QLineEdit, wedge: Any) -> None:
    """Num Lock off: the keypad reports Insert, End, Down... the digits are still read."""
    nav = [K.Key_Insert, K.Key_End, K.Key_Down, K.Key_PageDown, K.Key_Left]
    nav += [K.Key_Clear, K.Key_Right, K.Key_Home, K.Key_Up, K.Key_PageUp]
    events = []
    for char in text(SIGNED):
        if char.isprintable():
            events += char_events(char)
        else:
            keys = [
                e
                for d in str(ord(char)).zfill(4)
                for e in tap(nav[int(d)], Qt.KeyboardModifier.KeypadModifier)
            ]
            events += with_modifier("Alt", keys)
    wedge.scan(events)
    assert wedge.exact == [SIGNED]


def test_every_character_as_an_alt_code(edit: QLineEdit, wedge: Any) -> None:
    """Layout-independent scanners type everything as Alt codes: the burst opens on one."""
    wedge.scan(scanner_events(text(SIGNED), Convention.ALT_ALL))
    assert wedge.exact == [SIGNED]
    assert edit.text() == ""


def test_alt_code_characters() -> None:
    assert alt_code_char("0030") == "\x1e" and alt_code_char("010") == "\n"
    assert alt_code_char("13") == "\r" and alt_code_char("0233") == "é"
    assert alt_code_char("130") == "é"  # code page 437 without the leading 0
    assert alt_code_char("0") == "" and alt_code_char("300") == ""


@pytest.mark.parametrize(
    ("prefix", "suffix"),
    [
        (tap(K.Key_F12), tap(K.Key_F12)),
        ((), tap(K.Key_Return, text="\r")),
        (tap(K.Key_F11), [*tap(K.Key_F12), *tap(K.Key_Return, text="\r")]),
        (with_modifier("Ctrl", tap(K.Key_B, text="\x02")), tap(K.Key_Tab, text="\t")),
    ],
    ids=["F12-F12", "Enter-suffix", "F11-F12+Enter", "STX-Tab"],
)
def test_function_key_and_control_prefixes_and_suffixes_are_dropped(
    edit: QLineEdit, wedge: Any, prefix: list[KeyEv], suffix: list[KeyEv]
) -> None:
    wedge.scan(scanner_events(text(SIGNED), prefix=prefix, suffix=suffix))
    assert wedge.exact == [SIGNED]
    assert edit.text() == ""


def test_enter_means_cr_when_the_header_says_so(edit: QLineEdit, wedge: Any) -> None:
    wedge.scan(scanner_events(text(SIGNED), Convention.ENTER_CR))
    assert wedge.exact == [SIGNED]


def test_enter_for_both_lf_and_cr_is_repaired_not_exact(edit: QLineEdit, wedge: Any) -> None:
    wedge.scan(scanner_events(text(SIGNED), Convention.ENTER_BOTH))
    assert wedge.exact == [] and len(wedge.repaired) == 1
    assert wedge.repaired[0].startswith(b"@\n\x1e\rANSI ")
    assert wedge.scanner.status == REASON_ENTER


def test_dropped_control_characters_are_repaired_not_exact(edit: QLineEdit, wedge: Any) -> None:
    wedge.scan(scanner_events(text(SIGNED), Convention.DROP))
    assert wedge.exact == [] and len(wedge.repaired) == 1
    assert wedge.scanner.status == REASON_HEADER


def test_the_rest_of_a_scan_cut_in_two_says_its_start_was_lost(edit: QLineEdit, wedge: Any) -> None:
    """A scan cut in two (the keyboard paused past the gap before the header declared the
    length): the rest is not taken for a scanner that drops control characters."""
    events = scanner_events(text(SIGNED))
    wedge.scan(events[:60])
    wedge.clock.advance(1.0)  # past the tail guard: the rest is a burst of its own
    wedge.scan(events[60:])
    assert len(wedge.repaired) == 1 and wedge.scanner.status == REASON_NO_START
    assert edit.text() == ""


def wedge_log(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "kiosk_app.app.capture.wedge"]


def test_a_scan_is_logged_with_how_its_keys_came_never_what_they_typed(
    edit: QLineEdit, wedge: Any, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level("INFO")
    wedge.scan(scanner_events(text(SIGNED), Convention.ALT_CODES))
    [line] = wedge_log(caplog)
    assert line.startswith(f"wedge scan: {len(SIGNED)} characters, {len(SIGNED)} declared; ")
    assert line.endswith("ended by the kiosk (stop or flush); byte-exact"), line
    assert "longest gap 6 ms, 0 late timer waits" in line, line  # 4 ms + two releases
    for element in (b"DCS", b"DAC", b"DAG"):  # surname, first name, street
        value = SIGNED.split(b"\n" + element, 1)[1].split(b"\n", 1)[0].decode("latin-1")
        assert value not in line


def test_a_scan_cut_in_two_is_logged_as_two_with_the_gap_that_cut_it(
    edit: QLineEdit, wedge: Any, caplog: pytest.LogCaptureFixture
) -> None:
    """The first part ends before its header declared a length; the rest lacks the header."""
    caplog.set_level("INFO")
    events = scanner_events(text(SIGNED))
    wedge.send(events[:60])
    wedge.clock.advance(1.0)
    wedge.scan(events[60:])
    first, rest = wedge_log(caplog)
    assert ", ? declared; " in first and "ended by a key after a longer gap; byte-exact" in first
    assert "(the rest of a scan); repaired: " + REASON_NO_START in rest


def test_a_stall_mid_licence_does_not_cut_the_scan_in_two(edit: QLineEdit, wedge: Any) -> None:
    """A scanner or USB hub pausing 200 ms once the header has declared the length."""
    events = scanner_events(text(SIGNED))
    half = len(events) // 2
    wedge.send(events[:half])
    wedge.clock.advance(0.2)
    wedge.scan(events[half:])
    assert wedge.exact == [SIGNED] and wedge.repaired == []


def test_a_busy_gui_thread_early_in_a_scan_changes_nothing(edit: QLineEdit, wedge: Any) -> None:
    """The GUI thread stalls 120 ms some 15 characters in (before the header declares the
    length): the keys' own times show the scanner never paused, so the scan stays whole."""
    events = scanner_events(text(SIGNED))
    deliver_timed(events, wedge.clock.advance, SCAN_GAP, stall_at=40, stall_s=0.12)
    wedge.scanner.flush()
    assert wedge.exact == [SIGNED] and wedge.repaired == []


def test_a_pause_in_the_keys_own_times_ends_the_burst_however_fast_they_came(
    edit: QLineEdit, wedge: Any
) -> None:
    """Keys whose own times show a 120 ms pause are two bursts, even when the kiosk (busy)
    processed them back to back."""
    first, second = scanner_events("0123456789" * 3), scanner_events("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    deliver_timed(
        [*first, *second], wedge.clock.advance, SCAN_GAP, pause_at=len(first), stall_s=0.12
    )
    wedge.scanner.flush()
    assert wedge.repaired == [b"0123456789" * 3, b"ABCDEFGHIJKLMNOPQRSTUVWXYZ"]


def test_an_end_of_burst_timer_fired_late_waits_for_keys_still_queued(
    qtbot: Any, edit: QLineEdit, wedge: Any
) -> None:
    """The end-of-burst timer fires long after it was due (the loop was busy): it waits one
    more gap, and the keys that were queued meanwhile finish the scan."""
    events = scanner_events(text(SIGNED))
    next_ms = deliver_timed(events[:40], wedge.clock.advance, SCAN_GAP)
    wedge.clock.advance(0.3)  # the loop was busy; the timer is now far overdue
    qtbot.wait(70)  # the real 50 ms timer fires, late by the kiosk's clock: the burst is kept
    assert wedge.exact == [] and wedge.repaired == [] and edit.text() == ""  # not typed
    deliver_timed(events[40:], wedge.clock.advance, SCAN_GAP, start_ms=next_ms)
    wedge.scanner.flush()
    assert wedge.exact == [SIGNED]


STALLED_MS = 500  # the loop turning late this long: the 50 ms timer fires some ten times
STALL_PER_READ_S = 0.1
BUSY_PER_READ_S = 0.5  # the limit is reached after some seven firings (under half a second)
LIMIT_WAIT_MS = 10_000


def test_an_end_of_burst_timer_late_again_after_waiting_keeps_waiting(
    qtbot: Any, edit: QLineEdit, wedge: Any
) -> None:
    """Stalls one after the other (libraries loading at start-up while a scan is typed): the
    timer fires late, waits a gap, fires late again, and waits again; the keys queued
    meanwhile still finish the scan. Only a gap the loop spent free ends the burst."""
    events = scanner_events(text(SIGNED))
    next_ms = deliver_timed(events[:40], wedge.clock.advance, SCAN_GAP)
    # The real 50 ms timer fires several times meanwhile, each time late by the kiosk's clock
    # (every reading of it is 100 ms after the last): the burst is kept.
    wedge.clock.advance(0.3)  # the loop was busy; the timer is now far overdue
    wedge.clock.step_per_read = STALL_PER_READ_S
    qtbot.wait(STALLED_MS)
    wedge.clock.step_per_read = 0.0
    assert wedge.exact == [] and wedge.repaired == [] and edit.text() == ""  # not typed
    deliver_timed(events[40:], wedge.clock.advance, SCAN_GAP, start_ms=next_ms)
    qtbot.waitUntil(lambda: wedge.exact == [SIGNED], timeout=5000)  # a free gap ends it


def test_a_loop_that_stays_busy_still_ends_the_burst_at_the_limit(
    qtbot: Any, edit: QLineEdit, wedge: Any
) -> None:
    """The timer late every time it fires (the loop never free): the burst is not held for
    good; it ends once it has waited ``LATE_WAIT_LIMIT_MS`` since its last key, not before."""
    wedge.send(scanner_events(text(SIGNED)))
    last_key_at = wedge.clock.now
    wedge.clock.advance(0.3)  # the loop was busy; the timer is now far overdue
    wedge.clock.step_per_read = BUSY_PER_READ_S
    qtbot.waitUntil(lambda: wedge.exact == [SIGNED], timeout=LIMIT_WAIT_MS)
    assert wedge.clock.now - last_key_at >= LATE_WAIT_LIMIT_MS / 1000.0
    assert edit.text() == ""


@pytest.mark.parametrize(
    "stall_s", [0.0, LATE_WAIT_LIMIT_MS / 1000.0 + 1.0], ids=["timer-on-time", "past-the-limit"]
)
def test_keys_read_but_not_yet_delivered_when_the_timer_fires_finish_the_scan(
    qtbot: Any, edit: QLineEdit, wedge: Any, stall_s: float
) -> None:
    """The end-of-burst timer fires, on time or late past ``LATE_WAIT_LIMIT_MS``, while keys
    typed within its gap are read but not yet handed on: the burst ends only once the loop is
    idle, and those keys, their times going on as typed, finish the scan: none is lost or
    typed."""
    events = scanner_events(text(SIGNED))
    next_ms = deliver_timed(events[:40], wedge.clock.advance, SCAN_GAP)
    wedge.clock.advance(stall_s)  # the loop was busy this long
    timer = wedge.scanner.findChild(QTimer)
    with qtbot.waitSignal(timer.timeout, timeout=5000):
        pass  # the real 50 ms timer fires once; the loop has not been idle since
    assert wedge.exact == [] and wedge.repaired == [] and edit.text() == ""  # not typed
    deliver_timed(events[40:], wedge.clock.advance, SCAN_GAP, start_ms=next_ms)
    wedge.scanner.flush()
    assert wedge.exact == [SIGNED] and edit.text() == ""


def test_the_same_stall_ends_a_burst_that_is_not_a_licence(
    qtbot: Any, edit: QLineEdit, wedge: Any
) -> None:
    wedge.send(scanner_events("0123456789 0123456789 0123456789 0123456789 0123456789"))
    wedge.clock.advance(0.2)
    wedge.scan(scanner_events("ABCDEFGHIJKLMNOPQRSTUVWXYZ"))
    assert len(wedge.repaired) == 2  # two bursts, neither a licence header


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    inserts=st.lists(
        st.tuples(
            st.integers(min_value=0, max_value=10_000),
            st.sampled_from(sorted(MODIFIER_KEYS)),
            st.sampled_from(["press", "release", "both"]),
        ),
        max_size=40,
    ),
    convention=st.sampled_from([Convention.ENTER_LF, Convention.CTRL, Convention.ALT_CODES]),
)
def test_random_modifier_events_never_change_the_payload(
    edit: QLineEdit, inserts: list[tuple[int, str, str]], convention: Convention
) -> None:
    events = scanner_events(text(SIGNED), convention)
    for position, name, kind in sorted(inserts, reverse=True):
        if name == "Alt" and convention is Convention.ALT_CODES:
            name = "Meta"  # a lone Alt inside an Alt code is what ends the code
        key, flag = MODIFIER_KEYS[name]
        extra = {
            "press": [KeyEv(PRESS, key, flag)],
            "release": [KeyEv(RELEASE, key)],
            "both": [KeyEv(PRESS, key, flag), KeyEv(RELEASE, key)],
        }[kind]
        spot = position % (len(events) + 1)
        events[spot:spot] = extra
    w = Wedge()
    try:
        w.scan(events)
    finally:
        w.scanner.stop()
    assert w.exact == [SIGNED]
    assert edit.text() == ""


# --- 2. wherever the focus is; never typed, never a button; people are not scanners ----------


@settings(max_examples=25, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    typed=st.text(alphabet="abcXYZ019 .,-'@#", min_size=20, max_size=50),
    pauses=st.lists(st.floats(min_value=0.1, max_value=0.5), min_size=50, max_size=50),
)
def test_a_person_typing_is_never_a_scan(edit: QLineEdit, typed: str, pauses: list[float]) -> None:
    """At human speed (100 ms or more between characters, Shift pressed 30 ms before the
    key), whatever is typed reaches the field as typed and is never taken for a scan."""
    edit.clear()
    w = Wedge()
    try:
        for char, pause in zip(typed, pauses, strict=False):
            for event in char_events(char):
                QCoreApplication.sendEvent(edit.window().windowHandle(), event.qt())
                if event.key == K.Key_Shift and event.type == PRESS:
                    w.clock.advance(0.03)
            w.clock.advance(pause)
        w.scanner.flush()
    finally:
        w.scanner.stop()
    assert w.exact == [] and w.repaired == []
    assert edit.text() == typed


@pytest.mark.qt_log_ignore(OFFSCREEN_DIALOG_NOTE)
def test_scan_in_a_dialog_never_types_or_presses_its_default_button(qtbot: Any) -> None:
    w = Wedge()
    dialog = QDialog()
    qtbot.addWidget(dialog)
    field = QLineEdit(dialog)
    button = QPushButton("OK", dialog)
    button.setDefault(True)
    layout = QVBoxLayout(dialog)
    layout.addWidget(field)
    layout.addWidget(button)
    pressed: list[bool] = []
    button.clicked.connect(pressed.append)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.activateWindow()
    field.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is field, timeout=5000)
    w.scan(scanner_events(text(SIGNED)))  # the dialog opened after start(): watched on focus
    w.scanner.stop()
    assert w.exact == [SIGNED]
    assert field.text() == "" and pressed == [] and dialog.isVisible()


def test_human_typing_with_shift_is_never_a_scan(qtbot: Any, edit: QLineEdit, wedge: Any) -> None:
    typed = "Pat O'Brien, 123 Main St. APT 4"
    wedge.send(scanner_events(typed), gap=HUMAN_GAP)
    qtbot.waitUntil(lambda: edit.text() == typed, timeout=3000)
    assert wedge.exact == [] and wedge.repaired == []


def test_short_fast_burst_is_given_back_with_its_capitals(
    qtbot: Any, edit: QLineEdit, wedge: Any
) -> None:
    wedge.send(scanner_events("Ab C"))
    assert edit.text() == ""  # held while the burst may grow
    qtbot.waitUntil(lambda: edit.text() == "Ab C", timeout=3000)


def test_enter_and_editing_keys_alone_pass_straight_through(edit: QLineEdit, wedge: Any) -> None:
    returned: list[bool] = []
    edit.returnPressed.connect(lambda: returned.append(True))
    edit.setText("abc")
    wedge.send(tap(K.Key_Backspace, text="\x08"), gap=HUMAN_GAP)
    assert edit.text() == "ab"
    wedge.send(tap(K.Key_Return, text="\r"), gap=HUMAN_GAP)
    assert returned == [True]
    wedge.send(with_modifier("Ctrl", tap(K.Key_A, text="\x01")), gap=HUMAN_GAP)
    assert edit.selectedText() == "ab"


def test_keys_right_after_a_scan_are_its_tail_never_typed(
    qtbot: Any, edit: QLineEdit, wedge: Any
) -> None:
    returned: list[bool] = []
    edit.returnPressed.connect(lambda: returned.append(True))
    wedge.scan(scanner_events(text(SIGNED)))
    wedge.clock.advance(0.08)  # the scanner paused, then sent the rest
    wedge.scan(scanner_events("DCF1\n"))
    assert edit.text() == "" and returned == []
    wedge.clock.advance(1.0)
    wedge.send(scanner_events("x"), gap=HUMAN_GAP)
    qtbot.waitUntil(lambda: edit.text() == "x", timeout=3000)


# --- 3. keyboard layouts ---------------------------------------------------------------------


@pytest.mark.parametrize("layout", ["fr", "ca"])
def test_us_scanner_on_a_french_desk_layout_is_repaired_not_exact(
    edit: QLineEdit, wedge: Any, layout: str
) -> None:
    desk = LAYOUTS_BY_KEY[layout]
    wedge.scan(typed_events(garble(text(LICENCE), desk)))
    assert wedge.exact == []
    assert wedge.repaired == [LICENCE]
    assert wedge.scanner.status == desk.advice


def test_ctrl_question_for_rs_is_read_but_not_exact(edit: QLineEdit, wedge: Any) -> None:
    """Ctrl+Shift+6 typed through Canadian French or CSA arrives as Ctrl+?."""
    events = []
    for item in scanner_events(text(SIGNED)):
        if item.text == "\x1e":
            item = KeyEv(item.type, K.Key_Question, item.mods, "")
        events.append(item)
    wedge.scan(events)
    assert wedge.exact == [] and wedge.repaired == [SIGNED]


# --- 6. the key trace for Diagnostics ----------------------------------------------------------


def test_key_trace_shows_modifiers_and_masks_values(edit: QLineEdit, wedge: Any) -> None:
    wedge.scan(scanner_events(text(SIGNED)))
    trace = wedge.scanner.raw_detail().split(" ")
    assert trace[:6] == ["Shift↓", "@", "Shift↑", "Enter", "Ctrl↓", "Shift↓"]
    shown = [t for t in trace if len(t) == 1 and t != "•"]
    assert "".join(shown)[:5] == "@ANSI"
    assert len(shown) <= TRACE_CLEAR_CHARS
    assert "•" in trace and "DAQ" not in wedge.scanner.raw_detail()
    wedge.scanner.forget()
    assert wedge.scanner.raw_detail() == ""


def test_stop_removes_the_filter(qtbot: Any, edit: QLineEdit) -> None:
    w = Wedge(min_length=5)
    w.scanner.stop()
    w.send(scanner_events("abcdefgh"))
    assert edit.text() == "abcdefgh"
    assert w.scanner.status == "Stopped"


def test_unknown_enter_mapping_is_refused() -> None:
    with pytest.raises(ValueError, match="enter_as"):
        WedgeScanner(enter_as="\t")


def test_duplicate_within_window_is_ignored_then_accepted(edit: QLineEdit, wedge: Any) -> None:
    for advance in (0.0, 1.9, 2.1):
        wedge.clock.advance(advance)
        wedge.scan(scanner_events(text(SIGNED)))
    assert wedge.exact == [SIGNED, SIGNED]


def test_corpus_file_is_a_real_licence() -> None:
    assert Path(CORPUS_DIR).is_dir() and LICENCE.startswith(b"@\n\x1e\rANSI ")
