"""Never pay twice, at the session level, with a scripted backend (real workers, no network)."""

from __future__ import annotations

from typing import Any

import pytest

from kiosk_app.api.errors import ApiTimeoutError
from kiosk_app.api.outcome import Outcome
from kiosk_app.app.session import Session
from kiosk_app.app.workers import WorkerPool
from kiosk_app.barcode.issuer import Issuer, IssuerSource
from kiosk_app.config import Settings
from kiosk_app.flow.billing import RecentChecks
from kiosk_app.flow.customer import SAME_CARD, BilledAgain
from kiosk_app.flow.planning import NOT_FOR_THIS_CARD
from kiosk_app.flow.stages import Stage
from kiosk_app.kinds import CheckKind, Verdict
from tests.support.clock import FakeClock
from tests.support.scripted_backend import ScriptedBackend

CARD = b"@card-one"


def billed(verdict: Verdict = Verdict.PASSED) -> Outcome:
    return Outcome(CheckKind.SIGNATURE, verdict, 1, verdict.value, True, request_log_id=42)


@pytest.fixture
def parts(qtbot: Any) -> Any:
    backend = ScriptedBackend()
    backend.answer = billed
    pool = WorkerPool()
    clock = FakeClock(50.0)
    session = Session(
        Settings(auto_check_on_scan=True), backend, pool, recent=RecentChecks(5, clock=clock)
    )
    notices: list[str] = []
    confirms: list[BilledAgain] = []
    session.notice.connect(notices.append)
    session.confirm_requested.connect(confirms.append)
    yield session, backend, pool, clock, notices, confirms
    backend.gate.set()
    pool.shutdown(5000)


def stage_of(session: Session) -> Stage:
    """The session's stage read afresh (mypy keeps an attribute narrowed across calls)."""
    return session.stage


def _checked(qtbot: Any, session: Session, pool: WorkerPool, payload: bytes = CARD) -> None:
    session.submit_payload(payload)
    qtbot.waitUntil(lambda: session.stage is Stage.RESULT and pool.is_idle(), timeout=5000)


def test_a_repeat_read_changes_nothing_but_an_unanswered_check_runs_again(
    qtbot: Any, parts: Any
) -> None:
    session, backend, pool, _clock, notices, _confirms = parts
    _checked(qtbot, session, pool)
    assert not session.submit_payload(CARD)
    assert notices == [SAME_CARD] and backend.calls == ["read", "signature"]
    session.wipe()
    backend.answer = lambda: (_ for _ in ()).throw(ApiTimeoutError())
    session.submit_payload(b"@card-two")
    qtbot.waitUntil(lambda: session.stage is Stage.ERROR and pool.is_idle(), timeout=5000)
    backend.answer = billed
    assert session.submit_payload(b"@card-two")  # no answer yet: the repeat read runs it
    qtbot.waitUntil(lambda: session.stage is Stage.RESULT and pool.is_idle(), timeout=5000)
    assert backend.calls.count("signature") == 3


def test_checking_again_waits_for_the_confirmation(qtbot: Any, parts: Any) -> None:
    session, backend, pool, _clock, _notices, confirms = parts
    _checked(qtbot, session, pool)
    session.back_to_ready()
    assert not session.run_check(CheckKind.SIGNATURE)
    assert [c.check for c in confirms] == [CheckKind.SIGNATURE]
    assert confirms[0].prior.same_customer and confirms[0].prior.request_log_id == 42
    assert backend.calls.count("signature") == 1
    assert session.run_check(CheckKind.SIGNATURE, confirmed=True)
    qtbot.waitUntil(lambda: session.stage is Stage.RESULT and pool.is_idle(), timeout=5000)
    assert backend.calls.count("signature") == 2


def test_the_next_customer_with_the_same_card_is_shown_the_earlier_check(
    qtbot: Any, parts: Any
) -> None:
    session, backend, pool, clock, _notices, _confirms = parts
    routed: list[Any] = []
    session.card_routed.connect(routed.append)
    _checked(qtbot, session, pool)
    session.wipe()
    clock.now += 4 * 60
    session.submit_payload(CARD)
    qtbot.waitUntil(lambda: session.has_scan and pool.is_idle(), timeout=5000)
    assert session.stage is Stage.READY and backend.calls.count("signature") == 1
    earlier = routed[-1].earlier
    assert earlier is not None and not earlier.same_customer and earlier.verdict == "Passed"
    session.wipe()
    clock.now += 60
    _checked(qtbot, session, pool)  # 5 minutes on: forgotten, checked by itself again
    assert backend.calls.count("signature") == 2


def test_a_check_that_does_not_apply_is_refused_locally(qtbot: Any, parts: Any) -> None:
    session, backend, pool, _clock, notices, _confirms = parts
    session.settings = Settings()  # no auto-check
    backend.issuer = Issuer("CAN", "ON", "ID", IssuerSource.IIN)
    session.submit_payload(CARD)
    qtbot.waitUntil(lambda: session.has_scan and pool.is_idle(), timeout=5000)
    assert session.flow.route is not None and session.flow.route.offered == (CheckKind.DVS_PARSE,)
    assert not session.run_check(CheckKind.SIGNATURE)
    assert not session.run_check(CheckKind.CANADA)
    assert notices[-1] == NOT_FOR_THIS_CARD.format(check="Canadian registry check")
    assert backend.calls == ["read"] and session.stage is Stage.READY


def test_new_settings_route_the_card_held_again(qtbot: Any, parts: Any) -> None:
    session, _backend, pool, _clock, _notices, _confirms = parts
    session.settings = Settings()
    session.submit_payload(CARD)
    qtbot.waitUntil(lambda: session.has_scan and pool.is_idle(), timeout=5000)
    assert session.flow.route is not None and session.flow.route.check is CheckKind.SIGNATURE
    session.settings = Settings(us_cards="parse")
    session.reroute()
    assert session.flow.route.check is CheckKind.DVS_PARSE  # type: ignore[comparison-overlap]  # reroute() changed it


def test_a_canadian_check_answered_through_the_form_asks_before_the_form_again(
    qtbot: Any, parts: Any
) -> None:
    # "Another check", then the Canadian check pressed again on a card whose barcode cannot
    # fill the form: the form must not open and bill the check again once sent.
    from kiosk_app.flow.models import CanadaFormData

    session, backend, pool, _clock, _notices, confirms = parts
    session.settings = Settings()  # the clerk presses the check
    backend.issuer = Issuer("CAN", "ON", "DL", IssuerSource.IIN)
    session.submit_payload(CARD)
    qtbot.waitUntil(lambda: session.has_scan and pool.is_idle(), timeout=5000)
    assert session.flow.route is not None and CheckKind.CANADA in session.flow.route.offered
    assert session.run_check(CheckKind.CANADA) and stage_of(session) is Stage.CANADA_FORM
    assert session.submit_canada(CanadaFormData("A1234", "1989-12-24", "ON", "G")) == []
    qtbot.waitUntil(lambda: stage_of(session) is Stage.RESULT and pool.is_idle(), timeout=5000)
    session.back_to_ready()
    assert not session.run_check(CheckKind.CANADA)
    assert stage_of(session) is Stage.READY and [c.check for c in confirms] == [CheckKind.CANADA]
    assert session.run_check(CheckKind.CANADA, confirmed=True)  # the clerk said yes
    assert stage_of(session) is Stage.CANADA_FORM and backend.calls == ["read", "canada"]
