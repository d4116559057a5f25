"""Inputs through the real window: keyboard-wedge bursts, slow typing, drops, Open, the form."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from kiosk_app.resources import __file__ as resources_init
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication, QFileDialog, QWidget

from kiosk_app.app.capture.files import ImageFileSource
from kiosk_app.flow.stages import Stage
from kiosk_app.kinds import CheckKind
from tests.support.clock import FakeClock
from tests.support.gui import WindowFactory
from tests.support.qt import (
    OFFSCREEN_DIALOG_NOTE,
    SCAN_GAP_S,
    TIMEOUT_MS,
    scan,
    send_key,
    type_text,
    wait_stage,
)

SAMPLES_DIR = Path(resources_init).parent / "samples"
HUMAN_GAP_S = 0.18  # a quick clerk: well over the 50 ms burst gap


def scan_flushed(window: Any, key: str, clock: FakeClock) -> None:
    """Scan a sample and end the burst at once, as the wedge's gap timer would."""
    scan(window, key, clock)
    window.core.wedge.flush()


def focused_form_field(qtbot: Any, window: Any, name: str) -> Any:
    """Open the Canada form and give the focus to its field ``name``."""
    window.session.open_canada_form()
    field: QWidget = getattr(window.canada_form, name)
    field.setFocus()
    focused = field.focusProxy() or field  # the date of birth: its year
    qtbot.waitUntil(lambda: QApplication.focusWidget() is focused, timeout=2000)
    return focused


def test_wedge_scan_rebuilds_control_characters_exactly(
    qtbot: Any, make_window: WindowFactory, clock: FakeClock
) -> None:
    window = make_window(auto_check_on_scan=True)
    window.ready.open_button.setFocus()
    received: list[bytes] = []
    window.core.wedge.payload_scanned.connect(received.append)
    payload = scan(window, "signature-valid", clock)
    qtbot.waitUntil(lambda: bool(received), timeout=TIMEOUT_MS)
    assert received == [payload]
    # The signature service verifies the exact bytes: Passed proves nothing was lost.
    wait_stage(qtbot, window, Stage.RESULT)
    assert window.result.banner.title.text() == "Passed"


def test_wedge_scan_into_a_form_field_does_not_type_into_it(
    qtbot: Any, make_window: WindowFactory, clock: FakeClock
) -> None:
    window = make_window()
    field = focused_form_field(qtbot, window, "licence_number")
    scan(window, "canada-passed", clock)
    qtbot.waitUntil(lambda: window.session.has_scan, timeout=TIMEOUT_MS)
    assert field.text() == ""
    assert window.ready.panel.name.text() != ""


def test_slow_typist_into_a_field_is_not_a_scan(
    qtbot: Any, make_window: WindowFactory, clock: FakeClock
) -> None:
    window = make_window()
    field = focused_form_field(qtbot, window, "licence_number")
    scans: list[bytes] = []
    window.core.wedge.payload_scanned.connect(scans.append)
    text = "D1234-56789-01234 ABCDEFGH"  # longer than a scan's minimum length
    type_text(text, clock, HUMAN_GAP_S)
    qtbot.waitUntil(lambda: field.text() == text, timeout=2000)
    assert scans == []
    assert window.current_stage() is Stage.CANADA_FORM


def test_short_fast_burst_still_reaches_the_field(
    qtbot: Any, make_window: WindowFactory, clock: FakeClock
) -> None:
    window = make_window()
    field = focused_form_field(qtbot, window, "licence_class")
    type_text("G2", clock, 0.01)  # two keys rolled over quickly
    qtbot.waitUntil(lambda: field.text() == "G2", timeout=2000)


def test_enter_and_shortcuts_at_human_speed_pass_through(
    qtbot: Any, make_window: WindowFactory, clock: FakeClock
) -> None:
    window = make_window()
    field = focused_form_field(qtbot, window, "date_of_birth")
    submitted: list[object] = []
    window.canada_form.submitted.connect(submitted.append)
    send_key(field, Qt.Key.Key_Return, "\r")
    assert len(submitted) == 1  # Enter alone is never held back


def test_same_barcode_within_two_seconds_is_ignored(
    qtbot: Any, make_window: WindowFactory, clock: FakeClock
) -> None:
    window = make_window()
    received: list[bytes] = []
    window.core.wedge.payload_scanned.connect(received.append)
    scan_flushed(window, "dvs-parse", clock)
    clock.advance(0.3)
    scan_flushed(window, "dvs-parse", clock)
    assert len(received) == 1
    assert "ignored" in window.core.wedge.status
    clock.advance(2.5)
    wait_stage(qtbot, window, Stage.READY)
    scan_flushed(window, "dvs-parse", clock)
    assert len(received) == 2
    wait_stage(qtbot, window, Stage.READY)


def test_wipe_forgets_the_last_scan(
    qtbot: Any, make_window: WindowFactory, clock: FakeClock
) -> None:
    window = make_window()
    received: list[bytes] = []
    window.core.wedge.payload_scanned.connect(received.append)
    scan_flushed(window, "dvs-parse", clock)
    wait_stage(qtbot, window, Stage.READY)
    window.session.wipe()
    scan_flushed(window, "dvs-parse", clock)
    assert len(received) == 2
    wait_stage(qtbot, window, Stage.READY)


def _drop(window: Any, paths: list[Path]) -> tuple[QDragEnterEvent, QDropEvent]:
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(p)) for p in paths])
    enter = QDragEnterEvent(
        QPoint(20, 20),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(window, enter)
    drop = QDropEvent(
        QPointF(20, 20),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(window, drop)
    return enter, drop


def test_drag_and_drop_of_a_picture_runs_the_flow(qtbot: Any, make_window: WindowFactory) -> None:
    window = make_window(auto_check_on_scan=True)
    enter, drop = _drop(window, [SAMPLES_DIR / "signature-valid.png"])
    assert enter.isAccepted() and drop.isAccepted()
    wait_stage(qtbot, window, Stage.RESULT)
    assert window.result.banner.title.text() == "Passed"
    assert window.result.panel.name.text() == "JORDAN ALEXIS RIVERS"


def test_drop_of_a_non_image_is_refused(
    qtbot: Any, make_window: WindowFactory, tmp_path: Path
) -> None:
    window = make_window()
    text = tmp_path / "notes.txt"
    text.write_text("hello", encoding="utf-8")
    enter, drop = _drop(window, [text])
    assert not enter.isAccepted() and not drop.isAccepted()
    assert window.current_stage() is Stage.READY
    assert not window.session.has_scan


@pytest.mark.qt_log_ignore(OFFSCREEN_DIALOG_NOTE)
def test_open_button_decodes_the_chosen_picture(qtbot: Any, make_window: WindowFactory) -> None:
    window = make_window()
    qtbot.mouseClick(window.ready.open_button, Qt.MouseButton.LeftButton)
    # Outside kiosk mode Qt's own dialog, open without blocking and read-only (no renaming or
    # deleting through it); the picture is chosen in it as a person would.
    dialog = window.picker
    assert isinstance(dialog, QFileDialog) and dialog.isVisible()
    assert dialog.testOption(QFileDialog.Option.ReadOnly)
    assert dialog.fileMode() is QFileDialog.FileMode.ExistingFile
    dialog.setDirectory(str(SAMPLES_DIR))
    dialog.selectFile("canada-passed.png")
    dialog.accept()
    qtbot.waitUntil(
        lambda: window.picker is None or not window.picker.isVisible(), timeout=TIMEOUT_MS
    )
    qtbot.waitUntil(lambda: window.session.has_scan, timeout=TIMEOUT_MS)
    wait_stage(qtbot, window, Stage.READY)
    # A Canadian licence whose barcode gives number, birth date and province: one press, no
    # typing; the registry answers for the values the barcode holds.
    qtbot.mouseClick(window.ready.check_buttons[CheckKind.CANADA], Qt.MouseButton.LeftButton)
    wait_stage(qtbot, window, Stage.RESULT)
    assert window.result.view is not None and window.result.view.check is CheckKind.CANADA
    assert window.result.banner.title.text() == "Passed"


def test_image_source_refuses_non_image_names(qtbot: Any, tmp_path: Path) -> None:
    source = ImageFileSource()
    with qtbot.assertNotEmitted(source.image_captured):
        assert not source.submit_path(tmp_path / "x.pdf")
    with qtbot.waitSignal(source.image_captured):
        assert source.submit_path(tmp_path / "x.JPG")


def test_wedge_scan_of_another_barcode_says_it_is_not_a_licence(
    qtbot: Any, make_window: WindowFactory, clock: FakeClock
) -> None:
    window = make_window()
    type_text("PRODUCT-CODE-0123456789-ABCDEF", clock, SCAN_GAP_S, window)
    window.core.wedge.flush()
    wait_stage(qtbot, window, Stage.ERROR)
    assert "not from a driver's licence" in window.error.message.text()
    # The next scan works from the Error screen.
    scan_flushed(window, "dvs-parse", clock)
    qtbot.waitUntil(lambda: window.session.has_scan, timeout=TIMEOUT_MS)
    wait_stage(qtbot, window, Stage.READY)
