"""The picture fallback from the live camera: a card the camera cannot read has its sharpest
frame kept, sent as a picture when the attempt fails, and offered to the service like any
picture the kiosk could not read.

Real parts: frames go in through ``QVideoFrameInput`` into the camera's capture session and
sink, the latest-wins worker decodes them with the real zxing-cpp pipeline, the window is the
real one, and the service is the embedded simulator over HTTP (it "knows" the demo's
out-of-focus picture of a sample, which nothing here can read).
"""

from __future__ import annotations

import base64
import logging
import os
from collections.abc import Callable, Iterator
from io import BytesIO
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from PIL import Image, ImageFilter
from PySide6.QtCore import Qt
from PySide6.QtMultimedia import QVideoFrameInput

from kiosk_app.api.picture_upload import upload_jpeg
from kiosk_app.app.capture.best_frame import CLEAR_VIEW_DECODES
from kiosk_app.app.capture.camera import CameraSource
from kiosk_app.app.capture.hardware import add_hardware_sources, follow_session
from kiosk_app.app.capture.live_decode import FrameResult
from kiosk_app.bench.mjpeg import jpeg_frame, write_avi
from kiosk_app.flow.models import ErrorKind
from kiosk_app.flow.picture_read import ALREADY_READ
from kiosk_app.flow.stages import Stage
from kiosk_app.simulator.known_pictures import defocused_png
from kiosk_app.simulator.samples import SAMPLES_BY_KEY
from kiosk_app.ui.main_window import MainWindow
from tests.support.capture import FakeCameraBackend, aamva_payload, nv12_video_frame
from tests.support.gui import WindowFactory, assert_read_by_service
from tests.support.qt import TIMEOUT_MS, drop_source, wait_stage

# The card fills a document camera's view (a frame of the demo's out-of-focus picture, at a
# camera's width); the decodes of it without a read after which the attempt fails, here.
FRAME_SIZE = (1280, 572)
GIVE_UP_AFTER = 3

Camera = tuple[CameraSource, QVideoFrameInput]


def held_card(
    extra_blur: float = 0.0, key: str = "dvs-parse", size: tuple[int, int] = FRAME_SIZE
) -> np.ndarray:
    """A grey camera frame of the sample ``key`` photographed out of focus (the kiosk cannot
    read it, the simulator knows it), blurred ``extra_blur`` pixels more."""
    with Image.open(BytesIO(defocused_png(SAMPLES_BY_KEY[key]))) as picture:
        frame = picture.convert("L").resize(size, Image.Resampling.LANCZOS)
    if extra_blur:
        frame = frame.filter(ImageFilter.GaussianBlur(extra_blur))
    return np.asarray(frame)


def empty_desk() -> np.ndarray:
    return np.full((FRAME_SIZE[1], FRAME_SIZE[0]), 90, np.uint8)


def desk_camera(window: MainWindow, give_up_after: int = GIVE_UP_AFTER) -> CameraSource:
    """The window's camera made from its settings (a fake device list), tied to its session
    and settings as at start-up; not started."""
    core = window.core
    camera = CameraSource.from_settings(
        core.settings,
        core.pool,
        backend=FakeCameraBackend([]),
        failed_read_after=give_up_after,
        parent=core,
    )
    core.add_source(camera)
    follow_session(core, camera)
    return camera


@pytest.fixture
def camera_on(qtbot: Any) -> Iterator[Callable[..., Camera]]:
    """Give a window a started camera fed by hand, tied to its session as at start-up."""
    made: list[tuple[MainWindow, CameraSource]] = []

    def attach(window: MainWindow, give_up_after: int = GIVE_UP_AFTER) -> Camera:
        camera = desk_camera(window, give_up_after)
        frames = camera.attach_frame_input()
        camera.start()
        made.append((window, camera))
        return camera, frames

    yield attach
    for window, camera in made:
        camera.stop()
        qtbot.waitUntil(window.core.pool.is_idle, timeout=TIMEOUT_MS)
        drop_source(window.core, camera)


def decode(qtbot: Any, camera: Camera, grey: np.ndarray, times: int = 1) -> None:
    """Show the camera ``grey`` until it has been decoded ``times`` times (a new frame each
    time, each decoded: no frame is replaced while another decodes), or decoding stops."""
    source, frames = camera
    for _ in range(times):
        if not source.decoding:
            return
        qtbot.waitUntil(_decoded_once_more(source, frames, grey), timeout=TIMEOUT_MS)


def _decoded_once_more(
    source: CameraSource, frames: QVideoFrameInput, grey: np.ndarray
) -> Callable[[], bool]:
    """Send ``grey`` as a new frame (when the input takes one), then tell whether a decode
    has finished since, or decoding stopped."""
    done = source.decoder.stats.decodes_finished
    sent = False

    def decoded() -> bool:
        nonlocal sent
        sent = sent or frames.sendVideoFrame(nv12_video_frame(grey))
        return sent and (source.decoder.stats.decodes_finished > done or not source.decoding)

    return decoded


def handed_over(source: CameraSource) -> list[Any]:
    """What the camera hands the session as a picture from now on."""
    pictures: list[Any] = []
    source.image_captured.connect(pictures.append)
    return pictures


@pytest.mark.parametrize("fallback", ["document-verification", "legacy-parse-image"])
def test_a_card_the_camera_cannot_read_is_read_by_the_service(
    qtbot: Any, make_window: WindowFactory, camera_on: Callable[..., Camera], fallback: str
) -> None:
    window = make_window(picture_fallback=fallback)
    camera = camera_on(window)
    source = camera[0]
    pictures = handed_over(source)
    sharp, blurred = held_card(), held_card(extra_blur=3.0)
    for grey in (blurred, sharp, blurred):  # the hand moves: one frame sharper than the others
        decode(qtbot, camera, grey)
    wait_stage(qtbot, window, Stage.ERROR)
    assert len(pictures) == 1 and np.array_equal(pictures[0], sharp)  # the sharpest, whole
    assert not source.failed_reads.holding  # handed over: the camera keeps no copy
    report = window.error.report
    assert report is not None and report.kind is ErrorKind.UNREADABLE and report.service_read
    button = window.error.service_button
    assert button.isVisible() and button.text() == "Let the service read the picture (billed)"

    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    wait_stage(qtbot, window, Stage.RESULT)
    assert_read_by_service(window)

    decode(qtbot, camera, sharp, times=GIVE_UP_AFTER + 1)  # the card is still in view
    assert len(pictures) == 1 and window.current_stage() is Stage.RESULT


def test_a_large_frame_is_kept_at_the_camera_s_resolution(
    qtbot: Any, make_window: WindowFactory, camera_on: Callable[..., Camera]
) -> None:
    """The decoder reads a 1920-pixel frame halved; the frame kept for the service is the
    camera's own, whole (the service may read more in it)."""
    window = make_window(picture_fallback="document-verification")
    camera = camera_on(window)
    pictures = handed_over(camera[0])
    results: list[FrameResult] = []
    camera[0].decoder.decoded.connect(results.append)
    large = held_card(size=(1920, 858))
    decode(qtbot, camera, large, times=GIVE_UP_AFTER)
    wait_stage(qtbot, window, Stage.ERROR)
    assert results[0].outline.frame_size == (1920, 858)
    assert len(pictures) == 1 and np.array_equal(pictures[0], large)
    assert window.error.service_button.isVisible()


def test_a_demo_video_of_the_card_ends_on_the_offer(
    qtbot: Any, make_window: WindowFactory, tmp_path: Path
) -> None:
    """``--camera-video`` with a clip of the card: a webcam's Motion-JPEG played by
    ``QMediaPlayer`` into the camera's sink, as in the demo."""
    video = tmp_path / "out-of-focus-card.avi"
    write_avi(video, [jpeg_frame(held_card())] * 20, FRAME_SIZE, fps=10)
    window = make_window(picture_fallback="document-verification", camera_video=str(video))
    core = window.core
    camera = desk_camera(window)
    pictures = handed_over(camera)
    camera.start()
    try:
        # The video plays on (the pool is never idle for long): wait for the screens alone.
        qtbot.waitUntil(lambda: window.error.service_button.isVisible(), timeout=TIMEOUT_MS)
        assert len(pictures) == 1 and pictures[0].shape == (FRAME_SIZE[1], FRAME_SIZE[0])
        qtbot.mouseClick(window.error.service_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(
            lambda: window.current_stage() is Stage.RESULT and not window.result.filling,
            timeout=TIMEOUT_MS,
        )
        assert_read_by_service(window)
        assert len(pictures) == 1  # the card still plays: not handed over again
    finally:
        camera.stop()
        qtbot.waitUntil(core.pool.is_idle, timeout=TIMEOUT_MS)
        drop_source(core, camera)


def test_the_fallback_off_keeps_no_frame(
    qtbot: Any, make_window: WindowFactory, camera_on: Callable[..., Camera]
) -> None:
    window = make_window()
    camera = camera_on(window)
    source = camera[0]
    pictures = handed_over(source)
    results: list[FrameResult] = []
    source.decoder.decoded.connect(results.append)
    decode(qtbot, camera, held_card(), times=GIVE_UP_AFTER + 2)
    assert len(results) == GIVE_UP_AFTER + 2
    assert all(r.focus is None and r.picture is None for r in results)  # nothing measured
    assert pictures == [] and not source.failed_reads.holding
    assert window.current_stage() is Stage.READY  # the camera just keeps trying


def test_the_same_frame_is_billed_once_and_kept_nowhere(
    qtbot: Any,
    desk: Any,
    camera_on: Callable[..., Camera],
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.DEBUG)
    made = desk(picture_fallback="document-verification")
    window = made.window
    camera = camera_on(window)
    notices: list[str] = []
    window.session.notice.connect(notices.append)
    sharp = held_card()
    for _customer in range(2):
        decode(qtbot, camera, sharp, times=GIVE_UP_AFTER)
        wait_stage(qtbot, window, Stage.ERROR)
        assert window.session.read_by_service()
        wait_stage(qtbot, window, Stage.RESULT)
        assert window.result.panel.name.text() == "MEI LIN TAN"
        window.session.wipe()
        decode(qtbot, camera, empty_desk(), times=CLEAR_VIEW_DECODES)  # the card leaves
    assert made.rows() == 1 and made.services() == ["dvs-parse"]
    assert ALREADY_READ in notices
    assert not camera[0].failed_reads.holding
    assert not window.session.flow.holds_customer_data()

    sent = upload_jpeg(sharp)
    pieces = [sent[100:132], base64.b64encode(sent)[100:140], sharp[300, 200:260].tobytes()]
    blobs = b"".join(p.read_bytes() for p in tmp_path.rglob("*") if p.is_file())
    for variable in ("KIOSK_CONFIG_DIR", "KIOSK_DATA_DIR", "KIOSK_LOG_DIR"):
        for path in Path(os.environ[variable]).rglob("*"):
            if path.is_file():
                blobs += path.read_bytes()
    assert not any(piece in blobs for piece in pieces)
    assert base64.b64encode(sent)[100:140].decode() not in caplog.text
    assert "TAN" not in caplog.text and "1996" not in caplog.text


def test_the_kept_frame_goes_with_the_customer(
    qtbot: Any, make_window: WindowFactory, camera_on: Callable[..., Camera]
) -> None:
    window = make_window(picture_fallback="document-verification")
    camera = camera_on(window, give_up_after=100)
    source = camera[0]
    decode(qtbot, camera, held_card(), times=2)
    assert source.failed_reads.holding
    window.session.wipe()  # New customer
    assert not source.failed_reads.holding

    decode(qtbot, camera, held_card(), times=2)
    assert source.failed_reads.holding
    idle = window.core.idle
    before = idle.timeout_ms
    idle.set_timeout_ms(50)  # the desk left idle (nothing else of a customer to wipe)
    qtbot.waitUntil(lambda: not source.failed_reads.holding, timeout=TIMEOUT_MS)
    idle.set_timeout_ms(before)

    decode(qtbot, camera, held_card(), times=2)
    assert source.failed_reads.holding
    assert window.session.submit_payload(aamva_payload(81))  # another card, by the scanner
    assert not source.failed_reads.holding
    qtbot.waitUntil(lambda: window.session.licence is not None, timeout=TIMEOUT_MS)
    wait_stage(qtbot, window, Stage.READY)
    window.session.wipe()
    assert not window.session.flow.holds_customer_data()


def test_the_canadian_form_is_never_interrupted(
    qtbot: Any, make_window: WindowFactory, camera_on: Callable[..., Camera]
) -> None:
    window = make_window(picture_fallback="document-verification")
    camera = camera_on(window)
    pictures = handed_over(camera[0])
    window.session.open_canada_form()  # the clerk types the card the camera cannot read
    wait_stage(qtbot, window, Stage.CANADA_FORM)
    decode(qtbot, camera, held_card(), times=GIVE_UP_AFTER + 1)
    assert pictures == [] and window.current_stage() is Stage.CANADA_FORM
    window.session.back_to_ready()
    decode(qtbot, camera, held_card(), times=GIVE_UP_AFTER + 1)  # still the same card
    assert pictures == [] and window.current_stage() is Stage.READY

    decode(qtbot, camera, empty_desk(), times=CLEAR_VIEW_DECODES)  # it leaves; it comes back
    decode(qtbot, camera, held_card(), times=GIVE_UP_AFTER)
    wait_stage(qtbot, window, Stage.ERROR)
    assert len(pictures) == 1


def test_the_camera_follows_the_admin_s_fallback(qtbot: Any, make_window: WindowFactory) -> None:
    window = make_window(camera_enabled=True)
    core = window.core
    camera = add_hardware_sources(core).camera
    assert camera is not None
    try:
        assert not camera.failed_reads.enabled  # off by default
        for fallback, kept in (("legacy-parse-image", True), ("off", False)):
            core.apply_settings(core.settings.model_copy(update={"picture_fallback": fallback}))
            assert camera.failed_reads.enabled is kept
    finally:
        qtbot.waitUntil(core.pool.is_idle, timeout=TIMEOUT_MS)
        drop_source(core, camera)
