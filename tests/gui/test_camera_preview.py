"""The camera preview widget: frames, the symbol outline, and the status when there is none."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage
from pytestqt.qtbot import QtBot

from kiosk_app.app.capture import camera as cam
from kiosk_app.app.capture.camera import CameraInfo, CameraSource
from kiosk_app.app.capture.live_decode import SymbolOutline
from kiosk_app.app.workers import WorkerPool
from kiosk_app.barcode.decode import FRAME_BUDGET_S, Scanner
from kiosk_app.ui.camera_preview import CameraPreview, fitted_rect, outline_polygon
from tests.support.capture import (
    FakeCameraBackend,
    aamva_payload,
    card_scene,
    grey_of,
    nv12_video_frame,
)

SIZE = (1280, 720)


def green_pixels(image: QImage) -> int:
    """Pixels of the outline colour (strong green, little red and blue)."""
    rgb = image.convertToFormat(QImage.Format.Format_RGB888)
    stride = rgb.bytesPerLine()
    data = np.frombuffer(rgb.constBits(), np.uint8, count=stride * rgb.height())
    pixels = data.reshape(rgb.height(), stride)[:, : rgb.width() * 3].reshape(
        rgb.height(), rgb.width(), 3
    )
    red, green, blue = (pixels[:, :, i].astype(int) for i in range(3))
    return int(np.count_nonzero((green > 150) & (red < 100) & (blue < 140)))


def test_preview_shows_frames_and_outlines_the_symbol(qtbot: QtBot, pool: WorkerPool) -> None:
    backend = FakeCameraBackend([CameraInfo("cam", "Camera", True)])
    source = CameraSource(pool, scanner=Scanner(budget_s=FRAME_BUDGET_S), backend=backend)
    preview = CameraPreview(max_fps=50)
    qtbot.addWidget(preview)
    preview.resize(640, 360)
    preview.attach(source)
    preview.show()
    source.start()
    camera = backend.camera
    assert camera.input is not None
    scene = grey_of(card_scene(aamva_payload(41), size=SIZE))
    captured: list[bytes] = []
    source.payload_scanned.connect(captured.append)
    while not captured:
        qtbot.waitUntil(lambda: camera.input.sendVideoFrame(nv12_video_frame(scene)))
        qtbot.wait(40)
    qtbot.waitUntil(lambda: preview.frames_painted > 0)
    assert len(preview.outline.corners) == 4
    preview.repaint()
    assert green_pixels(preview.grab().toImage()) > 200

    backend.set_present([])
    assert preview.message == cam.UNPLUGGED
    image = preview.grab().toImage()
    assert green_pixels(image) == 0  # no frozen frame, no stale outline
    source.stop()
    qtbot.waitUntil(pool.is_idle)


def test_preview_without_camera_shows_the_status(qtbot: QtBot, pool: WorkerPool) -> None:
    source = CameraSource(pool, backend=FakeCameraBackend([]))
    preview = CameraPreview()
    qtbot.addWidget(preview)
    preview.attach(source)
    source.start()
    assert preview.message == cam.NO_CAMERA
    preview.resize(320, 180)
    assert not preview.grab().toImage().isNull()
    source.stop()


def test_outline_maps_frame_corners_into_the_fitted_picture() -> None:
    target = fitted_rect(1280, 720, QRectF(0, 0, 640, 480))
    assert (target.x(), target.y(), target.width(), target.height()) == (0, 60, 640, 360)
    polygon = outline_polygon(
        SymbolOutline(((0, 0), (1280, 0), (1280, 720), (0, 720)), (1280, 720)), target
    )
    points = [(polygon.at(i).x(), polygon.at(i).y()) for i in range(polygon.size())]
    assert points == [(0, 60), (640, 60), (640, 420), (0, 420)]
    assert outline_polygon(SymbolOutline(), target).isEmpty()
