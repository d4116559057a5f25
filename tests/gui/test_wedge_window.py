"""Wedge scans in the real kiosk window, full key sequences: the Canadian form, the admin
screens, repaired payloads kept away from the signature check, Diagnostics' key trace."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtWidgets import QApplication, QLineEdit

from kiosk_app.app.capture.wedge import TAIL_GUARD_MS
from kiosk_app.flow.planning import SIGNATURE_NEEDS_EXACT
from kiosk_app.flow.stages import Stage
from kiosk_app.kinds import CheckKind
from kiosk_app.simulator.samples import SAMPLES_BY_KEY
from kiosk_app.ui.admin.diagnostics import DiagnosticsDialog
from tests.support.admin import PIN, KioskFactory, open_pad, type_pin
from tests.support.clock import FakeClock
from tests.support.gui import WindowFactory
from tests.support.qt import OFFSCREEN_DIALOG_NOTE, TIMEOUT_MS, wait_stage
from tests.wedge_keys import Convention, deliver, scanner_events

pytestmark = pytest.mark.qt_log_ignore(OFFSCREEN_DIALOG_NOTE)
GAP = 0.004


def scan(
    window: Any, clock: FakeClock, key: str, convention: Convention = Convention.ENTER_LF
) -> bytes:
    """A sample typed as a US wedge scanner types it (Shift keys, Enter for LF), burst ended."""
    payload = SAMPLES_BY_KEY[key].payload
    clock.advance(TAIL_GUARD_MS / 1000.0 + 2.5)  # clear of any earlier scan
    deliver(scanner_events(payload.decode("latin-1"), convention), clock.advance, GAP)
    window.core.wedge.flush()
    return payload


@pytest.mark.parametrize("auto", [True, False], ids=["auto-check", "no-auto-check"])
def test_scan_on_a_filled_canadian_form_never_types_or_submits_it(
    qtbot: Any, make_window: WindowFactory, clock: FakeClock, simulator: Any, auto: bool
) -> None:
    window = make_window(auto_check_on_scan=auto, default_check="dvs-parse")
    window.session.try_sample("canada-passed")  # opens the form, pre-filled
    wait_stage(qtbot, window, Stage.CANADA_FORM)
    field: QLineEdit = window.canada_form.licence_number
    before = field.text()
    assert before
    field.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is field, timeout=2000)
    submitted: list[object] = []
    window.canada_form.submitted.connect(submitted.append)
    requests = simulator.request_count
    scan(window, clock, "dvs-parse")
    qtbot.waitUntil(lambda: window.session.has_scan, timeout=TIMEOUT_MS)
    assert field.text() == before and submitted == []
    if auto:
        wait_stage(qtbot, window, Stage.RESULT)
        assert window.result.view.check is CheckKind.DVS_PARSE
        assert simulator.request_count == requests + 1  # the parse check, nothing else
    else:
        wait_stage(qtbot, window, Stage.READY)
        assert simulator.request_count == requests


def test_repaired_scan_is_never_sent_to_the_signature_check(
    qtbot: Any, make_window: WindowFactory, clock: FakeClock, simulator: Any
) -> None:
    window = make_window(auto_check_on_scan=True, default_check="signature")
    notices: list[str] = []
    window.session.notice.connect(notices.append)
    requests = simulator.request_count
    scan(window, clock, "signature-valid", Convention.ENTER_BOTH)
    qtbot.waitUntil(lambda: window.session.has_scan, timeout=TIMEOUT_MS)
    wait_stage(qtbot, window, Stage.READY)
    assert window.session.scan_byte_exact is False
    assert notices == [SIGNATURE_NEEDS_EXACT]
    assert simulator.request_count == requests  # refused locally: no request, no verdict
    assert not window.ready.check_buttons[CheckKind.SIGNATURE].isEnabled()
    assert window.ready.check_buttons[CheckKind.DVS_PARSE].isEnabled()
    assert "camera" in window.ready.action_hint.text()
    window.ready.check_buttons[CheckKind.DVS_PARSE].click()  # the checks that still apply
    wait_stage(qtbot, window, Stage.RESULT)
    assert simulator.request_count == requests + 1


def test_exact_scan_with_shift_keys_verifies_as_passed(
    qtbot: Any, make_window: WindowFactory, clock: FakeClock
) -> None:
    window = make_window(auto_check_on_scan=True, default_check="signature")
    scan(window, clock, "signature-valid", Convention.CTRL)
    wait_stage(qtbot, window, Stage.RESULT)
    assert window.session.scan_byte_exact is True
    assert window.result.banner.title.text() == "Passed"


def test_scan_reaches_the_check_from_the_pin_pad_and_the_settings(
    qtbot: Any,
    make_kiosk: KioskFactory,
    clock: FakeClock,
) -> None:
    window, kiosk = make_kiosk(
        enabled=False, pin=PIN, auto_check_on_scan=True, default_check="dvs-parse"
    )
    pad = open_pad(qtbot, window, kiosk)
    qtbot.waitUntil(lambda: QApplication.focusWindow() is pad.windowHandle(), timeout=TIMEOUT_MS)
    scan(window, clock, "dvs-parse")
    wait_stage(qtbot, window, Stage.RESULT)
    assert pad.isVisible() and "0" not in pad._entry  # no digit of the payload reached the pad
    clock.advance(1.0)  # a person, a while after the scan: typing again
    type_pin(pad, PIN)
    qtbot.waitUntil(lambda: kiosk.settings_dialog is not None, timeout=TIMEOUT_MS)
    dialog = kiosk.settings_dialog
    assert dialog is not None
    qtbot.waitUntil(lambda: QApplication.focusWindow() is dialog.windowHandle(), timeout=TIMEOUT_MS)
    results: list[object] = []
    window.session.result_ready.connect(results.append)
    scan(window, clock, "signature-valid")  # New customer would close the admin screens
    qtbot.waitUntil(lambda: bool(results), timeout=TIMEOUT_MS)
    assert window.session.scan_byte_exact is True
    assert dialog.isVisible()
    editors = [w for w in dialog.findChildren(QLineEdit) if "DAQ" in w.text()]
    assert editors == []


def test_diagnostics_shows_the_last_scans_keys_masked(
    qtbot: Any, make_window: WindowFactory, clock: FakeClock
) -> None:
    window = make_window()
    scan(window, clock, "signature-valid")
    wait_stage(qtbot, window, Stage.READY)
    dialog = DiagnosticsDialog(window.core, parent=window)
    qtbot.addWidget(dialog)
    row = dialog.rows["Barcode scanner (keyboard)"]
    keys = row.keys.toPlainText()
    assert keys.startswith("Shift↓ @ Shift↑ Enter Ctrl↓ Shift↓")
    assert "•" in keys and "RIVERS" not in keys.replace(" ", "")
    window.session.wipe()
    qtbot.waitUntil(lambda: row.keys.toPlainText() == "", timeout=TIMEOUT_MS)
    dialog.close()
