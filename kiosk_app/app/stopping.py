"""Ending cleanly on SIGTERM and SIGINT (``systemctl restart``, a reboot, Ctrl+C).

A check whose request is at the service when the stop comes is awaited up to
:data:`CHECK_IN_FLIGHT_WAIT_S`, so its usage row is completed with the reply; past that the
process ends anyway and the row stays "sent, outcome unknown" (counted billable, see
:mod:`kiosk_app.storage.usage`). The customer is wiped before the wait.

* The window: :class:`kiosk_app.app.stop_signals.StopSignals` turns the signals into a Qt
  signal. Python runs a signal
  handler only when the interpreter gets control, which a Qt event loop waiting in C++ may not
  give for a long time; so the C-level handler writes the signal number to a socket
  (``signal.set_wakeup_fd``) that a ``QSocketNotifier`` watches, and the slot runs on the GUI
  thread at the next event-loop turn.
* ``kiosk-app check``: :func:`run_until_stopped` runs the blocking call in a thread while the
  main thread (where Python delivers signals) waits for it, and for the bound after a stop.

This module is Qt-free (the command line imports it); the signal numbers and the bound are
shared with the window's adapter.
"""

from __future__ import annotations

import contextlib
import signal
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Final, Generic, TypeVar

# How long a check already at the service is awaited after SIGTERM/SIGINT. Replies normally
# take a few seconds; systemd waits 90 s before SIGKILL (TimeoutStopSec's default).
CHECK_IN_FLIGHT_WAIT_S: Final = 15.0
STOP_SIGNALS: Final = (signal.SIGTERM, signal.SIGINT)
# How often the command line's waiting main thread wakes (signals also wake it at once).
_POLL_S: Final = 0.1

_Result = TypeVar("_Result")


def exit_status(signum: int) -> int:
    """The shell's status for a process ended by ``signum`` (128 + the number)."""
    return 128 + signum


@dataclass
class Stoppable(Generic[_Result]):
    """What :func:`run_until_stopped` saw: the call's result or error, and the stop."""

    result: _Result | None = None
    error: BaseException | None = None
    finished: bool = False
    signum: int | None = None  # the stop signal received, if any


@contextlib.contextmanager
def _stop_handlers(on_stop: Callable[[int], None]) -> Iterator[None]:
    if threading.current_thread() is not threading.main_thread():
        yield  # signals are delivered to the main thread only: nothing to take over
        return
    previous = {s: signal.signal(s, lambda signum, _frame: on_stop(signum)) for s in STOP_SIGNALS}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def run_until_stopped(
    call: Callable[[], _Result],
    wait_after_stop_s: float = CHECK_IN_FLIGHT_WAIT_S,
    clock: Callable[[], float] = time.monotonic,
) -> Stoppable[_Result]:
    """Run the blocking ``call`` in a thread; SIGTERM/SIGINT meanwhile are noted and the call
    awaited ``wait_after_stop_s`` more at most. ``finished`` False: it was still running."""
    outcome: Stoppable[_Result] = Stoppable()
    stopped_at: list[float] = []

    def on_stop(signum: int) -> None:
        if outcome.signum is None:
            outcome.signum = signum
            stopped_at.append(clock())

    def work() -> None:
        try:
            outcome.result = call()
        except BaseException as exc:  # handed to the caller's thread as it is
            outcome.error = exc
        outcome.finished = True

    # A daemon thread: if the bound passes, the process may end with the call still out (its
    # usage row then stays "outcome unknown", which is the point of writing it first).
    worker = threading.Thread(target=work, name="check", daemon=True)
    with _stop_handlers(on_stop):
        worker.start()
        while worker.is_alive():
            worker.join(_POLL_S)
            if stopped_at and clock() - stopped_at[0] >= wait_after_stop_s:
                break
    return outcome
