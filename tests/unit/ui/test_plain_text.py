"""The plain-text guard: labels never take markup, and outside values are bounded."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt

from kiosk_app.ui.plain_text import (
    ELLIPSIS,
    MAX_LABEL_CHARS,
    MAX_LABEL_LINES,
    MAX_VALUE_CHARS,
    REPLACEMENT,
    PlainLabel,
    plain_value,
    shown_text,
)


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("<b>bold</b>", "<b>bold</b>"),
        ("a\x1b[2Jb", f"a{REPLACEMENT}[2Jb"),
        ("a\x00b\x7fc\x9bd", f"a{REPLACEMENT}b{REPLACEMENT}c{REPLACEMENT}d"),
        ("\u202eDEIFIREV", f"{REPLACEMENT}DEIFIREV"),
        ("one\r\ntwo\u2028three", "one\ntwo\nthree"),
        ("tab\tkept", "tab\tkept"),
    ],
)
def test_shown_text_replaces_controls_and_keeps_the_rest(text: str, shown: str) -> None:
    assert shown_text(text) == shown


def test_shown_text_is_bounded_in_length_and_lines() -> None:
    assert len(shown_text("x" * 100_000)) == MAX_LABEL_CHARS
    assert shown_text("x" * 100_000).endswith(ELLIPSIS)
    lines = shown_text("line\n" * 500).split("\n")
    assert len(lines) == MAX_LABEL_LINES and lines[-1] == ELLIPSIS


def test_plain_value_is_one_bounded_line() -> None:
    assert plain_value("a\nb\rc\u2029d") == "a b c d"
    assert len(plain_value("v" * 10_000)) == MAX_VALUE_CHARS
    assert plain_value(None) == "None"


def test_plain_label_is_plain_text_and_never_widens_for_a_long_word(qtbot: Any) -> None:
    label = PlainLabel("<img src=/dev/zero>")
    qtbot.addWidget(label)
    label.setWordWrap(True)
    assert label.textFormat() == Qt.TextFormat.PlainText
    assert label.text() == "<img src=/dev/zero>"
    label.setText("W" * 10_000)
    assert label.minimumWidth() == 1  # the layout may clip it rather than grow the window
    label.setText("a short name")
    assert label.minimumWidth() == 0
