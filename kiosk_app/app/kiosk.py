"""The kiosk's non-widget core: worker pool, session and capture sources, wired together.

The window receives a ``KioskCore`` and talks only to it. More sources (camera, serial, watched
folder) are added with :meth:`KioskCore.add_source`; the flow does not change per source.

Ownership: the window is the core's Qt parent, and the core the parent of everything it runs
(pool, session, idle watch, sources and their timers), so all of it is deleted with the window,
on the GUI thread, never by Python's cyclic collector on whichever thread it runs.
"""

from __future__ import annotations

import importlib
import logging
import time
from functools import partial
from types import ModuleType
from typing import TYPE_CHECKING, Any, Final

from PySide6.QtCore import QObject, QTimer, Signal, Slot

from kiosk_app.api.constants import TEST_TOKEN
from kiosk_app.app.capture.base import CaptureSource
from kiosk_app.app.capture.files import ImageFileSource
from kiosk_app.app.capture.wedge import Clock, WedgeScanner
from kiosk_app.app.diagnostics import ScanRecorder
from kiosk_app.app.feedback import SoundFeedback
from kiosk_app.app.idle import IdleWatch
from kiosk_app.app.late_backend import BuiltBackend, LateBackend
from kiosk_app.app.session import Session
from kiosk_app.app.stopping import CHECK_IN_FLIGHT_WAIT_S
from kiosk_app.app.workers import WorkerPool
from kiosk_app.config import Settings
from kiosk_app.flow.billing import RecentChecks
from kiosk_app.flow.compliance import prune_old_rows
from kiosk_app.flow.watchlist import Watchlist, demo_watchlist
from kiosk_app.logging_setup import set_desk_id
from kiosk_app.storage.usage import UsageStore

if TYPE_CHECKING:
    from kiosk_app.app.backend import Backend

log = logging.getLogger(__name__)

# After start, the picture decoder's child process is started (it loads its libraries, about
# half a second of CPU) once the window has had time to show: the first picture then does not
# wait for it.
PICTURE_WARM_UP_DELAY_MS = 3000
# The hardware inputs (camera, serial scanner, watched folder) and the libraries they load.
HARDWARE_MODULE: Final = "kiosk_app.app.capture.hardware"


def is_test_mode(settings: Settings) -> bool:
    """True with the public test token (results are not real) or the test-mode setting."""
    return settings.test_mode or settings.api_token.get_secret_value() == TEST_TOKEN


class KioskCore(QObject):
    """Owns the pool, the session and the sources; ``shutdown`` awaits every worker.

    Give it a parent (the main window takes it): a parentless core lives until the cyclic
    collector frees it, on any thread, with its timers still registered on the GUI thread.
    """

    inputs_changed = Signal(object)  # {display name: status (str | Message)}
    settings_applied = Signal(Settings)  # the admin saved new settings (or the secrets came)
    source_added = Signal(CaptureSource)  # e.g. a camera the Ready screen previews

    def __init__(
        self,
        settings: Settings,
        backend: Backend | LateBackend,
        samples: dict[str, Any] | None = None,
        clock: Clock = time.monotonic,
        retry_delay_s: int | None = None,
        parent: QObject | None = None,
        usage: UsageStore | None = None,
        idle_timeout_ms: int | None = None,
        recent: RecentChecks | None = None,
        watchlist: Watchlist | None = None,
    ) -> None:
        super().__init__(parent)
        self.settings = settings
        # The organisation's watchlist; a demo keeps its own in memory under a key of the run.
        self.watchlist = watchlist or (
            demo_watchlist(settings.desk_id)
            if samples
            else Watchlist.from_settings(settings.desk_id)
        )
        self.test_mode = is_test_mode(settings)
        self.demo = bool(samples)
        self.pool = WorkerPool(parent=self)
        self.session = Session(
            settings,
            backend,
            self.pool,
            samples=samples,
            retry_delay_s=retry_delay_s,
            parent=self,
            usage=usage,
            recent=recent,
            watchlist=self.watchlist,
        )
        # The idle wipe (Settings.idle_timeout_s; tests pass a few milliseconds).
        self.idle = IdleWatch(
            self.session,
            idle_timeout_ms if idle_timeout_ms is not None else settings.idle_timeout_s * 1000,
            parent=self,
        )
        self.wedge = WedgeScanner(
            max_gap_ms=settings.wedge_max_key_gap_ms,
            min_length=settings.wedge_min_length,
            clock=clock,
            parent=self,
        )
        self.files = ImageFileSource(parent=self)
        # The last raw scan of each input, for the admin Diagnostics screen (memory only,
        # dropped by the wipe); and the scan/pass/failure sounds.
        self.scans = ScanRecorder(parent=self)
        self.scans.follow(self.session)
        self.feedback = SoundFeedback(settings.sounds, parent=self)
        self.feedback.follow(self.session)
        self.settings_applied.connect(self.feedback.apply_settings)
        self._warm_up_timer = QTimer(self, singleShot=True, interval=PICTURE_WARM_UP_DELAY_MS)
        self._warm_up_timer.timeout.connect(self._warm_up)
        self.sources: list[CaptureSource] = []
        self._hardware_later = False
        for source in (self.wedge, self.files):
            self.add_source(source)
        self.session.wiped.connect(self.wedge.forget)

    def add_source(self, source: CaptureSource) -> None:
        """Plug in a capture source: the session hears its payloads and images.

        A source without a Qt parent becomes the core's child (deleted with it).
        """
        if source.parent() is None:
            source.setParent(self)
        self.sources.append(source)
        self.session.attach(source)
        # A bound method, not a lambda: a lambda held by the source's connection would keep
        # this object (and the customer data it reaches) alive after the window is gone.
        source.status_changed.connect(self._announce_inputs)
        self.scans.watch(source)
        self.source_added.emit(source)

    @Slot(object)
    def _announce_inputs(self, _status: str) -> None:
        self.inputs_changed.emit(self.input_statuses())

    def input_statuses(self) -> dict[str, str]:
        """Each source's display name and status."""
        return {s.display_name: s.status for s in self.sources}

    def apply_settings(self, settings: Settings, backend: Backend | None = None) -> None:
        """Use the admin's new settings from now on (the running window follows the signal).

        Checks, per-country checks (the card held is routed again), auto-check, age of
        majority, service addresses, secrets, timeouts, wedge timing and the desk id in the log
        take effect at once; a job already running finishes with the old connection. Capture
        devices (camera, serial, folder) are set up at start.
        """
        self.settings = settings
        self.session.settings = settings
        # The picture decoder (and its child process) is kept; the client follows the settings.
        if backend is None:
            from kiosk_app.app.backend import Backend

            current = self.session.backend
            previous = current.built() if isinstance(current, LateBackend) else current
            backend = Backend.from_settings(settings, previous=previous)
        self.session.backend = backend
        self.session.flow.recent.window_min = settings.repeat_window_min
        self.session.refresh_quota()
        self.session.reroute()
        self.test_mode = is_test_mode(settings)
        self.wedge.max_gap_ms = settings.wedge_max_key_gap_ms
        self.wedge.min_length = settings.wedge_min_length
        self.idle.set_timeout_ms(settings.idle_timeout_s * 1000)
        set_desk_id(settings.desk_id)  # the log names the desk by its new id at once
        self.watchlist.desk = settings.desk_id
        self.settings_applied.emit(settings)

    def start(self) -> None:
        """Start every source; a :class:`LateBackend` is built once the event loop runs (after
        the first window is shown)."""
        for source in self.sources:
            source.start()
        self.session.refresh_quota()
        self.session.report_metrics()  # the counting probe too: a full disk shows at once
        retention = self.settings.compliance_retention_days
        prune = partial(prune_old_rows, self.session.flow.record, retention)
        self.pool.submit(prune, name="compliance-prune")
        self.inputs_changed.emit(self.input_statuses())
        self.idle.poke()
        self._warm_up_timer.start()
        # After the first window's paint (a zero timer runs once the event loop does); a core
        # shut down or deleted meanwhile starts neither.
        if isinstance(self.session.backend, LateBackend):
            QTimer.singleShot(0, self, self._build_backend)
        if self._hardware_later:
            QTimer.singleShot(0, self, self._load_hardware)

    def add_hardware_after_start(self) -> None:
        """Add the hardware inputs the settings enable (``capture.hardware``) once the window
        is shown: their libraries (Qt Multimedia, numpy, the decoder) load on a worker, then
        the sources are added and started here, on the GUI thread. Call before :meth:`start`."""
        self._hardware_later = True

    @Slot()
    def _load_hardware(self) -> None:
        if self.pool.accepting():
            self.pool.submit(
                lambda: importlib.import_module(HARDWARE_MODULE),
                on_result=self._add_hardware,
                name="load hardware",
            )

    def _add_hardware(self, hardware: ModuleType) -> None:
        added = hardware.add_hardware_sources(self)
        for source in (added.camera, added.serial, added.folder):
            if source is not None:
                source.start()
        if added.camera is not None:
            added.camera.follow_session_stage(self.session.stage)
        self.inputs_changed.emit(self.input_statuses())

    @Slot()
    def _build_backend(self) -> None:
        late = self.session.backend
        if not isinstance(late, LateBackend) or not self.pool.accepting():
            return
        settings = self.settings
        self.pool.submit(
            lambda: late.build(settings),
            on_result=lambda built: self._backend_built(late, built),
            on_error=self._backend_failed,
            name="build backend",
        )

    def _backend_built(self, late: LateBackend, built: BuiltBackend) -> None:
        if self.session.backend is not late:
            return  # the admin's settings came first: their backend stays
        self.settings.api_token = built.settings.api_token
        self.settings.auth_key = built.settings.auth_key
        self.session.backend = built.backend
        self.test_mode = is_test_mode(self.settings)
        self.settings_applied.emit(self.settings)

    def _backend_failed(self, error: BaseException) -> None:
        # Each check then fails with this error's own sentence (the session still waits on the
        # late backend, which raises it).
        log.error("the service client could not be built: %s", type(error).__name__)

    @Slot()
    def _warm_up(self) -> None:
        # On a worker: starting the decoder's process waits for the child to take its start-up
        # data (on Windows, until the new process has loaded Python: a second or more).
        if self.pool.accepting():
            self.pool.submit(self.session.backend.warm_up, name="picture warm-up")

    def shutdown(self, timeout_ms: int = round(CHECK_IN_FLIGHT_WAIT_S * 1000)) -> bool:
        """Stop the sources and every timer, wipe the customer, wait for the workers, close the
        picture decoder; True if all workers ended. Deleting the core is its owner's (the
        window's) part, after this."""
        for source in self.sources:
            source.stop()
        self.idle.stop()
        self._warm_up_timer.stop()
        self.session.metrics.timer.stop()
        self.session.wipe()  # also stops a pending Canadian retry
        done = self.pool.shutdown(timeout_ms)
        self.session.backend.close()
        if done:  # a worker still running may yet write its row
            self.session.flow.record.close()
        return done
