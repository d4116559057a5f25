"""The session's side of the Prometheus metrics: which inputs work, and when to write.

:class:`MetricsReporter` writes the textfile (:mod:`kiosk_app.storage.metrics`) from the
worker pool, never on the GUI thread: after every check, at start and once a minute. Each time
it first writes a real probe row to the usage database (rolled into one transaction with its
deletion): a full disk turns the Ready screen's "usage not being counted" alarm on
(:attr:`MetricsReporter.counting_changed`) and the metrics' counting-failed gauge to 1.

An input counts as working unless its last status is one of :data:`DOWN_STATUS_STARTS` (a
stopped, missing or retrying device).
"""

from __future__ import annotations

import weakref
from functools import partial
from typing import Final

from PySide6.QtCore import QObject, QTimer, Signal

from kiosk_app.app.capture.base import CaptureSource
from kiosk_app.app.workers import WorkerPool
from kiosk_app.config import Settings
from kiosk_app.storage.compliance import ComplianceRecord
from kiosk_app.storage.metrics import write_metrics_quietly
from kiosk_app.storage.usage import UsageStore

METRICS_INTERVAL_MS: Final = 60_000
# Statuses (English templates, see kiosk_app/app/capture) of an input that does not work now.
DOWN_STATUS_STARTS: Final = (
    "Stopped",
    "Starting",
    "Disconnected",
    "Not connected",
    "No camera",
    "No port",
    "Folder not found",
    "Demo video",
)
DOWN_STATUS_ENDS: Final = ("retrying",)


def input_working(status: str) -> bool:
    """Whether an input whose last status is ``status`` works."""
    text = str(status)
    return not text.startswith(DOWN_STATUS_STARTS) and not text.endswith(DOWN_STATUS_ENDS)


class MetricsReporter(QObject):
    """Knows the inputs and ticks every minute; the session hands it what to write.

    It holds no session, pool or store (only weak references to the inputs), so a closed
    window's objects are freed as before.
    """

    # Usage is not being counted (True) or is again (False): the Ready screen's alarm.
    counting_changed = Signal(bool)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.counting_failed = False
        self._sources: list[weakref.ref[CaptureSource]] = []
        self.timer = QTimer(self)
        self.timer.setInterval(METRICS_INTERVAL_MS)
        self.timer.start()

    def add_source(self, source: CaptureSource) -> None:
        """An input whose status goes in the metrics."""
        self._sources.append(weakref.ref(source))

    def input_states(self) -> dict[str, bool]:
        """Each live input's class name (no personal data) and whether it works."""
        states: dict[str, bool] = {}
        for ref in self._sources:
            source = ref()
            if source is None:
                continue
            try:
                states[type(source).__name__] = input_working(source.status)
            except RuntimeError:  # its Qt object is gone
                continue
        return states

    def report(
        self,
        settings: Settings,
        usage: UsageStore | None,
        pool: WorkerPool,
        counting_expected: bool = True,
        record: ComplianceRecord | None = None,
    ) -> None:
        """In a worker of ``pool``: probe that checks can be counted, then write the file
        (when a metrics folder is set, with ``record``'s counts while the record is on);
        :attr:`counting_changed` follows on the GUI thread. ``counting_expected`` False: no
        usage store on purpose (no alarm without one)."""
        if usage is None and not settings.metrics_dir:
            self._on_counting(counting_expected)  # nothing to probe, nothing to write
            return
        job = partial(
            _probe_and_write, settings, usage, self.input_states(), counting_expected, record
        )
        pool.submit(job, self._on_counting, name="metrics")

    def _on_counting(self, failed: object) -> None:
        self.counting_failed = bool(failed)
        self.counting_changed.emit(self.counting_failed)


def _probe_and_write(
    settings: Settings,
    usage: UsageStore | None,
    inputs: dict[str, bool],
    counting_expected: bool,
    record: ComplianceRecord | None = None,
) -> bool:
    """Whether usage is not being counted (after a real probe row); the metrics written."""
    failed = counting_expected if usage is None else not usage.check_writable()
    write_metrics_quietly(settings, usage, inputs, record)
    return failed
