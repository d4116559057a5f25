"""One customer at a time, one job at a time: scan → decode → parse → check → result → wipe.

:class:`CustomerFlow` owns one customer's data (in memory only) and the single piece of
background work that may run for them. It has no Qt: the work runs through a :class:`Runner`
(the app's ``WorkerPool``, or a synchronous one in tests), the Canadian retry counts down on a
:class:`Ticker` (a ``QTimer``), and what the screens must hear goes out through
:class:`FlowEvents` (the Qt adapter, ``kiosk_app.app.session.Session``, plugs its signals in).
Stages move along :data:`kiosk_app.flow.stages.TRANSITIONS` only. Rules:

* one job at a time: a scan, drop or check while a job runs is **refused** with a notice, so
  nothing is ever run twice and no scan is silently swallowed;
* Cancel abandons the running job's result (its ticket goes stale) and returns to Ready;
* a Canadian *Undefined* schedules a retry (15 minutes by default) with a countdown; *Retry now*
  runs it at once; the pending retry is held in memory and dropped by :meth:`wipe`;
* :meth:`wipe` (New customer, idle timeout) drops every reference to the customer's data;
* never pay twice: a repeat read of the card on screen changes nothing (a quiet notice);
  running a check the card already had (this customer, or an earlier one within
  ``repeat_window_min``, see :class:`kiosk_app.flow.billing.CardLedger`) needs the clerk's
  confirmation (``confirm_requested``), never happens on its own; the monthly quota is told
  (or enforced) before a billable check;
* the right check for the card: :func:`kiosk_app.flow.planning.plan_check` decides what a
  check asked for does; a check that does not apply is refused locally (a notice, never a
  verdict).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from datetime import date
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol

from kiosk_app.api.constants import CANADA_RETRY_AFTER_S
from kiosk_app.api.errors import InputRejectedError
from kiosk_app.api.outcome import Outcome
from kiosk_app.barcode.errors import BarcodeError
from kiosk_app.flow.billing import (
    CardLedger,
    PriorCheck,
    QuotaGate,
    QuotaReachedError,
    RecentChecks,
)
from kiosk_app.flow.canada import FORM_FIELDS, validate_canada
from kiosk_app.flow.compliance import error_row, keep_row, record_row
from kiosk_app.flow.metering import metered_check, record_repeat, was_sent
from kiosk_app.flow.models import (
    CHECK_TITLES,
    CanadaFormData,
    DemoSample,
    ErrorKind,
    ErrorReport,
    FieldProblem,
    LicenceSummary,
    ResultView,
    SampleLike,
    ScanData,
)
from kiosk_app.flow.picture_read import (
    ALREADY_READ,
    NOT_READ_ADVICE,
    NOT_READ_TITLE,
    READING_BY_SERVICE,
    SERVICE_READS,
    licence_from_reply,
    prefill_from_reply,
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
from kiosk_app.flow.stages import Stage, StageMachine
from kiosk_app.flow.verdict_table import ShownVerdict, result_view, shown_verdict
from kiosk_app.flow.watchlist import NOT_CONTINUED, WatchAlert, Watchlist, alert_for, screened_read
from kiosk_app.kinds import CLERK_CHECKS, CheckKind, Verdict
from kiosk_app.redaction import forget_customer_values, register_customer, register_typed_date
from kiosk_app.storage.compliance import ComplianceRecord, RecordRow
from kiosk_app.storage.usage import UsageStore
from kiosk_app.storage.watchlist import Entry, Screening, most_serious
from kiosk_app.text import QT_TRANSLATE_NOOP, Message

if TYPE_CHECKING:
    from kiosk_app.config import Settings

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
CANCELLED = QT_TRANSLATE_NOOP("messages", "Cancelled. Nothing was shown for that request.")
READ_IN_PART = QT_TRANSLATE_NOOP("messages", "Read locally only in part: {hint}")
RETRY_TICK_S = 1


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


class FlowBackend(Protocol):
    """The blocking work (``kiosk_app.app.backend.Backend``); called only through the runner."""

    def read_payload(
        self,
        payload: bytes,
        symbol: Any = None,
        back_image: bytes | None = None,
        *,
        byte_exact: bool = True,
    ) -> ScanData: ...

    def read_image(self, source: object) -> ScanData: ...

    def check_scan(self, kind: CheckKind, scan: ScanData) -> Outcome: ...

    def check_canada(self, form: CanadaFormData) -> Outcome: ...

    def stop_reading(self) -> None: ...

    def prepare_picture(self, source: object) -> bytes: ...

    def send_picture(self, kind: CheckKind, image: bytes) -> Outcome: ...


class Runner(Protocol):
    """Runs blocking work off the caller's thread (``kiosk_app.app.workers.WorkerPool``)."""

    def submit(
        self,
        fn: Callable[[], Any],
        on_result: Callable[[Any], None] | None = None,
        on_error: Callable[[BaseException], None] | None = None,
        name: str = "work",
    ) -> int: ...

    def cancel(self, ticket: int | None) -> None: ...

    def is_running(self, ticket: int | None) -> bool: ...


class Ticker(Protocol):
    """A repeating one-second tick that calls :meth:`CustomerFlow.retry_tick` (a ``QTimer``)."""

    def start(self) -> None: ...

    def stop(self) -> None: ...

    def isActive(self) -> bool: ...  # noqa: N802 - QTimer's name


def _ignore(_value: object = None) -> None:
    return None


@dataclass
class FlowEvents:
    """What the flow tells the screens; each a callable (the Qt adapter's signal emits)."""

    stage_changed: Callable[[Stage], None] = _ignore
    licence_changed: Callable[[LicenceSummary | None], None] = _ignore
    scan_loaded: Callable[[bool], None] = _ignore  # a barcode is held (or not)
    checks_refused: Callable[[frozenset[CheckKind]], None] = _ignore  # the scan cannot feed
    working: Callable[[str], None] = _ignore  # what is running, for the Working screen
    canada_form_requested: Callable[[CanadaFormData], None] = _ignore  # pre-fill, may be empty
    canada_form_problem: Callable[[FieldProblem], None] = _ignore
    result_ready: Callable[[ResultView], None] = _ignore
    error_raised: Callable[[ErrorReport], None] = _ignore
    notice: Callable[[str], None] = _ignore  # a marked sentence or a Message
    retry_countdown: Callable[[int], None] = _ignore  # seconds to the retry; 0 = none
    wiped: Callable[[], None] = _ignore
    card_routed: Callable[[CardRouting | None], None] = _ignore
    confirm_requested: Callable[[BilledAgain], None] = _ignore
    checked: Callable[[], None] = _ignore  # a check answered (the metrics are written)
    listed: Callable[[WatchAlert], None] = _ignore  # the card is on the watchlist: the banner


class CustomerFlow:
    """One customer at a time, one job at a time; see the module docstring."""

    def __init__(
        self,
        settings: Settings,
        backend: FlowBackend,
        runner: Runner,
        ticker: Ticker,
        events: FlowEvents,
        *,
        samples: Mapping[str, SampleLike] | None = None,
        retry_delay_s: int | None = None,
        today: Callable[[], date] = date.today,
        usage: UsageStore | None = None,
        recent: RecentChecks | None = None,
        watchlist: Watchlist | None = None,
        record: ComplianceRecord | None = None,
    ) -> None:
        self.settings = settings
        self.watchlist = watchlist  # None: no watchlist (nothing looked up)
        # The compliance record (written only while the setting is on; opened on first use).
        self.record = record if record is not None else ComplianceRecord()
        self.backend = backend
        self.runner = runner
        self.usage = usage  # None: counting unavailable (the check still runs)
        self.events = events
        self._ticker = ticker
        self._samples = dict(samples or {})
        self._retry_delay_s = retry_delay_s
        self._today = today
        self._stages = StageMachine(lambda stage: self.events.stage_changed(stage))
        self._ticket: int | None = None
        self._scan: ScanData | None = None
        self._pending_check: CheckKind | None = None
        self._canada_input: CanadaFormData | None = None
        self._result: ResultView | None = None
        self._picture_name: str | None = None  # the file being read, for the Error screen
        # A picture the kiosk could not read, while the service may be asked to (the wipe, a
        # new read or the service's answer drops it).
        self._picture: object | None = None
        self._reading_picture = False  # the service is reading a picture (no card held)
        self._read_prefill: CanadaFormData | None = None  # a Canadian card the service read
        self._retry_left = 0
        self.recent = recent if recent is not None else RecentChecks(settings.repeat_window_min)
        self.ledger = CardLedger(self.recent)
        self.quota = QuotaGate(usage)
        self._route: Route | None = None
        self._return_stage = Stage.READY  # where a repeat read of the held card goes back to
        # The card held is on the watchlist and the clerk has not chosen to go on yet: the
        # banner, and the check that was about to run (a sample's, or the automatic one).
        self._alert: WatchAlert | None = None
        self._held_check: tuple[CheckKind, bool] | None = None
        self._continued = False  # the clerk went on past the banner for this customer

    # --- state -------------------------------------------------------------------------------

    @property
    def stage(self) -> Stage:
        """The current stage."""
        return self._stages.stage

    @property
    def busy(self) -> bool:
        """True while a decode or check runs for the current customer."""
        return self.runner.is_running(self._ticket)

    @property
    def scan(self) -> ScanData | None:
        """The current customer's scan (None: no card read)."""
        return self._scan

    @property
    def retry_pending(self) -> bool:
        """True while a Canadian retry is scheduled."""
        return self._retry_left > 0

    @property
    def route(self) -> Route | None:
        """The routing decision for the card held (None: no card)."""
        return self._route

    @property
    def alert(self) -> WatchAlert | None:
        """The watchlist banner while the clerk has not chosen to go on (None: none)."""
        return self._alert

    @property
    def watch(self) -> Screening | None:
        """What the watchlist said of the card held (its hashes, for the admin; None: no card,
        or not looked up)."""
        return self._scan.watch if self._scan is not None else None

    def prior_check(self, kind: CheckKind) -> PriorCheck | None:
        """A billed ``kind`` check this card already had: this customer, or within the window."""
        return self.ledger.prior(kind)

    def holds_customer_data(self) -> bool:
        """True while anything of the current customer is referenced (the wipe clears it)."""
        held = (
            self._scan,
            self._canada_input,
            self._result,
            self._ticket,
            self._picture,
            self._read_prefill,
        )
        return any(x is not None for x in held)

    def enabled_checks(self) -> list[CheckKind]:
        """The checks the administrator turned on, in display order."""
        return [k for k in CLERK_CHECKS if k in self.settings.enabled_checks]

    def demo_samples(self) -> list[DemoSample]:
        """The samples offered by "Try a sample" (empty unless in demo mode)."""
        return [
            DemoSample(s.key, s.title, CheckKind(s.check), _text(s.expected_status))
            for s in self._samples.values()
        ]

    # --- inputs ------------------------------------------------------------------------------

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

    def submit_image(self, source: object, file_name: str | None = None) -> bool:
        """A picture (path, bytes or frame): decode and parse it in a worker. ``file_name``:
        the file it came from, named on the Error screen if it cannot be read."""
        read = partial(self.backend.read_image, source)
        started = self._begin_read(read, Message(READING_PICTURE), keep_card=True)
        if started:
            self._picture_name = file_name
            self._picture = source
        return started

    def read_by_service(self) -> bool:
        """The clerk lets the service read the picture the kiosk could not (billed, once per
        picture: the same picture again shows its answer again). False when not offered."""
        kind = SERVICE_READS.get(self.settings.picture_fallback)
        picture = self._picture
        if kind is None or picture is None or self._refuse_if_busy():
            return False
        self._start(
            partial(self.backend.prepare_picture, picture),
            partial(self._send_picture, kind),
            Message(READING_BY_SERVICE),
        )
        return True

    def try_sample(self, key: str) -> bool:
        """Demo mode: run one sample licence through its check."""
        sample = self._samples.get(key)
        if sample is None or self._refuse_if_busy():
            return False
        check = CheckKind(sample.check)
        canada = sample.canada
        if check is CheckKind.CANADA and canada is not None:
            self._forget_customer()
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
        if sample.picture is not None:
            return self.submit_image(sample.picture)
        return self.submit_payload(sample.payload)

    # --- actions -----------------------------------------------------------------------------

    def run_check(self, kind: CheckKind, confirmed: bool = False) -> bool:
        """The clerk runs a check on the current card; False if refused or awaiting the
        confirmation of a check the card already had (``confirmed`` answers it)."""
        return self._run(kind, confirmed, offered_only=True)

    def open_canada_form(self, prefill: CanadaFormData | None = None) -> None:
        """Show the Canadian form, pre-filled from a Canadian licence when one was scanned."""
        if prefill is None and self._scan is not None:
            prefill = self._scan.prefill
        if prefill is None:
            prefill = self._read_prefill
        self._stages.move(Stage.CANADA_FORM)
        self.events.canada_form_requested(prefill or CanadaFormData())

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

    def retry_canada_now(self) -> bool:
        """Run the scheduled Canadian retry now."""
        form = self._canada_input
        if form is None or self.busy:
            return False
        self._stop_retry()
        return not self.submit_canada(form) and self.busy

    def cancel(self) -> None:
        """Abandon the running job; its result will be ignored. Returns to Ready."""
        if self._ticket is not None:
            self.runner.cancel(self._ticket)
            self.backend.stop_reading()  # a picture's decoding really stops, not just ignored
            self._ticket = None
            self.events.notice(CANCELLED)
        self._pending_check = None
        self._stages.move(Stage.READY)

    def continue_listed(self) -> bool:
        """The clerk goes on with a customer on the watchlist: the Ready screen, and the check
        that was about to run (a sample's, or the automatic one) runs now. False: no banner."""
        if self._alert is None or self.busy:
            return False
        self._alert = None
        self._continued = True
        held, self._held_check = self._held_check, None
        self._stages.move(Stage.READY)
        if held is not None:
            kind, confirmed = held
            self._run(kind, confirmed)
        return True

    def note_listed(self, entry: Entry) -> None:
        """The admin put the customer on screen on the watchlist: the card read again shows
        the banner (the entry is matched against the card's hashes, nothing is read)."""
        scan = self._scan
        watch = scan.watch if scan is not None else None
        if scan is None or watch is None or watch.fingerprint is None:
            return
        if not entry.matches(watch.fingerprint):
            return
        hits = tuple(most_serious((*watch.hits, entry)))
        self._scan = replace(scan, watch=replace(watch, hits=hits))
        self._continued = False

    def back_to_ready(self) -> None:
        """Return to Ready keeping the scanned licence (to choose another check)."""
        if self.busy:
            self.cancel()
            return
        self._result = None
        self._stages.move(Stage.READY)

    def keep_result(self, kind: CheckKind) -> bool:
        """ "Keep the result" (asked before billing ``kind`` again): show the card's stored
        result again — banner, reason and rows as they were. False when none is held."""
        if self.busy or self.stage is not Stage.READY:
            return False
        view = self.ledger.stored(kind)
        if view is None:
            return False
        self._result = view
        self._stages.move(Stage.RESULT)
        self.events.result_ready(view)
        return True

    def reroute(self) -> None:
        """The admin saved new settings: route the card held again (its checks may change)."""
        if self._scan is not None:
            self._route = route_for(self._scan, self.settings)
            self._announce_card()

    def refresh_quota(self) -> None:
        """Read this month's billable count in a worker (at start and when the settings
        change; each check refreshes it too). Nothing to read without a quota or a store."""
        if self.usage is not None and self.settings.billing_quota_monthly > 0:
            self.runner.submit(self.quota.refresh, name="quota")

    def wipe(self) -> None:
        """New customer / idle timeout: cancel work and drop every reference to their data."""
        if self._ticket is not None:
            self.runner.cancel(self._ticket)
            self.backend.stop_reading()
        self._forget_customer()
        self._stages.move(Stage.READY)
        self.events.wiped()

    def retry_tick(self) -> None:
        """One second of the Canadian retry's countdown passed (the ticker calls it)."""
        self._retry_left = max(0, self._retry_left - 1)
        self.events.retry_countdown(self._retry_left)
        if self._retry_left == 0:
            self._ticker.stop()
            if self.busy:
                self._retry_left = RETRY_TICK_S  # the clerk is running something: again soon
                self._ticker.start()
            elif self._canada_input is not None:
                self.submit_canada(self._canada_input)

    # --- internals ---------------------------------------------------------------------------

    def _run(self, kind: CheckKind, confirmed: bool, offered_only: bool = False) -> bool:
        if self._refuse_if_busy():
            return False
        if self._alert is not None:  # no check before the clerk chose to go on
            self.events.notice(NOT_CONTINUED)
            return False
        scan, today = self._scan, self._today()
        plan = plan_check(
            scan, self.settings, kind, today=today, route=self._route, offered_only=offered_only
        )
        if plan.step is Step.REFUSE:
            self.events.notice(plan.notice)
            return False
        prior = self.ledger.prior(kind)
        # Asked before the form too: a Canadian check answered through the form, pressed
        # again, would otherwise be billed again once the form is sent.
        if prior is not None and not confirmed:
            self.events.confirm_requested(BilledAgain(kind, prior))
            return False
        if plan.step is Step.FORM:
            self.open_canada_form()
            for problem in plan.problems:  # the barcode's values are not acceptable
                self.events.canada_form_problem(problem)
            return True
        if plan.canada is not None:
            self._stop_retry()
            self._canada_input = plan.canada
            return self._start_check(kind, partial(self.backend.check_canada, plan.canada))
        assert scan is not None  # a plan to send a check of the card
        return self._start_check(kind, partial(self.backend.check_scan, kind, scan))

    def _start_check(self, kind: CheckKind, check: Callable[[], Outcome]) -> bool:
        """Start a billable check after the quota says so; False when blocked."""
        quota, mode = self.settings.billing_quota_monthly, self.settings.billing_quota_mode
        decision = self.quota.decision(quota, mode)
        if decision.notice is not None:
            self.events.notice(decision.notice)
        if decision.blocks:
            if self.stage is Stage.WORKING:
                self._stages.move(Stage.READY)
            return False
        # A plain function, not a bound method: an abandoned job must not keep the flow (and
        # through it the window's pool) alive after the window is gone.
        self._start(
            partial(metered_check, self.usage, self.quota, kind, check, quota, mode),
            partial(self._on_outcome, kind),
            _working_label(kind),
            partial(self._on_check_error, kind),
        )
        return True

    def _repeat_read(self, pending: CheckKind | None) -> bool:
        """The held card was read again. Its check (a sample's, or the automatic one) runs
        only if it has not answered for this customer yet (it ended in an error, or was
        cancelled); otherwise nothing runs and the clerk is told quietly. True if started."""
        self._ticket = None
        self._picture_name = None
        watch = self.watch
        if self._alert is None and not self._continued and watch is not None and watch.hits:
            # Put on the list while on screen (note_listed): the banner now, as a new read.
            self._alert = alert_for(watch.hits)
            self._held_check = (pending, True) if pending is not None else None
        if self._alert is not None:  # still on the watchlist banner: shown again, nothing runs
            self._stages.move(Stage.LISTED)
            self.events.listed(self._alert)
            return False
        if self.stage is Stage.WORKING:
            self._stages.move(self._return_stage)
        if pending is not None:  # "Try a sample" chosen again: the clerk's explicit choice
            return self._run(pending, confirmed=True)
        route = self._route
        check = None
        if self.settings.auto_check_on_scan and route and route.automatic:
            check = route.check
        if check is not None and check not in self.ledger.answered:
            return self._run(check, confirmed=False)
        if check is not None:
            self._count_repeat(check)
        self.events.notice(SAME_CARD if self._result is not None else SAME_CARD_READ)
        return False

    def _count_repeat(self, kind: CheckKind) -> None:
        """A check avoided because the card had it already: the Usage tab's "repeats not
        billed" (written in a worker)."""
        if self.usage is not None:
            self.runner.submit(partial(record_repeat, self.usage, kind), name="usage-repeat")

    def _announce_card(self) -> None:
        route = self._route
        if route is None:
            self.events.card_routed(None)
            return
        kinds = [route.check] if route.check is not None else []
        earlier = self.ledger.earlier([*kinds, *route.offered])
        self.events.card_routed(CardRouting(route, self.ledger.answered, earlier))

    def _refuse_if_busy(self) -> bool:
        if self.busy:
            self.events.notice(BUSY_NOTICE)
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
        self._picture = None
        self._reading_picture = False
        self._read_prefill = None
        self._route = None
        self._alert = None
        self._held_check = None
        self._continued = False
        self.ledger.forget()
        self.events.licence_changed(None)
        self.events.scan_loaded(False)
        self.events.checks_refused(frozenset())
        self.events.card_routed(None)

    def _begin_read(
        self, job: Callable[[], ScanData], label: str = "", keep_card: bool = False
    ) -> bool:
        """Start reading; ``keep_card``: a picture, whose payload is known only once decoded,
        so the card held stays until then (the same card again changes nothing)."""
        label = label or Message(READING_BARCODE)
        if self._refuse_if_busy():  # the running read keeps its own pending check
            return False
        pending = self._pending_check
        self._return_stage = self.stage
        if self._scan is None or not keep_card:
            self._forget_customer()
        self._pending_check = pending
        # A plain function, not a bound method (see _start_check): the card is looked up on
        # the watchlist in the read's own worker, before anything can be sent.
        self._start(partial(screened_read, job, self.watchlist), self._on_scan_read, label)
        return True

    def _start(
        self,
        job: Callable[[], Any],
        on_result: Callable[[Any], None],
        label: str,
        on_error: Callable[[BaseException], None] | None = None,
    ) -> None:
        self._ticket = self.runner.submit(job, on_result, on_error or self._on_error, name=label)
        self._stages.move(Stage.WORKING)
        self.events.working(label)

    def _send_picture(self, kind: CheckKind, image: bytes) -> None:
        """In the GUI thread with the prepared picture: its answer again, or send it."""
        self._forget_customer()  # a new customer: nothing of an earlier card stays
        self.ledger.hold(image)  # never pay twice, keyed by a hash of the picture sent
        stored = self.ledger.stored(kind)
        if stored is not None:
            self._count_repeat(kind)
            self._result = stored
            self._stages.move(Stage.RESULT)
            self.events.notice(ALREADY_READ)
            self.events.result_ready(stored)
            return
        self._reading_picture = self._start_check(
            kind, partial(self.backend.send_picture, kind, image)
        )

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
        self._picture = None
        self._scan = scan
        self.ledger.hold(scan.payload)
        route = self._route = route_for(scan, self.settings)
        register_scan(scan)
        self.events.licence_changed(scan.licence)
        self.events.scan_loaded(True)
        self.events.checks_refused(refused_checks(scan))
        self._announce_card()
        if scan.parse_hint:
            self.events.notice(Message(READ_IN_PART, hint=Message(scan.parse_hint)))
        check, self._pending_check = self._pending_check, None
        from_sample = check is not None
        if check is None and self.settings.auto_check_on_scan and route.automatic:
            if route.check is not None and self.ledger.prior(route.check) is not None:
                self._count_repeat(route.check)  # an earlier customer's: shown, not re-run
            else:
                check = route.check
        elif check is None and self.settings.auto_check_on_scan and route.reason == REPAIRED:
            self.events.notice(SIGNATURE_NEEDS_EXACT)  # the signature check would have run
        if scan.watch is not None and scan.watch.hits:
            self._hold_on_watchlist(scan.watch, check, from_sample)
            return
        # A demo sample is the clerk's explicit choice from the menu: run, no confirmation.
        started = check is not None and self._run(check, confirmed=from_sample)
        if not started and self.stage is not Stage.CANADA_FORM:
            self._stages.move(Stage.READY)

    def _hold_on_watchlist(
        self, watch: Screening, check: CheckKind | None, confirmed: bool
    ) -> None:
        """The card is on the watchlist: the banner, and nothing runs until the clerk goes on
        (the check that was about to run waits for that)."""
        self._alert = alert_for(watch.hits)
        self._held_check = (check, confirmed) if check is not None else None
        log.info("card on the watchlist: %s", watch.hits[0].reason.value)
        self._stages.move(Stage.LISTED)
        self.events.listed(self._alert)

    def _on_outcome(self, kind: CheckKind, outcome: Outcome) -> None:
        self._ticket = None
        if self._reading_picture and outcome.verdict is not Verdict.PASSED:
            outcome = replace(outcome, advice=NOT_READ_ADVICE)
        if self._reading_picture:
            self._note_read(outcome)
        self._reading_picture = False
        self.events.checked()
        retry_in = None
        undefined = outcome.verdict is Verdict.UNDEFINED
        if kind is CheckKind.CANADA and undefined and outcome.retry_after_seconds:
            retry_in = self._schedule_retry(outcome)
        log.info("check finished: %s %s", kind.value, outcome.verdict.value)
        self._result = result_view(
            kind,
            outcome,
            self._scan.licence if self._scan else self._licence_read(outcome),
            retry_in,
            form=self._canada_input,
            settings=self.settings,
            today=self._today(),
        )
        # Repeats quote the banner as the clerk saw it (title and colour); without a card
        # held, the picture the service read (the ledger holds its hash) or nothing.
        verdict, shown = outcome.verdict.value, shown_verdict(self._result)
        self._keep_in_record(self._result, shown)
        self.ledger.answer(
            kind, verdict, outcome.request_log_id, outcome.billable, shown, self._result
        )
        if self._scan is not None:
            self._announce_card()
        self._stages.move(Stage.RESULT)
        self.events.result_ready(self._result)

    def _keep_in_record(self, view: ResultView, shown: ShownVerdict) -> None:
        """The compliance record's row for this check, written in a worker (setting on); the
        metrics are written again once it is, with its counts."""
        if self.settings.compliance_record:
            self._keep_row(record_row(view, shown, self.settings))

    def _on_check_error(self, kind: CheckKind, error: BaseException) -> None:
        """A check that was sent and ended on the Error screen has its row too."""
        if self.settings.compliance_record and was_sent(error):
            form = self._canada_input if kind is CheckKind.CANADA else None
            licence = self._scan.licence if self._scan is not None else None
            self._keep_row(error_row(kind, licence, form, self.settings, self._today()))
        self._on_error(error)

    def _keep_row(self, row: RecordRow) -> None:
        job = partial(keep_row, self.record, row, self.settings.compliance_retention_days)
        self.runner.submit(job, self._row_kept, name="compliance-record")

    def _row_kept(self, _written: object) -> None:
        self.events.checked()

    def _note_read(self, outcome: Outcome) -> None:
        """What the service read of a picture: scrubbed from the log until the wipe, and the
        registry form's pre-fill for a Canadian licence."""
        document = outcome.document
        register_customer(*document.values())
        self._read_prefill = prefill_from_reply(document)
        if self._read_prefill is not None:
            register_form(self._read_prefill)

    def _licence_read(self, outcome: Outcome) -> LicenceSummary | None:
        """The licence panel from what the service read of a picture (no card held)."""
        if outcome.service not in SERVICE_READS.values():
            return None
        return licence_from_reply(
            outcome.document,
            age_of_majority=self.settings.age_of_majority,
            minimum_age=self.settings.minimum_age,
            expiry_warning_days=self.settings.expiry_warning_days,
            today=self._today(),
        )

    def _on_error(self, error: BaseException) -> None:
        self._ticket = None
        self._pending_check = None
        reading_picture, self._reading_picture = self._reading_picture, False
        offer = (
            isinstance(error, BarcodeError)
            and self._picture is not None
            and self.settings.picture_fallback in SERVICE_READS
        )
        if not offer:
            self._picture = None
        if isinstance(error, QuotaReachedError):  # refused locally: a notice, not a verdict
            self._stages.move(Stage.READY)
            self.events.notice(error.user_message)
            return
        if isinstance(error, InputRejectedError) and error.field in FORM_FIELDS:
            self._stages.move(Stage.CANADA_FORM)
            self.events.canada_form_problem(FieldProblem(error.field or "", error.user_message))
            return
        log.info("flow ended on the error screen: %s", type(error).__name__)
        report = report_for(error)
        if offer:
            report = replace(report, service_read=True)
        if reading_picture:  # the service failed too: nothing more to offer
            report = replace(report, kind=ErrorKind.UNREADABLE, title=NOT_READ_TITLE)
        if self._picture_name:
            report = replace(report, file_name=self._picture_name)
            self._picture_name = None
        self._stages.move(Stage.ERROR)
        self.events.error_raised(report)

    def _schedule_retry(self, outcome: Outcome) -> int:
        delay = self._retry_delay_s or outcome.retry_after_seconds or CANADA_RETRY_AFTER_S
        self._retry_left = int(delay)
        self._ticker.start()
        self.events.retry_countdown(self._retry_left)
        return self._retry_left

    def _stop_retry(self) -> None:
        if self._retry_left or self._ticker.isActive():
            self._ticker.stop()
            self._retry_left = 0
            self.events.retry_countdown(0)


def _text(value: object) -> str:
    return "" if value is None else str(value)


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
