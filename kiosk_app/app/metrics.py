"""The session's side of the Prometheus metrics: which inputs work, and when to write.

:class:`MetricsReporter` writes the textfile (:mod:`kiosk_app.storage.metrics`) from the
worker pool, never on the GUI thread: after every check and once a minute. An input counts as
working unless its last status is one of :data:`DOWN_STATUS_STARTS` (a stopped, missing or
retrying device).
"""

from __future__ import annotations

import weakref
from functools import partial
from typing import Final

from PySide6.QtCore import QObject, QTimer

from kiosk_app.app.capture.base import CaptureSource
from kiosk_app.app.workers import WorkerPool
from kiosk_app.config import Settings
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

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
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

    def report(self, settings: Settings, usage: UsageStore | None, pool: WorkerPool) -> None:
        """Write the file in a worker of ``pool`` (nothing when no metrics folder is set)."""
        if not settings.metrics_dir:
            return
        job = partial(write_metrics_quietly, settings, usage, self.input_states())
        pool.submit(job, name="metrics")
