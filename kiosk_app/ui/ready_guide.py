"""The Ready screen's teaching area: where the barcode is and how to hold it, and what comes next.

Without a camera giving pictures (none plugged in, unplugged, busy, refused) a drawing
(``resources/illustrations/card-back.svg``: the back of a card, its PDF417 barcode, a scanner's
beam; no person) sits beside three numbered steps. With a camera giving pictures the live
preview takes the drawing's place, at a useful size, with a frame the card should fill. Once
a licence is read the steps give way to the local read (the Ready screen's panel).
"""

from __future__ import annotations

from functools import cache
from typing import Final

from PySide6.QtCore import QByteArray, QCoreApplication, QEvent, QRectF, QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from kiosk_app.text import QT_TRANSLATE_NOOP
from kiosk_app.ui import theme
from kiosk_app.ui.touch import touch_scroll
from kiosk_app.ui.widgets import WrappingScroll, is_language_change, label

translate = QCoreApplication.translate

ILLUSTRATION: Final = "illustrations/card-back.svg"
ILLUSTRATION_MIN: Final = QSize(180, 115)
STEPS: Final = (
    QT_TRANSLATE_NOOP(
        "Ready", "Turn the card over: the barcode is the wide block of fine stripes on the back."
    ),
    QT_TRANSLATE_NOOP(
        "Ready",
        "Hold it flat under the scanner, about a hand's width away, the whole barcode in the "
        "light — or open or drop a picture of it.",
    ),
    QT_TRANSLATE_NOOP(
        "Ready",
        "The name, date of birth and age appear here at once; then choose a check. The "
        "verdict follows in a few seconds.",
    ),
)


@cache
def _renderer_bytes() -> bytes:
    return theme.resource_bytes(ILLUSTRATION)


class CardIllustration(QWidget):
    """The drawing, scaled to the space it has (aspect kept)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("CardIllustration")
        self.renderer = QSvgRenderer(QByteArray(_renderer_bytes()), self)
        self.setMinimumSize(ILLUSTRATION_MIN)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        """The drawing's own size."""
        return self.renderer.defaultSize()

    def drawing_rect(self) -> QRectF:
        """Where the drawing is painted (centred, aspect kept)."""
        size = QSize(self.renderer.defaultSize())
        size.scale(self.size(), Qt.AspectRatioMode.KeepAspectRatio)
        x = (self.width() - size.width()) / 2
        y = (self.height() - size.height()) / 2
        return QRectF(x, y, size.width(), size.height())

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        """The drawing, centred."""
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.renderer.render(painter, self.drawing_rect())
        painter.end()


class ReadyGuide(QWidget):
    """The drawing (or the camera) beside the numbered steps."""

    def __init__(self, camera: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("ReadyGuide")
        self.illustration = CardIllustration()
        self.camera = camera
        self.heading = label("", "SectionTitle")
        self.steps: list[QLabel] = [label("", "GuideStep") for _ in STEPS]
        words = QVBoxLayout()
        words.addWidget(self.heading)
        for step in self.steps:
            words.addWidget(step)
        words.addStretch(1)
        self.words = QWidget()
        self.words.setLayout(words)
        # Its width comes from the stretch factors, not from the sentences' one-line width.
        self.words.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(24)
        row.addWidget(self.illustration, 1)
        row.addWidget(self.camera, 1)
        # A large text size makes the steps taller than the screen allows: they scroll then,
        # by dragging (a bar would take a third of the column; the Ready screen shows none).
        self.words_scroll = touch_scroll(WrappingScroll(self.words, "GuideSteps"))
        self.words_scroll.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.words_scroll.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.words_scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # help text: no Tab stop
        row.addWidget(self.words_scroll, 1)
        self.retranslate()

    def retranslate(self) -> None:
        """Texts in the interface language."""
        self.heading.setText(translate("Ready", "How to scan"))
        for number, (step, text) in enumerate(zip(self.steps, STEPS, strict=True), start=1):
            step.setText(f"{number}. {translate('Ready', text)}")

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """Follow a change of the interface language."""
        if is_language_change(event):
            self.retranslate()
        super().changeEvent(event)

    def show_state(self, licence_held: bool, camera: bool) -> None:
        """The camera (if any) always; the drawing without one; the steps until a read."""
        self.camera.setVisible(camera)
        self.illustration.setVisible(not camera and not licence_held)
        self.words.setVisible(not licence_held)
        self.words_scroll.setVisible(not licence_held)
        self.setVisible(camera or not licence_held)
