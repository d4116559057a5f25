"""The admin Diagnostics screen: live input statuses, the last raw scan with its control
characters made visible (memory only, cleared by the wipe and the idle timeout, never logged),
devices, the watched folder, the connection test, and the way in from the admin settings."""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, QEvent

from kiosk_app.app.capture.hardware import add_hardware_sources
from kiosk_app.app.diagnostics import ScanRecorder, folder_state, visible_controls
from kiosk_app.flow.stages import Stage
from kiosk_app.ui.admin.diagnostics import DiagnosticsDialog
from kiosk_app.ui.main_window import MainWindow
from tests.support.admin import KioskFactory
from tests.support.capture import aamva_payload
from tests.support.clock import FakeClock
from tests.support.gui import WindowFactory
from tests.support.qt import OFFSCREEN_DIALOG_NOTE, TIMEOUT_MS, drop_source, scan, wait_stage

pytestmark = pytest.mark.qt_log_ignore(OFFSCREEN_DIALOG_NOTE)

WEDGE = "Barcode scanner (keyboard)"
FILES = "Image files (Open or drag and drop)"
SAMPLE_PNG = Path(__file__).resolve().parents[2] / "resources" / "samples"


@pytest.fixture
def open_dialog(qtbot: Any) -> Iterator[Any]:
    """Open the Diagnostics screen over a window; closed, awaited and deleted at the end."""
    opened: list[DiagnosticsDialog] = []

    def factory(window: MainWindow) -> DiagnosticsDialog:
        dialog = DiagnosticsDialog(window.core, parent=window)
        dialog.show()
        opened.append(dialog)
        return dialog

    yield factory
    for dialog in opened:
        qtbot.waitUntil(dialog.core.pool.is_idle, timeout=TIMEOUT_MS)
        dialog.close()
        dialog.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def test_control_characters_are_made_visible() -> None:
    raw = b"@\n\x1e\rANSI 6360\x1dDL\x04\x00\x7f\xe9ok<"
    assert visible_controls(raw) == ("@<LF><RS><CR>ANSI 6360<GS>DL<0x04><0x00><0x7F><0xE9>ok<")
    assert visible_controls(b"") == ""


def test_recorder_keeps_one_scan_per_input_until_cleared(qtbot: Any) -> None:
    from kiosk_app.app.capture.base import CaptureSource

    recorder = ScanRecorder()
    source = CaptureSource()
    source.display_name = "Test input"
    recorder.watch(source)
    source.payload_scanned.emit(b"first\n")
    source.payload_scanned.emit(b"second\x1e")
    records = recorder.records()
    assert list(records) == ["Test input"]
    assert records["Test input"].payload == b"second\x1e"
    assert records["Test input"].visible() == "second<RS>"
    with qtbot.waitSignal(recorder.changed):
        recorder.clear()
    assert recorder.records() == {}
    source.deleteLater()
    recorder.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def test_last_wedge_scan_is_shown_exactly_with_visible_controls_and_wiped(
    qtbot: Any,
    make_window: WindowFactory,
    clock: FakeClock,
    open_dialog: Any,
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.DEBUG)
    window = make_window()
    dialog = open_dialog(window)
    row = dialog.rows[WEDGE]
    assert row.scan.isHidden()
    assert "Listening" in row.status.text()

    payload = scan(window, "signature-valid", clock)
    qtbot.waitUntil(lambda: not row.scan.isHidden(), timeout=TIMEOUT_MS)
    shown = row.scan.toPlainText()
    assert shown.replace("<LF>\n", "<LF>") == visible_controls(payload)
    assert "<LF>" in shown and "<RS>" in shown and "\x1e" not in shown
    assert f"{len(payload)} bytes" in row.scan_note.text()
    wait_stage(qtbot, window, Stage.READY)

    # Never logged: neither the raw payload's text nor its visible form.
    number = re.search(rb"DAQ([^\n\r]+)", payload)
    assert number is not None
    assert number.group(1).decode() not in caplog.text
    assert visible_controls(payload)[:40] not in caplog.text

    window.session.wipe()  # New customer
    assert window.core.scans.records() == {}
    assert row.scan.isHidden() and row.scan.toPlainText() == ""
    assert "No scan" in row.scan_note.text()


def test_idle_timeout_clears_the_last_scan(
    qtbot: Any, make_window: WindowFactory, clock: FakeClock
) -> None:
    window = make_window()
    scan(window, "signature-valid", clock)
    qtbot.waitUntil(lambda: WEDGE in window.core.scans.records(), timeout=TIMEOUT_MS)
    wait_stage(qtbot, window, Stage.READY)
    window.core.idle.set_timeout_ms(100)
    qtbot.waitUntil(lambda: window.core.idle.wipes == 1, timeout=TIMEOUT_MS)
    assert window.core.scans.records() == {}


def test_statuses_are_live_and_pictures_are_named_not_kept(
    qtbot: Any, make_window: WindowFactory, open_dialog: Any, tmp_path: Path
) -> None:
    window = make_window()
    dialog = open_dialog(window)
    assert window.core.files.submit_path(tmp_path / "notes.txt") is False
    assert "Not an image file" in dialog.rows[FILES].status.text()

    picture = next(SAMPLE_PNG.glob("*.png"), None)
    assert picture is not None, "the package ships sample pictures"
    window.core.files.submit_path(picture)
    qtbot.waitUntil(lambda: FILES in window.core.scans.records(), timeout=TIMEOUT_MS)
    record = window.core.scans.records()[FILES]
    assert record.is_picture and record.payload is None and record.file_name == picture.name
    assert picture.name in dialog.rows[FILES].scan_note.text()
    assert dialog.rows[FILES].scan.isHidden()
    qtbot.waitUntil(lambda: window.current_stage() is not Stage.WORKING, timeout=TIMEOUT_MS)


def test_devices_and_folder_are_listed(
    qtbot: Any, make_window: WindowFactory, open_dialog: Any, tmp_path: Path
) -> None:
    window = make_window(serial_port="/dev/ttyKIOSK-ABSENT", watch_folder=str(tmp_path))
    dialog = open_dialog(window)
    assert "/dev/ttyKIOSK-ABSENT (configured, not present)" in dialog.serial_ports.text()
    assert dialog.cameras.text()  # the cameras present, or "No camera found"
    qtbot.waitUntil(lambda: "Readable and writable" in dialog.folder.text(), timeout=TIMEOUT_MS)
    assert str(tmp_path) in dialog.folder.text()
    assert folder_state(tmp_path / "missing") == "Not found"
    (tmp_path / "file").write_text("x")
    assert folder_state(tmp_path / "file") == "Not a folder"


def test_connection_test_reports_success_and_failure(
    qtbot: Any, make_window: WindowFactory, open_dialog: Any
) -> None:
    window = make_window()
    dialog = open_dialog(window)
    dialog.test_button.click()
    assert not dialog.test_button.isEnabled()
    qtbot.waitUntil(lambda: dialog.test_button.isEnabled(), timeout=TIMEOUT_MS)
    assert dialog.connection_result.text().startswith("Connection OK: Connected")

    refused = make_window(base_url="http://127.0.0.1:9")  # nothing listens on the discard port
    dialog = open_dialog(refused)
    dialog.test_button.click()
    qtbot.waitUntil(lambda: dialog.test_button.isEnabled(), timeout=TIMEOUT_MS)
    assert dialog.connection_result.text().startswith("Connection failed:")


def test_diagnostics_open_from_the_admin_settings(
    qtbot: Any,
    make_kiosk: KioskFactory,
) -> None:
    window, kiosk = make_kiosk(enabled=False)
    kiosk.open_settings()
    settings = kiosk.settings_dialog
    assert settings is not None
    settings.diagnostics_button.click()
    qtbot.waitUntil(
        lambda: kiosk.diagnostics is not None and kiosk.diagnostics.isVisible(), timeout=TIMEOUT_MS
    )
    assert kiosk.diagnostics is not None
    assert set(kiosk.diagnostics.rows) == set(window.core.input_statuses())
    kiosk.close_admin_screens()
    qtbot.waitUntil(lambda: kiosk.diagnostics is None, timeout=TIMEOUT_MS)


def test_serial_scan_is_shown_byte_for_byte(
    qtbot: Any, make_window: WindowFactory, open_dialog: Any, tmp_path: Path
) -> None:
    master, slave = os.openpty()
    link = tmp_path / "ttyDIAG"
    link.symlink_to(os.ttyname(slave))
    try:
        window = make_window(serial_port=str(link), serial_terminator="<ETX>", camera_enabled=False)
        added = add_hardware_sources(window.core)
        assert added.serial is not None
        added.serial.start()
        dialog = open_dialog(window)
        row = dialog.rows[added.serial.display_name]
        assert f"Ready on {link}" in row.status.text()

        payload = aamva_payload(70, surname="SERIAL")
        os.write(master, payload + b"\x03")  # the terminator is framing, not part of the scan
        qtbot.waitUntil(lambda: not row.scan.isHidden(), timeout=TIMEOUT_MS)
        assert row.scan.toPlainText().replace("<LF>\n", "<LF>") == visible_controls(payload)
        assert "<0x03>" not in row.scan.toPlainText()
        wait_stage(qtbot, window, Stage.READY)
        added.serial.stop()
        assert "Stopped" in row.status.text()
        qtbot.waitUntil(window.core.pool.is_idle, timeout=TIMEOUT_MS)
        drop_source(window.core, added.serial)
    finally:
        os.close(master)
        os.close(slave)


def test_diagnostics_follow_a_live_language_switch(
    qtbot: Any, make_window: WindowFactory, open_dialog: Any, tmp_path: Path
) -> None:
    window = make_window(watch_folder=str(tmp_path))
    dialog = open_dialog(window)
    qtbot.waitUntil(lambda: "Readable and writable" in dialog.folder.text(), timeout=TIMEOUT_MS)
    dialog.test_button.click()
    qtbot.waitUntil(lambda: dialog.test_button.isEnabled(), timeout=TIMEOUT_MS)
    assert dialog.windowTitle() == "Diagnostics"
    try:
        window.switch_language("fr")
        qtbot.waitUntil(lambda: dialog.windowTitle() == "Diagnostic", timeout=TIMEOUT_MS)
        assert dialog.test_button.text() == "Tester la connexion"
        assert dialog.close_button.text() == "Fermer"
        assert dialog.section_titles[0].text() == "Caméras présentes"
        assert dialog.rows[WEDGE].title.text() == "Lecteur de codes-barres (clavier)"
        assert dialog.rows[WEDGE].status.text().startswith("État\u202f: ")
        # The answers already shown are drawn again in French, without asking again.
        assert "Lisible et modifiable" in dialog.folder.text(), dialog.folder.text()
        assert dialog.connection_result.text().startswith("Connexion réussie\u202f: ")
        window.switch_language("en")
        qtbot.waitUntil(lambda: dialog.windowTitle() == "Diagnostics", timeout=TIMEOUT_MS)
        assert "Readable and writable" in dialog.folder.text()
    finally:
        window.switch_language("en")
