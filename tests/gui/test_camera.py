"""The camera source through the real pipeline: capture session, video sink, worker decodes.

Frames go in with ``QVideoFrameInput`` (directly, or through a fake camera device that the test
plugs and unplugs); the decoder is the real zxing-cpp pipeline on rendered PDF417 symbols.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
import zxingcpp
from PySide6.QtMultimedia import QMediaDevices, QVideoFrame, QVideoFrameInput
from pytestqt.qtbot import QtBot

from kiosk_app.app.capture import camera as cam
from kiosk_app.app.capture.camera import CameraInfo, CameraSource
from kiosk_app.app.capture.frames import frame_to_grey
from kiosk_app.app.capture.live_decode import ConsecutiveReads, SymbolOutline
from kiosk_app.app.workers import WorkerPool
from kiosk_app.barcode.decode import FRAME_BUDGET_S, Scanner
from kiosk_app.config import Settings
from tests.support.capture import (
    FakeCameraBackend,
    aamva_payload,
    card_scene,
    grey_of,
    nv12_video_frame,
    rgb_video_frame,
)

SIZE = (1280, 720)
CAM_A = CameraInfo("cam-a", "Desk camera", is_default=True)
CAM_B = CameraInfo("cam-b", "Document camera")


@pytest.fixture
def scanner() -> Scanner:
    return Scanner(budget_s=FRAME_BUDGET_S)


def send(qtbot: QtBot, frame_input: QVideoFrameInput, frame: QVideoFrame) -> None:
    """Hand one frame to the session (waits while the input is not ready for another)."""
    qtbot.waitUntil(lambda: frame_input.sendVideoFrame(frame), timeout=5000)


def stream_until(
    qtbot: QtBot,
    frame_input: QVideoFrameInput,
    make_frame: Callable[[], QVideoFrame],
    done: Callable[[], object],
    interval_ms: int = 40,
    timeout_ms: int = 8000,
) -> None:
    """Send new frames of one scene, like a camera filming a still card, until ``done()``.

    Each frame must be a new ``QVideoFrame``: the sink ignores a frame equal to its current one.
    """
    waited = 0
    while not done():
        send(qtbot, frame_input, make_frame())
        qtbot.wait(interval_ms)
        waited += interval_ms
        assert waited < timeout_ms, "nothing captured in time"


def stop_and_settle(qtbot: QtBot, source: CameraSource, pool: WorkerPool) -> None:
    source.stop()
    qtbot.waitUntil(pool.is_idle, timeout=10_000)


def test_barcode_appearing_after_blank_frames_is_captured_once(
    qtbot: QtBot, pool: WorkerPool, scanner: Scanner
) -> None:
    source = CameraSource(pool, scanner=scanner, backend=FakeCameraBackend([]))
    frame_input = source.attach_frame_input()
    captured: list[bytes] = []
    outlines: list[SymbolOutline] = []
    source.payload_scanned.connect(captured.append)
    source.symbol_located.connect(outlines.append)
    source.start()
    blank = card_scene(None, size=SIZE)
    for _ in range(6):
        send(qtbot, frame_input, rgb_video_frame(blank))
        qtbot.wait(30)
    qtbot.waitUntil(lambda: source.decoder.stats.decodes_finished >= 1)
    assert captured == []
    assert source.status == cam.READY

    payload = aamva_payload(21)
    card = grey_of(card_scene(payload, size=SIZE))
    stream_until(qtbot, frame_input, lambda: nv12_video_frame(card), lambda: captured)
    finished = source.decoder.stats.decodes_finished
    stream_until(
        qtbot,
        frame_input,
        lambda: nv12_video_frame(card),
        lambda: source.decoder.stats.decodes_finished > finished + 3,
    )
    assert captured == [payload]  # the card held in view is captured once, not every frame

    corners = outlines[-1].corners
    assert len(corners) == 4
    assert outlines[-1].frame_size == SIZE
    xs, ys = [x for x, _ in corners], [y for _, y in corners]
    assert 200 < min(xs) < max(xs) < 1080 and 150 < min(ys) < max(ys) < 600
    stop_and_settle(qtbot, source, pool)


def test_tilted_card_is_read_through_the_angle_estimate(
    qtbot: QtBot, pool: WorkerPool, scanner: Scanner
) -> None:
    payload = aamva_payload(22)
    scene = card_scene(payload, size=SIZE, angle_deg=12)
    grey = frame_to_grey(rgb_video_frame(scene)).pixels
    # zxing-cpp alone does not read PDF417 tilted this far: the deskew step is what works.
    assert zxingcpp.read_barcodes(grey, formats=zxingcpp.BarcodeFormat.PDF417) == []  # type: ignore[arg-type]

    source = CameraSource(pool, scanner=scanner, backend=FakeCameraBackend([]))
    frame_input = source.attach_frame_input()
    captured: list[bytes] = []
    source.payload_scanned.connect(captured.append)
    source.start()
    stream_until(qtbot, frame_input, lambda: rgb_video_frame(scene), lambda: captured)
    assert captured == [payload]
    assert scanner.last_attempt == "deskew"
    stop_and_settle(qtbot, source, pool)


def test_frames_faster_than_decoding_leave_no_backlog_and_the_newest_wins(
    qtbot: QtBot, pool: WorkerPool, scanner: Scanner
) -> None:
    source = CameraSource(pool, scanner=scanner, backend=FakeCameraBackend([]), required_reads=1)
    frame_input = source.attach_frame_input()
    captured: list[bytes] = []
    source.payload_scanned.connect(captured.append)
    source.start()
    blank = grey_of(card_scene(None, size=SIZE))
    send(qtbot, frame_input, nv12_video_frame(blank))
    qtbot.waitUntil(lambda: source.decoder.busy)
    for _ in range(40):  # a burst while the first decode runs
        send(qtbot, frame_input, nv12_video_frame(blank))
    payload = aamva_payload(23)
    send(qtbot, frame_input, nv12_video_frame(grey_of(card_scene(payload, size=SIZE))))
    qtbot.waitUntil(lambda: captured == [payload], timeout=10_000)
    qtbot.waitUntil(lambda: not source.decoder.busy)

    stats = source.decoder.stats
    assert stats.frames_offered >= 40
    assert stats.max_waiting == 1  # never more than one frame waiting
    assert stats.frames_replaced >= stats.frames_offered - stats.decodes_started - 1
    assert stats.decodes_started <= stats.frames_offered // 4
    assert source.decoder.waiting == 0
    stop_and_settle(qtbot, source, pool)


def test_device_unplugged_mid_scan_and_plugged_back(
    qtbot: QtBot, pool: WorkerPool, scanner: Scanner
) -> None:
    backend = FakeCameraBackend([CAM_A])
    source = CameraSource(pool, scanner=scanner, backend=backend)
    statuses: list[str] = []
    captured: list[bytes] = []
    source.status_changed.connect(statuses.append)
    source.payload_scanned.connect(captured.append)
    source.start()
    assert source.current_camera == CAM_A
    assert source.status == cam.STARTING
    first = backend.camera
    assert first.input is not None
    payload = aamva_payload(24)
    card = grey_of(card_scene(payload, size=SIZE))
    send(qtbot, first.input, nv12_video_frame(card))
    qtbot.waitUntil(lambda: source.status == cam.READY)

    backend.set_present([])  # unplugged before a second consecutive read
    assert source.status == cam.UNPLUGGED
    assert first.closed
    assert source.current_camera is None
    qtbot.waitUntil(pool.is_idle)
    assert captured == []

    backend.set_present([CAM_A])
    second = backend.camera
    assert second is not first and second.input is not None
    stream_until(qtbot, second.input, lambda: nv12_video_frame(card), lambda: captured)
    assert captured == [payload]
    assert statuses[-1] == cam.READY
    assert cam.UNPLUGGED in statuses
    stop_and_settle(qtbot, source, pool)
    assert second.closed


def test_busy_camera_says_so_and_is_retried(
    qtbot: QtBot, pool: WorkerPool, scanner: Scanner
) -> None:
    backend = FakeCameraBackend([CAM_A])
    backend.failures = ["Device or resource busy", "Device or resource busy"]
    source = CameraSource(pool, scanner=scanner, backend=backend, retry_ms=50)
    statuses: list[str] = []
    source.status_changed.connect(statuses.append)
    source.start()
    assert source.status == cam.BUSY
    qtbot.waitUntil(lambda: len(backend.opened) == 3)
    assert statuses.count(cam.BUSY) == 1  # retries do not flicker the status
    camera = backend.camera
    assert camera.input is not None
    send(qtbot, camera.input, nv12_video_frame(grey_of(card_scene(None, size=SIZE))))
    qtbot.waitUntil(lambda: source.status == cam.READY)
    stop_and_settle(qtbot, source, pool)


def test_permission_denied_is_explained(qtbot: QtBot, pool: WorkerPool) -> None:
    backend = FakeCameraBackend([CAM_A])
    backend.failures = ["Camera permission denied"]
    source = CameraSource(pool, backend=backend, retry_ms=60_000)
    source.start()
    assert source.status == cam.DENIED
    source.stop()


def test_no_camera_then_one_is_plugged_in(qtbot: QtBot, pool: WorkerPool) -> None:
    backend = FakeCameraBackend([])
    source = CameraSource(pool, backend=backend)
    source.start()
    assert source.status == cam.NO_CAMERA
    backend.set_present([CAM_B])
    assert source.current_camera == CAM_B
    assert source.status == cam.STARTING
    source.stop()


def test_chosen_camera_is_used_else_the_default(qtbot: QtBot, pool: WorkerPool) -> None:
    backend = FakeCameraBackend([CAM_A, CAM_B])
    chosen = CameraSource(pool, backend=backend, camera_id="cam-b")
    chosen.start()
    assert chosen.current_camera == CAM_B
    chosen.stop()
    fallback = CameraSource(pool, backend=backend, camera_id="unplugged-camera")
    fallback.start()
    assert fallback.current_camera == CAM_A
    fallback.stop()


@pytest.mark.skipif(bool(QMediaDevices.videoInputs()), reason="this machine has a camera")
def test_real_backend_without_a_camera_reports_no_camera(qtbot: QtBot, pool: WorkerPool) -> None:
    source = CameraSource.from_settings(Settings(), pool)
    source.start()
    assert source.cameras() == []
    assert source.status == cam.NO_CAMERA
    source.stop()


def test_from_settings_reads_camera_settings(qtbot: QtBot, pool: WorkerPool) -> None:
    settings = Settings(camera_id="cam-b", camera_resolution="1280x720", camera_video="demo.avi")
    source = CameraSource.from_settings(settings, pool, backend=FakeCameraBackend([]))
    assert (source.camera_id, source.resolution, source.video_file) == (
        "cam-b",
        (1280, 720),
        "demo.avi",
    )


def test_consecutive_reads_capture_once_per_card() -> None:
    reads = ConsecutiveReads(required=2, release_after=3)
    a, b = b"@card-a", b"@card-b"
    assert [reads.update(p) for p in (a, None, a, a, a, a)] == [None, None, None, a, None, None]
    assert [reads.update(p) for p in (None, a, a)] == [None, None, None]  # a brief miss
    assert [reads.update(p) for p in (b, b)] == [None, b]  # another card
    assert [reads.update(p) for p in (None, None, None, a, a)] == [None, None, None, None, a]


@pytest.mark.parametrize(
    ("text", "status"),
    [
        ("Camera permission denied", cam.DENIED),
        ("Device or resource busy", cam.BUSY),
        ("No camera detected", cam.UNPLUGGED),
        ("Something odd", cam.FAILED),
    ],
)
def test_describe_camera_error(text: str, status: str) -> None:
    assert cam.describe_camera_error(text) == status


def test_choose_format_prefers_exact_then_covering_then_largest() -> None:
    options = [(640, 480, 30.0), (1920, 1080, 15.0), (1920, 1080, 30.0), (3840, 2160, 30.0)]
    assert cam.choose_format_index(options, (1920, 1080)) == 2
    assert cam.choose_format_index(options, (1280, 720)) == 2
    assert cam.choose_format_index(options[:1], (1920, 1080)) == 0
    assert cam.choose_format_index([], (1920, 1080)) is None


def test_frames_are_never_decoded_on_the_gui_thread(qtbot: QtBot, pool: WorkerPool) -> None:
    import threading

    gui_thread = threading.get_ident()
    threads: list[int] = []

    def accept(payload: bytes) -> bool:
        threads.append(threading.get_ident())
        return True

    source = CameraSource(
        pool,
        scanner=Scanner(accept=accept, budget_s=FRAME_BUDGET_S),
        backend=FakeCameraBackend([]),
        required_reads=1,
    )
    frame_input = source.attach_frame_input()
    captured: list[bytes] = []
    source.payload_scanned.connect(captured.append)
    source.start()
    scene = card_scene(aamva_payload(25), size=SIZE)
    stream_until(qtbot, frame_input, lambda: rgb_video_frame(scene), lambda: captured)
    assert threads and gui_thread not in threads
    stop_and_settle(qtbot, source, pool)


def test_stop_drops_the_running_decode(qtbot: QtBot, pool: WorkerPool, scanner: Scanner) -> None:
    source = CameraSource(pool, scanner=scanner, backend=FakeCameraBackend([]), required_reads=1)
    frame_input = source.attach_frame_input()
    captured: list[bytes] = []
    source.payload_scanned.connect(captured.append)
    source.start()
    send(qtbot, frame_input, rgb_video_frame(card_scene(aamva_payload(26), size=SIZE)))
    qtbot.waitUntil(lambda: source.decoder.busy)
    source.stop()
    qtbot.waitUntil(pool.is_idle)
    assert captured == []
    assert source.decoder.stats.decodes_finished == 0  # its result was abandoned


def test_started_camera_without_picture_counts_as_failed(qtbot: QtBot, pool: WorkerPool) -> None:
    backend = FakeCameraBackend([CAM_A])
    source = CameraSource(pool, backend=backend, first_frame_ms=80, retry_ms=60_000)
    source.start()
    assert source.status == cam.STARTING
    qtbot.waitUntil(lambda: source.status == cam.FAILED)
    assert backend.camera.closed
    source.stop()


def test_real_backend_camera_vanished_before_opening(qtbot: QtBot, pool: WorkerPool) -> None:
    class PhantomListing(cam.QtCameraBackend):
        """Lists a camera that is gone by the time it is opened (a real QCamera is made)."""

        def devices(self) -> list[CameraInfo]:
            return [CameraInfo("phantom-camera", "Unplugged meanwhile", True)]

    source = CameraSource(pool, backend=PhantomListing(), retry_ms=60_000)
    source.start()
    assert source.status == cam.UNPLUGGED
    assert source.current_camera is None
    source.stop()


def test_chosen_camera_plugged_in_later_replaces_the_stand_in(
    qtbot: QtBot, pool: WorkerPool
) -> None:
    backend = FakeCameraBackend([CAM_A])
    source = CameraSource(pool, backend=backend, camera_id="cam-b")
    source.start()
    assert source.current_camera == CAM_A  # the default stands in
    stand_in = backend.camera
    backend.set_present([CAM_A, CAM_B])
    assert source.current_camera == CAM_B
    assert stand_in.closed
    source.stop()
