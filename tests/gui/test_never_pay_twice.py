"""Never pay twice for the same card, through real windows, real inputs, the
simulator and a real usage database: every input re-reading one card gives one counted check;
a clerk's re-check is confirmed; the cross-customer window expires on an injected clock; the
quota warns or blocks before a billable check."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from kiosk_app.app.capture.camera import CameraSource
from kiosk_app.app.capture.serial import SerialConfig, SerialScannerSource
from kiosk_app.barcode.decode import FRAME_BUDGET_S, Scanner
from kiosk_app.flow.billing import QUOTA_BLOCKED, QUOTA_WARNING
from kiosk_app.flow.customer import SAME_CARD
from kiosk_app.flow.stages import Stage
from kiosk_app.kinds import CheckKind
from kiosk_app.simulator.samples import SAMPLES_BY_KEY
from kiosk_app.storage.usage import CheckRecord
from tests.support.capture import (
    FPS as VIDEO_FPS,
)
from tests.support.capture import (
    FakeCameraBackend,
    FakeScanner,
    aamva_payload,
    card_scene,
    record_demo_video,
)
from tests.support.qt import OFFSCREEN_DIALOG_NOTE, type_text

from .billing_support import TIMEOUT_MS, Desk, png_of, wait_stage, watch_folder

pytestmark = pytest.mark.qt_log_ignore(OFFSCREEN_DIALOG_NOTE)

CARD = SAMPLES_BY_KEY["signature-valid"].payload  # a US licence: the signature check
# The looping card must come back this many times (a capture each) for the test to mean it; a
# loop is 2.5 s of video, so it takes about 7 s, within LOOPS_TIMEOUT_MS on a loaded machine.
CARD_RETURNS = 3
LOOPS_TIMEOUT_MS = 180_000
SCAN_GAP_S = 0.004


def _left() -> Qt.MouseButton:
    return Qt.MouseButton.LeftButton


def record_looping_card(qtbot: QtBot, target: Path, payload: bytes) -> None:
    """One loop of the demo video: 1 s of empty desk (the camera lets the card go after five
    decodes without it), then 1.5 s of the card (two decodes capture it): 2.5 s a loop."""
    blank = card_scene(None, size=(960, 540))
    card = card_scene(payload, size=(960, 540), angle_deg=4, symbol_width=640)
    scenes = [blank] * VIDEO_FPS + [card] * (3 * VIDEO_FPS // 2)
    record_demo_video(qtbot, target, scenes, resolution=(960, 540))


def test_a_looping_video_of_one_card_is_checked_once(
    qtbot: QtBot, desk: Any, tmp_path: Path
) -> None:
    video = tmp_path / "loop.avi"
    payload = aamva_payload(77)  # a Virginia licence: routed to the signature check
    record_looping_card(qtbot, video, payload)
    made: Desk = desk(auto_check_on_scan=True)
    window = made.window
    camera = CameraSource(
        window.core.pool,
        scanner=Scanner(budget_s=FRAME_BUDGET_S),
        backend=FakeCameraBackend([]),
        video_file=str(video),
    )
    captures: list[bytes] = []
    camera.payload_scanned.connect(captures.append)
    window.core.add_source(camera)
    camera.start()
    wait_stage(qtbot, window, Stage.RESULT)
    qtbot.waitUntil(lambda: len(captures) >= CARD_RETURNS, timeout=LOOPS_TIMEOUT_MS)
    camera.stop()
    qtbot.waitUntil(window.core.pool.is_idle, timeout=TIMEOUT_MS)
    print(f"camera captures of the card: {len(captures)}; rows: {made.rows()}")
    assert len(captures) >= CARD_RETURNS, "the card must come back for the test to mean it"
    assert set(captures) == {payload}
    assert made.services() == ["signature"]
    assert made.usage.repeats_today() == len(captures) - 1
    assert window.current_stage() is Stage.RESULT


def test_a_wedge_scan_repeated_after_3_s_is_not_checked_again(
    qtbot: QtBot, desk: Any, clock: Any
) -> None:
    made: Desk = desk(auto_check_on_scan=True)
    window = made.window
    notices: list[str] = []
    window.session.notice.connect(notices.append)
    window.ready.open_button.setFocus()
    type_text(CARD.decode("latin-1"), clock, SCAN_GAP_S, window)
    wait_stage(qtbot, window, Stage.RESULT)
    qtbot.waitUntil(lambda: made.rows() == 1, timeout=TIMEOUT_MS)
    clock.advance(3.0)  # past the wedge's own 2 s duplicate window
    type_text(CARD.decode("latin-1"), clock, SCAN_GAP_S, window)
    qtbot.waitUntil(lambda: SAME_CARD in notices, timeout=TIMEOUT_MS)
    assert window.notice.text() == "Same card — result already shown"
    assert made.rows() == 1 and made.usage.repeats_today() == 1
    assert window.current_stage() is Stage.RESULT


def test_the_same_picture_twice_in_the_watched_folder_is_checked_once(
    qtbot: QtBot, desk: Any, tmp_path: Path
) -> None:
    made: Desk = desk(auto_check_on_scan=True)
    window = made.window
    folder = tmp_path / "scans"
    source = watch_folder(window, folder)
    notices: list[str] = []
    window.session.notice.connect(notices.append)
    picture = png_of(CARD)
    (folder / "scan0001.png").write_bytes(picture)
    wait_stage(qtbot, window, Stage.RESULT)
    qtbot.waitUntil(lambda: made.rows() == 1, timeout=TIMEOUT_MS)
    (folder / "scan0002.png").write_bytes(picture)  # the scanner saved it twice
    qtbot.waitUntil(lambda: SAME_CARD in notices, timeout=TIMEOUT_MS)
    qtbot.waitUntil(lambda: not any(folder.glob("*.png")), timeout=TIMEOUT_MS)
    wait_stage(qtbot, window, Stage.RESULT)
    source.stop()
    assert made.rows() == 1 and made.services() == ["signature"]


def test_a_serial_scanner_reading_the_card_again_is_not_checked_again(
    qtbot: QtBot, desk: Any, tmp_path: Path
) -> None:
    scanner = FakeScanner(tmp_path / "ttyFAKE0")
    scanner.plug()
    now = [100.0]
    made: Desk = desk(auto_check_on_scan=True)
    window = made.window
    config = SerialConfig(port=str(scanner.link), terminator=b"\x03", idle_gap_ms=3000)
    source = SerialScannerSource(config, retry_ms=50, clock=lambda: now[0])
    window.core.add_source(source)
    source.start()
    notices: list[str] = []
    window.session.notice.connect(notices.append)
    try:
        scanner.send(CARD + b"\x03")
        wait_stage(qtbot, window, Stage.RESULT)
        qtbot.waitUntil(lambda: made.rows() == 1, timeout=TIMEOUT_MS)
        now[0] += 3.0
        scanner.send(CARD + b"\x03")
        qtbot.waitUntil(lambda: SAME_CARD in notices, timeout=TIMEOUT_MS)
        assert made.rows() == 1
    finally:
        source.stop()
        scanner.close_all()


def test_checking_again_needs_a_confirmation_and_bills_a_second_row(
    qtbot: QtBot, desk: Any
) -> None:
    made: Desk = desk(auto_check_on_scan=True)
    window = made.window
    window.session.submit_payload(CARD)
    wait_stage(qtbot, window, Stage.RESULT)
    qtbot.mouseClick(window.result.other_button, _left())
    wait_stage(qtbot, window, Stage.READY)
    button = window.ready.check_buttons[CheckKind.SIGNATURE]
    assert button.text() == "Verify signature again (billed)"
    # No: nothing is sent.
    qtbot.mouseClick(button, _left())
    dialog = window.confirm_dialog
    assert dialog is not None and dialog.isVisible()
    assert "billed again" in dialog.warning.text()
    qtbot.mouseClick(dialog.no_button, _left())
    assert window.confirm_dialog is None and made.rows() == 1
    # Yes, from the keyboard: Enter.
    qtbot.mouseClick(button, _left())
    dialog = window.confirm_dialog
    assert dialog is not None
    qtbot.waitExposed(dialog)
    QTest.keyClick(dialog, Qt.Key.Key_Return)
    wait_stage(qtbot, window, Stage.RESULT)
    qtbot.waitUntil(lambda: made.rows() == 2, timeout=TIMEOUT_MS)
    assert made.services() == ["signature", "signature"]


def test_the_same_card_for_the_next_customer_within_the_window_then_after_it(
    qtbot: QtBot, desk: Any, clock: Any
) -> None:
    made: Desk = desk(auto_check_on_scan=True, repeat_window_min=5)
    window = made.window
    window.session.submit_payload(CARD)
    wait_stage(qtbot, window, Stage.RESULT)
    assert made.rows() == 1
    log_id = window.result.view.outcome.request_log_id if window.result.view else None
    qtbot.mouseClick(window.result.home_button, _left())  # New customer: the wipe

    clock.advance(4 * 60)
    window.session.submit_payload(CARD)
    qtbot.waitUntil(lambda: window.ready.routing_panel.earlier_box.isVisible(), timeout=TIMEOUT_MS)
    wait_stage(qtbot, window, Stage.READY)
    text = window.ready.routing_panel.earlier_text.text()
    assert f"(request {log_id})" in text and "Verify signature" in text
    assert made.rows() == 1 and made.usage.repeats_today() == 1
    # "Check again (billed)", confirmed by touch.
    qtbot.mouseClick(window.ready.routing_panel.again_button, _left())
    assert window.confirm_dialog is not None
    qtbot.mouseClick(window.confirm_dialog.yes_button, _left())
    wait_stage(qtbot, window, Stage.RESULT)
    qtbot.waitUntil(lambda: made.rows() == 2, timeout=TIMEOUT_MS)

    window.session.wipe()
    clock.advance(5 * 60)  # the window has passed: the memory has forgotten the card
    assert len(window.session.flow.recent) == 0
    window.session.submit_payload(CARD)
    wait_stage(qtbot, window, Stage.RESULT)
    qtbot.waitUntil(lambda: made.rows() == 3, timeout=TIMEOUT_MS)


def test_a_window_of_zero_checks_every_customer(qtbot: QtBot, desk: Any) -> None:
    made: Desk = desk(auto_check_on_scan=True, repeat_window_min=0)
    window = made.window
    for expected in (1, 2):
        window.session.submit_payload(CARD)
        wait_stage(qtbot, window, Stage.RESULT)
        qtbot.waitUntil(lambda n=expected: made.rows() == n, timeout=TIMEOUT_MS)  # type: ignore[misc]
        window.session.wipe()


def _fill_quota(made: Desk, count: int) -> None:
    for _ in range(count):
        made.usage.record(CheckRecord("signature", "Passed", True, 5, "1"))


def test_quota_warn_tells_the_clerk_then_checks(qtbot: QtBot, desk: Any) -> None:
    made: Desk = desk(auto_check_on_scan=True, billing_quota_monthly=3)
    window = made.window
    _fill_quota(made, 3)
    window.session.flow.quota.refresh()  # as the worker after the last check did
    notices: list[str] = []
    window.session.notice.connect(notices.append)
    window.session.submit_payload(CARD)
    wait_stage(qtbot, window, Stage.RESULT)
    assert notices == [QUOTA_WARNING]
    assert window.notice.text() == QUOTA_WARNING and window.notice.isVisible()
    qtbot.waitUntil(lambda: made.rows() == 4, timeout=TIMEOUT_MS)


def test_quota_block_stops_the_check_before_anything_is_sent(
    qtbot: QtBot, desk: Any, simulator: Any
) -> None:
    made: Desk = desk(auto_check_on_scan=True, billing_quota_monthly=3, billing_quota_mode="block")
    window = made.window
    # Counted elsewhere since the kiosk last read the month (the command line, say): the GUI's
    # figure is stale, and the worker's own reading before sending stops the check.
    _fill_quota(made, 3)
    assert window.session.flow.quota.used == 0
    notices: list[str] = []
    window.session.notice.connect(notices.append)
    before = simulator.request_count
    window.session.submit_payload(CARD)
    qtbot.waitUntil(lambda: QUOTA_BLOCKED in notices, timeout=TIMEOUT_MS)
    wait_stage(qtbot, window, Stage.READY)
    assert window.result.view is None  # no verdict of any kind
    assert made.rows() == 3 and simulator.request_count == before
    # Now the kiosk knows: the clerk is told before anything starts.
    assert not window.session.run_check(CheckKind.SIGNATURE)
    assert notices[-1] == QUOTA_BLOCKED and not window.session.busy
    assert made.rows() == 3 and simulator.request_count == before
