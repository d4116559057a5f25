"""The customer flow as a state machine: scan → decode → parse → check → result → wipe.

``Session`` owns one customer's data (in memory only) and the single piece of background work
that may run for them. Screens call its slots and listen to its signals; it never blocks the
GUI thread (all decoding, parsing and network calls go through :class:`WorkerPool`).

Stages: ``ready`` (nothing running; a scanned licence may be loaded), ``working``, ``result``,
``canada-form``, ``error``. Rules:

* one job at a time: a scan, drop or check while a job runs is **refused** with a notice, so
  nothing is ever run twice and no scan is silently swallowed;
* Cancel abandons the running job's result (its ticket goes stale) and returns to Ready;
* a Canadian *Undefined* schedules a retry (15 minutes by default) with a countdown; *Retry now*
  runs it at once; the pending retry is held in memory and dropped by :meth:`wipe`;
* :meth:`wipe` (New customer, idle timeout) drops every reference to the customer's data;
* never pay twice (issue 20): a repeat read of the card on screen changes nothing (a quiet
  notice); running a check the card already had (this customer, or an earlier one within
  ``repeat_window_min``, see :mod:`kiosk_app.flow.billing`) needs the clerk's confirmation
  (``confirm_requested``), never happens on its own; the monthly quota is told (or enforced)
  before a billable check;
* the right check for the card (issue 21): :func:`kiosk_app.flow.routing.route_card` decides
  which checks apply and which one runs on its own; a check that does not apply is refused
  locally (a notice, never a verdict).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import date
from enum import StrEnum
from functools import partial
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal, Slot

from kiosk_app.api.constants import CANADA_RETRY_AFTER_S
from kiosk_app.api.errors import InputRejectedError
from kiosk_app.api.outcome import Outcome
from kiosk_app.app.backend import Backend
from kiosk_app.app.capture.base import CaptureSource
from kiosk_app.app.metrics import MetricsReporter
from kiosk_app.app.workers import WorkerPool
from kiosk_app.config import Settings
from kiosk_app.flow.billing import (
    QUOTA_BLOCKED,
    QUOTA_WARNING,
    PriorCheck,
    QuotaDecision,
    QuotaGate,
    QuotaReachedError,
    RecentChecks,
)
from kiosk_app.flow.canada import FORM_FIELDS, validate_canada
from kiosk_app.flow.metering import metered_check, record_repeat
from kiosk_app.flow.models import (
    CHECK_TITLES,
    CanadaFormData,
    DemoSample,
    FieldProblem,
    LicenceSummary,
    ResultView,
    ScanData,
)
from kiosk_app.flow.planning import (
    SIGNATURE_NEEDS_EXACT,
    Step,
    plan_check,
    refused_checks,
    route_for,
)
from kiosk_app.flow.reports import report_for
from kiosk_app.flow.routing import REPAIRED, Route
from kiosk_app.flow.text import QT_TRANSLATE_NOOP, Message
from kiosk_app.kinds import CLERK_CHECKS, CheckKind, Verdict
from kiosk_app.logging_setup import (
    forget_customer_values,
    register_customer,
    register_typed_date,
)
from kiosk_app.storage.usage import UsageStore

log = logging.getLogger(__name__)

# Clerk-facing text is untranslated: a fixed English sentence marked for the "messages"
# context, or a Message (template + parameters); only the UI translates (kiosk_app.ui.messages).
BUSY_NOTICE = QT_TRANSLATE_NOOP(
    "messages", "A check is running — wait for the result (or press Cancel), then scan again."
)
READING_BARCODE = QT_TRANSLATE_NOOP("messages", "Reading the barcode…")
READING_PICTURE = QT_TRANSLATE_NOOP("messages", "Reading the picture…")
SAME_CARD = QT_TRANSLATE_NOOP("messages", "Same card — result already shown")
SAME_CARD_READ = QT_TRANSLATE_NOOP("messages", "Same card — already read")


class Stage(StrEnum):
    """The screen the flow is on."""

    READY = "ready"
    WORKING = "working"
    RESULT = "result"
    CANADA_FORM = "canada-form"
    ERROR = "error"


@dataclass(frozen=True)
class CardRouting:
    """What the Ready screen shows about the card held: its route, the checks it already had
    (this customer), and a check of an earlier customer within the window."""

    route: Route
    done: frozenset[CheckKind]
    earlier: PriorCheck | None = None


@dataclass(frozen=True)
class BilledAgain:
    """A check the card already had: the clerk confirms running it again (billed again)."""

    check: CheckKind
    prior: PriorCheck


class Session(QObject):
    """One customer at a time, one job at a time; see the module docstring."""

    stage_changed = Signal(str)
    licence_changed = Signal(object)  # LicenceSummary | None
    scan_loaded = Signal(bool)  # a barcode is held for the current customer (or not)
    checks_refused = Signal(object)  # frozenset[CheckKind] the held scan cannot feed
    working = Signal(object)  # str | Message: what is running, for the Working screen
    canada_form_requested = Signal(object)  # CanadaFormData (pre-fill, may be empty)
    canada_form_problem = Signal(object)  # FieldProblem refused by the client
    result_ready = Signal(object)  # ResultView
    error_raised = Signal(object)  # ErrorReport
    notice = Signal(object)  # str | Message for the clerk (refused scan, cancelled...)
    retry_countdown = Signal(int)  # seconds to the Canadian retry; 0 = none pending
    wiped = Signal()
    card_routed = Signal(object)  # CardRouting | None (no card held)
    confirm_requested = Signal(object)  # BilledAgain: ask the clerk before billing again

    def __init__(
        self,
        settings: Settings,
        backend: Backend,
        pool: WorkerPool,
        samples: dict[str, Any] | None = None,
        retry_delay_s: int | None = None,
        today: Callable[[], date] = date.today,
        parent: QObject | None = None,
        usage: UsageStore | None = None,
        recent: RecentChecks | None = None,
    ) -> None:
        super().__init__(parent)
        self.settings = settings
        self.backend = backend
        self.pool = pool
        self.usage = usage  # None: counting unavailable (the check still runs)
        self._samples = samples or {}
        self._retry_delay_s = retry_delay_s
        self._today = today
        self._stage = Stage.READY
        self._ticket: int | None = None
        self._scan: ScanData | None = None
        self._pending_check: CheckKind | None = None
        self._canada_input: CanadaFormData | None = None
        self._result: ResultView | None = None
        self._picture_name: str | None = None  # the file being read, for the Error screen
        self._retry_left = 0
        self._retry_timer = QTimer(self)
        self._retry_timer.setInterval(1000)
        self._retry_timer.timeout.connect(self._retry_tick)
        self.recent = recent if recent is not None else RecentChecks(settings.repeat_window_min)
        self.quota = QuotaGate(usage)
        self._route: Route | None = None
        self._digest: bytes | None = None  # keyed hash of the held payload (RecentChecks)
        self._done: dict[CheckKind, PriorCheck] = {}  # billed checks of the held card
        self._return_stage = Stage.READY  # where a repeat read of the held card goes back to
        self.metrics = MetricsReporter(self)
        self.metrics.timer.timeout.connect(self.report_metrics)

    # --- state -------------------------------------------------------------------------------

    @property
    def stage(self) -> Stage:
        """The current stage."""
        return self._stage

    @property
    def busy(self) -> bool:
        """True while a decode or check runs for the current customer."""
        return self.pool.is_running(self._ticket)

    @property
    def licence(self) -> LicenceSummary | None:
        """The locally parsed licence of the current customer, if any."""
        return self._scan.licence if self._scan else None

    @property
    def has_scan(self) -> bool:
        """True when a barcode has been read for the current customer."""
        return self._scan is not None

    @property
    def scan_byte_exact(self) -> bool | None:
        """Whether the held scan is the barcode's exact bytes (None: no scan held)."""
        return self._scan.byte_exact if self._scan else None

    def refused_checks(self) -> frozenset[CheckKind]:
        """The checks the held scan cannot feed (the signature check on a repaired payload)."""
        return refused_checks(self._scan)

    @property
    def retry_pending(self) -> bool:
        """True while a Canadian retry is scheduled."""
        return self._retry_left > 0

    @property
    def route(self) -> Route | None:
        """The routing decision for the card held (None: no card)."""
        return self._route

    def holds_card(self, payload: bytes) -> bool:
        """True when ``payload`` is the card of the current customer (read again: no check)."""
        return self._scan is not None and self._scan.payload == payload

    def prior_check(self, kind: CheckKind) -> PriorCheck | None:
        """A billed ``kind`` check this card already had: this customer, or within the window."""
        done = self._done.get(kind)
        if done is not None or self._digest is None:
            return done
        return self.recent.find(self._digest, kind)

    def holds_customer_data(self) -> bool:
        """True while anything of the current customer is referenced (the wipe clears it)."""
        return any(
            x is not None for x in (self._scan, self._canada_input, self._result, self._ticket)
        )

    def enabled_checks(self) -> list[CheckKind]:
        """The checks the administrator turned on, in display order."""
        return [k for k in CLERK_CHECKS if k in self.settings.enabled_checks]

    def demo_samples(self) -> list[DemoSample]:
        """The samples offered by "Try a sample" (empty unless in demo mode)."""
        return [
            DemoSample(s.key, s.title, CheckKind(s.check), getattr(s, "expected_status", ""))
            for s in self._samples.values()
        ]

    # --- inputs ------------------------------------------------------------------------------

    def attach(self, source: CaptureSource) -> None:
        """Connect a capture source: its payloads and images start the flow."""
        source.payload_scanned.connect(self.submit_payload)
        source.repaired_payload_scanned.connect(self.submit_repaired_payload)
        source.image_captured.connect(self.submit_image)
        self.metrics.add_source(source)

    @Slot(bytes)
    def submit_payload(self, payload: bytes, *, byte_exact: bool = True) -> bool:
        """A scanned barcode payload: parse it locally, then maybe run the chosen check.

        ``byte_exact`` False marks a payload rebuilt from damaged input (see
        ``ScanData.byte_exact``): it is parsed and the checks that do not need the exact bytes
        still run, but the signature check is refused locally. The card already held, read
        again, changes nothing (see :meth:`_repeat_read`).
        """
        if self._scan is not None and bytes(payload) == self._scan.payload and not self.busy:
            pending, self._pending_check = self._pending_check, None
            return self._repeat_read(pending)
        read = partial(self.backend.read_payload, bytes(payload), byte_exact=byte_exact)
        return self._begin_read(read)

    @Slot(bytes)
    def submit_repaired_payload(self, payload: bytes) -> bool:
        """A payload a source rebuilt (not the barcode's exact bytes)."""
        return self.submit_payload(payload, byte_exact=False)

    @Slot(object)
    def submit_image(self, source: object) -> bool:
        """A picture (path, bytes or frame): decode and parse it in a worker."""
        started = self._begin_read(
            partial(self.backend.read_image, source),
            Message(READING_PICTURE),
            keep_card=True,
        )
        if started:
            # A watched-folder picture (ScannedFile) or an opened file: name it if it fails.
            name = getattr(source, "file_name", None)
            self._picture_name = name or (source.name if isinstance(source, Path) else None)
        return started

    def try_sample(self, key: str) -> bool:
        """Demo mode: run one sample licence through its check."""
        sample = self._samples.get(key)
        if sample is None or self._refuse_if_busy():
            return False
        check = CheckKind(sample.check)
        if check is CheckKind.CANADA:
            self._forget_customer()
            canada = sample.canada
            self.open_canada_form(
                CanadaFormData(
                    licence_number=canada.licence_number,
                    date_of_birth=str(canada.date_of_birth),
                    province=canada.province,
                    licence_class=canada.licence_class or "",
                )
            )
            return True
        self._pending_check = check
        return self.submit_payload(sample.payload)

    # --- actions -----------------------------------------------------------------------------

    def run_check(self, kind: CheckKind, confirmed: bool = False) -> bool:
        """The clerk runs a check on the current card; False if refused or awaiting the
        confirmation of a check the card already had (``confirmed`` answers it)."""
        return self._run(kind, confirmed, offered_only=True)

    def _run(self, kind: CheckKind, confirmed: bool, offered_only: bool = False) -> bool:
        if self._refuse_if_busy():
            return False
        scan = self._scan
        plan = plan_check(
            scan,
            self.settings,
            kind,
            today=self._today(),
            route=self._route,
            offered_only=offered_only,
        )
        if plan.step is Step.REFUSE:
            self.notice.emit(plan.notice)
            return False
        prior = self.prior_check(kind)
        # Asked before the form too: a Canadian check answered through the form, pressed
        # again, would otherwise be billed again once the form is sent.
        if prior is not None and not confirmed:
            self.confirm_requested.emit(BilledAgain(kind, prior))
            return False
        if plan.step is Step.FORM:
            self.open_canada_form()
            for problem in plan.problems:  # the barcode's values are not acceptable
                self.canada_form_problem.emit(problem)
            return True
        if plan.canada is not None:
            self._stop_retry()
            self._canada_input = plan.canada
            return self._start_check(kind, partial(self.backend.check_canada, plan.canada))
        assert scan is not None  # a plan to send a check of the card
        return self._start_check(kind, partial(self.backend.check_scan, kind, scan))

    def open_canada_form(self, prefill: CanadaFormData | None = None) -> None:
        """Show the Canadian form, pre-filled from a Canadian licence when one was scanned."""
        if prefill is None and self._scan is not None:
            prefill = self._scan.prefill
        self._set_stage(Stage.CANADA_FORM)
        self.canada_form_requested.emit(prefill or CanadaFormData())

    def validate_canada(self, form: CanadaFormData) -> list[FieldProblem]:
        """Every problem of the form at once (the inline messages), none when it is good."""
        return validate_canada(form, self._today())

    def submit_canada(self, form: CanadaFormData) -> list[FieldProblem]:
        """Validate and run the registry check; returns the problems (empty when started)."""
        problems = self.validate_canada(form)
        if problems or self._refuse_if_busy():
            return problems
        self._stop_retry()
        self._canada_input = form
        register_form(form)
        self._start_check(CheckKind.CANADA, partial(self.backend.check_canada, form))
        return []

    @Slot()
    def retry_canada_now(self) -> bool:
        """Run the scheduled Canadian retry now."""
        form = self._canada_input
        if form is None or self.busy:
            return False
        self._stop_retry()
        return not self.submit_canada(form) and self.busy

    @Slot()
    def cancel(self) -> None:
        """Abandon the running job; its result will be ignored. Returns to Ready."""
        if self._ticket is not None:
            self.pool.cancel(self._ticket)
            self.backend.stop_reading()  # a picture's decoding really stops, not just ignored
            self._ticket = None
            self.notice.emit(
                QT_TRANSLATE_NOOP("messages", "Cancelled. Nothing was shown for that request.")
            )
        self._pending_check = None
        self._set_stage(Stage.READY)

    @Slot()
    def back_to_ready(self) -> None:
        """Return to Ready keeping the scanned licence (to choose another check)."""
        if self.busy:
            self.cancel()
            return
        self._result = None
        self._set_stage(Stage.READY)

    def reroute(self) -> None:
        """The admin saved new settings: route the card held again (its checks may change)."""
        if self._scan is not None:
            self._route = route_for(self._scan, self.settings)
            self._announce_card()

    @Slot()
    def refresh_quota(self) -> None:
        """Read this month's billable count in a worker (at start and when the settings
        change; each check refreshes it too). Nothing to read without a quota or a store."""
        if self.usage is not None and self.settings.billing_quota_monthly > 0:
            self.pool.submit(self.quota.refresh, name="quota")

    @Slot()
    def wipe(self) -> None:
        """New customer / idle timeout: cancel work and drop every reference to their data."""
        if self._ticket is not None:
            self.pool.cancel(self._ticket)
            self.backend.stop_reading()
        self._forget_customer()
        self._set_stage(Stage.READY)
        self.wiped.emit()

    # --- internals ---------------------------------------------------------------------------

    def _start_check(self, kind: CheckKind, check: Callable[[], Outcome]) -> bool:
        """Start a billable check after the quota says so; False when blocked."""
        quota, mode = self.settings.billing_quota_monthly, self.settings.billing_quota_mode
        decision = self.quota.decision(quota, mode)
        if decision is QuotaDecision.BLOCK:
            self.notice.emit(QUOTA_BLOCKED)
            if self._stage is Stage.WORKING:
                self._set_stage(Stage.READY)
            return False
        if decision is QuotaDecision.WARN:
            self.notice.emit(QUOTA_WARNING)
        # A plain function, not a bound method: an abandoned job must not keep the session
        # (and through it the window's pool) alive after the window is gone.
        self._start(
            partial(metered_check, self.usage, self.quota, kind, check, quota, mode),
            partial(self._on_outcome, kind),
            _working_label(kind),
        )
        return True

    def _repeat_read(self, pending: CheckKind | None) -> bool:
        """The held card was read again. Its check (a sample's, or the automatic one) runs
        only if it has not answered for this customer yet (it ended in an error, or was
        cancelled); otherwise nothing runs and the clerk is told quietly. True if started."""
        self._ticket = None
        self._picture_name = None
        stage = self._return_stage if self._stage is Stage.WORKING else self._stage
        self._set_stage(stage)
        if pending is not None:  # "Try a sample" chosen again: the clerk's explicit choice
            return self._run(pending, confirmed=True)
        route = self._route
        check = None
        if self.settings.auto_check_on_scan and route and route.automatic:
            check = route.check
        if check is not None and check not in self._done:
            return self._run(check, confirmed=False)
        if check is not None:
            self._count_repeat(check)
        self.notice.emit(SAME_CARD if self._result is not None else SAME_CARD_READ)
        return False

    def _count_repeat(self, kind: CheckKind | None) -> None:
        """A check avoided because the card had it already: the Usage tab's "repeats not
        billed" (written in a worker)."""
        if kind is not None and self.usage is not None:
            self.pool.submit(partial(record_repeat, self.usage, kind), name="usage-repeat")

    def _announce_card(self) -> None:
        route = self._route
        if route is None:
            self.card_routed.emit(None)
            return
        earlier = None
        if self._digest is not None:
            kinds = [route.check] if route.check is not None else []
            for kind in [*kinds, *route.offered]:
                found = self.recent.find(self._digest, kind) if kind not in self._done else None
                if found is not None:
                    earlier = found
                    break
        self.card_routed.emit(CardRouting(route, frozenset(self._done), earlier))

    def _refuse_if_busy(self) -> bool:
        if self.busy:
            self.notice.emit(BUSY_NOTICE)
            return True
        return False

    def _forget_customer(self) -> None:
        forget_customer_values()
        self._ticket = None
        self._stop_retry()
        self._scan = None
        self._canada_input = None
        self._result = None
        self._pending_check = None
        self._picture_name = None
        self._route = None
        self._digest = None
        self._done = {}
        self.licence_changed.emit(None)
        self.scan_loaded.emit(False)
        self.checks_refused.emit(frozenset())
        self.card_routed.emit(None)

    def _begin_read(
        self, job: Callable[[], ScanData], label: str = "", keep_card: bool = False
    ) -> bool:
        """Start reading; ``keep_card``: a picture, whose payload is known only once decoded,
        so the card held stays until then (the same card again changes nothing)."""
        label = label or Message(READING_BARCODE)
        if self._refuse_if_busy():
            self._pending_check = None
            return False
        pending = self._pending_check
        self._return_stage = self._stage
        if self._scan is None or not keep_card:
            self._forget_customer()
        self._pending_check = pending
        self._start(job, self._on_scan_read, label)
        return True

    def _start(self, job: Callable[[], Any], on_result: Callable[[Any], None], label: str) -> None:
        self._ticket = self.pool.submit(job, on_result, self._on_error, name=label)
        self._set_stage(Stage.WORKING)
        self.working.emit(label)

    def _on_scan_read(self, scan: ScanData) -> None:
        if self._scan is not None and scan.payload == self._scan.payload:
            pending, self._pending_check = self._pending_check, None
            self._repeat_read(pending)
            return
        if self._scan is not None:  # another card: a new customer
            pending = self._pending_check
            self._forget_customer()
            self._pending_check = pending
        self._ticket = None
        self._picture_name = None
        self._scan = scan
        self._digest = self.recent.digest(scan.payload)
        route = self._route = route_for(scan, self.settings)
        register_scan(scan)
        self.licence_changed.emit(scan.licence)
        self.scan_loaded.emit(True)
        self.checks_refused.emit(self.refused_checks())
        self._announce_card()
        if scan.parse_hint:
            self.notice.emit(
                Message(
                    QT_TRANSLATE_NOOP("messages", "Read locally only in part: {hint}"),
                    hint=Message(scan.parse_hint),
                )
            )
        check, self._pending_check = self._pending_check, None
        from_sample = check is not None
        if check is None and self.settings.auto_check_on_scan and route.automatic:
            if route.check is not None and self.prior_check(route.check) is not None:
                self._count_repeat(route.check)  # an earlier customer's: shown, not re-run
            else:
                check = route.check
        elif check is None and self.settings.auto_check_on_scan and route.reason == REPAIRED:
            self.notice.emit(SIGNATURE_NEEDS_EXACT)  # the signature check would have run
        # A demo sample is the clerk's explicit choice from the menu: run, no confirmation.
        started = check is not None and self._run(check, confirmed=from_sample)
        if not started and self._stage is not Stage.CANADA_FORM:
            self._set_stage(Stage.READY)

    def report_metrics(self) -> None:
        """Write the Prometheus metrics from a worker (after each check and every minute)."""
        self.metrics.report(self.settings, self.usage, self.pool)

    def _on_outcome(self, kind: CheckKind, outcome: Outcome) -> None:
        self._ticket = None
        self.report_metrics()
        retry_in = None
        if (
            kind is CheckKind.CANADA
            and outcome.verdict is Verdict.UNDEFINED
            and (outcome.retry_after_seconds)
        ):
            retry_in = self._schedule_retry(outcome)
        log.info("check finished: %s %s", kind.value, outcome.verdict.value)
        self._result = ResultView(kind, outcome, self.licence, retry_in)
        if self._scan is not None and self._digest is not None:
            # Answered: not run again by itself for this customer; and, when billed, not for
            # the next customers within the window either.
            verdict = outcome.verdict.value
            self._done[kind] = PriorCheck(
                kind, self.recent.wall_now(), verdict, outcome.request_log_id, True
            )
            if outcome.billable:
                self.recent.remember(self._digest, kind, verdict, outcome.request_log_id)
            self._announce_card()
        self._set_stage(Stage.RESULT)
        self.result_ready.emit(self._result)

    def _on_error(self, error: BaseException) -> None:
        self._ticket = None
        self._pending_check = None
        if isinstance(error, QuotaReachedError):  # refused locally: a notice, not a verdict
            self._set_stage(Stage.READY)
            self.notice.emit(error.user_message)
            return
        if isinstance(error, InputRejectedError) and error.field in FORM_FIELDS:
            self._set_stage(Stage.CANADA_FORM)
            self.canada_form_problem.emit(FieldProblem(error.field or "", error.user_message))
            return
        log.info("flow ended on the error screen: %s", type(error).__name__)
        report = report_for(error)
        if self._picture_name:
            report = replace(report, file_name=self._picture_name)
            self._picture_name = None
        self._set_stage(Stage.ERROR)
        self.error_raised.emit(report)

    def _schedule_retry(self, outcome: Outcome) -> int:
        delay = self._retry_delay_s or outcome.retry_after_seconds or CANADA_RETRY_AFTER_S
        self._retry_left = int(delay)
        self._retry_timer.start()
        self.retry_countdown.emit(self._retry_left)
        return self._retry_left

    def _stop_retry(self) -> None:
        if self._retry_left or self._retry_timer.isActive():
            self._retry_timer.stop()
            self._retry_left = 0
            self.retry_countdown.emit(0)

    @Slot()
    def _retry_tick(self) -> None:
        self._retry_left = max(0, self._retry_left - 1)
        self.retry_countdown.emit(self._retry_left)
        if self._retry_left == 0:
            self._retry_timer.stop()
            if self.busy:
                self._retry_left = 1  # the clerk is running something: try again in a second
                self._retry_timer.start()
            elif self._canada_input is not None:
                self.submit_canada(self._canada_input)

    def _set_stage(self, stage: Stage) -> None:
        if stage is not self._stage:
            self._stage = stage
            self.stage_changed.emit(stage.value)


def _working_label(kind: CheckKind) -> Message:
    """What the Working screen says while ``kind`` runs (translated by the UI)."""
    return Message(QT_TRANSLATE_NOOP("messages", "{check}…"), check=Message(CHECK_TITLES[kind]))


# --- redaction: the current customer's values are scrubbed from every log record ------------


def register_scan(scan: ScanData) -> None:
    """Register a scanned customer's values with the log redaction until the wipe."""
    licence = scan.licence
    register_customer(
        *scan.element_values,
        *((licence.licence_number,) if licence else ()),
        names=(licence.full_name,) if licence else (),
        dates=(licence.date_of_birth, licence.expiry_date) if licence else (),
    )
    if scan.prefill is not None:
        register_form(scan.prefill)


def register_form(form: CanadaFormData) -> None:
    """Register the Canadian form's values with the log redaction until the wipe."""
    register_customer(form.licence_number, form.date_of_birth, form.licence_class)
    register_typed_date(form.date_of_birth)
