"""The compliance record's rows, built from what the clerk was shown (never from who).

:func:`record_row` turns a finished check (:class:`ResultView`) and the banner it got
(:class:`ShownVerdict`) into a :class:`kiosk_app.storage.compliance.RecordRow`: the check, the
banner's title id and colour, the minimum-age and expiry outcomes, the request log id and the
billable flag. No value of the customer's reaches it: the outcomes are the verdict table's own
facts, reduced to closed sets. A check that was sent and ended on the Error screen has its row
too (:func:`error_row`: title ``service-error``, colour ``error``, not billed). :func:`keep_row`
writes a row (in a worker) and never raises: the record must not break the check.
"""

from __future__ import annotations

import logging
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Final

from kiosk_app.flow.age import age_outcome, parse_birth_date
from kiosk_app.flow.models import CanadaFormData, LicenceSummary, ResultView
from kiosk_app.flow.verdict_table import ShownVerdict
from kiosk_app.kinds import CheckKind
from kiosk_app.storage.compliance import (
    ComplianceRecord,
    ExpiryOutcome,
    RecordRow,
    RecordRowError,
    RecordStoreError,
    day_range,
    write_rows,
)

if TYPE_CHECKING:
    from kiosk_app.config import Settings

_log = logging.getLogger(__name__)


# The row of a check that was sent and ended on the Error screen ("The check could not be
# completed"): no banner was shown.
ERROR_TITLE: Final = "service-error"
ERROR_COLOUR: Final = "error"


def expiry_outcome(view: ResultView) -> ExpiryOutcome:
    """The licence's expiry as the kiosk read it (unknown without a local read)."""
    return _expiry(view.licence, view.expires_in_days)


def _expiry(licence: LicenceSummary | None, expires_in_days: int | None) -> ExpiryOutcome:
    if licence is None or licence.expiry_date is None:
        return ExpiryOutcome.UNKNOWN
    if licence.expired:
        return ExpiryOutcome.EXPIRED
    if expires_in_days is not None:
        return ExpiryOutcome.EXPIRING
    return ExpiryOutcome.VALID


def error_row(
    check: CheckKind,
    licence: LicenceSummary | None,
    form: CanadaFormData | None,
    settings: Settings,
    today: date,
) -> RecordRow:
    """The row of a check sent that ended in an error: the local read's (and the registry
    form's) age and expiry outcomes, nothing billed, no request log id."""
    births = [
        licence.date_of_birth if licence is not None else None,
        parse_birth_date(form.date_of_birth) if form is not None else None,
    ]
    return RecordRow(
        desk_id=settings.desk_id,
        check=check.value,
        title=ERROR_TITLE,
        colour=ERROR_COLOUR,
        age=age_outcome(births, settings.minimum_age, today).value,
        expiry=_expiry(licence, licence.expires_in_days if licence else None).value,
        billable=False,
        minimum_age=settings.minimum_age,
    )


def record_row(view: ResultView, shown: ShownVerdict, settings: Settings) -> RecordRow:
    """The record's row for one finished check (time: when it is written)."""
    log_id = view.outcome.request_log_id
    return RecordRow(
        desk_id=settings.desk_id,
        check=view.check.value,
        title=shown.rule,
        colour=shown.look,
        age=view.age_outcome.value,
        expiry=expiry_outcome(view).value,
        billable=bool(view.outcome.billable),
        request_log_id=None if log_id is None else str(log_id),
        minimum_age=settings.minimum_age,
    )


def keep_row(record: ComplianceRecord, row: RecordRow, retention_days: int) -> bool:
    """Write ``row`` and prune what is past the retention (blocking: a worker); True when
    written. A full disk leaves the row in memory (``record.write_problem`` says so)."""
    try:
        record.add(row, retention_days)
    except (RecordStoreError, RecordRowError) as exc:
        _log.warning("compliance row not written yet: %s", type(exc).__name__)
        return False
    return True


def prune_old_rows(record: ComplianceRecord, retention_days: int) -> int:
    """Delete the rows past the retention (blocking: a worker), also while the record is off;
    never creates the file, never raises. How many went."""
    if not record.path.exists():
        return 0
    try:
        return record.prune(retention_days)
    except RecordStoreError as exc:
        _log.warning("compliance rows not pruned: %s", type(exc).__name__)
        return 0


def export_days(record: ComplianceRecord, path: Path, fmt: str, first: date, last: date) -> int:
    """Write the rows of the UTC days ``first`` to ``last`` (both included) to ``path`` as
    ``csv`` or ``json`` (blocking: a worker); the row count. A desk that never kept a record
    writes no rows and creates no database."""
    start, end = day_range(first, last)
    rows = record.rows_between(start, end) if record.path.exists() else []
    with path.open("w", encoding="utf-8", newline="") as out:
        return write_rows(out, rows, fmt, start, end)
