"""Metering: what counts as a check, and counting it (GUI worker and CLI alike).

A check that was sent counts, whatever its answer: the verdict, billable flag and request log
id of an answer, or the class name of an error. Input refused before anything was sent is not
a check (:func:`was_sent`). Counting never breaks the check: a store that cannot write leaves
``write_problem`` for the admin screen. The rows themselves are
:class:`kiosk_app.storage.usage.CheckRecord` (no personal data).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import TypeVar

from kiosk_app.api.errors import InputRejectedError
from kiosk_app.api.outcome import Outcome
from kiosk_app.flow.billing import QuotaGate
from kiosk_app.kinds import CheckKind
from kiosk_app.storage.usage import CheckRecord, UsageRecordError, UsageStore, UsageStoreError

_log = logging.getLogger(__name__)

_Answer = TypeVar("_Answer")


def record_outcome(
    store: UsageStore | None,
    service: CheckKind | str,
    duration_ms: int,
    outcome: Outcome | None = None,
    error: BaseException | None = None,
) -> bool:
    """Count one finished check; never raises (a counting failure must not break the check).

    An answered check (``success`` true or false) counts its verdict, billable flag and
    request log id; a failed call counts the error's class name. Returns True when written.
    """
    if store is None:
        return False
    record = CheckRecord(
        service=str(service),
        verdict=outcome.verdict.value if outcome is not None else None,
        billable=bool(outcome.billable) if outcome is not None else False,
        duration_ms=max(int(duration_ms), 0),
        request_log_id=(
            str(outcome.request_log_id)
            if outcome is not None and outcome.request_log_id is not None
            else None
        ),
        error_class=type(error).__name__ if error is not None and outcome is None else None,
    )
    try:
        store.record(record)
    except (UsageStoreError, UsageRecordError) as exc:
        _log.warning("check not counted: %s", type(exc).__name__)
        store.write_problem = f"A check could not be counted ({type(exc).__name__})."
        return False
    store.write_problem = None
    return True


def counted_call(
    store: UsageStore | None,
    service: CheckKind | str,
    call: Callable[[], _Answer],
    outcome_of: Callable[[_Answer], Outcome],
    *,
    counts_error: Callable[[BaseException], bool] | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> _Answer:
    """Run a blocking check ``call`` and count it (answer or error); the answer is returned
    and an error re-raised unchanged. Runs on the calling thread: workers and the CLI.

    ``counts_error`` says which errors are checks at all; by default every error but input
    refused before anything was sent (``InputRejectedError``).
    """
    counts = counts_error or was_sent
    started = clock()
    try:
        answer = call()
    except Exception as exc:
        if counts(exc):
            record_outcome(store, service, _elapsed_ms(started, clock), error=exc)
        raise
    record_outcome(store, service, _elapsed_ms(started, clock), outcome=outcome_of(answer))
    return answer


def was_sent(error: BaseException) -> bool:
    """False for input refused before sending (not a check); True for every other failure."""
    return not isinstance(error, InputRejectedError)


def _elapsed_ms(started: float, clock: Callable[[], float]) -> int:
    return round((clock() - started) * 1000)


def record_repeat(usage: UsageStore, kind: CheckKind) -> None:
    """Count a check not run because the card had it already ("repeats not billed")."""
    try:
        usage.record_repeat(kind)
    except (UsageStoreError, UsageRecordError) as exc:
        _log.warning("repeat not counted: %s", type(exc).__name__)


def _same_outcome(outcome: Outcome) -> Outcome:
    return outcome


def metered_check(
    usage: UsageStore | None,
    gate: QuotaGate,
    kind: CheckKind,
    check: Callable[[], Outcome],
    quota: int,
    mode: str,
) -> Outcome:
    """In the worker: the quota read again before sending (block mode stops here), the check
    counted (a cancelled check still counts: it ran), the month's count read again."""
    gate.enforce(quota, mode)
    try:
        return counted_call(usage, kind, check, _same_outcome)
    finally:
        gate.refresh()
