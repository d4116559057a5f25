"""Look and feel: the stylesheet, the icons and the verdict/match vocabulary.

Resources are read with ``importlib.resources`` from the package ``kiosk_app.resources`` (the
top-level ``resources/`` folder), so an installed wheel and a frozen build both find them.
Every verdict and every match result has a colour **and** an icon **and** words: colour is never
the only signal. The verdict colours are also chosen to stay apart for clerks with a colour-vision
deficiency: a teal green, a deep red, amber and a light grey differ in lightness as well as hue
(``tests/gui/test_feedback.py`` simulates protanopia, deuteranopia and tritanopia).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, partial
from importlib import resources

from PySide6.QtCore import QByteArray, QCoreApplication, QRectF, Qt
from PySide6.QtGui import QIcon, QImage, QPainter, QPixmap
from PySide6.QtSvg import QSvgRenderer

from kiosk_app.api.outcome import MatchCategory
from kiosk_app.kinds import Verdict
from kiosk_app.text import QT_TRANSLATE_NOOP

RESOURCE_PACKAGE = "kiosk_app.resources"
MIN_TOUCH_PX = 44


@dataclass(frozen=True)
class Look:
    """How one verdict or match result is shown: style key, icon, words, colours."""

    key: str
    icon: str
    words: str  # English source; shown through ``translated_words``
    background: str
    foreground: str

    @property
    def translated_words(self) -> str:
        """The words in the interface language."""
        return QCoreApplication.translate("Theme", self.words)


VERDICT_LOOKS: dict[Verdict, Look] = {
    Verdict.PASSED: Look(
        "passed", "pass", QT_TRANSLATE_NOOP("Theme", "Passed"), "#0f766e", "#ffffff"
    ),
    Verdict.FAILED: Look(
        "failed", "fail", QT_TRANSLATE_NOOP("Theme", "Failed"), "#b91c1c", "#ffffff"
    ),
    Verdict.FLAGGED: Look(
        "flagged", "flag", QT_TRANSLATE_NOOP("Theme", "Flagged"), "#f2a900", "#1f1f1f"
    ),
    Verdict.UNDEFINED: Look(
        "undefined",
        "unknown",
        QT_TRANSLATE_NOOP("Theme", "Could not verify"),
        "#e5e7eb",
        "#1f2937",
    ),
}

# Parse only: the service read the barcode, nothing was verified. Neither green nor red, no
# tick: a clerk must not read it as "the ID is good".
PARSED_LOOK = Look(
    "parsed",
    "info",
    QT_TRANSLATE_NOOP("Theme", "Read by the service — not verified"),
    "#dbe7f3",
    "#0f2a44",
)
# Under the desk's minimum age: its own colour (a deep purple, apart from every verdict colour
# under colour-vision deficiencies too), icon and words, whatever the check said.
UNDER_AGE_LOOK = Look(
    "underage", "underage", QT_TRANSLATE_NOOP("Theme", "Under age"), "#3b0764", "#ffffff"
)
# Every look the verdict banner can take, by style key (see ``kiosk_app.flow.verdict_table``).
BANNER_LOOKS: dict[str, Look] = {
    look.key: look for look in (*VERDICT_LOOKS.values(), PARSED_LOOK, UNDER_AGE_LOOK)
}

MATCH_LOOKS: dict[MatchCategory, Look] = {
    MatchCategory.MATCH: Look(
        "match", "pass", QT_TRANSLATE_NOOP("Theme", "Match"), "#e7f4ea", "#14532d"
    ),
    MatchCategory.PARTIAL_MATCH: Look(
        "partial", "partial", QT_TRANSLATE_NOOP("Theme", "Partial match"), "#fff4d6", "#7a4a00"
    ),
    MatchCategory.NO_MATCH: Look(
        "nomatch", "fail", QT_TRANSLATE_NOOP("Theme", "No match"), "#fde8e8", "#8b1a1a"
    ),
    MatchCategory.NONE: Look(
        "none", "none", QT_TRANSLATE_NOOP("Theme", "Not compared"), "#f1f3f5", "#374151"
    ),
}


def resource_bytes(relative: str) -> bytes:
    """The bytes of a file under ``resources/`` (e.g. ``icons/pass.svg``)."""
    node = resources.files(RESOURCE_PACKAGE)
    for part in relative.split("/"):
        node = node.joinpath(part)
    return node.read_bytes()


# The focus ring's (outer, inner) colours: the outer one stands out from the page, the inner one
# from a dark control; on a light control the outer one does (kiosk_app.ui.accessibility).
FOCUS_RING = ("#1e3a8a", "#ffffff")
HIGH_CONTRAST_FOCUS_RING = ("#ffff00", "#000000")
# The admin's text sizes (percent) and the high-contrast sheet laid over the standard one.
TEXT_SIZES = (100, 125, 150)
HIGH_CONTRAST_SHEET = "high-contrast.qss"


def focus_ring_colours(high_contrast: bool = False) -> tuple[str, str]:
    """(outer, inner) colour of the focus ring in the standard or the high-contrast theme."""
    return HIGH_CONTRAST_FOCUS_RING if high_contrast else FOCUS_RING


@cache
def stylesheet(
    scale: float = 1.0,
    verdict_scale: float | None = None,
    high_contrast: bool = False,
    text_scale: float = 1.0,
) -> str:
    """The application stylesheet (``resources/style.qss``), its sizes times ``scale``.

    The verdict's title uses ``verdict_scale`` (default ``scale``): a large screen shows a
    bigger verdict, readable from further away, while the rest grows less. ``text_scale`` (the
    admin's text size) multiplies every font size but the verdict's, already the largest, and
    buttons' and large type's (half as much), and leaves spacing and targets to ``scale``.
    ``high_contrast`` lays ``resources/high-contrast.qss`` over it (its later rules win).
    """
    sheet = resource_bytes("style.qss").decode("utf-8")
    if high_contrast:
        sheet += "\n" + resource_bytes(HIGH_CONTRAST_SHEET).decode("utf-8")
    if scale == 1.0 and verdict_scale in (None, 1.0) and text_scale == 1.0:
        return sheet
    verdict = scale if verdict_scale is None else verdict_scale
    # Button words grow half as much: they are large already and must stay on one line.
    button_text = 1 + (text_scale - 1) / 2
    lines = []
    selector = ""
    for line in sheet.splitlines():
        if "{" in line:
            selector = line.split("{", 1)[0]
        factor = verdict if "VerdictTitle" in line else scale
        if "VerdictTitle" not in line and text_scale != 1.0:
            grow = button_text if "Button" in selector else text_scale
            # Font sizes first, marked (upper-case unit) so the pass below leaves them.
            line = _FONT_PX.sub(
                partial(_scaled_font, factor=factor, grow=grow, large_grow=button_text), line
            )
        line = _PX.sub(partial(_scaled_px, factor=factor), line)
        lines.append(line.replace(_FONT_MARK, "px"))
        if "}" in line:
            selector = ""
    return "\n".join(lines)


_FONT_PX = re.compile(r"(font-size\s*:\s*)(\d+)px")
_FONT_MARK = "PX"


# Type this large (titles, the licence's name, EXPIRED) is large already: the admin's text size
# grows it half as much, as buttons' words, so a title keeps to a line or two.
LARGE_TYPE_PX = 26


def _scaled_font(match: re.Match[str], factor: float, grow: float, large_grow: float) -> str:
    size = int(match.group(2))
    scaled = size * factor * (min(grow, large_grow) if size >= LARGE_TYPE_PX else grow)
    return f"{match.group(1)}{round(scaled)}{_FONT_MARK}"


_PX = re.compile(r"(min-height|min-width|height|width)?(:\s*)?(\b\d+)px")
# Sizes up to this stay as they are (hairlines and borders).
HAIRLINE_PX = 3


def _scaled_px(match: re.Match[str], factor: float) -> str:
    prefix = (match.group(1) or "") + (match.group(2) or "")
    value = int(match.group(3))
    if value <= HAIRLINE_PX:
        return match.group(0)
    scaled = round(value * factor)
    if match.group(1) and value >= MIN_TOUCH_PX:  # touch targets never shrink below it
        scaled = max(scaled, MIN_TOUCH_PX)
    return f"{prefix}{scaled}px"


# The size the stylesheet is written for, and how far the layout scales from it.
DESIGN_SIZE = (1280, 800)
MIN_SCALE = 0.7
MAX_SCALE = 1.5
MAX_VERDICT_SCALE = 2.4
SCALE_STEP = 0.05


def layout_scales(width: int, height: int) -> tuple[float, float]:
    """(scale of the text and spacing, scale of the verdict) for a window of this size.

    Small screens shrink the text so everything fits (never the touch targets); large ones
    grow it, the verdict most. Stepped, so a small resize does not restyle the window.
    """
    fit = min(width / DESIGN_SIZE[0], height / DESIGN_SIZE[1])
    stepped = round(fit / SCALE_STEP) * SCALE_STEP
    body = round(min(max(stepped, MIN_SCALE), MAX_SCALE), 2)
    verdict = round(min(max(stepped, MIN_SCALE), MAX_VERDICT_SCALE), 2)
    return body, verdict


def pixmap(name: str, size: int) -> QPixmap:
    """An icon rendered crisp at ``size`` pixels (device-pixel-ratio 1)."""
    return QPixmap.fromImage(_rendered(name, size))


@cache
def _rendered(name: str, size: int) -> QImage:
    # A QImage (plain memory, no display resources) is safe to keep for the process lifetime.
    renderer = QSvgRenderer(QByteArray(_svg(name)))
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    renderer.render(painter, QRectF(0, 0, size, size))
    painter.end()
    return image


def icon(name: str) -> QIcon:
    """An icon for buttons (rendered at a few sizes)."""
    result = QIcon()
    for size in (24, 48, 96):
        result.addPixmap(pixmap(name, size))
    return result


@cache
def _svg(name: str) -> bytes:
    return resource_bytes(f"icons/{name}.svg")
