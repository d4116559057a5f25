"""A small live camera preview with the detected symbol outlined.

Self-contained: ``CameraPreview.attach(source)`` connects a
:class:`~kiosk_app.app.capture.camera.CameraSource` (frames, outline, status). The widget keeps
only the newest frame and repaints at most ``max_fps`` times a second, converting each painted
frame by sampling it down to the widget's size (:func:`preview_image`), so a fast 1080p camera
costs the GUI thread a few milliseconds per repaint. Without frames it shows the camera's
status text instead (no camera, unplugged, busy...). The outline is drawn in the frame's
coordinates mapped to the picture's place in the widget, and fades out when the last decode
found nothing.
"""

from __future__ import annotations

import time

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt, QTimer
from PySide6.QtGui import QColor, QImage, QPainter, QPaintEvent, QPen, QPolygonF
from PySide6.QtMultimedia import QVideoFrame
from PySide6.QtWidgets import QSizePolicy, QWidget

from kiosk_app.app.capture.camera import PLAYING, READY, STARTING, CameraSource
from kiosk_app.app.capture.frames import preview_image
from kiosk_app.app.capture.live_decode import SymbolOutline
from kiosk_app.ui.messages import translate_message

OUTLINE_COLOUR = QColor(40, 200, 90)
#: The guide frame: white dashes, a licence's shape (ID-1, 85.6 x 54 mm), 80 % of the picture.
GUIDE_COLOUR = QColor(255, 255, 255, 200)
CARD_ASPECT = 85.6 / 54.0
GUIDE_SHARE = 0.8
#: An outline older than this is no longer drawn (the card moved away).
OUTLINE_TTL_S = 0.6


def gives_pictures(status: str) -> bool:
    """True while a camera with this status shows (or is about to show) pictures; False when
    there is none, it was unplugged, is busy, refused or stopped."""
    return status in (READY, STARTING) or status.startswith(PLAYING)


def fitted_rect(frame_w: int, frame_h: int, area: QRectF) -> QRectF:
    """The largest rectangle of the frame's aspect ratio centred in ``area``."""
    if frame_w <= 0 or frame_h <= 0 or area.isEmpty():
        return QRectF()
    scale = min(area.width() / frame_w, area.height() / frame_h)
    width, height = frame_w * scale, frame_h * scale
    return QRectF(
        area.x() + (area.width() - width) / 2,
        area.y() + (area.height() - height) / 2,
        width,
        height,
    )


def outline_polygon(outline: SymbolOutline, target: QRectF) -> QPolygonF:
    """The outline's corners mapped from frame pixels into ``target``."""
    frame_w, frame_h = outline.frame_size
    if not outline.corners or frame_w <= 0 or frame_h <= 0:
        return QPolygonF()
    sx, sy = target.width() / frame_w, target.height() / frame_h
    return QPolygonF(
        [QPointF(target.x() + x * sx, target.y() + y * sy) for x, y in outline.corners]
    )


def guide_rect(target: QRectF) -> QRectF:
    """The frame the card should fill: a card's shape, centred, most of the picture."""
    width = min(target.width() * GUIDE_SHARE, target.height() * GUIDE_SHARE * CARD_ASPECT)
    height = width / CARD_ASPECT
    return QRectF(target.center().x() - width / 2, target.center().y() - height / 2, width, height)


class CameraPreview(QWidget):
    """Shows the newest camera frame, the symbol outline, or the camera's status text."""

    def __init__(self, parent: QWidget | None = None, max_fps: int = 20) -> None:
        super().__init__(parent)
        self.setObjectName("cameraPreview")
        self.setMinimumSize(QSize(240, 135))
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        self._frame: QVideoFrame | None = None
        self._image: QImage | None = None  # the frame converted for painting
        self._outline = SymbolOutline()
        self._outline_at = 0.0
        self._message = "Camera off"
        self._dirty = False
        self.frames_painted = 0
        self.guide = False  # draw the frame the card should fill
        self._repaint = QTimer(self, interval=max(1, 1000 // max_fps))
        self._repaint.timeout.connect(self._flush)

    @property
    def message(self) -> str:
        """The text shown while there is no picture."""
        return self._message

    @property
    def outline(self) -> SymbolOutline:
        """The outline currently drawn (empty when none)."""
        if time.monotonic() - self._outline_at > OUTLINE_TTL_S:
            return SymbolOutline()
        return self._outline

    def attach(self, source: CameraSource) -> None:
        """Show ``source``'s frames, outline and status."""
        source.frame_ready.connect(self.set_frame)
        source.symbol_located.connect(self.set_outline)
        source.status_changed.connect(self.set_message)
        self.set_message(source.status)

    def set_frame(self, frame: QVideoFrame) -> None:
        """Keep the newest frame; it is painted on the next repaint tick."""
        self._frame = frame
        self._image = None
        self._dirty = True
        if not self._repaint.isActive():
            self._repaint.start()

    def set_outline(self, outline: SymbolOutline) -> None:
        """Outline the symbol at these frame coordinates (empty: no outline)."""
        self._outline = outline
        self._outline_at = time.monotonic()
        self._dirty = True

    def set_message(self, text: str) -> None:
        """The camera's status; shown instead of the picture when frames stop."""
        self._message = text
        if not gives_pictures(text):
            self._frame = self._image = None  # unplugged, failed: no frozen last frame
            self._repaint.stop()
        self.update()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """Repaint a status text shown in the new language."""
        if event.type() == QEvent.Type.LanguageChange:
            self.update()
        super().changeEvent(event)

    def _flush(self) -> None:
        if self._dirty:
            self._dirty = False
            self.update()
        elif self._frame is None:
            self._repaint.stop()

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        """Frame (aspect kept) and outline, or the status text on black."""
        painter = QPainter(self)
        painter.fillRect(self.rect(), Qt.GlobalColor.black)
        frame = self._frame
        if frame is None or not frame.isValid():
            painter.setPen(Qt.GlobalColor.white)
            painter.drawText(
                self.rect().adjusted(12, 12, -12, -12),
                Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap,
                translate_message(self._message),
            )
            painter.end()
            return
        target = fitted_rect(frame.width(), frame.height(), QRectF(self.rect()))
        if self._image is None:
            # Sampled down to about the widget's size: a fraction of a full conversion.
            self._image = preview_image(frame, int(target.width()), int(target.height()))
            self.frames_painted += 1
        painter.drawImage(target, self._image)
        if self.guide:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            pen = QPen(GUIDE_COLOUR, 3, Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.drawRoundedRect(guide_rect(target), 12, 12)
        polygon = outline_polygon(self.outline, target)
        if not polygon.isEmpty():
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.setPen(QPen(OUTLINE_COLOUR, 4))
            painter.drawPolygon(polygon)
        painter.end()
