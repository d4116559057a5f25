"""The one background-work pattern of the kiosk: a QRunnable, a signals QObject, a tracking pool.

Every network call, decode, file read and image operation runs through :class:`WorkerPool`:

* ``Worker.run()`` executes a plain callable on a pool thread and turns its return value into a
  ``finished`` emit and *every* exception into an ``errored`` emit; nothing escapes the thread.
* Signals are emitted from the pool thread and delivered, queued, on the GUI thread, where the
  pool checks the worker's **ticket**: a ticket that was cancelled (Cancel, a new customer, the
  idle wipe) is stale and its result is dropped without reaching the caller's callbacks.
* The pool keeps every worker until its result has been delivered, so ``is_idle()`` means
  "nothing running and nothing in flight"; ``shutdown()`` cancels everything and waits for the
  threads with ``QThreadPool.waitForDone``.
* Everything of the caller's dies on the GUI thread: the pool's job holds the callable until
  its result is delivered, and an exception's frames are stripped of their locals on the pool
  thread. A Python-owned QObject (say a source with running timers) released on a pool thread
  would be destroyed there, which Qt does not allow ("Timers cannot be stopped from another
  thread", then a timer firing at a freed object).
* A pool is a child of its owner (the core, the admin services) and is deleted with it, on the
  GUI thread. A pool whose Qt object is gone while Python still holds it is idle (deleting its
  thread pool waited for the threads; nothing can be delivered any more): ``is_idle()``,
  ``shutdown()`` and ``live_pools()`` say so instead of raising.

A running callable is not interrupted (Python threads cannot be killed): Cancel abandons the
result. The HTTP client's own timeouts bound how long an abandoned network call lives.
"""

from __future__ import annotations

import itertools
import logging
import traceback
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import shiboken6
from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal, Slot

log = logging.getLogger(__name__)

ResultCallback = Callable[[Any], None]
ErrorCallback = Callable[[BaseException], None]

_LIVE_POOLS: weakref.WeakSet[WorkerPool] = weakref.WeakSet()


def live_pools() -> list[WorkerPool]:
    """Every pool whose Qt object still exists (the test suite checks they are idle)."""
    return [pool for pool in list(_LIVE_POOLS) if pool.exists()]


class WorkerSignals(QObject):
    """The pool's signals, shared by its workers: lives on the GUI thread, emitted from pool
    threads (so delivery is queued to the GUI thread), tagged with the worker's ticket.

    One long-lived object per pool rather than one per worker: a worker's last reference may
    be dropped on a pool thread, and a QObject must never be destroyed off its own thread.
    """

    finished = Signal(int, object)
    errored = Signal(int, object)


class Worker(QRunnable):
    """Runs ``fn()`` once on a pool thread; the outcome is emitted with the worker's ticket."""

    def __init__(
        self, ticket: int, fn: Callable[[], Any], name: str, signals: WorkerSignals
    ) -> None:
        super().__init__()
        self.ticket = ticket
        self.name = name
        self.signals = signals
        self._fn: Callable[[], Any] | None = fn

    def run(self) -> None:
        """Execute the callable; a result becomes ``finished``, any exception ``errored``."""
        # Drop the callable (and the customer data its arguments hold) before emitting: Qt may
        # keep the runnable's wrapper alive after run() returns.
        fn, self._fn = self._fn, None
        if fn is None:
            return
        try:
            result = fn()
        except BaseException as exc:
            # Nothing of the caller's may die on this thread: the pool's job still holds the
            # callable, so this is never its last reference; the exception's frames would keep
            # what the callable captured (Qt objects, customer data) alive until some later
            # garbage collection on any thread, so their locals go now.
            del fn
            _clear_frames(exc)
            self.signals.errored.emit(self.ticket, exc)
        else:
            del fn
            self.signals.finished.emit(self.ticket, result)


def _clear_frames(exc: BaseException) -> None:
    """Drop the locals of the finished frames of ``exc`` and of its causes and contexts."""
    seen: set[int] = set()
    pending: list[BaseException | None] = [exc]
    while pending:
        error = pending.pop()
        if error is None or id(error) in seen:
            continue
        seen.add(id(error))
        traceback.clear_frames(error.__traceback__)  # the running frame (run()) is skipped
        pending += [error.__cause__, error.__context__]


@dataclass
class _Job:
    name: str
    fn: Callable[[], Any] | None  # held here, on the GUI thread, until the result is delivered
    on_result: ResultCallback | None
    on_error: ErrorCallback | None
    cancelled: bool = False


class WorkerPool(QObject):
    """Starts, tracks, cancels and awaits workers; results arrive on the GUI thread.

    ``busy_changed(bool)`` is emitted when the pool goes from idle to busy and back.
    """

    busy_changed = Signal(bool)

    def __init__(self, pool: QThreadPool | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._pool = pool or QThreadPool(self)
        self._signals = WorkerSignals(self)
        self._signals.finished.connect(self._on_finished)
        self._signals.errored.connect(self._on_errored)
        self._jobs: dict[int, _Job] = {}
        self._tickets = itertools.count(1)
        self._closed = False
        _LIVE_POOLS.add(self)

    def submit(
        self,
        fn: Callable[[], Any],
        on_result: ResultCallback | None = None,
        on_error: ErrorCallback | None = None,
        name: str = "work",
    ) -> int:
        """Run ``fn`` in the background; returns the ticket that :meth:`cancel` accepts."""
        if self._closed or not self.exists():
            raise RuntimeError("the worker pool is shut down")
        ticket = next(self._tickets)
        worker = Worker(ticket, fn, name, self._signals)
        was_idle = not self._jobs
        self._jobs[ticket] = _Job(name, fn, on_result, on_error)
        # The bound method, not the runnable: PySide keeps a started QRunnable's wrapper in
        # the pool until Qt deletes it, and loses track of about 1 % of short jobs, which
        # then stay alive for good. A callable leaves nothing behind.
        self._pool.start(worker.run)
        if was_idle:
            self.busy_changed.emit(True)
        return ticket

    def cancel(self, ticket: int | None) -> None:
        """Abandon a worker's result: it still runs to its end, but nobody hears of it."""
        job = self._jobs.get(ticket) if ticket is not None else None
        if job is not None:
            job.cancelled = True

    def cancel_all(self) -> None:
        """Abandon every pending result."""
        for job in self._jobs.values():
            job.cancelled = True

    def is_running(self, ticket: int | None) -> bool:
        """True while the worker of ``ticket`` has not delivered and was not cancelled."""
        job = self._jobs.get(ticket) if ticket is not None else None
        return job is not None and not job.cancelled

    def accepting(self) -> bool:
        """True while :meth:`submit` takes work (neither shut down nor deleted)."""
        return not self._closed and self.exists()

    def exists(self) -> bool:
        """False once Qt deleted the pool (with its parent) while Python still holds it."""
        return shiboken6.isValid(self) and shiboken6.isValid(self._pool)

    def is_idle(self) -> bool:
        """No worker running and no result waiting to be delivered (a deleted pool is idle)."""
        if not self.exists():
            return True
        return not self._jobs and self._pool.activeThreadCount() == 0

    def running_names(self) -> list[str]:
        """Names of the workers not yet delivered (for diagnostics and tests)."""
        return [job.name for job in self._jobs.values()]

    def shutdown(self, timeout_ms: int = 10_000) -> bool:
        """Cancel everything, refuse new work and wait for the threads; True if all ended."""
        self._closed = True
        self.cancel_all()
        if not self.exists():
            return True
        done = self._pool.waitForDone(timeout_ms)
        if not done:
            log.warning("worker pool: %d worker(s) still running at shutdown", len(self._jobs))
        return bool(done)

    def wait_for_done(self, timeout_ms: int = 10_000) -> bool:
        """Block until the pool threads are finished (results are delivered by the event loop)."""
        if not self.exists():
            return True
        return bool(self._pool.waitForDone(timeout_ms))

    @Slot(int, object)
    def _on_finished(self, ticket: int, result: object) -> None:
        job = self._take(ticket)
        if job is not None and not job.cancelled and job.on_result is not None:
            job.on_result(result)

    @Slot(int, object)
    def _on_errored(self, ticket: int, error: object) -> None:
        job = self._take(ticket)
        if job is None:
            return
        if job.cancelled or job.on_error is None:
            log.info("worker %s: discarded %s", job.name, type(error).__name__)
            return
        exc = error if isinstance(error, BaseException) else RuntimeError(str(error))
        job.on_error(exc)

    def _take(self, ticket: int) -> _Job | None:
        job = self._jobs.pop(ticket, None)
        if job is not None and not self._jobs:
            self.busy_changed.emit(False)
        return job
