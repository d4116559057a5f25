"""The records logged before the log is set up, held until it is.

The GUI sets its log up (:func:`kiosk_app.logging_setup.configure_logging`: the rotating file,
its handler module and the redaction patterns) once its first window is painted, not before.
Until then :func:`hold_records` keeps the records in memory (the last ``HELD_RECORDS_MAX``);
:func:`release_held_records`, which ``configure_logging`` calls, hands them in order to the
handlers set up by then, whose filters redact them like any other record. With no handler at
all (the log folder could not be written), logging's last resort shows the warnings and errors
among them on stderr. Nothing of them is written anywhere before that.

A bottom-layer module (standard library only).
"""

from __future__ import annotations

import logging
from collections import deque
from typing import Final

# The start logs a few records before its first paint; a bound keeps a runaway logger in check.
HELD_RECORDS_MAX: Final = 1000


class HeldRecords(logging.Handler):
    """Root handler keeping every record until :meth:`hand_over`; then passing them on."""

    def __init__(self, capacity: int = HELD_RECORDS_MAX) -> None:
        super().__init__(logging.NOTSET)
        self.records: deque[logging.LogRecord] = deque(maxlen=capacity)
        self._handed_over = False

    def emit(self, record: logging.LogRecord) -> None:
        """Keep ``record`` (a record that raced the hand-over goes straight to the log)."""
        if self._handed_over:
            logging.getLogger().handle(record)
        else:
            self.records.append(record)

    def hand_over(self) -> list[logging.LogRecord]:
        """The records held so far; those that come later are passed on as they come."""
        self.acquire()
        try:
            self._handed_over = True
            held = list(self.records)
            self.records.clear()
        finally:
            self.release()
        return held


def hold_records(level: int = logging.INFO) -> None:
    """Hold the records of ``level`` and above until :func:`release_held_records` (the root
    logger lets them through from now on)."""
    root = logging.getLogger()
    if not any(isinstance(handler, HeldRecords) for handler in root.handlers):
        root.addHandler(HeldRecords())
    root.setLevel(level)


def holding() -> bool:
    """True while records are held (the log is not set up yet)."""
    return any(isinstance(handler, HeldRecords) for handler in logging.getLogger().handlers)


def release_held_records() -> None:
    """Stop holding, and hand the held records to the root logger's handlers of now."""
    root = logging.getLogger()
    for holder in [handler for handler in root.handlers if isinstance(handler, HeldRecords)]:
        root.removeHandler(holder)
        for record in holder.hand_over():
            root.handle(record)
