"""Verdict, billability and advice from parsed replies (sections 3, 7 and 8)."""

from __future__ import annotations

import pytest

from kiosk_app.api import constants
from kiosk_app.api.models import CheckResponseElement
from kiosk_app.api.outcome import MatchCategory
from kiosk_app.api.replies import parse_check_reply, parse_dvs_reply, parse_legacy_reply
from kiosk_app.api.verdicts import (
    check_outcome,
    dvs_outcome,
    legacy_outcome,
    same_service_id,
    select_element,
)
from kiosk_app.kinds import CheckKind, Verdict
from tests.unit.api.reply_samples import (
    canada_element,
    dvs_reply,
    legacy_reply,
    signature_element,
)

BILLING = [
    (CheckKind.CANADA, 0, Verdict.FAILED, True),
    (CheckKind.CANADA, 1, Verdict.PASSED, True),
    (CheckKind.CANADA, 2, Verdict.FLAGGED, True),
    (CheckKind.CANADA, 3, Verdict.UNDEFINED, False),
    (CheckKind.SIGNATURE, 0, Verdict.FAILED, True),
    (CheckKind.SIGNATURE, 1, Verdict.PASSED, True),
    (CheckKind.SIGNATURE, 3, Verdict.UNDEFINED, False),
]


def _element(service: CheckKind, status: int) -> CheckResponseElement:
    body = canada_element(status) if service is CheckKind.CANADA else signature_element(status)
    return select_element(parse_check_reply([body]), service)


@pytest.mark.parametrize(("service", "status", "verdict", "billable"), BILLING)
def test_billing_table(service: CheckKind, status: int, verdict: Verdict, billable: bool) -> None:
    outcome = check_outcome(_element(service, status), service, test_mode=False)
    assert (outcome.verdict, outcome.billable, outcome.status_code) == (verdict, billable, status)


def test_canada_undefined_advises_retry_after_15_minutes() -> None:
    outcome = check_outcome(_element(CheckKind.CANADA, 3), CheckKind.CANADA, test_mode=False)
    assert outcome.retry_after_seconds == 900
    assert outcome.advice is not None and "15 minutes" in outcome.advice


def test_signature_undefined_advises_checking_the_request() -> None:
    outcome = check_outcome(_element(CheckKind.SIGNATURE, 3), CheckKind.SIGNATURE, test_mode=False)
    assert outcome.retry_after_seconds is None
    assert outcome.advice is not None and "Check the request" in outcome.advice


def test_signature_code_2_is_unknown_and_reported_possibly_billed() -> None:
    outcome = check_outcome(_element(CheckKind.SIGNATURE, 2), CheckKind.SIGNATURE, test_mode=False)
    assert outcome.verdict is Verdict.UNDEFINED
    assert outcome.billable is True


@pytest.mark.parametrize(("valid", "revoked"), [(True, False), (False, False), (True, True)])
def test_signature_flags_from_the_data_rows(valid: bool, revoked: bool) -> None:
    (element,) = parse_check_reply([signature_element(0, valid=valid, revoked=revoked)])
    outcome = check_outcome(element, CheckKind.SIGNATURE, test_mode=True)
    assert (outcome.signature_valid, outcome.revoked) == (valid, revoked)
    assert outcome.test_mode


def test_signature_flags_fall_back_to_the_raw_result() -> None:
    body = signature_element(0, valid=False, revoked=True, with_rows=False)
    (element,) = parse_check_reply([body])
    outcome = check_outcome(element, CheckKind.SIGNATURE, test_mode=False)
    assert (outcome.signature_valid, outcome.revoked) == (False, True)


def test_canada_fields_and_extras() -> None:
    outcome = check_outcome(_element(CheckKind.CANADA, 1), CheckKind.CANADA, test_mode=False)
    rows = {f.field_name: f for f in outcome.fields}
    assert rows["IDNumber"].match is MatchCategory.MATCH
    assert rows["FirstName"].match is MatchCategory.NONE
    assert outcome.licence_classes == "1,5"
    assert outcome.request_log_id == 4242
    assert outcome.request_time is not None and outcome.request_time.year == 2026


def test_service_ids_compare_case_insensitively() -> None:
    assert same_service_id(constants.CANADA_SERVICE_ID, constants.CANADA_SERVICE_ID.lower())
    assert not same_service_id(constants.CANADA_SERVICE_ID, constants.SIGNATURE_SERVICE_ID)
    assert not same_service_id(None, constants.CANADA_SERVICE_ID)


def test_dvs_verdict_follows_the_barcode_parse() -> None:
    assert dvs_outcome(parse_dvs_reply(dvs_reply(True)), test_mode=False).verdict is Verdict.PASSED
    failed = dvs_outcome(parse_dvs_reply(dvs_reply(False)), test_mode=False)
    assert failed.verdict is Verdict.FAILED
    assert failed.document == {}


def test_legacy_failure_is_an_error_outcome() -> None:
    outcome = legacy_outcome(parse_legacy_reply(legacy_reply(False)), test_mode=False)
    assert outcome.verdict is Verdict.UNDEFINED
    assert outcome.billable is False
    assert outcome.error is not None
    assert outcome.error.message == "Unable to parse; error codes 12, 40"
