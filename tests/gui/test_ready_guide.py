"""The Ready screen teaches: without a camera, the drawing of the back of a card and three
steps (where the barcode is, how to hold it, what comes next); with a camera, the preview in
the drawing's place at a useful size with a frame the card should fill."""

from __future__ import annotations

from typing import Any

import numpy as np
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QImage

from kiosk_app.app.capture.camera import NO_CAMERA, UNPLUGGED, CameraInfo, CameraSource
from kiosk_app.simulator.samples import SAMPLES_BY_KEY
from kiosk_app.ui.camera_preview import CARD_ASPECT, CameraPreview, guide_rect
from kiosk_app.ui.ready_guide import STEPS
from tests.support.capture import FakeCameraBackend, nv12_video_frame
from tests.support.gui import WindowFactory
from tests.support.qt import drop_source

USEFUL_PREVIEW = (480, 270)
DESK_CAMERA = CameraInfo("cam-a", "Desk camera", is_default=True)


def _colours(image: QImage) -> int:
    rgb = image.convertToFormat(QImage.Format.Format_RGB888)
    stride = rgb.bytesPerLine()
    data = np.frombuffer(rgb.constBits(), np.uint8, count=stride * rgb.height())
    pixels = data.reshape(rgb.height(), stride)[:, : rgb.width() * 3].reshape(-1, 3)
    return len(np.unique(pixels // 32, axis=0))


def test_without_a_camera_the_drawing_and_three_steps_fill_the_space(
    qtbot: Any, make_window: WindowFactory
) -> None:
    window = make_window()
    guide = window.ready.guide
    assert guide.isVisible() and guide.illustration.isVisible() and guide.camera.isHidden()
    steps = [step.text() for step in guide.steps]
    assert len(steps) == len(STEPS) == 3
    assert all(text.startswith(f"{n}. ") and len(text) > 30 for n, text in enumerate(steps, 1))
    drawing = guide.illustration.drawing_rect()
    assert drawing.width() >= 300  # most of the screen's empty third, not a stamp
    assert QRectF(guide.illustration.rect()).contains(drawing)
    assert _colours(guide.illustration.grab().toImage()) >= 6  # card, barcode, beam, arrow
    assert "Live inputs" in window.ready.inputs.text()


def test_a_read_licence_takes_the_steps_place(qtbot: Any, make_window: WindowFactory) -> None:
    window = make_window()
    assert window.session.submit_payload(SAMPLES_BY_KEY["signature-valid"].payload)
    qtbot.waitUntil(lambda: window.ready.panel.isVisible(), timeout=10_000)
    guide = window.ready.guide
    assert guide.isHidden() and guide.illustration.isHidden() and guide.words.isHidden()
    window.session.wipe()
    assert guide.isVisible() and guide.illustration.isVisible()


def test_with_a_camera_the_preview_takes_the_drawings_place_at_a_useful_size(
    qtbot: Any, make_window: WindowFactory
) -> None:
    window = make_window()
    core = window.core
    camera = CameraSource(core.pool, backend=FakeCameraBackend([DESK_CAMERA]), parent=core)
    core.add_source(camera)
    camera.start()
    try:
        guide = window.ready.guide
        qtbot.waitUntil(lambda: guide.camera.isVisible(), timeout=5000)
        assert guide.illustration.isHidden() and guide.words.isVisible()
        preview = window.ready.camera.preview
        assert preview.guide
        qtbot.waitUntil(lambda: preview.width() >= USEFUL_PREVIEW[0], timeout=5000)
        assert preview.width() >= USEFUL_PREVIEW[0] and preview.height() >= USEFUL_PREVIEW[1]
        # A read licence keeps the camera (the next card) beside the local read.
        assert window.session.submit_payload(SAMPLES_BY_KEY["signature-valid"].payload)
        qtbot.waitUntil(lambda: window.ready.panel.isVisible(), timeout=10_000)
        assert guide.camera.isVisible() and guide.words.isHidden()
    finally:
        window.session.wipe()
        camera.stop()
        qtbot.waitUntil(core.pool.is_idle, timeout=10_000)
        drop_source(core, camera)


def test_with_no_camera_plugged_in_ready_shows_the_drawing_not_a_black_box(
    qtbot: Any, make_window: WindowFactory
) -> None:
    window = make_window()
    core = window.core
    backend = FakeCameraBackend([])
    camera = CameraSource(core.pool, backend=backend, parent=core)
    core.add_source(camera)  # camera_enabled, as a desk without one is set up by default
    camera.start()
    guide = window.ready.guide
    try:
        qtbot.waitUntil(lambda: camera.status == NO_CAMERA, timeout=5000)
        assert guide.illustration.isVisible() and guide.camera.isHidden()
        assert not window.ready.camera.preview.isVisible()  # no black "No camera" box
        assert guide.illustration.drawing_rect().width() >= 300
        assert f"Camera: {NO_CAMERA}" in window.ready.inputs.text()  # the status, in words
        # Plugged in: the preview takes the drawing's place; unplugged: the drawing is back.
        backend.set_present([DESK_CAMERA])
        qtbot.waitUntil(guide.camera.isVisible, timeout=5000)
        assert guide.illustration.isHidden()
        backend.set_present([])
        qtbot.waitUntil(guide.illustration.isVisible, timeout=5000)
        assert guide.camera.isHidden() and camera.status == UNPLUGGED
    finally:
        camera.stop()
        qtbot.waitUntil(core.pool.is_idle, timeout=10_000)
        drop_source(core, camera)


def test_the_guide_frame_has_a_cards_shape_inside_the_picture() -> None:
    target = QRectF(0, 0, 640, 360)
    frame = guide_rect(target)
    assert abs(frame.width() / frame.height() - CARD_ASPECT) < 0.01
    assert target.contains(frame) and frame.center() == QPointF(320, 180)
    assert frame.height() >= 0.75 * target.height() or frame.width() >= 0.75 * target.width()


def test_the_guide_frame_is_drawn_over_the_picture(qtbot: Any) -> None:
    preview = CameraPreview()
    qtbot.addWidget(preview)
    preview.resize(640, 360)
    preview.guide = True
    black = np.zeros((360, 640), np.uint8)
    preview.set_frame(nv12_video_frame(black))
    preview.show()
    preview.repaint()
    image = preview.grab().toImage()
    frame = guide_rect(QRectF(0, 0, 640, 360))
    top = int(frame.top())
    row = [image.pixelColor(x, top).lightness() for x in range(int(frame.left()) + 20, 600)]
    assert max(row) > 150  # white dashes on the black picture
    preview.guide = False
    preview.repaint()
    image = preview.grab().toImage()
    assert max(image.pixelColor(x, top).lightness() for x in range(100, 540)) < 60
