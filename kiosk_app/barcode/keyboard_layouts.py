"""Keyboard-wedge scanners typing through the wrong keyboard layout: detect and repair.

A wedge scanner sends *key positions* (USB HID usages). Set to the US layout (the factory
default) on a desk whose operating system uses another layout, every key whose character
differs between the two layouts arrives garbled: on French (AZERTY) ``@`` (Shift+2) becomes
``2``, the digits become ``&é"'(-è_çà`` and ``A``/``Q`` swap; on Canadian French ``@`` becomes
``"``. The AAMVA header (``@`` then ``ANSI `` or ``AAMVA``) and the element ids (``DAQ``,
``DCS``...) make a garbled payload recognisable: :func:`repair_layout` maps the text back and
keeps the result only when it looks clearly more like licence data than what was typed.

Each layout is a row of data: for every US character typed by the scanner, the character the
desk's layout produces for the same keys. Characters a layout turns into a dead key (nothing
typed) are left out: they are lost, and the repaired payload is never byte-exact anyway.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from kiosk_app.text import QT_TRANSLATE_NOOP


def _pairs(us: str, desk: str) -> dict[str, str]:
    assert len(us) == len(desk)
    return dict(zip(us, desk, strict=True))


def _table(mapping: dict[str, str]) -> dict[int, str]:
    return {ord(key): value for key, value in mapping.items()}


@dataclass(frozen=True)
class DeskLayout:
    """A desk keyboard layout a US-layout scanner may be typing through."""

    key: str  # short id (xkb name)
    us_to_desk: dict[str, str]  # US character -> what this layout types for the same keys
    advice: str  # English sentence for the clerk (translated by the UI): the setting to change

    def desk_to_us(self) -> dict[str, str]:
        """The repair map (characters identical in both layouts are left out)."""
        return {desk: us for us, desk in self.us_to_desk.items() if desk != us}


LAYOUTS: Final[tuple[DeskLayout, ...]] = (
    DeskLayout(
        "fr",
        {
            **_pairs("aqwzAQWZ", "qazwQAZW"),
            **_pairs("m;M:", ",m?M"),
            **_pairs("1234567890", "&é\"'(-è_çà"),
            **_pairs("!@#$%^&*()", "1234567890"),
            **_pairs("-_]}'\"\\|,<.>/?`", ")°$£ù%*µ;.:/!§²"),
        },
        (
            QT_TRANSLATE_NOOP(
                "messages",
                "The scanner types with the US keyboard layout but this computer uses French "
                "(AZERTY): set the scanner's keyboard country to France, or set this computer's "
                "keyboard layout to English (US).",
            )
        ),
    ),
    DeskLayout(
        "ca",
        {
            **_pairs("@#^`~\\|/?", '"/?#|<>éÉ'),
        },
        (
            QT_TRANSLATE_NOOP(
                "messages",
                "The scanner types with the US keyboard layout but this computer uses Canadian "
                "French: set the scanner's keyboard country to Canadian French, or set this "
                "computer's keyboard layout to English (US).",
            )
        ),
    ),
    DeskLayout(
        "ca-multix",
        {
            **_pairs("`~\\|/?'\"]<>", "/\\àÀéÉèÈç'\""),
        },
        (
            QT_TRANSLATE_NOOP(
                "messages",
                "The scanner types with the US keyboard layout but this computer uses Canadian "
                "Multilingual Standard (CSA): set the scanner's keyboard country to Canadian "
                "French (CSA), or set this computer's keyboard layout to English (US).",
            )
        ),
    ),
)
LAYOUTS_BY_KEY: Final = {layout.key: layout for layout in LAYOUTS}

#: When the layout is known to be wrong but not which one (a control key typed through it).
UNKNOWN_LAYOUT_ADVICE: Final = QT_TRANSLATE_NOOP(
    "messages",
    "The scanner's keyboard layout does not match this computer's: set the scanner's keyboard "
    "country to this computer's layout, or set this computer's keyboard layout to "
    "English (US).",
)

# How much more licence-like a repair must look than the text as typed to be kept.
_MIN_GAIN: Final = 3
_HEADER_WINDOW: Final = 32  # "ANSI " / "AAMVA" lies within the header's first characters
_ELEMENT_AT_LINE: Final = re.compile(r"(?:^|[\n\r\x1e])(?:DL|ID)?(D[A-D][A-Z])")
_ELEMENT_CAP: Final = 12


def licence_likeness(text: str) -> int:
    """A score of how much ``text`` looks like AAMVA data (header and element ids)."""
    score = 0
    if text.startswith("@"):
        score += 3
    head = text[:_HEADER_WINDOW]
    if "ANSI " in head or "AAMVA" in head:
        score += 3
    score += min(_ELEMENT_CAP, len(_ELEMENT_AT_LINE.findall(text)))
    if re.search(r"ANSI \d{6}", head):
        score += 2
    return score


@dataclass(frozen=True)
class LayoutRepair:
    """A garbled payload mapped back to what the scanner meant."""

    layout: DeskLayout
    text: str


def has_licence_header(text: str) -> bool:
    """``@`` first and the AAMVA file type in the header."""
    head = text[:_HEADER_WINDOW]
    return text.startswith("@") and ("ANSI " in head or "AAMVA" in head)


def repair_layout(text: str) -> LayoutRepair | None:
    """The repair of ``text`` if it was typed through a non-US desk layout, else None.

    Only text without a licence header is repaired, and only into text that has one; among
    the layouts that give one, the most licence-like result wins.
    """
    if has_licence_header(text):
        return None
    best: LayoutRepair | None = None
    best_score = licence_likeness(text) + _MIN_GAIN - 1
    for layout in LAYOUTS:
        candidate = text.translate(_table(layout.desk_to_us()))
        if not has_licence_header(candidate):
            continue
        score = licence_likeness(candidate)
        if score > best_score:
            best, best_score = LayoutRepair(layout, candidate), score
    return best


def garble(text: str, layout: DeskLayout) -> str:
    """What a US-layout scanner typing ``text`` produces on ``layout`` (tests, documentation)."""
    return text.translate(_table(layout.us_to_desk))
