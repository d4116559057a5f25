"""Repeats show what the screen showed: the repeat notice and the confirmation quote the banner
as displayed (title and colour), never the service's raw status; "Keep the result" shows the
stored banner, reason and rows again — for this customer, and for an earlier customer's check
within the window (sealed under the card's own key in between). Real window, simulator, HTTP."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt

from kiosk_app.flow.billing import open_result, seal_result
from kiosk_app.flow.stages import Stage
from kiosk_app.kinds import CheckKind
from kiosk_app.simulator.samples import SAMPLES_BY_KEY
from tests.support.gui import WindowFactory, shown_texts
from tests.support.qt import OFFSCREEN_DIALOG_NOTE, TIMEOUT_MS, wait_stage

pytestmark = pytest.mark.qt_log_ignore(OFFSCREEN_DIALOG_NOTE)

EXPIRED = SAMPLES_BY_KEY["signature-expired"].payload
OTHER = SAMPLES_BY_KEY["signature-valid"].payload
EXPIRED_WORDS = "Signature valid — licence EXPIRED"


def _read(qtbot: Any, window: Any, payload: bytes, stage: Stage) -> None:
    window.session.submit_payload(payload)
    qtbot.waitUntil(lambda: window.session.has_scan, timeout=TIMEOUT_MS)
    wait_stage(qtbot, window, stage)


def _keep_the_result(qtbot: Any, window: Any) -> None:
    window.ready.check_buttons[CheckKind.SIGNATURE].click()
    qtbot.waitUntil(lambda: window.confirm_dialog is not None, timeout=TIMEOUT_MS)
    dialog = window.confirm_dialog
    assert EXPIRED_WORDS in dialog.text.text() and "Passed" not in dialog.text.text()
    qtbot.mouseClick(dialog.no_button, Qt.MouseButton.LeftButton)
    wait_stage(qtbot, window, Stage.RESULT)


def _shows_the_stored_result(window: Any) -> None:
    banner = window.result.banner
    assert banner.title.text() == EXPIRED_WORDS
    assert banner.property("verdict") == "flagged"
    assert banner.reason.text() == "expired on 2024-03-01"
    window.result.finish_filling()
    assert [row.caption.text() for row in window.result.match_rows()][:2] == [
        "Licence or ID number",
        "Revocation status",
    ]


def test_an_expired_card_again_after_another_card_never_says_passed(
    qtbot: Any, make_window: WindowFactory
) -> None:
    window = make_window(auto_check_on_scan=True)
    _read(qtbot, window, EXPIRED, Stage.RESULT)
    assert window.result.banner.title.text() == EXPIRED_WORDS
    window.session.wipe()
    _read(qtbot, window, OTHER, Stage.RESULT)  # another customer's card
    window.session.wipe()
    _read(qtbot, window, EXPIRED, Stage.READY)  # the same card again: not checked again
    earlier = window.ready.routing_panel.earlier_text
    assert earlier.isVisible() and EXPIRED_WORDS in earlier.text()
    assert earlier.property("verdict") == "flagged"
    assert window.ready.routing_panel.earlier_icon.objectName() == "icon-flag"
    assert not [text for text in shown_texts(window) if "Passed" in text]
    _keep_the_result(qtbot, window)
    _shows_the_stored_result(window)
    assert not [text for text in shown_texts(window) if "Passed" in text]


def test_keep_the_result_of_this_customer_shows_the_banner_again(
    qtbot: Any, make_window: WindowFactory
) -> None:
    window = make_window(auto_check_on_scan=True)
    _read(qtbot, window, EXPIRED, Stage.RESULT)
    window.result.other_button.click()
    wait_stage(qtbot, window, Stage.READY)
    _keep_the_result(qtbot, window)
    _shows_the_stored_result(window)
    assert window.session.flow.recent.window_min > 0


def test_keep_the_result_with_nothing_stored_stays_on_ready(
    qtbot: Any, make_window: WindowFactory
) -> None:
    window = make_window(repeat_window_min=0)  # no memory across customers
    _read(qtbot, window, EXPIRED, Stage.READY)
    window.session.run_check(CheckKind.SIGNATURE)
    wait_stage(qtbot, window, Stage.RESULT)
    window.session.wipe()
    _read(qtbot, window, EXPIRED, Stage.READY)
    assert not window.session.keep_result(CheckKind.SIGNATURE)
    assert window.session.stage is Stage.READY


def test_a_sealed_result_opens_only_with_the_same_cards_key(
    qtbot: Any, make_window: WindowFactory
) -> None:
    window = make_window(auto_check_on_scan=True)
    _read(qtbot, window, EXPIRED, Stage.RESULT)
    view = window.result.view
    assert view is not None
    recent = window.session.flow.recent
    digest = recent.digest(EXPIRED)
    sealed = seal_result(recent.seal_key(EXPIRED), view, digest)
    assert open_result(recent.seal_key(EXPIRED), sealed, digest) == view
    assert open_result(recent.seal_key(OTHER), sealed, digest) is None  # another card's key
    assert open_result(recent.seal_key(EXPIRED), sealed, recent.digest(OTHER)) is None
    tampered = sealed[:-1] + bytes([sealed[-1] ^ 1])
    assert open_result(recent.seal_key(EXPIRED), tampered, digest) is None
    assert b"WHITFIELD" not in sealed and b"2024-03-01" not in sealed
