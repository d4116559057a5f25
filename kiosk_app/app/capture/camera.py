"""The camera as an input: live preview, decoding in a worker, auto-capture, device changes.

Pipeline: a frame producer feeds a ``QMediaCaptureSession`` whose ``QVideoSink`` hands every
frame to the preview (``frame_ready``) and to a :class:`LatestWinsDecoder` (one decode at a
time in the shared :class:`WorkerPool`, only the newest frame waiting). A payload that decodes
on ``required_reads`` consecutive attempts is captured (``payload_scanned``); each decode also
reports where the symbol is (``symbol_located``) for the preview's outline.

Frame producers, all into the same sink:

* a real camera (``QCamera``): the one chosen in the settings (``camera_id``) or the default,
  in the format closest to ``camera_resolution``;
* a video file (``camera_video`` / ``--camera-video FILE``) played by ``QMediaPlayer``, for
  demos and support;
* a ``QVideoFrameInput`` (:meth:`CameraSource.attach_frame_input`) for tests and benchmarks.

No camera, a camera unplugged mid-scan, busy or refused: the status says so in words a clerk
can act on, the other inputs keep working, and the camera is picked up again when
``QMediaDevices.videoInputsChanged`` reports it back (a busy camera is also retried every few
seconds). Devices come from a :class:`CameraBackend`, which tests replace with a fake.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import (
    QCameraPermission,
    QCoreApplication,
    QObject,
    Qt,
    QTimer,
    QUrl,
    Signal,
    Slot,
)
from PySide6.QtMultimedia import (
    QCamera,
    QCameraDevice,
    QMediaCaptureSession,
    QMediaDevices,
    QMediaPlayer,
    QVideoFrame,
    QVideoFrameInput,
    QVideoSink,
)

from kiosk_app.app.capture.base import CaptureSource
from kiosk_app.app.capture.best_frame import FAILED_READ_DECODES, FailedReads
from kiosk_app.app.capture.frames import DECODE_MAX_SIDE
from kiosk_app.app.capture.live_decode import (
    ConsecutiveReads,
    FrameResult,
    LatestWinsDecoder,
    SymbolOutline,
    decode_video_frame,
)
from kiosk_app.app.capture.statuses import VIDEO_FAILED, VIDEO_NOT_FOUND, VIDEO_PLAYING
from kiosk_app.app.workers import WorkerPool
from kiosk_app.barcode.decode import FRAME_BUDGET_S, Scanner
from kiosk_app.config import Settings
from kiosk_app.flow.picture_read import SERVICE_READS
from kiosk_app.flow.stages import Stage
from kiosk_app.text import QT_TRANSLATE_NOOP, Message

log = logging.getLogger(__name__)

NO_CAMERA = QT_TRANSLATE_NOOP("messages", "No camera connected — the other inputs still work")
UNPLUGGED = QT_TRANSLATE_NOOP(
    "messages", "Unplugged — plug the camera back in; the other inputs still work"
)
READY = QT_TRANSLATE_NOOP("messages", "Ready — hold the back of the licence up to the camera")
STARTING = QT_TRANSLATE_NOOP("messages", "Starting…")
# Status prefix while a demo video plays (frames flow as from a camera).
PLAYING = VIDEO_PLAYING.split("{", 1)[0].rstrip()
DENIED = QT_TRANSLATE_NOOP(
    "messages",
    "Not allowed to use the camera — allow camera access in the system settings; "
    "the other inputs still work",
)
BUSY = QT_TRANSLATE_NOOP(
    "messages", "In use by another program — close it; the other inputs still work"
)
FAILED = QT_TRANSLATE_NOOP(
    "messages", "Stopped working — check the camera's cable; the other inputs still work"
)
# The stages on which a card the camera could not read is handed over as a picture (the
# Error screen then replaces them): not while the clerk types the Canadian form (often the
# very card the camera could not read) or decides on a watchlist banner; until the card has
# left the view, a card seen meanwhile is not handed over either.
HAND_OVER_STAGES = frozenset({Stage.READY, Stage.RESULT, Stage.ERROR})
# How often a camera that failed (busy, error) is tried again.
RETRY_MS = 5000
# A started camera that shows no picture within this time counts as failed.
FIRST_FRAME_MS = 10_000


def describe_camera_error(text: str) -> str:
    """A clerk-facing status for a camera error string from Qt or the driver."""
    lowered = text.lower()
    if any(word in lowered for word in ("permission", "denied", "not authorized", "access")):
        return DENIED
    if any(word in lowered for word in ("busy", "in use", "resource")):
        return BUSY
    if any(word in lowered for word in ("no camera", "not found", "no such device")):
        return UNPLUGGED
    return FAILED


def parse_resolution(text: str) -> tuple[int, int]:
    """``"1920x1080"`` as ``(1920, 1080)``."""
    width, _, height = text.lower().partition("x")
    return int(width), int(height)


def choose_format_index(
    options: Sequence[tuple[int, int, float]], preferred: tuple[int, int]
) -> int | None:
    """Index of the (width, height, max fps) closest to ``preferred``.

    The exact size wins; otherwise the smallest size covering it; otherwise the largest one.
    Among equal sizes the highest frame rate wins.
    """
    if not options:
        return None
    want_w, want_h = preferred

    def rank(item: tuple[int, tuple[int, int, float]]) -> tuple[int, int, float]:
        _, (width, height, fps) = item
        area = width * height
        if (width, height) == (want_w, want_h):
            return (0, 0, -fps)
        if width >= want_w and height >= want_h:
            return (1, area, -fps)
        return (2, -area, -fps)

    return min(enumerate(options), key=rank)[0]


@dataclass(frozen=True)
class CameraInfo:
    """A camera as the settings and the diagnostics screen list it."""

    id: str
    description: str
    is_default: bool = False


class CameraHandle(QObject):
    """A started frame producer; ``failed(text)`` reports an error in the driver's words."""

    failed = Signal(str)

    def start(self) -> None:
        """Begin producing frames."""

    def close(self) -> None:
        """Stop and release the device."""


class CameraBackend(QObject):
    """Which cameras exist and how to start one; ``devices_changed`` on plug and unplug."""

    devices_changed = Signal()

    def devices(self) -> list[CameraInfo]:
        """The cameras present now."""
        raise NotImplementedError

    def open(
        self, info: CameraInfo, session: QMediaCaptureSession, resolution: tuple[int, int]
    ) -> CameraHandle:
        """A handle producing ``info``'s frames into ``session`` once started."""
        raise NotImplementedError


class _QtCamera(CameraHandle):
    """``QCamera`` on a capture session, with the permission check."""

    def __init__(
        self, device: QCameraDevice, session: QMediaCaptureSession, resolution: tuple[int, int]
    ) -> None:
        super().__init__()
        self._session = session
        self._camera = QCamera(device, self)
        formats = device.videoFormats()
        index = choose_format_index(
            [(f.resolution().width(), f.resolution().height(), f.maxFrameRate()) for f in formats],
            resolution,
        )
        if index is not None:
            self._camera.setCameraFormat(formats[index])
        self._camera.errorOccurred.connect(self._on_error)
        session.setCamera(self._camera)

    def start(self) -> None:
        """Start the camera once the platform allows it."""
        if self._camera.cameraDevice().isNull():
            self.failed.emit("no camera detected")  # unplugged between listing and opening
            return
        app = QCoreApplication.instance()
        status = app.checkPermission(QCameraPermission()) if app else None
        if status == Qt.PermissionStatus.Denied:
            self.failed.emit("permission denied")
        elif status == Qt.PermissionStatus.Undetermined and app is not None:
            app.requestPermission(QCameraPermission(), self, self._on_permission)
        else:
            self._camera.start()

    def _on_permission(self, permission: QCameraPermission) -> None:
        app = QCoreApplication.instance()
        if app and app.checkPermission(permission) == Qt.PermissionStatus.Granted:
            self._camera.start()
        else:
            self.failed.emit("permission denied")

    def _on_error(self, error: QCamera.Error, text: str) -> None:
        if error != QCamera.Error.NoError:
            self.failed.emit(text or "camera error")

    def close(self) -> None:
        """Stop the camera and detach it from the session."""
        self._camera.stop()
        if self._session.camera() is self._camera:
            self._session.setCamera(None)  # type: ignore[arg-type]  # None detaches
        self._camera.deleteLater()
        self.deleteLater()


class QtCameraBackend(CameraBackend):
    """The real cameras, through ``QMediaDevices``."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._media = QMediaDevices(self)
        self._media.videoInputsChanged.connect(self.devices_changed)

    def _device(self, camera_id: str) -> QCameraDevice | None:
        for device in QMediaDevices.videoInputs():
            if _device_id(device) == camera_id:
                return device
        return None

    def devices(self) -> list[CameraInfo]:
        """The cameras present now."""
        return available_cameras()

    def open(
        self, info: CameraInfo, session: QMediaCaptureSession, resolution: tuple[int, int]
    ) -> CameraHandle:
        """A ``QCamera`` for ``info`` (gone already: a handle that fails when started)."""
        device = self._device(info.id) or QCameraDevice()
        return _QtCamera(device, session, resolution)


def _device_id(device: QCameraDevice) -> str:
    return bytes(device.id().data()).decode("utf-8", "replace")


def available_cameras() -> list[CameraInfo]:
    """The cameras present now (for the admin settings and the diagnostics screen)."""
    return [
        CameraInfo(_device_id(d), d.description(), d.isDefault())
        for d in QMediaDevices.videoInputs()
    ]


class CameraSource(CaptureSource):
    """Camera input: preview frames, symbol outline, auto-capture of the licence payload."""

    display_name = QT_TRANSLATE_NOOP("messages", "Camera")
    # Every frame, for the preview (cheap to pass, shared memory).
    frame_ready = Signal(QVideoFrame)
    # After each decode: where the symbol was found (or not).
    symbol_located = Signal(SymbolOutline)

    def __init__(
        self,
        pool: WorkerPool,
        scanner: Scanner | None = None,
        backend: CameraBackend | None = None,
        camera_id: str = "",
        resolution: tuple[int, int] = (1920, 1080),
        video_file: str = "",
        required_reads: int = 2,
        max_side: int = DECODE_MAX_SIDE,
        retry_ms: int = RETRY_MS,
        first_frame_ms: int = FIRST_FRAME_MS,
        keep_failed_reads: bool = False,
        failed_read_after: int = FAILED_READ_DECODES,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.camera_id = camera_id
        self.resolution = resolution
        self.video_file = video_file
        self._backend = backend or QtCameraBackend(self)
        self._backend.devices_changed.connect(self._on_devices_changed)
        self._scanner = scanner or Scanner(budget_s=FRAME_BUDGET_S, carry_over=True)
        self._session = QMediaCaptureSession(self)
        self._sink = QVideoSink(self)
        self._session.setVideoSink(self._sink)
        self._sink.videoFrameChanged.connect(self._on_frame)
        scanner_ = self._scanner
        # The best frame of a read that fails, for the picture fallback (best_frame.py).
        self.failed_reads = failed = FailedReads(keep_failed_reads, failed_read_after)
        self.decoder = LatestWinsDecoder(
            pool,
            lambda frame: decode_video_frame(frame, scanner_, max_side, failed.keep_above),
            self,
        )
        self.decoder.decoded.connect(self._on_decoded)
        self._reads = ConsecutiveReads(required_reads)
        self._handle: CameraHandle | None = None
        self._current: CameraInfo | None = None
        self._player: QMediaPlayer | None = None
        self._frame_input: QVideoFrameInput | None = None
        self._running = False
        # Whether a failed read may be handed over now (see HAND_OVER_STAGES).
        self._may_hand_over = True
        self._had_camera = False
        self._retry = QTimer(self, singleShot=True, interval=retry_ms)
        self._retry.timeout.connect(self._connect_camera)
        self._no_picture = QTimer(self, singleShot=True, interval=first_frame_ms)
        self._no_picture.timeout.connect(self._on_no_picture)

    @classmethod
    def from_settings(cls, settings: Settings, pool: WorkerPool, **kwargs: object) -> CameraSource:
        """A source configured from the admin settings (camera, resolution, demo video)."""
        return cls(
            pool,
            camera_id=settings.camera_id,
            resolution=parse_resolution(settings.camera_resolution),
            video_file=settings.camera_video,
            keep_failed_reads=settings.picture_fallback in SERVICE_READS,
            **kwargs,  # type: ignore[arg-type]
        )

    # --- public ------------------------------------------------------------------------------

    @property
    def current_camera(self) -> CameraInfo | None:
        """The camera in use (None: none, failed, or a video/frame input)."""
        return self._current

    def cameras(self) -> list[CameraInfo]:
        """The cameras present, for the admin settings and diagnostics."""
        return self._backend.devices()

    def attach_frame_input(self) -> QVideoFrameInput:
        """Feed frames by hand (tests, benchmark): a ``QVideoFrameInput`` on the session."""
        self._close_camera()
        frame_input = QVideoFrameInput(self)
        self._session.setVideoFrameInput(frame_input)
        self._frame_input = frame_input
        return frame_input

    def start(self) -> None:
        """Start the configured producer: the demo video, a frame input, or a camera."""
        self._running = True
        self._reads.reset()
        self.failed_reads.start_over()
        self.decoder.resume()
        if self._frame_input is not None:
            self.set_status(STARTING)
        elif self.video_file:
            self._play_video()
        else:
            self._connect_camera()

    def stop(self) -> None:
        """Stop producing and decoding (a running decode's result is dropped)."""
        self._running = False
        self._retry.stop()
        self._close_camera()
        if self._player is not None:
            self._player.stop()
        self.decoder.stop()
        self.failed_reads.start_over()
        super().stop()

    def reset_capture(self) -> None:
        """Allow the card in view to be captured again, and drop the frame kept of a read
        that may fail (a new customer)."""
        self._reads.reset()
        self.failed_reads.forget()

    def forget_kept_frame(self, *_args: object) -> None:
        """Another card was read, the customer changed, or the kiosk was left idle: the frame
        kept of an unread card in view goes (connected to the session's ``scan_loaded`` and
        the idle watch's ``expired``)."""
        self.failed_reads.forget()

    @Slot(object)
    def follow_settings(self, settings: Settings) -> None:
        """Keep the best frame of a failed read only while the picture fallback is on."""
        self.failed_reads.enabled = settings.picture_fallback in SERVICE_READS
        if not self.failed_reads.enabled:
            self.failed_reads.start_over()

    def set_decoding(self, enabled: bool) -> None:
        """Decode frames or not (the preview goes on); off while a check runs."""
        if enabled:
            self.decoder.resume()
        else:
            self.decoder.stop()

    @Slot(object)
    def follow_session_stage(self, stage: Stage) -> None:
        """Decode except while the session works on a check (no refused captures); hand a
        failed read over only on the stages of HAND_OVER_STAGES."""
        self.set_decoding(stage is not Stage.WORKING)
        self._may_hand_over = stage in HAND_OVER_STAGES

    @property
    def decoding(self) -> bool:
        """Whether frames are being decoded."""
        return self.decoder.accepting

    # --- cameras -----------------------------------------------------------------------------

    def _choose(self, devices: list[CameraInfo]) -> CameraInfo | None:
        by_id = {d.id: d for d in devices}
        if self.camera_id in by_id:
            return by_id[self.camera_id]
        defaults = [d for d in devices if d.is_default]
        candidates = defaults or devices
        return candidates[0] if candidates else None

    def _connect_camera(self) -> None:
        if not self._running or self._handle is not None or self._frame_input is not None:
            return
        info = self._choose(self._backend.devices())
        if info is None:
            self.set_status(UNPLUGGED if self._had_camera else NO_CAMERA)
            return
        handle = self._backend.open(info, self._session, self.resolution)
        handle.failed.connect(self._on_camera_failed)
        self._handle, self._current, self._had_camera = handle, info, True
        if self.status not in (BUSY, DENIED, FAILED, UNPLUGGED):
            self.set_status(STARTING)  # READY once frames arrive; a retry does not flicker
        self._no_picture.start()
        handle.start()

    def _close_camera(self) -> None:
        self._no_picture.stop()
        handle, self._handle, self._current = self._handle, None, None
        if handle is not None:
            handle.failed.disconnect(self._on_camera_failed)
            handle.close()
        self._reads.reset()
        self.failed_reads.start_over()

    def _on_camera_failed(self, text: str) -> None:
        log.info("camera failed: %s", describe_camera_error(text))
        self._close_camera()
        self.set_status(describe_camera_error(text))
        if self._running:
            self._retry.start()

    def _on_no_picture(self) -> None:
        self._on_camera_failed("no picture")

    def _on_devices_changed(self) -> None:
        if not self._running or self.video_file or self._frame_input is not None:
            return
        present = {d.id for d in self._backend.devices()}
        current = self._current
        if current is not None and current.id not in present:
            self._close_camera()
            self.set_status(UNPLUGGED)
        elif current is not None and self.camera_id in present and current.id != self.camera_id:
            self._close_camera()  # the chosen camera is back: leave the stand-in for it
        if self._handle is None:
            self._connect_camera()

    # --- video file --------------------------------------------------------------------------

    def _play_video(self) -> None:
        path = Path(self.video_file)
        if not path.is_file():
            self.set_status(Message(VIDEO_NOT_FOUND, path=str(path)))
            return
        if self._player is None:
            self._player = QMediaPlayer(self)
            self._player.setVideoSink(self._sink)
            self._player.setLoops(QMediaPlayer.Loops.Infinite)
            self._player.errorOccurred.connect(self._on_player_error)
        self._player.setSource(QUrl.fromLocalFile(str(path.resolve())))
        self._player.play()
        self.set_status(Message(VIDEO_PLAYING, name=path.name))

    def _on_player_error(self, _error: QMediaPlayer.Error, text: str) -> None:
        self.set_status(Message(VIDEO_FAILED, error=text))

    # --- frames ------------------------------------------------------------------------------

    def _on_frame(self, frame: QVideoFrame) -> None:
        if not self._running or not frame.isValid():
            return
        if self._handle is not None or self._frame_input is not None:
            self._no_picture.stop()
            self.set_status(READY)
        self.frame_ready.emit(frame)
        self.decoder.offer(frame)

    def _on_decoded(self, result: FrameResult) -> None:
        if not self._running:
            return
        self.symbol_located.emit(result.outline)
        captured = self._reads.update(result.payload)
        if captured is not None:
            self.payload_scanned.emit(captured)
        if not self._may_hand_over:
            self.failed_reads.hold_off()
        failed = self.failed_reads.update(result.payload, result.focus, result.picture)
        if failed is not None:
            # A card in view the decoder could not read: its sharpest frame goes to the
            # session as a picture (read once more; if it fails, the Error screen offers it
            # to the service).
            log.info("camera: a card in view could not be read; its best frame is sent")
            self.image_captured.emit(failed)
