"""The kiosk flow bound to Qt: signals for the screens, workers, the retry timer, metrics.

The rules live in :class:`kiosk_app.flow.customer.CustomerFlow` (no Qt, unit-tested without a
``QApplication``). :class:`Session` is its adapter: it runs the flow's jobs in the
:class:`WorkerPool` (tickets, cancel), ticks the Canadian retry with a ``QTimer``, turns the
flow's events into typed signals (``stage_changed`` carries the :class:`Stage` itself),
connects capture sources, and writes the metrics after each check. Screens call its slots and
listen to its signals; it never blocks the GUI thread. What the flow holds (usage, record,
route, watchlist screening...) is read from ``session.flow`` itself.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import date
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal, Slot

from kiosk_app.app.capture.base import CaptureSource
from kiosk_app.app.capture.folder import picture_name
from kiosk_app.app.metrics import MetricsReporter
from kiosk_app.app.workers import WorkerPool
from kiosk_app.config import Settings
from kiosk_app.flow.billing import RecentChecks
from kiosk_app.flow.customer import BilledAgain, CardRouting, CustomerFlow, FlowEvents
from kiosk_app.flow.models import (
    CanadaFormData,
    ErrorReport,
    FieldProblem,
    LicenceSummary,
    ResultView,
    SampleLike,
)
from kiosk_app.flow.stages import Stage
from kiosk_app.flow.watchlist import WatchAlert, Watchlist
from kiosk_app.kinds import CheckKind
from kiosk_app.storage.compliance import ComplianceRecord
from kiosk_app.storage.usage import UsageStore

if TYPE_CHECKING:
    from kiosk_app.app.backend import Backend
    from kiosk_app.app.late_backend import LateBackend

RETRY_TICK_MS = 1000


class Session(QObject):
    """One customer at a time, one job at a time (the rules: ``CustomerFlow``)."""

    # Typed with their class (a Python object passes as itself; None too, where it may).
    stage_changed = Signal(Stage)  # the Stage itself, never its string
    licence_changed = Signal(LicenceSummary)  # or None: no licence held
    scan_loaded = Signal(bool)  # a barcode is held for the current customer (or not)
    checks_refused = Signal(frozenset)  # frozenset[CheckKind] the held scan cannot feed
    working = Signal(object)  # str | Message: what is running, for the Working screen
    canada_form_requested = Signal(CanadaFormData)  # the pre-fill, may be empty
    canada_form_problem = Signal(FieldProblem)  # refused by the client
    result_ready = Signal(ResultView)
    error_raised = Signal(ErrorReport)
    notice = Signal(object)  # str | Message for the clerk (refused scan, cancelled...)
    retry_countdown = Signal(int)  # seconds to the Canadian retry; 0 = none pending
    wiped = Signal()
    card_routed = Signal(CardRouting)  # or None: no card held
    confirm_requested = Signal(BilledAgain)  # ask the clerk before billing again
    listed = Signal(WatchAlert)  # the card is on the watchlist (no check runs)

    def __init__(
        self,
        settings: Settings,
        backend: Backend | LateBackend,
        pool: WorkerPool,
        samples: Mapping[str, SampleLike] | None = None,
        retry_delay_s: int | None = None,
        today: Callable[[], date] = date.today,
        parent: QObject | None = None,
        usage: UsageStore | None = None,
        recent: RecentChecks | None = None,
        record: ComplianceRecord | None = None,
        watchlist: Watchlist | None = None,
    ) -> None:
        super().__init__(parent)
        self.pool = pool
        self._backend = backend
        self._retry_timer = QTimer(self)
        self._retry_timer.setInterval(RETRY_TICK_MS)
        self.flow = CustomerFlow(
            settings,
            backend,
            pool,
            self._retry_timer,
            self._events(),
            samples=samples,
            retry_delay_s=retry_delay_s,
            today=today,
            usage=usage,
            recent=recent,
            record=record,
            watchlist=watchlist,
        )
        self._retry_timer.timeout.connect(self.flow.retry_tick)
        # Without a store: True when one should be there (it could not be opened: the Ready
        # screen's alarm), False when counting is off on purpose (screenshots, tests).
        self.counting_expected = False
        self.metrics = MetricsReporter(self)
        self.metrics.timer.timeout.connect(self.report_metrics)

    def _events(self) -> FlowEvents:
        return FlowEvents(
            stage_changed=self.stage_changed.emit,
            licence_changed=self.licence_changed.emit,
            scan_loaded=self.scan_loaded.emit,
            checks_refused=self.checks_refused.emit,
            working=self.working.emit,
            canada_form_requested=self.canada_form_requested.emit,
            canada_form_problem=self.canada_form_problem.emit,
            result_ready=self.result_ready.emit,
            error_raised=self.error_raised.emit,
            notice=self.notice.emit,
            retry_countdown=self.retry_countdown.emit,
            wiped=self.wiped.emit,
            card_routed=self.card_routed.emit,
            confirm_requested=self.confirm_requested.emit,
            listed=self.listed.emit,
            checked=self.report_metrics,
        )

    # --- what the flow holds -----------------------------------------------------------------

    @property
    def settings(self) -> Settings:
        """The settings in force (the admin's new ones apply at once)."""
        return self.flow.settings

    @settings.setter
    def settings(self, settings: Settings) -> None:
        self.flow.settings = settings

    @property
    def backend(self) -> Backend | LateBackend:
        """The blocking work (decoder, parser, client); replaced when the settings change."""
        return self._backend

    @backend.setter
    def backend(self, backend: Backend | LateBackend) -> None:
        self._backend = self.flow.backend = backend

    @property
    def stage(self) -> Stage:
        """The current stage."""
        return self.flow.stage

    @property
    def busy(self) -> bool:
        """True while a decode or check runs for the current customer."""
        return self.flow.busy

    @property
    def licence(self) -> LicenceSummary | None:
        """The locally parsed licence of the current customer, if any."""
        scan = self.flow.scan
        return scan.licence if scan else None

    @property
    def has_scan(self) -> bool:
        """True when a barcode has been read for the current customer."""
        return self.flow.scan is not None

    @property
    def scan_byte_exact(self) -> bool | None:
        """Whether the held scan is the barcode's exact bytes (None: no scan held)."""
        scan = self.flow.scan
        return scan.byte_exact if scan else None

    # --- inputs and actions (slots) ----------------------------------------------------------

    def attach(self, source: CaptureSource) -> None:
        """Connect a capture source: its payloads and images start the flow."""
        source.payload_scanned.connect(self.submit_payload)
        source.repaired_payload_scanned.connect(self.submit_repaired_payload)
        source.image_captured.connect(self.submit_image)
        self.metrics.add_source(source)

    @Slot(bytes)
    def submit_payload(self, payload: bytes, *, byte_exact: bool = True) -> bool:
        """A scanned barcode payload (``byte_exact`` False: rebuilt from damaged input)."""
        return self.flow.submit_payload(payload, byte_exact=byte_exact)

    @Slot(bytes)
    def submit_repaired_payload(self, payload: bytes) -> bool:
        """A payload a source rebuilt (not the barcode's exact bytes)."""
        return self.flow.submit_payload(payload, byte_exact=False)

    @Slot(object)
    def submit_image(self, source: object) -> bool:
        """A picture (path, bytes or frame): decode and parse it in a worker."""
        # A watched-folder picture or an opened file: named on the Error screen if it fails.
        return self.flow.submit_image(source, picture_name(source))

    def read_by_service(self) -> bool:
        """Let the service read the picture the kiosk could not (offered on the Error screen)."""
        return self.flow.read_by_service()

    def try_sample(self, key: str) -> bool:
        """Demo mode: run one sample licence through its check."""
        return self.flow.try_sample(key)

    def keep_result(self, kind: CheckKind) -> bool:
        """ "Keep the result": show the card's stored ``kind`` result again."""
        return self.flow.keep_result(kind)

    def run_check(self, kind: CheckKind, confirmed: bool = False) -> bool:
        """The clerk runs a check on the current card (see ``CustomerFlow.run_check``)."""
        return self.flow.run_check(kind, confirmed)

    def open_canada_form(self, prefill: CanadaFormData | None = None) -> None:
        """Show the Canadian form, pre-filled from a Canadian licence when one was scanned."""
        self.flow.open_canada_form(prefill)

    def submit_canada(self, form: CanadaFormData) -> list[FieldProblem]:
        """Validate and run the registry check; returns the problems (empty when started)."""
        return self.flow.submit_canada(form)

    @Slot()
    def retry_canada_now(self) -> bool:
        """Run the scheduled Canadian retry now."""
        return self.flow.retry_canada_now()

    @Slot()
    def cancel(self) -> None:
        """Abandon the running job; its result will be ignored. Returns to Ready."""
        self.flow.cancel()

    @Slot()
    def continue_listed(self) -> bool:
        """The clerk goes on with a customer on the watchlist (see ``CustomerFlow``)."""
        return self.flow.continue_listed()

    @Slot()
    def back_to_ready(self) -> None:
        """Return to Ready keeping the scanned licence (to choose another check)."""
        self.flow.back_to_ready()

    def reroute(self) -> None:
        """The admin saved new settings: route the card held again (its checks may change)."""
        self.flow.reroute()

    @Slot()
    def refresh_quota(self) -> None:
        """Read this month's billable count in a worker."""
        self.flow.refresh_quota()

    @Slot()
    def wipe(self) -> None:
        """New customer / idle timeout: cancel work and drop every reference to their data."""
        self.flow.wipe()

    def report_metrics(self) -> None:
        """Probe the counting and write the Prometheus metrics from a worker (at start, after
        each check and every minute)."""
        self.metrics.report(
            self.settings, self.flow.usage, self.pool, self.counting_expected, self.flow.record
        )
