"""End-to-end flows through the real window, real workers and HTTP to the simulator."""

from __future__ import annotations

from typing import Any

import pytest

from kiosk_app.api.outcome import FieldOutcome, MatchCategory
from kiosk_app.flow.customer import BUSY_NOTICE
from kiosk_app.flow.stages import Stage
from kiosk_app.kinds import CheckKind, Verdict
from kiosk_app.simulator.faults import Faults
from kiosk_app.simulator.known_pictures import demo_samples
from kiosk_app.simulator.samples import SAMPLES_BY_KEY
from kiosk_app.ui import theme
from kiosk_app.ui.main_window import TEST_MODE_TEXT, MainWindow
from kiosk_app.ui.widgets import MatchRow
from tests.support.gui import WindowFactory
from tests.support.qt import TIMEOUT_MS, run_sample, wait_stage


def _left() -> Any:
    from PySide6.QtCore import Qt

    return Qt.MouseButton.LeftButton


def banner_state(window: MainWindow) -> tuple[str, str, str]:
    """(style key, icon name, words) shown by the verdict banner."""
    banner = window.result.banner
    return str(banner.property("verdict")), banner.icon.objectName(), banner.title.text()


VERDICT_SAMPLES = [
    ("signature-valid", Verdict.PASSED),
    ("signature-tampered", Verdict.FAILED),
    ("signature-revoked", Verdict.FAILED),
    ("signature-unreadable", Verdict.UNDEFINED),
    ("canada-passed", Verdict.PASSED),
    ("canada-flagged", Verdict.FLAGGED),
    ("canada-failed", Verdict.FAILED),
    ("canada-undefined", Verdict.UNDEFINED),
    ("dvs-parse", Verdict.PASSED),
]


@pytest.mark.parametrize(("key", "verdict"), VERDICT_SAMPLES)
def test_every_sample_ends_with_its_verdict_colour_icon_and_words(
    qtbot: Any, make_window: WindowFactory, key: str, verdict: Verdict
) -> None:
    window = make_window()
    run_sample(qtbot, window, key)
    # Parse only verifies nothing: its own neutral look, never the green "Passed".
    look = theme.PARSED_LOOK if key == "dvs-parse" else theme.VERDICT_LOOKS[verdict]
    assert banner_state(window) == (look.key, f"icon-{look.icon}", look.words)
    rule = f'QFrame#VerdictBanner[verdict="{look.key}"] {{ background: {look.background}; }}'
    assert rule in theme.stylesheet()
    assert window.result.view is not None
    assert window.result.view.outcome.verdict is verdict
    if key != "dvs-parse":  # the document endpoint has no request log id
        assert "Request log id" in window.result.request_info.text()


def test_undefined_reads_could_not_verify_with_signature_advice(
    qtbot: Any, make_window: WindowFactory
) -> None:
    window = make_window()
    run_sample(qtbot, window, "signature-unreadable")
    assert window.result.banner.title.text() == "Could not verify"
    assert "check the request" in window.result.banner.advice.text().lower()
    assert window.result.retry_box.isHidden()


def test_signature_rows_lead_with_the_mismatch_then_validity(
    qtbot: Any, make_window: WindowFactory
) -> None:
    window = make_window()
    run_sample(qtbot, window, "signature-revoked")
    rows = window.result.match_rows()
    # The row that needs the clerk (revoked: No match) first, then the matches.
    assert [r.caption.text() for r in rows[:2]] == ["Revocation status", "Licence or ID number"]
    revoked = rows[0]
    assert revoked.words.text() == "No match"
    assert revoked.icon.objectName() == "icon-fail"
    assert revoked.property("match") == "nomatch"
    assert revoked.value.text() == "Revoked"
    valid = rows[1]
    assert (valid.words.text(), valid.icon.objectName(), valid.property("match")) == (
        "Match",
        "icon-pass",
        "match",
    )


def test_canadian_result_shows_classes_and_licence_message(
    qtbot: Any, make_window: WindowFactory
) -> None:
    window = make_window()
    run_sample(qtbot, window, "canada-passed")
    classes = window.result.classes_line
    assert classes.isVisible() and classes.text().startswith("Current licence classes: ")
    assert classes.text() != "Current licence classes: —"
    assert "Driver's license is valid" in window.result.licence_line.text()


@pytest.mark.parametrize(
    ("match", "style", "icon", "words"),
    [
        (MatchCategory.MATCH, "match", "pass", "Match"),
        (MatchCategory.PARTIAL_MATCH, "partial", "partial", "Partial match"),
        (MatchCategory.NO_MATCH, "nomatch", "fail", "No match"),
        (MatchCategory.NONE, "none", "none", "Not compared"),
    ],
)
def test_match_rows_have_colour_icon_and_words(
    qtbot: Any, match: MatchCategory, style: str, icon: str, words: str
) -> None:
    row = MatchRow(FieldOutcome("BirthDate", "Birth Date", "12/24/1989", match, "note"))
    qtbot.addWidget(row)
    assert row.property("match") == style
    assert row.icon.objectName() == f"icon-{icon}"
    assert row.words.text() == words
    assert row.accessibleName() == f"Date of birth: {words}"  # our label, not the caption
    assert row.value.text() == "1989-12-24"  # the desk's date format
    colour = theme.MATCH_LOOKS[match].background
    assert f'QFrame#MatchRow[match="{style}"] {{ background: {colour}; }}' in theme.stylesheet()


def test_flagged_canadian_result_has_not_compared_rows(
    qtbot: Any, make_window: WindowFactory
) -> None:
    window = make_window()
    run_sample(qtbot, window, "canada-flagged")
    window.result.set_unfolded(True)
    none_rows = [r for r in window.result.match_rows() if r.property("match") == "none"]
    assert none_rows and none_rows[0].words.text() == "Not compared"
    assert none_rows[0].icon.objectName() == "icon-none"


def test_parse_only_shows_the_service_document(qtbot: Any, make_window: WindowFactory) -> None:
    window = make_window()
    run_sample(qtbot, window, "dvs-parse")
    assert window.result.view is not None
    assert window.result.view.check is CheckKind.DVS_PARSE
    assert window.result.doc_title.isVisible()
    assert any(t.startswith("Family name: ") for t in window.result.document_lines())


def test_success_false_shows_message_and_selectable_trace_id(
    qtbot: Any, make_window: WindowFactory
) -> None:
    window = make_window()
    run_sample(qtbot, window, "canada-error")
    assert window.result.error_box.isVisible()
    trace = window.result.trace_text
    assert trace.text().startswith("Trace id: ") and len(trace.text()) > len("Trace id: ")
    assert trace.textInteractionFlags() & trace.textInteractionFlags().TextSelectableByMouse
    copy = [b for b in window.result.error_box.findChildren(type(window.result.home_button))]
    qtbot.mouseClick(copy[0], _left())
    from PySide6.QtGui import QGuiApplication

    assert trace.text() in QGuiApplication.clipboard().text()


def test_canadian_undefined_counts_down_and_retry_now_runs_it_again(
    qtbot: Any, make_window: WindowFactory, simulator: Any
) -> None:
    window = make_window(retry_delay_s=120)
    run_sample(qtbot, window, "canada-undefined")
    assert window.result.retry_box.isVisible()
    assert window.result.countdown.text() == "Automatic retry in 02:00"
    qtbot.waitUntil(
        lambda: window.result.countdown.text() == "Automatic retry in 01:59", timeout=3000
    )
    before = simulator.request_count
    qtbot.mouseClick(window.result.retry_button, _left())
    wait_stage(qtbot, window, Stage.RESULT)
    assert simulator.request_count == before + 1
    assert window.result.countdown.text() == "Automatic retry in 02:00"


def test_scheduled_retry_runs_by_itself(
    qtbot: Any, make_window: WindowFactory, simulator: Any
) -> None:
    window = make_window(retry_delay_s=1)
    run_sample(qtbot, window, "canada-undefined")
    before = simulator.request_count
    qtbot.waitUntil(lambda: simulator.request_count == before + 1, timeout=5000)
    wait_stage(qtbot, window, Stage.RESULT)
    window.session.wipe()
    assert not window.session.flow.retry_pending


def test_test_token_shows_a_permanent_band(qtbot: Any, make_window: WindowFactory) -> None:
    window = make_window()
    assert window.test_band.isVisible() and window.test_band.text() == TEST_MODE_TEXT
    run_sample(qtbot, window, "signature-valid")
    assert window.test_band.isVisible()


def test_real_token_has_no_test_band(qtbot: Any, make_window: WindowFactory) -> None:
    window = make_window(api_token="not-the-test-token")
    assert not window.test_band.isVisible()


def test_local_parse_shows_name_age_badges_and_expiry(
    qtbot: Any, make_window: WindowFactory
) -> None:
    window = make_window(age_of_majority=21)
    run_sample(qtbot, window, "signature-valid")
    panel = window.result.panel
    assert panel.isVisible()
    assert panel.name.text() == "JORDAN ALEXIS RIVERS"
    assert panel.born.text() == "Born: 1991-04-17"
    assert panel.majority.text() == "21+" and panel.majority.property("state") == "ok"
    assert [b.text() for b in panel.badges] == ["18+ ✓", "19+ ✓", "21+ ✓"]
    assert not panel.expired.isVisible()


def test_new_customer_wipes_everything(qtbot: Any, make_window: WindowFactory) -> None:
    window = make_window()
    run_sample(qtbot, window, "signature-valid")
    qtbot.mouseClick(window.result.home_button, _left())
    assert window.current_stage() is Stage.READY
    assert not window.session.flow.holds_customer_data()
    assert window.result.view is None and not window.result.match_rows()
    assert window.result.panel.name.text() == "" and not window.ready.panel.isVisible()
    assert not window.ready.check_buttons[CheckKind.SIGNATURE].isEnabled()


def test_after_the_wipe_no_widget_shows_the_customer(
    qtbot: Any, make_window: WindowFactory
) -> None:
    from PySide6.QtWidgets import QLabel, QLineEdit

    window = make_window()
    run_sample(qtbot, window, "signature-valid")
    window.session.open_canada_form()
    window.canada_form.licence_number.setText("983416027")
    window.session.wipe()
    texts = [w.text() for w in window.findChildren(QLabel)]
    texts += [w.text() for w in window.findChildren(QLineEdit)]
    joined = "\n".join(texts)
    for value in ("JORDAN", "RIVERS", "983416027", "1991-04-17", "04/17/1991"):
        assert value not in joined


def test_scan_while_checking_is_refused_and_not_run_twice(
    qtbot: Any, make_window: WindowFactory, fresh_simulator: Any
) -> None:
    fresh_simulator.set_faults(Faults(latency_s=0.6))
    window = make_window(base_url=fresh_simulator.base_url)
    notices: list[str] = []
    window.session.notice.connect(notices.append)
    assert window.session.try_sample("signature-valid")
    qtbot.waitUntil(lambda: fresh_simulator.request_count == 1, timeout=TIMEOUT_MS)
    assert not window.session.submit_payload(SAMPLES_BY_KEY["signature-revoked"].payload)
    assert not window.session.run_check(CheckKind.SIGNATURE)
    assert notices[-1] == BUSY_NOTICE
    wait_stage(qtbot, window, Stage.RESULT)
    assert fresh_simulator.request_count == 1
    assert window.result.banner.title.text() == "Passed"


def test_cancel_abandons_the_result(
    qtbot: Any, make_window: WindowFactory, fresh_simulator: Any
) -> None:
    fresh_simulator.set_faults(Faults(latency_s=0.8))
    window = make_window(base_url=fresh_simulator.base_url)
    assert window.session.try_sample("signature-valid")
    qtbot.waitUntil(
        lambda: window.current_stage() is Stage.WORKING and fresh_simulator.request_count == 1,
        timeout=TIMEOUT_MS,
    )
    qtbot.mouseClick(window.working.cancel_button, _left())
    assert window.current_stage() is Stage.READY
    qtbot.waitUntil(window.core.pool.is_idle, timeout=TIMEOUT_MS)
    qtbot.wait(50)
    assert window.current_stage() is Stage.READY
    assert window.result.view is None
    # The scanned licence stays: the clerk may run the check again.
    fresh_simulator.set_faults(Faults())
    assert window.ready.check_buttons[CheckKind.SIGNATURE].isEnabled()
    qtbot.mouseClick(window.ready.check_buttons[CheckKind.SIGNATURE], _left())
    wait_stage(qtbot, window, Stage.RESULT)
    assert window.result.banner.title.text() == "Passed"


@pytest.mark.parametrize(
    ("faults", "read_timeout", "words"),
    [
        (Faults(http_status=500), None, "having trouble"),
        (Faults(malformed_json=True), None, "cannot read"),
        (Faults(latency_s=1.5), 0.3, "did not answer in time"),
    ],
    ids=["http-500", "garbage", "timeout"],
)
def test_service_failures_end_on_error_screen_and_next_scan_works(
    qtbot: Any,
    make_window: WindowFactory,
    fresh_simulator: Any,
    faults: Faults,
    read_timeout: float | None,
    words: str,
) -> None:
    fresh_simulator.set_faults(faults)
    window = make_window(base_url=fresh_simulator.base_url, read_timeout=read_timeout)
    assert window.session.try_sample("signature-valid")
    wait_stage(qtbot, window, Stage.ERROR)
    assert words in window.error.message.text()
    assert window.error.home_button.isVisible()
    fresh_simulator.set_faults(Faults())
    # Wait for the simulator to finish the slow reply the client gave up on.
    qtbot.waitUntil(lambda: fresh_simulator.request_count >= 1, timeout=TIMEOUT_MS)
    assert window.session.try_sample("signature-valid")
    wait_stage(qtbot, window, Stage.RESULT)
    assert window.result.banner.title.text() == "Passed"


def test_every_screen_has_one_control_back_to_ready(qtbot: Any, make_window: WindowFactory) -> None:
    window = make_window()
    run_sample(qtbot, window, "signature-valid")
    qtbot.mouseClick(window.result.home_button, _left())
    assert window.current_stage() is Stage.READY
    window.session.open_canada_form()
    assert window.current_stage() is Stage.CANADA_FORM
    qtbot.mouseClick(window.canada_form.back_button, _left())
    assert window.current_stage() is Stage.READY
    window.core.files.image_captured.emit(b"not an image at all")
    wait_stage(qtbot, window, Stage.ERROR)
    qtbot.mouseClick(window.error.home_button, _left())
    assert window.current_stage() is Stage.READY


def test_unreadable_picture_ends_on_error_screen_with_hint(
    qtbot: Any, make_window: WindowFactory
) -> None:
    from kiosk_app.ui.screenshots import blank_picture_png

    window = make_window()
    window.core.files.image_captured.emit(blank_picture_png())
    wait_stage(qtbot, window, Stage.ERROR)
    assert window.error.title.text() == "The licence could not be read"
    assert "No licence barcode found" in window.error.message.text()


def test_auto_check_on_scan_runs_the_default_check(qtbot: Any, make_window: WindowFactory) -> None:
    window = make_window(auto_check_on_scan=True, default_check="dvs-parse")
    window.session.submit_payload(SAMPLES_BY_KEY["dvs-parse"].payload)
    wait_stage(qtbot, window, Stage.RESULT)
    assert window.result.view is not None and window.result.view.check is CheckKind.DVS_PARSE


def test_without_auto_check_a_scan_waits_on_ready_with_the_licence(
    qtbot: Any, make_window: WindowFactory, simulator: Any
) -> None:
    window = make_window()
    before = simulator.request_count
    window.session.submit_payload(SAMPLES_BY_KEY["signature-valid"].payload)
    qtbot.waitUntil(lambda: window.ready.panel.isVisible(), timeout=TIMEOUT_MS)
    wait_stage(qtbot, window, Stage.READY)
    assert simulator.request_count == before
    assert window.ready.panel.name.text() == "JORDAN ALEXIS RIVERS"
    qtbot.mouseClick(window.ready.check_buttons[CheckKind.SIGNATURE], _left())
    wait_stage(qtbot, window, Stage.RESULT)
    assert window.result.banner.title.text() == "Passed"


def test_disabled_checks_have_no_button(qtbot: Any, make_window: WindowFactory) -> None:
    window = make_window(enabled_checks=["canada"], default_check="canada")
    assert list(window.ready.check_buttons) == [CheckKind.CANADA]
    assert not window.session.run_check(CheckKind.SIGNATURE)


def test_try_a_sample_menu_lists_every_sample_and_runs_one(
    qtbot: Any, make_window: WindowFactory
) -> None:
    window = make_window()
    actions = window.ready.sample_menu.actions()
    assert [a.data() for a in actions] == list(demo_samples())
    next(a for a in actions if a.data() == "signature-revoked").trigger()
    wait_stage(qtbot, window, Stage.RESULT)
    assert window.result.banner.title.text() == "Failed"


def test_no_sample_button_outside_demo_mode(qtbot: Any, make_window: WindowFactory) -> None:
    window = make_window(samples=False)
    assert window.ready.sample_button is None
