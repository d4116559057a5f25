"""``--camera-video FILE``: a video file played through the camera's sink and decoder.

The video is made here with Qt's own recorder (Motion-JPEG in AVI, from frames sent with
QVideoFrameInput), so no external tool is needed: blank desk first, then a tilted card.
"""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from kiosk_app.app.capture.camera import CameraSource
from kiosk_app.app.workers import WorkerPool
from kiosk_app.barcode.decode import FRAME_BUDGET_S, Scanner
from tests.support.capture import (
    DEMO_VIDEO_PAYLOAD,
    FakeCameraBackend,
    record_demo_video,
)


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
    assert captured == [DEMO_VIDEO_PAYLOAD]
    assert len(frames) >= 5
    source.stop()
    frames.clear()
    qtbot.waitUntil(pool.is_idle, timeout=10_000)


def test_missing_demo_video_is_reported(qtbot: QtBot, pool: WorkerPool, tmp_path: Path) -> None:
    source = CameraSource(pool, backend=FakeCameraBackend([]), video_file=str(tmp_path / "x.avi"))
    source.start()
    assert source.status.startswith("Demo video not found")
    source.stop()
