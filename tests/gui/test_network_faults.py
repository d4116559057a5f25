"""The real window against raw-socket servers misbehaving on purpose: the Error screen says what
went wrong in the clerk's words, and the next scan on the same window works."""

from __future__ import annotations

from typing import Any

import pytest

from kiosk_app.flow.stages import Stage
from tests.support.gui import WindowFactory
from tests.support.qt import wait_stage
from tests.unit.api.fake_servers import ScriptedServer, first_then, http_reply
from tests.unit.api.network_faults import CASES_BY_NAME, FaultCase
from tests.unit.api.reply_samples import signature_element

GOOD_SIGNATURE = http_reply(200, [signature_element()])
READ_TIMEOUT_S = 1.5  # the window's client then has a total deadline of 3 s
GUI_CASES = [
    CASES_BY_NAME[name]
    for name in (
        "never-answers",
        "drips-whole-reply",
        "endless-body",
        "endless-headers",
        "closes-mid-headers",
        "invalid-utf8",
        "enormous-json",
        "numbers-for-strings",
        "captive-portal-200",
        "redirect-other-host",
    )
]


@pytest.mark.parametrize("case", GUI_CASES, ids=[c.name for c in GUI_CASES])
def test_fault_shows_its_message_and_the_next_scan_works(
    qtbot: Any, make_window: WindowFactory, servers: list[ScriptedServer], case: FaultCase
) -> None:
    server = ScriptedServer(first_then(case.make(), GOOD_SIGNATURE))
    servers.append(server)
    window = make_window(base_url=server.url, read_timeout=READ_TIMEOUT_S)

    assert window.session.try_sample("signature-valid")
    wait_stage(qtbot, window, Stage.ERROR)
    assert window.error.title.text() == "The check could not be completed"
    assert case.words in window.error.message.text()
    assert window.error.home_button.isVisible()

    assert window.session.try_sample("signature-valid")
    wait_stage(qtbot, window, Stage.RESULT)
    assert window.result.banner.title.text() == "Passed"
    assert len(server.requests) == 2  # the faulty check was not repeated behind the clerk's back


def test_start_again_after_a_fault_returns_to_ready_without_customer_data(
    qtbot: Any, make_window: WindowFactory, servers: list[ScriptedServer]
) -> None:
    server = ScriptedServer(first_then(CASES_BY_NAME["captive-portal-200"].make(), GOOD_SIGNATURE))
    servers.append(server)
    window = make_window(base_url=server.url, read_timeout=READ_TIMEOUT_S)
    assert window.session.try_sample("signature-valid")
    wait_stage(qtbot, window, Stage.ERROR)
    qtbot.mouseClick(window.error.home_button, _left())
    assert window.current_stage() is Stage.READY
    assert not window.session.flow.holds_customer_data()


def _left() -> Any:
    from PySide6.QtCore import Qt

    return Qt.MouseButton.LeftButton


def test_untrusted_certificate_shows_the_certificate_message(
    qtbot: Any, make_window: WindowFactory, servers: list[ScriptedServer], tmp_path: Any
) -> None:
    from tests.unit.api.tls_support import TestPki

    server = ScriptedServer(
        first_then(GOOD_SIGNATURE, GOOD_SIGNATURE), tls=TestPki(tmp_path).server_context()
    )
    servers.append(server)
    window = make_window(base_url=server.url, read_timeout=READ_TIMEOUT_S)
    assert window.session.try_sample("signature-valid")
    wait_stage(qtbot, window, Stage.ERROR)
    assert "not from a trusted authority" in window.error.message.text()
    assert server.requests == []  # nothing was sent over the refused connection
    qtbot.mouseClick(window.error.home_button, _left())
    assert window.current_stage() is Stage.READY
