"""The compliance record's rows from the flow: the outcomes as tables with a test per row, the
row written in a worker only while the setting is on, and a property test over random customers
whose names, numbers and dates of birth never reach the record file.
"""

from __future__ import annotations

import string
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from kiosk_app.api.errors import ApiTimeoutError, InputRejectedError
from kiosk_app.api.outcome import FieldOutcome, MatchCategory, Outcome
from kiosk_app.config import Settings
from kiosk_app.flow.age import age_outcome
from kiosk_app.flow.compliance import expiry_outcome, keep_row, record_row
from kiosk_app.flow.customer import CustomerFlow
from kiosk_app.flow.models import LicenceSummary, ResultView
from kiosk_app.flow.stages import Stage
from kiosk_app.flow.verdict_table import result_view, shown_verdict
from kiosk_app.kinds import AgeOutcome, CheckKind, Verdict
from kiosk_app.storage.compliance import (
    DB_FILE_NAME,
    ComplianceRecord,
    ExpiryOutcome,
    RecordRow,
)
from tests.support.flow import EventLog, HandTicker, ManualRunner
from tests.support.scripted_backend import ScriptedBackend

TODAY = date(2026, 11, 2)
NOW = datetime(2026, 11, 2, 15, 0, tzinfo=UTC)
CARD = b"@card-one"

AGE_ROWS = [
    pytest.param([date(1990, 1, 2)], 21, AgeOutcome.OVER, id="of-age"),
    pytest.param([date(2006, 1, 2)], 21, AgeOutcome.UNDER, id="under"),
    pytest.param([date(1990, 1, 2), date(2006, 1, 2)], 21, AgeOutcome.UNDER, id="youngest"),
    pytest.param([date(2005, 11, 2)], 21, AgeOutcome.OVER, id="twenty-first-birthday"),
    pytest.param([date(2005, 11, 3)], 21, AgeOutcome.UNDER, id="the-day-before-21"),
    pytest.param([date(2008, 11, 3)], 18, AgeOutcome.UNDER, id="seventeen"),
    pytest.param([date(1990, 1, 2)], None, AgeOutcome.UNKNOWN, id="no-minimum"),
    pytest.param([None], 21, AgeOutcome.UNKNOWN, id="no-birth-date"),
    pytest.param([], 21, AgeOutcome.UNKNOWN, id="nothing"),
    pytest.param([date(2030, 1, 1)], 21, AgeOutcome.UNKNOWN, id="birth-in-future"),
]


@pytest.mark.parametrize(("births", "minimum", "expected"), AGE_ROWS)
def test_the_age_outcome(births: list[date | None], minimum: int | None, expected: str) -> None:
    assert age_outcome(births, minimum, TODAY) is expected


def _licence(expiry: date | None, expired: bool = False, **changes: object) -> LicenceSummary:
    values: dict[str, object] = {
        "full_name": "PAT DOE",
        "date_of_birth": date(1989, 12, 24),
        "age": 36,
        "age_of_majority": 19,
        "expiry_date": expiry,
        "expired": expired,
        "days_to_expiry": None,
        "licence_number": "D1234567",
    }
    values.update(changes)
    return LicenceSummary(**values)  # type: ignore[arg-type]


def _passed(service: CheckKind = CheckKind.SIGNATURE, **changes: object) -> Outcome:
    return Outcome(service, Verdict.PASSED, 1, "Passed", True, request_log_id=4711, **changes)  # type: ignore[arg-type]


EXPIRY_ROWS = [
    pytest.param(_licence(date(2030, 1, 1)), ExpiryOutcome.VALID, id="valid"),
    pytest.param(_licence(date(2026, 11, 20)), ExpiryOutcome.EXPIRING, id="expiring"),
    pytest.param(_licence(date(2026, 10, 1), expired=True), ExpiryOutcome.EXPIRED, id="expired"),
    pytest.param(_licence(None), ExpiryOutcome.UNKNOWN, id="no-expiry-read"),
    pytest.param(None, ExpiryOutcome.UNKNOWN, id="typed-in"),
]


@pytest.mark.parametrize(("licence", "expected"), EXPIRY_ROWS)
def test_the_expiry_outcome(licence: LicenceSummary | None, expected: str) -> None:
    view = result_view(
        CheckKind.SIGNATURE, _passed(), licence, None, form=None, settings=Settings(), today=TODAY
    )
    assert expiry_outcome(view) is expected


def test_a_row_is_the_banner_and_the_outcomes() -> None:
    settings = Settings(desk_id="front-1", minimum_age=21)
    view = result_view(
        CheckKind.SIGNATURE,
        _passed(),
        _licence(date(2026, 10, 1), expired=True, date_of_birth=date(2006, 3, 4)),
        None,
        form=None,
        settings=settings,
        today=TODAY,
    )
    assert record_row(view, shown_verdict(view), settings) == RecordRow(
        desk_id="front-1",
        check="signature",
        title="under-age",
        colour="underage",
        age="under",
        expiry="expired",
        billable=True,
        request_log_id="4711",
        minimum_age=21,
    )


class Parts:
    """A flow with a real record on an injected clock, driven by hand."""

    def __init__(self, tmp_path: Path, settings: Settings) -> None:
        self.backend = ScriptedBackend()
        self.backend.answer = _passed
        self.runner = ManualRunner()
        self.log = EventLog()
        self.record = ComplianceRecord(tmp_path / DB_FILE_NAME, clock=lambda: NOW)
        self.flow = CustomerFlow(
            settings,
            self.backend,
            self.runner,
            HandTicker(),
            self.log.events(),
            today=lambda: TODAY,
            record=self.record,
        )
        self.flow.recent.window_min = 0


def test_the_flow_keeps_one_row_per_check_in_a_worker(tmp_path: Path) -> None:
    settings = Settings(auto_check_on_scan=True, compliance_record=True, desk_id="d1")
    parts = Parts(tmp_path, settings)
    with parts.record:
        parts.flow.submit_payload(CARD)
        parts.runner.run_all()
        assert parts.log.values("checked") == [None, None]  # the check, then its row
        parts.flow.run_check(CheckKind.DVS_PARSE)
        assert "compliance-record" not in parts.runner.names  # the check runs first
        parts.runner.run_all()
        rows = parts.record.rows_between(NOW - timedelta(1), NOW + timedelta(1))
        assert [(r.check, r.title, r.colour, r.age, r.expiry) for r in rows] == [
            # The scripted card has no licence number: the banner was not a plain pass.
            ("signature", "signature-incomplete", "flagged", "unknown", "valid"),
            ("dvs-parse", "parse-read", "parsed", "unknown", "valid"),
        ]
        assert all(r.desk_id == "d1" and r.billable and r.request_log_id == "4711" for r in rows)


def _timeout() -> Outcome:
    raise ApiTimeoutError()


def _refused() -> Outcome:
    raise InputRejectedError()


def test_a_check_that_ended_in_an_error_has_its_row_and_one_not_sent_has_none(
    tmp_path: Path,
) -> None:
    settings = Settings(auto_check_on_scan=True, compliance_record=True, minimum_age=21)
    parts = Parts(tmp_path, settings)
    with parts.record:
        parts.backend.answer = _timeout
        parts.flow.submit_payload(CARD)
        parts.runner.run_all()
        assert parts.flow.stage is Stage.ERROR
        rows = parts.record.rows_between(NOW - timedelta(1), NOW + timedelta(1))
        assert rows == [
            RecordRow(
                settings.desk_id,
                "signature",
                "service-error",
                "error",
                "over",  # the scripted card's holder, born 1989
                "valid",
                False,
                None,
                21,
                NOW,
            )
        ]
        # Refused before anything was sent: the Error screen, no row.
        parts.backend.answer = _refused
        parts.flow.run_check(CheckKind.DVS_PARSE)
        parts.runner.run_all()
        assert parts.flow.stage is Stage.ERROR
        assert parts.record.row_count() == 1


def test_nothing_is_kept_while_the_setting_is_off(tmp_path: Path) -> None:
    parts = Parts(tmp_path, Settings(auto_check_on_scan=True))
    parts.flow.submit_payload(CARD)
    parts.runner.run_all()
    assert parts.log.values("result_ready")
    assert not (tmp_path / DB_FILE_NAME).exists()


def test_a_row_that_cannot_be_written_never_breaks_the_check(tmp_path: Path) -> None:
    (tmp_path / "blocked").write_text("a file where the folder should be", encoding="utf-8")
    record = ComplianceRecord(tmp_path / "blocked" / DB_FILE_NAME, clock=lambda: NOW)
    view = ResultView(CheckKind.SIGNATURE, _passed())
    assert not keep_row(record, record_row(view, shown_verdict(view), Settings()), 90)
    assert record.pending == 1 and record.write_problem is not None


# --- random customers: nothing of theirs reaches the file ------------------------------------

NAMES = st.text(string.ascii_uppercase, min_size=8, max_size=16)
NUMBERS = st.builds(
    lambda letter, digits: letter + digits,
    st.sampled_from(string.ascii_uppercase),
    st.text(string.digits, min_size=8, max_size=10),
)
BIRTHS = st.dates(min_value=date(1920, 1, 1), max_value=date(2015, 12, 31))
EXPIRIES = st.one_of(st.none(), st.dates(min_value=date(2020, 1, 1), max_value=date(2035, 1, 1)))


def _date_forms(born: date) -> list[bytes]:
    return [
        born.isoformat().encode(),
        born.strftime("%Y%m%d").encode(),
        born.strftime("%m%d%Y").encode(),
        born.strftime("%m/%d/%Y").encode(),
    ]


@hypothesis_settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    first=NAMES,
    last=NAMES,
    number=NUMBERS,
    born=BIRTHS,
    expiry=EXPIRIES,
    street=NAMES,
    check=st.sampled_from([CheckKind.SIGNATURE, CheckKind.DVS_PARSE, CheckKind.CANADA]),
    verdict=st.sampled_from(list(Verdict)),
    minimum=st.one_of(st.none(), st.integers(16, 25)),
)
def test_no_customer_value_reaches_the_record_file(
    tmp_path_factory: pytest.TempPathFactory,
    first: str,
    last: str,
    number: str,
    born: date,
    expiry: date | None,
    street: str,
    check: CheckKind,
    verdict: Verdict,
    minimum: int | None,
) -> None:
    folder = tmp_path_factory.mktemp("record")
    name = f"{first} {last}"
    licence = _licence(
        expiry,
        expired=bool(expiry and expiry < TODAY),
        full_name=name,
        date_of_birth=born,
        licence_number=number,
    )
    reply = Outcome(
        check,
        verdict,
        1,
        verdict.value,
        True,
        fields=(FieldOutcome("IDNumber", "Licence number", number, MatchCategory.MATCH),),
        request_log_id=99,
        document={"firstName": first, "lastName": last, "dob": born.isoformat(), "addr": street},
    )
    settings = Settings(minimum_age=minimum, desk_id="desk-7")
    view = result_view(check, reply, licence, None, form=None, settings=settings, today=TODAY)
    with ComplianceRecord(folder / DB_FILE_NAME, clock=lambda: NOW) as record:
        assert keep_row(record, record_row(view, shown_verdict(view), settings), 90)
    written = b"".join(p.read_bytes() for p in folder.iterdir())
    for secret in (first, last, number, street):
        assert secret.encode() not in written
    for form in _date_forms(born):
        assert form not in written
