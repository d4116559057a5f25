"""Helpers shared by the capture-source tests: AAMVA-like payloads and barcode pictures.

Everything here is made up (no real person); pictures are rendered with zxing-cpp's writer.
"""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import zxingcpp
from PIL import Image
from PySide6.QtCore import QSize, QUrl
from PySide6.QtGui import QImage
from PySide6.QtMultimedia import (
    QMediaCaptureSession,
    QMediaFormat,
    QMediaRecorder,
    QVideoFrame,
    QVideoFrameFormat,
    QVideoFrameInput,
)
from pytestqt.qtbot import QtBot

from kiosk_app.app.capture.camera import CameraBackend, CameraHandle, CameraInfo


def aamva_payload(number: int = 1, surname: str = "SAMPLE") -> bytes:
    """A small, structurally valid AAMVA v10 DL payload; ``number`` makes it unique."""
    elements = [
        f"DAQ{number:09d}",
        f"DCS{surname}",
        "DACJANE",
        "DADNONE",
        "DBD01012024",
        "DBB01151990",
        "DBA01152030",
        "DBC2",
        "DAYBLU",
        "DAU065 in",
        "DAG1 MAIN ST",
        "DAIANYTOWN",
        "DAJVA",
        "DAK000000000",
        "DCF0000000000",
        "DCGUSA",
        "DDEN",
        "DDFN",
        "DDGN",
    ]
    subfile = b"DL" + b"\n".join(e.encode("ascii") for e in elements) + b"\r"
    entries = 1
    header_len = 21 + 10 * entries
    header = b"@\n\x1e\rANSI 636000" + b"10" + b"00" + f"{entries:02d}".encode()
    designator = b"DL" + f"{header_len:04d}{len(subfile):04d}".encode()
    return header + designator + subfile


def pdf417_image(payload: bytes, module_px: int = 3) -> np.ndarray:
    """The payload as a PDF417 symbol: a uint8 grey array, black bars on white, quiet zone."""
    barcode = zxingcpp.create_barcode(payload, zxingcpp.BarcodeFormat.PDF417)
    symbol = np.asarray(barcode.to_image(scale=module_px, add_quiet_zones=True), dtype=np.uint8)
    return symbol


def card_scene(
    payload: bytes | None,
    size: tuple[int, int] = (1280, 720),
    angle_deg: float = 0.0,
    symbol_width: int = 700,
) -> np.ndarray:
    """An RGB scene: a grey desk, a light card with the symbol, turned by ``angle_deg``.

    ``payload=None`` gives a blank scene (the desk and nothing else).
    """
    width, height = size
    desk = Image.new("RGB", (width, height), (92, 98, 104))
    if payload is None:
        return np.asarray(desk)
    symbol = Image.fromarray(pdf417_image(payload)).convert("RGB")
    scale = symbol_width / symbol.width
    symbol = symbol.resize(
        (symbol_width, max(1, round(symbol.height * scale))), Image.Resampling.NEAREST
    )
    card = Image.new("RGB", (symbol.width + 80, symbol.height + 120), (238, 236, 230))
    card.paste(symbol, (40, 60))
    turned = card.rotate(
        angle_deg, resample=Image.Resampling.BICUBIC, expand=True, fillcolor=(92, 98, 104)
    )
    desk.paste(turned, ((width - turned.width) // 2, (height - turned.height) // 2))
    return np.asarray(desk)


def rgb_video_frame(rgb: np.ndarray) -> QVideoFrame:
    """An RGB array as a ``QVideoFrame`` (what a QImage-backed frame input sends)."""
    height, width, _ = rgb.shape
    data = np.ascontiguousarray(rgb, dtype=np.uint8)
    image = QImage(data.data, width, height, 3 * width, QImage.Format.Format_RGB888).copy()
    return QVideoFrame(image)


def nv12_video_frame(grey: np.ndarray) -> QVideoFrame:
    """A grey array as an NV12 frame (what most webcams deliver), neutral chroma."""
    height, width = grey.shape
    nv12 = QVideoFrameFormat.PixelFormat.Format_NV12
    frame = QVideoFrame(QVideoFrameFormat(QSize(width, height), nv12))
    assert frame.map(QVideoFrame.MapMode.WriteOnly)
    try:
        stride = frame.bytesPerLine(0)
        luma = np.frombuffer(frame.bits(0), dtype=np.uint8, count=stride * height)
        luma.reshape(height, stride)[:, :width] = grey
        chroma = np.frombuffer(frame.bits(1), dtype=np.uint8, count=frame.mappedBytes(1))
        chroma[:] = 128
    finally:
        frame.unmap()
    return frame


def grey_of(rgb: np.ndarray) -> np.ndarray:
    """Luma of an RGB array (for building NV12 frames of a scene)."""
    weights = np.array([0.299, 0.587, 0.114])
    return np.clip(rgb.astype(np.float64) @ weights + 0.5, 0, 255).astype(np.uint8)


class FakeCamera(CameraHandle):
    """A 'camera' whose frames the test sends through a QVideoFrameInput on the session."""

    def __init__(self, session: QMediaCaptureSession, fail_with: str | None = None) -> None:
        super().__init__()
        self.session = session
        self.fail_with = fail_with
        self.input: QVideoFrameInput | None = None
        self.closed = False

    def start(self) -> None:
        """Attach the frame input, or fail like a busy or refused camera."""
        if self.fail_with is not None:
            self.failed.emit(self.fail_with)
            return
        self.input = QVideoFrameInput(self)
        self.session.setVideoFrameInput(self.input)

    def close(self) -> None:
        """Detach from the session."""
        self.closed = True
        if self.input is not None and self.session.videoFrameInput() is self.input:
            self.session.setVideoFrameInput(None)  # type: ignore[arg-type]


class FakeCameraBackend(CameraBackend):
    """Cameras the test plugs and unplugs; ``failures`` make the next opens fail."""

    def __init__(self, devices: list[CameraInfo]) -> None:
        super().__init__()
        self.present = list(devices)
        self.failures: list[str] = []
        self.opened: list[tuple[CameraInfo, FakeCamera]] = []

    def devices(self) -> list[CameraInfo]:
        """The cameras 'plugged in'."""
        return list(self.present)

    def open(
        self, info: CameraInfo, session: QMediaCaptureSession, resolution: tuple[int, int]
    ) -> CameraHandle:
        """A fake camera on the real capture session."""
        camera = FakeCamera(session, self.failures.pop(0) if self.failures else None)
        self.opened.append((info, camera))
        return camera

    @property
    def camera(self) -> FakeCamera:
        """The camera opened last."""
        return self.opened[-1][1]

    def set_present(self, devices: list[CameraInfo]) -> None:
        """Plug or unplug: what QMediaDevices.videoInputsChanged announces."""
        self.present = list(devices)
        self.devices_changed.emit()


@dataclass
class FakeScanner:
    """The master side of a pty behind a stable symlink name."""

    link: Path
    master: int = -1
    slave: int = -1
    opened: list[int] = field(default_factory=list)

    def plug(self) -> None:
        """A (new) device appears behind the link."""
        self.master, self.slave = os.openpty()
        self.opened += [self.master, self.slave]
        if self.link.is_symlink():
            self.link.unlink()
        self.link.symlink_to(os.ttyname(self.slave))

    def unplug(self) -> None:
        """The device vanishes: the master closes (reads fail with EIO), the name goes."""
        self.link.unlink()
        self._close(self.master)
        self._close(self.slave)

    def send(self, data: bytes) -> None:
        """Write bytes as the scanner would (small writes only; see :meth:`send_in_thread`)."""
        os.write(self.master, data)

    def send_in_thread(self, data: bytes) -> threading.Thread:
        """Write a large amount from a thread (the pty buffer is small; Qt reads meanwhile)."""

        def pump() -> None:
            view = memoryview(data)
            while view:
                written = os.write(self.master, view[:4096])
                view = view[written:]

        thread = threading.Thread(target=pump, daemon=True)
        thread.start()
        return thread

    def _close(self, fd: int) -> None:
        if fd in self.opened:
            self.opened.remove(fd)
            os.close(fd)

    def close_all(self) -> None:
        """Release every descriptor the test opened."""
        for fd in list(self.opened):
            self._close(fd)


FPS = 10
DEMO_VIDEO_PAYLOAD = aamva_payload(31)  # the card the recorded demo video shows


def record_demo_video(
    qtbot: QtBot,
    target: Path,
    scenes: list[np.ndarray] | None = None,
    resolution: tuple[int, int] = (1280, 720),
) -> None:
    """Record ``scenes`` (RGB arrays of ``resolution``) at 10 frames/s; by default 0.5 s of
    empty desk, then 1.5 s of a card tilted by 8°."""
    session = QMediaCaptureSession()
    frame_input = QVideoFrameInput()
    recorder = QMediaRecorder()
    session.setVideoFrameInput(frame_input)
    session.setRecorder(recorder)
    media_format = QMediaFormat(QMediaFormat.FileFormat.AVI)
    media_format.setVideoCodec(QMediaFormat.VideoCodec.MotionJPEG)
    recorder.setMediaFormat(media_format)
    recorder.setQuality(QMediaRecorder.Quality.VeryHighQuality)
    recorder.setVideoResolution(QSize(*resolution))
    recorder.setVideoFrameRate(FPS)
    recorder.setOutputLocation(QUrl.fromLocalFile(str(target)))
    errors: list[str] = []
    recorder.errorOccurred.connect(lambda _error, text: errors.append(text))
    if scenes is None:
        scenes = [card_scene(None)] * 5 + [card_scene(DEMO_VIDEO_PAYLOAD, angle_deg=8)] * 15
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
