"""The customer flow's rules without Qt: a hand-driven runner and ticker, a scripted backend,
every event recorded (no QApplication, no threads)."""

from __future__ import annotations

import pytest

from kiosk_app.api.errors import ApiTimeoutError
from kiosk_app.api.outcome import Outcome
from kiosk_app.config import Settings
from kiosk_app.flow.billing import QUOTA_BLOCKED, RecentChecks
from kiosk_app.flow.customer import (
    BUSY_NOTICE,
    CANCELLED,
    SAME_CARD,
    BilledAgain,
    CardRouting,
    CustomerFlow,
    FlowEvents,
)
from kiosk_app.flow.models import CanadaFormData, ErrorKind
from kiosk_app.flow.stages import Stage
from kiosk_app.kinds import CheckKind, Verdict
from kiosk_app.storage.usage import CheckRecord, UsageStore
from tests.support.clock import FakeClock
from tests.support.flow import EventLog, HandTicker, ManualRunner, tick_until_idle
from tests.support.scripted_backend import ScriptedBackend, outcome

CARD = b"@card-one"
GOOD_FORM = CanadaFormData("A1234", "1989-12-24", "ON", "G")


class Parts:
    """A flow and what drives it."""

    def __init__(self, settings: Settings | None = None, usage: UsageStore | None = None) -> None:
        self.backend = ScriptedBackend()
        self.runner = ManualRunner()
        self.ticker = HandTicker()
        self.log = EventLog()
        self.clock = FakeClock(50.0)
        self.flow = CustomerFlow(
            settings or Settings(auto_check_on_scan=True),
            self.backend,
            self.runner,
            self.ticker,
            self.log.events(),
            retry_delay_s=3,
            usage=usage,
            recent=RecentChecks(5, clock=self.clock),
        )


def billed(verdict: Verdict = Verdict.PASSED) -> Outcome:
    return Outcome(CheckKind.SIGNATURE, verdict, 1, verdict.value, True, request_log_id=42)


@pytest.fixture
def parts() -> Parts:
    return Parts()


def test_a_scan_reads_then_runs_the_automatic_check(parts: Parts) -> None:
    assert parts.flow.submit_payload(CARD)
    assert parts.flow.stage is Stage.WORKING and parts.runner.names == ["Reading the barcode…"]
    parts.runner.run_all()
    assert parts.backend.calls == ["read", "signature"]
    assert parts.log.values("stage_changed") == [Stage.WORKING, Stage.RESULT]
    assert parts.log.values("result_ready")[0].outcome.verdict is Verdict.PASSED
    assert parts.log.values("checked") == [None]


def test_one_job_at_a_time_and_cancel_drops_the_result(parts: Parts) -> None:
    parts.flow.submit_payload(CARD)
    assert not parts.flow.submit_payload(b"@other")
    assert not parts.flow.run_check(CheckKind.DVS_PARSE)
    assert parts.log.values("notice") == [BUSY_NOTICE, BUSY_NOTICE]
    parts.flow.cancel()
    parts.runner.run_all()
    assert parts.flow.stage is Stage.READY and parts.log.values("result_ready") == []
    assert parts.log.values("notice")[-1] == CANCELLED
    assert parts.backend.calls == ["read"]


def test_the_same_card_again_changes_nothing_and_a_check_again_asks_first(parts: Parts) -> None:
    parts.backend.answer = billed
    parts.flow.submit_payload(CARD)
    parts.runner.run_all()
    assert not parts.flow.submit_payload(CARD)
    assert parts.log.values("notice")[-1] == SAME_CARD
    assert not parts.flow.run_check(CheckKind.SIGNATURE)
    (asked,) = parts.log.values("confirm_requested")
    assert isinstance(asked, BilledAgain) and asked.check is CheckKind.SIGNATURE
    assert parts.flow.run_check(CheckKind.SIGNATURE, confirmed=True)
    parts.runner.run_all()
    assert parts.backend.calls == ["read", "signature", "signature"]


def test_the_next_customer_with_the_same_card_within_the_window_is_not_billed(
    parts: Parts,
) -> None:
    parts.backend.answer = billed
    parts.flow.submit_payload(CARD)
    parts.runner.run_all()
    parts.flow.wipe()
    parts.flow.submit_payload(CARD)
    parts.runner.run_all()
    assert parts.backend.calls == ["read", "signature", "read"]
    routed = [r for r in parts.log.values("card_routed") if isinstance(r, CardRouting)]
    assert routed[-1].earlier is not None and routed[-1].earlier.request_log_id == 42
    parts.clock.advance(5 * 60)
    parts.flow.wipe()
    parts.flow.submit_payload(CARD)
    parts.runner.run_all()
    assert parts.backend.calls[-1] == "signature"  # the window has passed


def test_a_failed_check_ends_on_the_error_screen_and_a_scan_starts_again(parts: Parts) -> None:
    def down() -> Outcome:
        raise ApiTimeoutError()

    parts.backend.answer = down
    parts.flow.submit_payload(CARD)
    parts.runner.run_all()
    (report,) = parts.log.values("error_raised")
    assert report.kind is ErrorKind.SERVICE
    parts.backend.answer = lambda: outcome(Verdict.PASSED)
    parts.flow.submit_payload(b"@card-two")
    parts.runner.run_all()
    stages = parts.log.values("stage_changed")
    assert stages[-4:] == [Stage.WORKING, Stage.ERROR, Stage.WORKING, Stage.RESULT]


def test_a_canadian_undefined_retries_after_its_countdown(parts: Parts) -> None:
    parts.backend.answer = lambda: outcome(Verdict.UNDEFINED, CheckKind.CANADA, retry=900)
    assert parts.flow.submit_canada(GOOD_FORM) == []
    parts.runner.run_all()
    assert parts.flow.retry_pending and parts.ticker.active
    assert tick_until_idle(parts.flow, parts.ticker) == 3  # retry_delay_s
    assert parts.log.values("retry_countdown") == [3, 2, 1, 0]
    parts.runner.run_all()
    assert parts.backend.calls == ["canada", "canada"]


def test_the_wipe_forgets_the_customer(parts: Parts) -> None:
    parts.flow.submit_payload(CARD)
    parts.runner.run_all()
    assert parts.flow.holds_customer_data()
    parts.flow.wipe()
    assert not parts.flow.holds_customer_data() and parts.flow.scan is None
    assert parts.log.values("licence_changed")[-1] is None
    assert parts.log.values("wiped") == [None]


def test_a_form_with_problems_is_not_sent(parts: Parts) -> None:
    problems = parts.flow.submit_canada(CanadaFormData("", "not a date", "ZZ", ""))
    assert {p.field for p in problems} == {"licence_number", "date_of_birth", "province"}
    assert parts.runner.names == [] and parts.backend.calls == []


def test_the_quota_in_block_mode_stops_the_check_before_it_is_sent() -> None:
    with UsageStore() as store:
        store.record(CheckRecord(CheckKind.SIGNATURE, Verdict.PASSED, True, duration_ms=5))
        settings = Settings(
            auto_check_on_scan=True, billing_quota_monthly=1, billing_quota_mode="block"
        )
        parts = Parts(settings, usage=store)
        parts.flow.refresh_quota()
        parts.runner.run_all()
        parts.flow.submit_payload(CARD)
        parts.runner.run_all()
    assert parts.log.values("notice")[-1] == QUOTA_BLOCKED
    assert parts.backend.calls == ["read"] and parts.flow.stage is Stage.READY


def test_a_flow_nobody_listens_to_still_runs() -> None:
    runner = ManualRunner()
    flow = CustomerFlow(
        Settings(auto_check_on_scan=True), ScriptedBackend(), runner, HandTicker(), FlowEvents()
    )
    flow.submit_payload(CARD)
    runner.run_all()
    assert flow.stage is Stage.RESULT


def test_a_scan_refused_while_a_sample_is_read_leaves_the_samples_check() -> None:
    from kiosk_app.simulator.samples import SAMPLES_BY_KEY

    sample = SAMPLES_BY_KEY["signature-valid"]
    parts = Parts()
    parts.flow = CustomerFlow(
        Settings(auto_check_on_scan=False),  # only the sample's own choice runs a check
        parts.backend,
        parts.runner,
        parts.ticker,
        parts.log.events(),
        samples={sample.key: sample},
    )
    assert parts.flow.try_sample(sample.key)
    assert not parts.flow.submit_payload(b"@another-card")  # the sample is still being read
    assert parts.log.values("notice") == [BUSY_NOTICE]
    parts.runner.run_all()
    assert parts.backend.calls == ["read", "signature"]
    assert parts.flow.stage is Stage.RESULT
