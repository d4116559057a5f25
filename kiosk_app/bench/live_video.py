"""Time to auto-capture through a real demo video.

A demo video shows an empty desk, then a held card under one degradation (each frame with its
own sensor noise, shifted by a hand's jitter of up to :data:`JITTER_PX`), 1280x720 at 30
frames/s, as webcam-quality Motion-JPEG
(:mod:`kiosk_app.bench.mjpeg`). It is played by ``QMediaPlayer`` into the camera's video sink
(:class:`~kiosk_app.app.capture.camera.CameraSource` with ``video_file``), so every frame goes
through the real live path: sink, latest-wins decode in the worker pool, the frame scanner,
auto-capture. The figure is the time from the first frame showing the card (its timestamp in
the video) reaching the sink to the capture, on this machine's real clock.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
from PySide6.QtCore import QObject, Slot
from PySide6.QtMultimedia import QVideoFrame

from kiosk_app.bench import mjpeg, synthetic
from kiosk_app.bench.camera_grade import DESK_GREY, LIVE_FRAME, LIVE_VARIANTS, live_frame

if TYPE_CHECKING:
    from kiosk_app.app.workers import WorkerPool

#: The degradations played (defocus, motion blur, perspective, small symbols).
LIVE_VIDEO_CASES = ("defocus-0.8", "motion-3", "keystone-0.35-shear", "small-1.3ppm-tilt12")
VIDEO_FPS = 30
DESK_S = 0.5
CARD_S = 4.0
# Seeds of the card frames' sensor noise (apart from the simulated stream's).
NOISE_SEED = 300
# A hand holding the card: each noise variant is also shifted by up to this many pixels.
JITTER_PX = 3
# A player that has not shown the whole video after this long has failed.
PLAY_TIMEOUT_S = 60.0


@dataclass(frozen=True)
class DemoVideo:
    """A written demo video and when (microseconds into it) the card comes on screen."""

    path: Path
    card_start_us: int


def write_degraded_video(
    target: Path, name: str, payload: bytes, fps: int = VIDEO_FPS, card_s: float = CARD_S
) -> DemoVideo:
    """The demo video of the card of ``payload`` under the degradation ``name``."""
    base = synthetic.card(payload, synthetic.CAMERA_MODULE_PX)
    cards = []
    shifts = np.random.default_rng(NOISE_SEED).integers(
        -JITTER_PX, JITTER_PX + 1, (LIVE_VARIANTS, 2)
    )
    for seed in range(LIVE_VARIANTS):
        degradations = synthetic.camera_degradations(seed=NOISE_SEED + seed)
        degrade = {n: d for n, _kind, d in degradations}[name]
        frame = live_frame(degrade, base)  # the desk's margins take the shift's wrap-around
        shifted = np.roll(frame, (int(shifts[seed][0]), int(shifts[seed][1])), axis=(0, 1))
        cards.append(mjpeg.jpeg_frame(shifted))
    desk = mjpeg.jpeg_frame(np.full((LIVE_FRAME[1], LIVE_FRAME[0]), DESK_GREY, dtype=np.uint8))
    desk_frames = round(DESK_S * fps)
    card_frames = round(card_s * fps)
    frames = [desk] * desk_frames + [cards[i % len(cards)] for i in range(card_frames)]
    mjpeg.write_avi(target, frames, LIVE_FRAME, fps)
    return DemoVideo(target, desk_frames * 1_000_000 // fps)


class CaptureClock(QObject):
    """Watches a camera source playing a :class:`DemoVideo`: when the first frame showing the
    card reached the sink (``time.monotonic``), whether the video has started over (the
    source loops it), and every capture with its time and whether it came in the first pass."""

    def __init__(self, video: DemoVideo, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._video = video
        self._last_start = -1
        self.card_seen: float | None = None
        self.looped = False
        self.captures: list[tuple[float, bytes, bool]] = []

    @Slot(object)
    def on_frame(self, frame: QVideoFrame) -> None:
        """Connected to ``frame_ready``."""
        start = frame.startTime()
        if start < 0:  # a frame without a timestamp says nothing about where the video is
            return
        # Started over: back before the card after having reached it. A frame delivered a
        # little out of order within the card's pass is not a new pass.
        card = self._video.card_start_us
        self.looped = self.looped or (self._last_start >= card > start)
        self._last_start = start
        if self.card_seen is None and start >= self._video.card_start_us:
            self.card_seen = time.monotonic()

    @Slot(bytes)
    def on_capture(self, payload: bytes) -> None:
        """Connected to ``payload_scanned``."""
        self.captures.append((time.monotonic(), payload, not self.looped))

    @property
    def done(self) -> bool:
        """Captured, or the card's first pass is over."""
        return bool(self.captures) or self.looped

    def first_capture_s(self) -> float | None:
        """Seconds from the first card frame to a capture in the first pass (else None)."""
        if self.card_seen is None or not self.captures or not self.captures[0][2]:
            return None
        return self.captures[0][0] - self.card_seen


@dataclass(frozen=True)
class VideoFigure:
    """One demo video: seconds from the first card frame to the capture (None: not while
    the card was shown), the decodes run and the right payload captured or not."""

    name: str
    capture_s: float | None
    decodes: int
    right_payload: bool


def video_figures(
    payloads: list[bytes], names: tuple[str, ...] = LIVE_VIDEO_CASES
) -> list[VideoFigure]:
    """The demo video of each degradation and licence played once through the camera path
    (see the module doc), degradation by degradation."""
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ.setdefault("QT_LOGGING_RULES", "qt.multimedia.*=false")
    from PySide6.QtWidgets import QApplication

    from kiosk_app.app.workers import WorkerPool

    app = QApplication.instance() or QApplication([sys.argv[0]])
    pool = WorkerPool()
    figures = []
    with tempfile.TemporaryDirectory(prefix="kiosk-live-video-") as folder:
        for name in names:
            for payload in payloads:
                video = write_degraded_video(Path(folder) / f"{name}.avi", name, payload)
                figures.append(_play(pool, name, video, payload))
    pool.shutdown()
    app.processEvents()
    return figures


def _play(pool: WorkerPool, name: str, video: DemoVideo, payload: bytes) -> VideoFigure:
    """Play ``video`` until the card's time on screen is over or it was captured."""
    from PySide6.QtCore import QCoreApplication, QEvent, QEventLoop

    from kiosk_app.app.capture.camera import CameraSource

    source = CameraSource(pool, video_file=str(video.path))
    clock = CaptureClock(video)
    source.frame_ready.connect(clock.on_frame)
    source.payload_scanned.connect(clock.on_capture)
    source.start()
    give_up = time.monotonic() + PLAY_TIMEOUT_S
    while time.monotonic() < give_up and not clock.done:
        QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 20)
    source.stop()
    while not pool.is_idle():
        QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 20)
    decodes = source.decoder.stats.decodes_finished
    source.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    right = bool(clock.captures) and clock.captures[0][1] == payload
    return VideoFigure(name, clock.first_capture_s(), decodes, right)
