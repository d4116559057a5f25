"""Look and feel: the stylesheet, the icons and the verdict/match vocabulary.

Resources are read with ``importlib.resources`` from the package ``kiosk_app.resources`` (the
top-level ``resources/`` folder), so an installed wheel and a frozen build both find them.
Every verdict and every match result has a colour **and** an icon **and** words: colour is never
the only signal. The verdict colours are also chosen to stay apart for clerks with a colour-vision
deficiency: a teal green, a deep red, amber and a light grey differ in lightness as well as hue
(``tests/gui/test_feedback.py`` simulates protanopia, deuteranopia and tritanopia).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources

from PySide6.QtCore import QByteArray, QCoreApplication, QRectF, Qt
from PySide6.QtGui import QIcon, QImage, QPainter, QPixmap
from PySide6.QtSvg import QSvgRenderer

from kiosk_app.api.outcome import MatchCategory, Verdict
from kiosk_app.app.text import QT_TRANSLATE_NOOP

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
# Every look the verdict banner can take, by style key (see ``kiosk_app.ui.verdict_table``).
BANNER_LOOKS: dict[str, Look] = {look.key: look for look in (*VERDICT_LOOKS.values(), PARSED_LOOK)}

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


@cache
def stylesheet() -> str:
    """The application stylesheet (``resources/style.qss``)."""
    return resource_bytes("style.qss").decode("utf-8")


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
