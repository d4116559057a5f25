"""The session state machine with a scripted backend (hand-built outcomes, real workers)."""

from __future__ import annotations

from typing import Any

import pytest

from kiosk_app.api.errors import (
    ApiTimeoutError,
    InputRejectedError,
    ServerError,
)
from kiosk_app.api.outcome import Outcome
from kiosk_app.app.backend import Backend
from kiosk_app.app.session import Session
from kiosk_app.app.workers import WorkerPool
from kiosk_app.barcode.aamva import parse_aamva
from kiosk_app.barcode.errors import NoBarcodeFoundError, RepairedPayloadError
from kiosk_app.config import Settings
from kiosk_app.flow.customer import BUSY_NOTICE
from kiosk_app.flow.models import CanadaFormData, ErrorKind, ScanData
from kiosk_app.flow.planning import SIGNATURE_NEEDS_EXACT, refused_checks
from kiosk_app.flow.reports import report_for
from kiosk_app.flow.stages import Stage
from kiosk_app.kinds import CheckKind, Verdict
from tests.support.scripted_backend import LICENCE, ScriptedBackend, outcome

GOOD_FORM = CanadaFormData("A1234", "1989-12-24", "ON", "G")


@pytest.fixture
def parts(qtbot: Any) -> Any:
    backend = ScriptedBackend()
    pool = WorkerPool()
    settings = Settings(auto_check_on_scan=True)
    session = Session(settings, backend, pool, retry_delay_s=1)
    yield session, backend, pool
    backend.gate.set()
    pool.shutdown(5000)


def idle(qtbot: Any, pool: WorkerPool) -> None:
    qtbot.waitUntil(pool.is_idle, timeout=5000)


def test_scan_parses_then_runs_the_default_check(qtbot: Any, parts: Any) -> None:
    session, backend, pool = parts
    licences: list[object] = []
    session.licence_changed.connect(licences.append)
    with qtbot.waitSignal(session.result_ready, timeout=5000) as result:
        session.submit_payload(b"@payload")
    assert backend.calls == ["read", "signature"]
    assert licences[-1] == LICENCE
    assert result.args[0].outcome.verdict is Verdict.PASSED
    assert session.stage is Stage.RESULT
    idle(qtbot, pool)


def test_busy_session_refuses_and_never_runs_twice(qtbot: Any, parts: Any) -> None:
    session, backend, pool = parts
    backend.gate.clear()
    notices: list[str] = []
    session.notice.connect(notices.append)
    session.submit_payload(b"@payload")
    qtbot.waitUntil(lambda: "signature" in backend.calls, timeout=5000)
    assert not session.submit_payload(b"@other")
    assert not session.submit_image(b"png")
    assert not session.run_check(CheckKind.SIGNATURE)
    assert notices == [BUSY_NOTICE] * 3
    backend.gate.set()
    idle(qtbot, pool)
    assert backend.calls == ["read", "signature"]


def test_cancel_drops_the_result(qtbot: Any, parts: Any) -> None:
    session, backend, pool = parts
    backend.gate.clear()
    session.submit_payload(b"@payload")
    qtbot.waitUntil(lambda: "signature" in backend.calls, timeout=5000)
    with qtbot.assertNotEmitted(session.result_ready, wait=100):
        session.cancel()
        backend.gate.set()
        idle(qtbot, pool)
    assert session.stage is Stage.READY
    assert session.has_scan  # the licence stays for another check


def test_canadian_undefined_schedules_a_retry_that_runs(qtbot: Any, parts: Any) -> None:
    session, backend, pool = parts
    backend.answer = lambda: outcome(Verdict.UNDEFINED, CheckKind.CANADA, retry=900)
    counts: list[int] = []
    session.retry_countdown.connect(counts.append)
    assert session.submit_canada(GOOD_FORM) == []
    qtbot.waitUntil(lambda: session.flow.retry_pending, timeout=5000)
    qtbot.waitUntil(lambda: backend.calls.count("canada") == 2, timeout=5000)
    assert counts[:2] == [1, 0]
    idle(qtbot, pool)
    session.wipe()
    assert not session.flow.retry_pending and not session.flow.holds_customer_data()


def test_undefined_without_retry_advice_schedules_nothing(qtbot: Any, parts: Any) -> None:
    session, backend, pool = parts
    backend.answer = lambda: outcome(Verdict.UNDEFINED, CheckKind.CANADA)
    with qtbot.waitSignal(session.result_ready, timeout=5000) as result:
        session.submit_canada(GOOD_FORM)
    assert result.args[0].retry_in_s is None and not session.flow.retry_pending
    idle(qtbot, pool)


def test_invalid_form_is_not_sent(qtbot: Any, parts: Any) -> None:
    session, backend, _pool = parts
    problems = session.submit_canada(CanadaFormData("", "12/24/1989", "XX", "TOO"))
    assert [p.field for p in problems] == [
        "licence_number",
        "date_of_birth",
        "province",
        "licence_class",
    ]
    assert backend.calls == [] and session.stage is Stage.READY


def test_client_rejection_returns_to_the_form(qtbot: Any, parts: Any) -> None:
    session, backend, pool = parts

    def reject() -> Outcome:
        raise InputRejectedError("No such province.", field="province")

    backend.answer = reject
    with qtbot.waitSignal(session.canada_form_problem, timeout=5000) as problem:
        session.submit_canada(GOOD_FORM)
    assert problem.args[0].field == "province"
    assert session.stage is Stage.CANADA_FORM
    idle(qtbot, pool)


def test_unreadable_image_ends_on_error(qtbot: Any, parts: Any) -> None:
    session, _backend, pool = parts
    with qtbot.waitSignal(session.error_raised, timeout=5000) as error:
        session.submit_image(b"not a picture")
    assert error.args[0].kind is ErrorKind.UNREADABLE
    assert session.stage is Stage.ERROR
    idle(qtbot, pool)


@pytest.mark.parametrize(
    ("error", "kind"),
    [
        (NoBarcodeFoundError(), ErrorKind.UNREADABLE),
        (ApiTimeoutError(), ErrorKind.SERVICE),
        (ServerError(status_code=500), ErrorKind.SERVICE),
        (ZeroDivisionError("secret 1989-12-24"), ErrorKind.INTERNAL),
    ],
)
def test_report_for_maps_every_error(error: BaseException, kind: ErrorKind) -> None:
    report = report_for(error)
    assert report.kind is kind
    assert "1989" not in report.message  # unexpected errors never show their text


def test_disabled_check_is_refused(qtbot: Any) -> None:
    pool = WorkerPool()
    session = Session(
        Settings(enabled_checks=["canada"], default_check="canada"), ScriptedBackend(), pool
    )
    notices: list[str] = []
    session.notice.connect(notices.append)
    assert not session.run_check(CheckKind.SIGNATURE)
    assert "turned off" in notices[0]
    pool.shutdown()


def test_repaired_payload_never_reaches_the_signature_check(qtbot: Any, parts: Any) -> None:
    session, backend, pool = parts
    notices: list[str] = []
    refused: list[object] = []
    session.notice.connect(notices.append)
    session.checks_refused.connect(refused.append)
    with qtbot.waitSignal(session.scan_loaded, timeout=5000):
        session.submit_payload(b"@payload", byte_exact=False)
    idle(qtbot, pool)
    # Auto-check asked for the default (signature) check: refused locally, nothing sent.
    assert backend.calls == ["read"]
    assert notices == [SIGNATURE_NEEDS_EXACT]
    assert session.stage is Stage.READY and session.scan_byte_exact is False
    assert refused[-1] == frozenset({CheckKind.SIGNATURE})
    assert not session.run_check(CheckKind.SIGNATURE)
    # The checks that do not need the exact bytes still run.
    with qtbot.waitSignal(session.result_ready, timeout=5000):
        assert session.run_check(CheckKind.DVS_PARSE)
    assert backend.calls == ["read", "dvs-parse"]
    session.wipe()
    assert refused[-1] == frozenset() and session.scan_byte_exact is None
    idle(qtbot, pool)


def test_exact_payload_is_marked_exact(qtbot: Any, parts: Any) -> None:
    session, backend, pool = parts
    with qtbot.waitSignal(session.result_ready, timeout=5000):
        session.submit_payload(b"@payload")
    assert session.scan_byte_exact is True and refused_checks(session.flow.scan) == frozenset()
    assert backend.calls == ["read", "signature"]
    idle(qtbot, pool)


class RecordingClient:
    """A client that records what would be sent."""

    def __init__(self) -> None:
        self.sent: list[bytes] = []

    def check_signature(self, payload: bytes) -> Any:
        self.sent.append(payload)
        raise AssertionError("a repaired payload reached the signature client")


def test_backend_refuses_a_repaired_payload_before_the_network() -> None:
    client = RecordingClient()
    backend = Backend(client, decoder=Any, parser=parse_aamva)  # type: ignore[arg-type]
    scan = ScanData(b"@payload", None, None, None, None, byte_exact=False)
    with pytest.raises(RepairedPayloadError):
        backend.check_scan(CheckKind.SIGNATURE, scan)
    assert client.sent == []
