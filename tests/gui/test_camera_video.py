"""``--camera-video FILE``: a video file played through the camera's sink and decoder.

The video is made here with Qt's own recorder (Motion-JPEG in AVI, from frames sent with
QVideoFrameInput), so no external tool is needed: blank desk first, then a tilted card.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from PySide6.QtCore import QSize, QUrl
from PySide6.QtMultimedia import (
    QMediaCaptureSession,
    QMediaFormat,
    QMediaRecorder,
    QVideoFrameInput,
)
from pytestqt.qtbot import QtBot

from kiosk_app.app.capture.camera import CameraSource
from kiosk_app.app.workers import WorkerPool
from kiosk_app.barcode.decode import FRAME_BUDGET_S, Scanner
from tests.support.capture import FakeCameraBackend, aamva_payload, card_scene, rgb_video_frame

FPS = 10
PAYLOAD = aamva_payload(31)


def record_demo_video(qtbot: QtBot, target: Path, scenes: list[np.ndarray] | None = None) -> None:
    """Record ``scenes`` (RGB arrays, 1280x720) at 10 frames/s; by default 0.5 s of empty
    desk, then 1.5 s of a card tilted by 8°."""
    session = QMediaCaptureSession()
    frame_input = QVideoFrameInput()
    recorder = QMediaRecorder()
    session.setVideoFrameInput(frame_input)
    session.setRecorder(recorder)
    media_format = QMediaFormat(QMediaFormat.FileFormat.AVI)
    media_format.setVideoCodec(QMediaFormat.VideoCodec.MotionJPEG)
    recorder.setMediaFormat(media_format)
    recorder.setQuality(QMediaRecorder.Quality.VeryHighQuality)
    recorder.setVideoResolution(QSize(1280, 720))
    recorder.setVideoFrameRate(FPS)
    recorder.setOutputLocation(QUrl.fromLocalFile(str(target)))
    errors: list[str] = []
    recorder.errorOccurred.connect(lambda _error, text: errors.append(text))
    if scenes is None:
        scenes = [card_scene(None)] * 5 + [card_scene(PAYLOAD, angle_deg=8)] * 15
    recorder.record()
    for index, scene in enumerate(scenes):
        frame = rgb_video_frame(scene)
        frame.setStreamFrameRate(FPS)
        frame.setStartTime(index * 1_000_000 // FPS)
        frame.setEndTime((index + 1) * 1_000_000 // FPS)
        qtbot.waitUntil(lambda f=frame: frame_input.sendVideoFrame(f), timeout=5000)  # type: ignore[misc]
    recorder.stop()
    qtbot.waitUntil(
        lambda: recorder.recorderState() == QMediaRecorder.RecorderState.StoppedState,
        timeout=10_000,
    )
    assert errors == []
    assert target.stat().st_size > 10_000


def test_demo_video_is_decoded_like_a_camera(
    qtbot: QtBot, pool: WorkerPool, tmp_path: Path
) -> None:
    video = tmp_path / "demo.avi"
    record_demo_video(qtbot, video)
    source = CameraSource(
        pool,
        scanner=Scanner(budget_s=FRAME_BUDGET_S),
        backend=FakeCameraBackend([]),
        video_file=str(video),
    )
    captured: list[bytes] = []
    frames: list[object] = []
    source.payload_scanned.connect(captured.append)
    source.frame_ready.connect(frames.append)
    source.start()
    assert source.status == "Playing the demo video demo.avi"
    qtbot.waitUntil(lambda: bool(captured), timeout=15_000)
    assert captured == [PAYLOAD]
    assert len(frames) >= 5
    source.stop()
    frames.clear()
    qtbot.waitUntil(pool.is_idle, timeout=10_000)


def test_missing_demo_video_is_reported(qtbot: QtBot, pool: WorkerPool, tmp_path: Path) -> None:
    source = CameraSource(pool, backend=FakeCameraBackend([]), video_file=str(tmp_path / "x.avi"))
    source.start()
    assert source.status.startswith("Demo video not found")
    source.stop()
