"""Turn what a keyboard-wedge scanner typed into a payload, and say whether it is byte-exact.

The Qt filter (``kiosk_app.app.capture.wedge``) hands over the characters of a burst, each with
the kind of key that produced it (:class:`Origin`). This module, free of Qt:

* drops a scanner's prefix before the ``@`` (STX, an AIM symbology identifier ``]L2``) and a
  suffix after the data (the Enter or Tab many scanners append);
* works out what the Enter key stands for from the AAMVA header (``@`` LF RS CR ``ANSI ``):
  Enter in the LF place and Ctrl+M (or an Alt code) in the CR place means Enter is LF, and the
  other way round; Enter in both places cannot be told apart;
* repairs a payload typed through a non-US desk layout (``keyboard_layouts``);
* decides **byte-exactness**: only a payload whose header arrived intact, control characters
  included, with no key lost, no layout repaired and no ambiguous suffix, is exact. Anything
  else still parses but is never sent to the signature check (``ScanData.byte_exact``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Final

from kiosk_app.barcode.errors import BarcodeError
from kiosk_app.barcode.keyboard_layouts import UNKNOWN_LAYOUT_ADVICE, repair_layout
from kiosk_app.barcode.payload import payload_from_track_string
from kiosk_app.text import QT_TRANSLATE_NOOP


class Origin(Enum):
    """The kind of key event a character came from."""

    TEXT = "text"  # a printable key (with or without Shift)
    ENTER = "enter"  # Enter / Return: LF or CR, told by the header
    TAB = "tab"
    CTRL = "ctrl"  # Ctrl+letter / Ctrl+symbol control code
    ALT_CODE = "alt"  # Alt + keypad digits
    CONTROL_TEXT = "control-text"  # a key event whose text is a control character
    LAYOUT_GUESS = "layout-guess"  # a control key typed through a non-US layout (Ctrl+?)
    FUNCTION = "function"  # F1-F35: a scanner's prefix or suffix (lost in the middle of data)
    LOST = "lost"  # a key inside the burst that produced no character (a dead key...)


@dataclass(frozen=True)
class Typed:
    """One character of a burst (``char`` is empty for a lost key)."""

    char: str
    origin: Origin


#: The AAMVA header's first characters: compliance indicator, data element separator, record
#: separator, segment terminator; then the file type.
HEADER_CONTROLS: Final = "@\n\x1e\r"
FILE_TYPES: Final = ("ANSI ", "AAMVA")
_PREFIX_LIMIT: Final = 8  # a prefix longer than this is not a scanner's prefix
_AIM_ID: Final = re.compile(r"\]L[0-9A-Z]$")
_SUFFIX_ORIGINS: Final = (Origin.ENTER, Origin.TAB)

# Why a payload is not byte-exact (English; the UI translates).
REASON_HEADER: Final = QT_TRANSLATE_NOOP(
    "messages",
    "The scanner did not send the barcode's control characters as they are: set it to send "
    "control characters (Ctrl+key or Alt+keypad codes), or use the camera.",
)
# A burst that does not begin with the header's "@": the rest of a scan cut in two (its start
# went as a burst of its own), or a barcode that is not a licence.
REASON_NO_START: Final = QT_TRANSLATE_NOOP(
    "messages",
    "The scan did not start as a licence barcode does: its beginning was lost, or it is not a "
    "licence. Scan the licence again.",
)
REASON_ENTER: Final = QT_TRANSLATE_NOOP(
    "messages",
    "The scanner sends the Enter key for both line feed and carriage return: set it to send "
    "control characters as Ctrl+key, or use the camera.",
)
REASON_LOST: Final = QT_TRANSLATE_NOOP(
    "messages",
    "Some keys the scanner sent did not type a character: set the scanner to send control "
    "characters as Ctrl+key, or use the camera.",
)
REASON_SUFFIX: Final = QT_TRANSLATE_NOOP(
    "messages",
    "The scanner adds a suffix after the data: set its suffix to none, or use the camera.",
)


@dataclass(frozen=True)
class WedgeText:
    """The rebuilt payload and its provenance."""

    payload: bytes
    byte_exact: bool
    reason: str = ""  # why not byte-exact (English), "" when exact
    layout: str = ""  # the desk layout repaired ("" none)


def _strip_function_keys(typed: list[Typed]) -> list[Typed]:
    """Drop function keys sent before or after the data (a scanner's prefix/suffix).

    An Enter or Tab among the trailing keys stays: the suffix rule of :func:`assemble` decides.
    """
    start, end = 0, len(typed)
    while start < end and typed[start].origin is Origin.FUNCTION:
        start += 1
    while end > start and typed[end - 1].origin in (Origin.FUNCTION, *_SUFFIX_ORIGINS):
        end -= 1
    tail = [t for t in typed[end:] if t.origin is not Origin.FUNCTION]
    return typed[start:end] + tail


def _strip_prefix(typed: list[Typed]) -> list[Typed]:
    for index, item in enumerate(typed[: _PREFIX_LIMIT + 1]):
        if item.char == "@" and index:
            prefix = "".join(t.char for t in typed[:index])
            if all(t.origin is not Origin.TEXT for t in typed[:index]) or _AIM_ID.search(prefix):
                return typed[index:]
            return typed
    return typed


def _enter_meaning(typed: list[Typed], default: str) -> tuple[str, bool]:
    """What Enter stands for, and whether that is certain (the header tells)."""
    if len(typed) < 4 or typed[0].char != "@":
        return default, False
    lf, cr = typed[1], typed[3]
    if lf.origin is Origin.ENTER and cr.origin is Origin.ENTER:
        return default, False
    if lf.origin is Origin.ENTER and cr.char == "\r":
        return "\n", True
    if cr.origin is Origin.ENTER and lf.char == "\n":
        return "\r", True
    return default, True


def declared_length(text: str) -> int | None:
    """The payload length an AAMVA header declares (None: no readable header yet)."""
    return _declared_end(text)


def _declared_end(text: str) -> int | None:
    """Where the header says the data ends (the last subfile's offset + length)."""
    # The parser's own reading of the header; the parser loads with the first scan.
    from kiosk_app.barcode.aamva import _parse_header as parse_header

    try:
        header = parse_header(payload_from_track_string(text))
    except BarcodeError:
        return None
    ends = [d.offset + d.length for d in header.designators]
    return max(ends) if ends else None


def assemble(chars: Sequence[Typed], enter_as: str = "\n") -> WedgeText:
    """The payload of a burst and whether it is byte-exact (see the module docstring)."""
    typed = _strip_function_keys(list(chars))
    typed = _strip_prefix(typed)
    enter, enter_certain = _enter_meaning(typed, enter_as)
    pieces = [enter if t.origin is Origin.ENTER else t.char for t in typed]
    text = "".join(pieces)
    reason = ""
    # The suffix: Enter/Tab keys after the data. Kept when the header counts them as data;
    # otherwise dropped, and the payload stays exact only if the data then ends as AAMVA data
    # does (the header's length, or the segment terminator CR).
    tail = len(typed)
    while tail and typed[tail - 1].origin in _SUFFIX_ORIGINS:
        tail -= 1
    if tail < len(typed) and _declared_end(text) != len(text):
        text = "".join(pieces[:tail])
        typed = typed[:tail]
        if _declared_end(text) != len(text) and not text.endswith("\r"):
            reason = REASON_SUFFIX
    layout = ""
    repair = repair_layout(text)
    if repair is not None:
        text, layout, reason = repair.text, repair.layout.key, repair.layout.advice
    elif any(t.origin is Origin.LAYOUT_GUESS for t in typed):
        reason = UNKNOWN_LAYOUT_ADVICE
    if not reason:
        if not text.startswith(HEADER_CONTROLS[0]):
            reason = REASON_NO_START
        elif not enter_certain and any(t.origin is Origin.ENTER for t in typed):
            reason = REASON_ENTER
            if text.startswith("@\n\x1e\n"):
                text = HEADER_CONTROLS + text[4:]  # Enter for both: the header's is CR
        elif not (text.startswith(HEADER_CONTROLS) and text[4:9] in FILE_TYPES):
            reason = REASON_HEADER
        elif any(t.origin in (Origin.LOST, Origin.FUNCTION) for t in typed):
            reason = REASON_LOST
    return WedgeText(payload_from_track_string(text), not reason, reason, layout)
