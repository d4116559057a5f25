"""Text from outside the kiosk is shown as plain text, bounded in length and lines.

A ``QLabel`` left at Qt's ``AutoText`` renders a string as HTML when it looks like markup. Any
text that came from a barcode, a file name, the service, a setting or the OS could then load
images (``<img src=/dev/zero>`` made Qt read the device until the process died), hang on a FIFO,
or paint its own big green "VERIFIED". Every label the screens build is a :class:`PlainLabel`:
its format is fixed to ``Qt.PlainText`` and ``setText`` bounds what Qt has to lay out:

* control characters (C0, C1 except newline and tab) and the bidirectional overrides and
  isolates, which can make text read backwards, become U+FFFD;
* at most :data:`MAX_LABEL_LINES` lines and :data:`MAX_LABEL_CHARS` characters are shown, the
  cut marked with an ellipsis;
* a text with a run of more than :data:`UNBROKEN_RUN_CHARS` characters without a space may be
  clipped rather than widen the window (an unbroken 10,000-character name asked for a window
  85,000 pixels wide).

:func:`plain_value` is for a value put inside one of our own sentences ("File: {name}"): it
also turns line breaks into spaces, so a value cannot add lines of its own, and cuts the value
to its own limit first.
"""

from __future__ import annotations

import re
from typing import Final

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget

MAX_LABEL_CHARS: Final = 1000
MAX_LABEL_LINES: Final = 12
MAX_VALUE_CHARS: Final = 300
UNBROKEN_RUN_CHARS: Final = 60
ELLIPSIS: Final = "…"
REPLACEMENT: Final = "\ufffd"

# C0 and C1 controls except tab and newline; bidi embeddings, overrides and isolates; marks.
_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
# Characters a plain-text QLabel breaks lines at, besides newline.
_LINE_BREAKS = re.compile("\r\n|[\r\u2028\u2029\x0b\x0c\x85]")
_VALUE_BREAKS = re.compile("[\t\n\r\u2028\u2029]")
_LONG_RUN = re.compile(rf"\S{{{UNBROKEN_RUN_CHARS + 1},}}")


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + ELLIPSIS


def shown_text(text: str) -> str:
    """``text`` as a :class:`PlainLabel` shows it: controls replaced, lines and length cut."""
    text = _cut(text, MAX_LABEL_CHARS)
    text = _CONTROLS.sub(REPLACEMENT, _LINE_BREAKS.sub("\n", text))
    lines = text.split("\n")
    if len(lines) > MAX_LABEL_LINES:
        text = "\n".join(lines[: MAX_LABEL_LINES - 1]) + "\n" + ELLIPSIS
    return text


def plain_value(value: object, limit: int = MAX_VALUE_CHARS) -> str:
    """An outside value for one line of our own text: one line, no controls, ``limit`` long."""
    text = _cut(str(value), limit)
    return _CONTROLS.sub(REPLACEMENT, _VALUE_BREAKS.sub(" ", text))


class PlainLabel(QLabel):
    """A label that never interprets its text as markup; see the module docstring."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTextFormat(Qt.TextFormat.PlainText)
        if text:
            self.setText(text)

    def setText(self, text: str) -> None:  # noqa: N802 - Qt override
        """Show ``text`` literally (bounded as the module docstring says)."""
        shown = shown_text(text)
        # An unbroken run is clipped instead of raising the window's minimum width.
        self.setMinimumWidth(1 if _LONG_RUN.search(shown) else 0)
        super().setText(shown)
