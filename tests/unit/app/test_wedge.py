"""The wedge filter's rules on a plain line edit: bursts, typing, control characters."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLineEdit

from kiosk_app.app.capture.wedge import WedgeScanner
from tests.gui.conftest import FakeClock, send_key, type_text

CTRL = Qt.KeyboardModifier.ControlModifier


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


@pytest.fixture
def wedge(qtbot: Any) -> Any:
    clock = FakeClock()
    scanner = WedgeScanner(max_gap_ms=50, min_length=10, clock=clock)
    scanner.start()
    yield scanner, clock
    scanner.stop()


def test_fast_burst_is_a_scan_and_never_reaches_the_field(edit: QLineEdit, wedge: Any) -> None:
    scanner, clock = wedge
    got: list[bytes] = []
    scanner.payload_scanned.connect(got.append)
    type_text("@ANSI 6360", clock, 0.005)
    send_key(edit, Qt.Key.Key_J, "\n", CTRL)
    clock.advance(0.005)
    send_key(edit, Qt.Key.Key_AsciiCircum, "\x1e", CTRL)
    clock.advance(0.005)
    send_key(edit, Qt.Key.Key_M, "\r", CTRL)
    clock.advance(0.005)
    send_key(edit, Qt.Key.Key_BracketRight, "", CTRL)
    clock.advance(0.005)
    send_key(edit, Qt.Key.Key_Return, "\r")
    clock.advance(0.005)
    send_key(edit, Qt.Key.Key_Tab, "\t")
    scanner.flush()
    assert got == [b"@ANSI 6360\n\x1e\r\x1d\n\t"]
    assert edit.text() == ""


@pytest.mark.parametrize("enter_as", ["\n", "\r", "\r\n"])
def test_enter_is_rebuilt_as_configured(edit: QLineEdit, enter_as: str) -> None:
    clock = FakeClock()
    scanner = WedgeScanner(min_length=5, enter_as=enter_as, clock=clock)
    scanner.start()
    got: list[bytes] = []
    scanner.payload_scanned.connect(got.append)
    type_text("ABCDEF", clock, 0.002)
    send_key(edit, Qt.Key.Key_Enter, "\r")
    scanner.flush()
    scanner.stop()
    assert got == [b"ABCDEF" + enter_as.encode()]


def test_unknown_enter_mapping_is_refused() -> None:
    with pytest.raises(ValueError, match="enter_as"):
        WedgeScanner(enter_as="\t")


def test_short_burst_is_given_back_in_order(qtbot: Any, edit: QLineEdit, wedge: Any) -> None:
    _scanner, clock = wedge
    type_text("abc", clock, 0.005)
    assert edit.text() == ""  # held while the burst may still grow
    qtbot.waitUntil(lambda: edit.text() == "abc", timeout=2000)


def test_human_typing_reaches_the_field(qtbot: Any, edit: QLineEdit, wedge: Any) -> None:
    scanner, clock = wedge
    got: list[bytes] = []
    scanner.payload_scanned.connect(got.append)
    type_text("Typed slowly, 25 chars...", clock, 0.15)
    qtbot.waitUntil(lambda: edit.text() == "Typed slowly, 25 chars...", timeout=2000)
    assert got == []


def test_editing_keys_and_shortcuts_pass_straight_through(edit: QLineEdit, wedge: Any) -> None:
    _scanner, _clock = wedge
    edit.setText("abc")
    send_key(edit, Qt.Key.Key_Backspace, "\x08")
    assert edit.text() == "ab"
    send_key(edit, Qt.Key.Key_A, "\x01", CTRL)  # select all: not held outside a burst
    assert edit.selectedText() == "ab"


def test_autorepeat_is_typing(qtbot: Any, edit: QLineEdit, wedge: Any) -> None:
    from PySide6.QtCore import QCoreApplication, QEvent
    from PySide6.QtGui import QKeyEvent

    _scanner, clock = wedge
    for _ in range(12):
        QCoreApplication.sendEvent(
            edit.windowHandle(),
            QKeyEvent(
                QEvent.Type.KeyPress, Qt.Key.Key_X, Qt.KeyboardModifier.NoModifier, "x", True, 1
            ),
        )
        clock.advance(0.03)
    assert edit.text() == "x" * 12


def test_duplicate_within_window_is_ignored_then_accepted(edit: QLineEdit, wedge: Any) -> None:
    scanner, clock = wedge
    got: list[bytes] = []
    scanner.payload_scanned.connect(got.append)
    for advance in (0.0, 1.9, 2.1):
        clock.advance(advance)
        type_text("0123456789AB", clock, 0.001)
        scanner.flush()
    assert got == [b"0123456789AB", b"0123456789AB"]


def test_stop_removes_the_filter(qtbot: Any, edit: QLineEdit) -> None:
    clock = FakeClock()
    scanner = WedgeScanner(min_length=5, clock=clock)
    scanner.start()
    scanner.stop()
    type_text("abcdefgh", clock, 0.001)
    assert edit.text() == "abcdefgh"
    assert scanner.status == "Stopped"
