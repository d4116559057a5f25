"""The right check for the card in hand, through a real window: pictures in the
watched folder, auto-check on, the simulator and a real usage database."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from kiosk_app.flow.stages import Stage
from kiosk_app.kinds import CheckKind
from kiosk_app.simulator.samples import SAMPLES_BY_KEY
from tests.aamva_factory import CardSpec, build_payload, canadian_spec
from tests.support.qt import OFFSCREEN_DIALOG_NOTE

from .billing_support import TIMEOUT_MS, Desk, png_of, wait_stage, watch_folder

pytestmark = pytest.mark.qt_log_ignore(OFFSCREEN_DIALOG_NOTE)

ONTARIO = SAMPLES_BY_KEY["canada-failed"].payload  # an Ontario licence, number/DOB/province
CALIFORNIA = build_payload(CardSpec())  # a California licence


def test_an_ontario_and_a_california_licence_each_get_their_check(
    qtbot: QtBot, desk: Any, tmp_path: Path
) -> None:
    made: Desk = desk(auto_check_on_scan=True)
    window = made.window
    folder = tmp_path / "scans"
    source = watch_folder(window, folder)
    (folder / "ontario.png").write_bytes(png_of(ONTARIO))
    qtbot.waitUntil(lambda: made.rows() == 1, timeout=TIMEOUT_MS)
    wait_stage(qtbot, window, Stage.RESULT)
    assert window.result.view is not None and window.result.view.check is CheckKind.CANADA
    (folder / "california.png").write_bytes(png_of(CALIFORNIA))
    qtbot.waitUntil(lambda: made.rows() == 2, timeout=TIMEOUT_MS)
    wait_stage(qtbot, window, Stage.RESULT)
    source.stop()
    assert made.services() == ["canada", "signature"]


def test_the_ready_screen_offers_only_the_cards_checks_and_says_which_runs(
    qtbot: QtBot, desk: Any
) -> None:
    made: Desk = desk()
    window = made.window
    buttons = window.ready.check_buttons
    window.session.submit_payload(ONTARIO)
    qtbot.waitUntil(lambda: window.ready.routing is not None, timeout=TIMEOUT_MS)
    assert window.ready.routing_panel.route_line.text() == (
        "Check for this card: Canadian registry check — Canadian driver's licence (ON): "
        "the check set for these cards"
    )
    assert buttons[CheckKind.CANADA].isVisible() and buttons[CheckKind.DVS_PARSE].isVisible()
    assert not buttons[CheckKind.SIGNATURE].isVisible()
    # The signature check on a Canadian card cannot be run, not even by a stray call.
    assert not window.session.run_check(CheckKind.SIGNATURE)
    assert made.rows() == 0
    # One press, no typing: the registry check runs from the barcode.
    qtbot.mouseClick(buttons[CheckKind.CANADA], Qt.MouseButton.LeftButton)
    wait_stage(qtbot, window, Stage.RESULT)
    assert made.services() == ["canada"]

    window.session.wipe()
    window.session.submit_payload(build_payload(canadian_spec(document_type="ID")))
    qtbot.waitUntil(lambda: window.ready.routing is not None, timeout=TIMEOUT_MS)
    assert window.ready.routing_panel.route_line.text() == (
        "No check runs by itself for this card — Canadian ID card (ON): the registry check is "
        "for driver's licences only"
    )
    assert [k for k, b in buttons.items() if b.isVisible()] == [CheckKind.DVS_PARSE]


def test_a_canadian_licence_lacking_a_field_opens_the_form(qtbot: QtBot, desk: Any) -> None:
    made: Desk = desk(auto_check_on_scan=True)
    window = made.window
    window.session.submit_payload(build_payload(canadian_spec(licence_number="NONE")))
    wait_stage(qtbot, window, Stage.CANADA_FORM)
    assert made.rows() == 0
