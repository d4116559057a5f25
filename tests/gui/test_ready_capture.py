"""Capture sources on the real window: the camera preview on the Ready screen (hidden without a
camera, frames and symbol outline with one), the Ready screen's live input statuses, and an
unreadable file from the watched folder ending on the Error screen with its name."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from PIL import Image

from kiosk_app.app.capture import camera as cam
from kiosk_app.app.capture.camera import CameraSource
from kiosk_app.app.capture.folder import WatchedFolderSource
from kiosk_app.flow.stages import Stage
from tests.support.capture import (
    FakeCameraBackend,
    aamva_payload,
    card_scene,
    grey_of,
    nv12_video_frame,
)
from tests.support.gui import WindowFactory
from tests.support.qt import TIMEOUT_MS, drop_source, wait_stage

SIZE = (1280, 720)


def test_no_camera_source_no_preview(make_window: WindowFactory) -> None:
    window = make_window()
    assert window.ready.camera.source is None
    assert window.ready.camera.isHidden()


def test_camera_preview_shows_frames_and_outline_and_the_scan_is_read(
    qtbot: Any, make_window: WindowFactory
) -> None:
    window = make_window()
    core = window.core
    camera = CameraSource(core.pool, backend=FakeCameraBackend([]), parent=core)
    frame_input = camera.attach_frame_input()
    core.add_source(camera)  # as add_hardware_sources does, after the window was built
    view = window.ready.camera
    assert view.source is camera and view.isHidden()  # no pictures yet: the drawing shows
    assert view.preview.accessibleName() == "Camera preview"

    camera.start()
    assert view.preview.message == camera.status
    qtbot.waitUntil(lambda: "Camera" in window.ready.inputs.text(), timeout=TIMEOUT_MS)

    payload = aamva_payload(61, surname="PREVIEW")
    card = grey_of(card_scene(payload, size=SIZE))
    outlined: list[int] = []
    camera.symbol_located.connect(lambda outline: outline.corners and outlined.append(1))
    waited = 0
    while window.session.licence is None:
        qtbot.waitUntil(lambda: frame_input.sendVideoFrame(nv12_video_frame(card)), timeout=5000)
        qtbot.wait(40)
        waited += 40
        assert waited < 10_000, "the card was not captured"
    assert camera.status == cam.READY
    assert view.isVisible() and window.ready.guide.illustration.isHidden()
    assert f"Camera: {cam.READY}" in window.ready.inputs.text()
    assert outlined, "the symbol was located for the outline"
    qtbot.waitUntil(lambda: view.preview.frames_painted > 0, timeout=TIMEOUT_MS)
    assert "PREVIEW" in window.session.licence.full_name
    assert core.scans.records()["Camera"].payload == payload
    wait_stage(qtbot, window, Stage.READY)
    camera.stop()
    assert view.preview.message == "Stopped"
    qtbot.waitUntil(core.pool.is_idle, timeout=TIMEOUT_MS)
    drop_source(core, camera)


def _damaged_png() -> bytes:
    buffer = io.BytesIO()
    Image.fromarray(card_scene(None, size=(320, 200))).save(buffer, format="PNG")
    data = buffer.getvalue()
    # Keep the signature and the end marker (so the watcher takes it as complete), wreck the rest.
    return data[:16] + b"\x00" * 200 + data[-12:]


def test_unreadable_folder_file_ends_on_the_error_screen_with_its_name(
    qtbot: Any, make_window: WindowFactory, tmp_path: Path
) -> None:
    window = make_window()
    session = window.session
    folder = WatchedFolderSource(
        tmp_path,
        window.core.pool,
        poll_ms=50,
        settle_ms=100,
        can_deliver=lambda: not session.busy,
        parent=window.core,
    )
    window.core.add_source(folder)
    folder.start()
    qtbot.waitUntil(
        lambda: f"Scan folder: Watching {tmp_path}" in window.ready.inputs.text(),
        timeout=TIMEOUT_MS,
    )

    (tmp_path / "desk-scan-0042.png").write_bytes(_damaged_png())
    wait_stage(qtbot, window, Stage.ERROR)
    assert window.error.title.text() == "The licence could not be read"
    assert "File: desk-scan-0042.png" in window.error.message.text()
    assert window.error.report is not None
    assert window.error.report.file_name == "desk-scan-0042.png"
    qtbot.waitUntil(lambda: not (tmp_path / "desk-scan-0042.png").exists(), timeout=TIMEOUT_MS)

    # The watcher goes on: the next picture is read, and its error (if any) names it alone.
    window.session.wipe()
    assert window.error.message.text() == ""
    good = io.BytesIO()
    Image.fromarray(card_scene(aamva_payload(62), size=(800, 500))).save(good, format="PNG")
    (tmp_path / "next.png").write_bytes(good.getvalue())
    qtbot.waitUntil(lambda: session.licence is not None, timeout=TIMEOUT_MS)
    wait_stage(qtbot, window, Stage.READY)
    folder.stop()
    qtbot.waitUntil(window.core.pool.is_idle, timeout=TIMEOUT_MS)
    drop_source(window.core, folder)


def test_an_opened_picture_that_cannot_be_read_is_named_too(
    qtbot: Any, make_window: WindowFactory, tmp_path: Path
) -> None:
    picture = tmp_path / "blank-card.png"
    Image.fromarray(card_scene(None, size=(320, 200))).save(picture, format="PNG")
    window = make_window()
    assert window.core.files.submit_path(picture)
    wait_stage(qtbot, window, Stage.ERROR)
    assert "File: blank-card.png" in window.error.message.text()
    # A failure that is not about a picture names no file.
    window.session.wipe()
    window.session.submit_payload(b"NOT A LICENCE BARCODE 0123456789")
    wait_stage(qtbot, window, Stage.ERROR)
    assert "File:" not in window.error.message.text()
