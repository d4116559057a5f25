"""The session's side of the Prometheus metrics: which inputs work, and when to write.

:class:`MetricsReporter` writes the textfile (:mod:`kiosk_app.storage.metrics`) from the
worker pool, never on the GUI thread: after every check and once a minute. An input counts as
working unless its last status is one of :data:`DOWN_STATUS_STARTS` (a stopped, missing or
retrying device).
"""

from __future__ import annotations

from collections.abc import Callable
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
    """Writes the metrics file from ``pool`` after each check and every minute."""

    def __init__(
        self,
        settings: Callable[[], Settings],
        usage: UsageStore | None,
        pool: WorkerPool,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._settings = settings
        self._usage = usage
        self._pool = pool
        self._sources: list[CaptureSource] = []
        self.timer = QTimer(self)
        self.timer.setInterval(METRICS_INTERVAL_MS)
        self.timer.timeout.connect(self.report)
        self.timer.start()

    def add_source(self, source: CaptureSource) -> None:
        """An input whose status goes in the metrics."""
        self._sources.append(source)

    def input_states(self) -> dict[str, bool]:
        """Each input's class name (no personal data) and whether it works."""
        return {type(s).__name__: input_working(s.status) for s in self._sources}

    def report(self) -> None:
        """Write the file in a worker (nothing when no metrics folder is set)."""
        settings = self._settings()
        if not settings.metrics_dir:
            return
        job = partial(write_metrics_quietly, settings, self._usage, self.input_states())
        self._pool.submit(job, name="metrics")
