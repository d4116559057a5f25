"""Metering: what counts as a check, and counting it (GUI worker and CLI alike).

A check that was sent counts, whatever its answer: the verdict, billable flag and request log
id of an answer, or the class name of an error. Input refused before anything was sent is not
a check (:func:`was_sent`). The rows themselves are
:class:`kiosk_app.storage.usage.CheckRecord` (no personal data).

Counting is write-ahead (:func:`counted_call`): the row "sent, outcome unknown" is written and
synced before the request leaves (:meth:`kiosk_app.storage.usage.UsageStore.begin`), and
completed with the answer or the error; a process stopped in between leaves it unknown, counted
billable. Counting never breaks the check (a store that cannot write leaves ``write_problem``
for the admin screen), except in block mode with a quota: a check that cannot be counted is
then not sent (:func:`metered_check` raises ``CountingUnavailableError``).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import TypeVar

from kiosk_app.api.errors import InputRejectedError
from kiosk_app.api.outcome import Outcome
from kiosk_app.flow.billing import CountingUnavailableError, QuotaGate
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
    *,
    row_id: int | None = None,
) -> bool:
    """Count one finished check; never raises (a counting failure must not break the check).

    An answered check (``success`` true or false) counts its verdict, billable flag and
    request log id; a failed call counts the error's class name. ``row_id``: the row
    :meth:`UsageStore.begin` wrote before sending, completed here (None: a new row). Returns
    True when written.
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
        if row_id is None:
            store.record(record)
        else:
            store.complete(row_id, record)
    except (UsageStoreError, UsageRecordError) as exc:
        _note_failure(store, exc)
        return False
    store.write_problem = None
    return True


def begin_count(
    store: UsageStore | None, service: CheckKind | str, *, required: bool = False
) -> int | None:
    """Write the "sent, outcome unknown" row before a check is sent; its id, or None when
    there is no store or the row could not be written (then the outcome is written as a new
    row at the end, if the disk allows). ``required``: a row that cannot be written raises
    :class:`UsageStoreError` instead (the caller does not send: fail closed)."""
    if store is None:
        if required:
            raise UsageStoreError("usage database unavailable")
        return None
    try:
        return store.begin(service)
    except (UsageStoreError, UsageRecordError) as exc:
        _note_failure(store, exc)
        if required:
            raise UsageStoreError(f"usage cannot be counted ({type(exc).__name__})") from exc
        return None


def _note_failure(store: UsageStore, exc: BaseException) -> None:
    _log.warning("check not counted: %s", type(exc).__name__)
    store.write_problem = f"A check could not be counted ({type(exc).__name__})."


def counted_call(
    store: UsageStore | None,
    service: CheckKind | str,
    call: Callable[[], _Answer],
    outcome_of: Callable[[_Answer], Outcome],
    *,
    counts_error: Callable[[BaseException], bool] | None = None,
    clock: Callable[[], float] = time.monotonic,
    required: bool = False,
) -> _Answer:
    """Run a blocking check ``call`` and count it, write-ahead: a row "sent, outcome unknown"
    is written and synced before ``call`` starts, and completed with the answer or the error
    (the answer is returned and an error re-raised unchanged). A process stopped meanwhile
    leaves the row unknown, counted billable. Runs on the calling thread: workers and the CLI.

    ``counts_error`` says which errors are checks at all; by default every error but input
    refused before anything was sent (``InputRejectedError``), whose row is removed again.
    ``required``: see :func:`begin_count` (raises before sending when no row can be written).
    """
    counts = counts_error or was_sent
    row_id = begin_count(store, service, required=required)
    started = clock()
    try:
        answer = call()
    except Exception as exc:
        if counts(exc):
            record_outcome(store, service, _elapsed_ms(started, clock), error=exc, row_id=row_id)
        elif store is not None and row_id is not None:
            _abandon_quietly(store, row_id)
        raise
    record_outcome(
        store, service, _elapsed_ms(started, clock), outcome=outcome_of(answer), row_id=row_id
    )
    return answer


def _abandon_quietly(store: UsageStore, row_id: int) -> None:
    try:
        store.abandon(row_id)
    except UsageStoreError as exc:  # stays counted as unknown: over, never under
        _log.warning("a check not sent stays counted: %s", type(exc).__name__)


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
    """In the worker: :func:`metered_call` of a check that returns its outcome."""
    return metered_call(usage, gate, kind, check, _same_outcome, quota, mode)


def metered_call(
    usage: UsageStore | None,
    gate: QuotaGate,
    kind: CheckKind,
    call: Callable[[], _Answer],
    outcome_of: Callable[[_Answer], Outcome],
    quota: int,
    mode: str,
) -> _Answer:
    """The one way a billable check is sent, by the window's worker and ``kiosk-app check``
    alike (blocking): the quota read again (block mode stops here, also when the count cannot
    be read), the check counted write-ahead (in block mode a check that cannot be counted is
    not sent), the month's count read again. A cancelled check still counts: it ran."""
    gate.enforce(quota, mode)
    required = quota > 0 and mode == "block"
    try:
        return counted_call(usage, kind, call, outcome_of, required=required)
    except UsageStoreError as exc:  # only raised before sending, when required
        raise CountingUnavailableError() from exc
    finally:
        gate.refresh()
