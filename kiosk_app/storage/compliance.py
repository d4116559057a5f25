"""The compliance record: one SQLite row per check, what the clerk was shown, never who.

A row holds when (UTC), which desk, which check, the banner as shown (its title id and its
colour, the keys of :mod:`kiosk_app.flow.verdict_table`), the minimum-age outcome (over, under,
unknown), the expiry outcome (valid, expiring, expired, unknown), the desk's minimum age, the
service's request log id and whether the check was billable. There is no column a name, a date
of birth, a document number or an address could go in, and every value is checked against its
closed set or its short pattern before it is written (:class:`RecordRowError` otherwise).

The database (``compliance.sqlite3`` in :func:`kiosk_app.paths.data_dir`, owner-only) is opened
on first use, on the worker thread that writes or reads it, so a desk with the record turned off
never has the file. WAL, ``synchronous=FULL``: each row is its own synced transaction.

Retention: :meth:`ComplianceRecord.add` and :meth:`ComplianceRecord.prune` delete the rows older
than the retention period, measured on the injected clock. The ``totals`` table counts rows by
banner and by age outcome and is never pruned: the fleet's Prometheus counters only grow.

A row that cannot be written (a full disk) is kept in memory, at most
:data:`MAX_PENDING_ROWS` of them, and written before the next row once the disk has room;
:attr:`ComplianceRecord.write_problem` says so meanwhile. Nothing else is affected: the check,
its usage row and the screens go on.
"""

from __future__ import annotations

import contextlib
import csv
import json
import logging
import re
import sqlite3
import threading
import unicodedata
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from datetime import UTC, date, datetime, time, timedelta
from enum import StrEnum
from pathlib import Path
from typing import Final, TextIO

from kiosk_app import paths
from kiosk_app.files import create_private_file
from kiosk_app.kinds import AgeOutcome, CheckKind

DB_FILE_NAME: Final = "compliance.sqlite3"
SCHEMA_VERSION: Final = 1
BUSY_TIMEOUT_S: Final = 5.0
MAX_PENDING_ROWS: Final = 1000  # rows held in memory while the disk is full
MAX_DESK_ID_CHARS: Final = 64
TIME_FORMAT: Final = "%Y-%m-%dT%H:%M:%S.%fZ"  # fixed width: text order is time order
JSON_FORMAT_NAME: Final = "kiosk-app compliance record"
COLUMNS: Final = (
    "time_utc",
    "desk_id",
    "check",
    "title",
    "colour",
    "minimum_age",
    "age",
    "expiry",
    "request_log_id",
    "billable",
)
# A spreadsheet runs a cell that starts with one of these as a formula.
FORMULA_STARTS: Final = ("=", "+", "-", "@", "\t", "\r", "\n")

_SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS rows (
    id             INTEGER PRIMARY KEY,
    time_utc       TEXT    NOT NULL,
    desk_id        TEXT    NOT NULL,
    "check"        TEXT    NOT NULL,
    title          TEXT    NOT NULL,
    colour         TEXT    NOT NULL,
    minimum_age    INTEGER,
    age            TEXT    NOT NULL,
    expiry         TEXT    NOT NULL,
    request_log_id TEXT,
    billable       INTEGER NOT NULL CHECK (billable IN (0, 1))
);
CREATE INDEX IF NOT EXISTS rows_by_time ON rows (time_utc);
CREATE TABLE IF NOT EXISTS totals (
    title  TEXT NOT NULL,
    colour TEXT NOT NULL,
    age    TEXT NOT NULL,
    count  INTEGER NOT NULL,
    PRIMARY KEY (title, colour, age)
);
"""
_KEY = re.compile(r"^[a-z][a-z0-9-]{0,39}$")  # a title id or a colour key
_LOG_ID = re.compile(r"^[A-Za-z0-9-]{1,64}$")
_CHECKS: Final = frozenset(k.value for k in CheckKind)
MAX_MINIMUM_AGE: Final = 150

_log = logging.getLogger(__name__)


class ExpiryOutcome(StrEnum):
    """The licence's expiry date as the kiosk read it."""

    VALID = "valid"
    EXPIRING = "expiring"  # within the admin's "expires in N days" window
    EXPIRED = "expired"
    UNKNOWN = "unknown"  # no expiry date read (typed in, picture read by the service)


class RecordRowError(ValueError):
    """A row with a value the record refuses (it would not be one of the record's values)."""


class RecordStoreError(Exception):
    """The database cannot be opened, read or written (no access, disk full)."""


@dataclass(frozen=True)
class RecordRow:
    """One check as the record keeps it; see the module docstring. ``time_utc`` None: now."""

    desk_id: str
    check: str
    title: str
    colour: str
    age: str
    expiry: str
    billable: bool
    request_log_id: str | None = None
    minimum_age: int | None = None
    time_utc: datetime | None = None


@dataclass(frozen=True)
class Totals:
    """All-time counts (never pruned), for the metrics."""

    by_banner: dict[tuple[str, str], int]  # (title, colour) -> rows
    by_age: dict[str, int]  # age outcome -> rows


def default_db_path() -> Path:
    """``compliance.sqlite3`` in the data directory (``KIOSK_DATA_DIR`` overrides)."""
    return paths.data_dir() / DB_FILE_NAME


def _utc_now() -> datetime:
    return datetime.now(UTC)


def stamp(moment: datetime) -> str:
    """``moment`` (aware) as the record writes it: UTC, fixed width."""
    if moment.tzinfo is None:
        raise ValueError("record times must be timezone-aware")
    return moment.astimezone(UTC).strftime(TIME_FORMAT)


def day_range(first: date, last: date) -> tuple[datetime, datetime]:
    """From the start of ``first`` to the end of ``last`` (UTC days, both included)."""
    if last < first:
        raise ValueError("the range ends before it starts")
    start = datetime.combine(first, time(), UTC)
    return start, datetime.combine(last + timedelta(days=1), time(), UTC)


def plain_desk_id(value: str) -> str:
    """The desk id as a record value: no control or format characters, at most the limit."""
    kept = "".join(c for c in str(value) if not unicodedata.category(c).startswith("C"))
    return kept.strip()[:MAX_DESK_ID_CHARS]


def validated(row: RecordRow, moment: datetime) -> tuple[object, ...]:
    """The row's database values in :data:`COLUMNS` order; refuses anything off its set."""
    desk = plain_desk_id(row.desk_id)
    if not desk:
        raise RecordRowError("a desk id is required")
    if row.check not in _CHECKS:
        raise RecordRowError("unknown check")
    if not (_KEY.match(row.title) and _KEY.match(row.colour)):
        raise RecordRowError("title and colour must be the banner's keys")
    if row.age not in set(AgeOutcome) or row.expiry not in set(ExpiryOutcome):
        raise RecordRowError("unknown age or expiry outcome")
    log_id = None if row.request_log_id is None else str(row.request_log_id)
    if log_id is not None and not _LOG_ID.match(log_id):
        raise RecordRowError("request log id must be a short identifier")
    minimum = row.minimum_age
    if minimum is not None and not 0 <= int(minimum) <= MAX_MINIMUM_AGE:
        raise RecordRowError("minimum age out of range")
    return (
        stamp(moment),
        desk,
        row.check,
        row.title,
        row.colour,
        minimum,
        row.age,
        row.expiry,
        log_id,
        int(bool(row.billable)),
    )


class ComplianceRecord:
    """The record's database, opened lazily; one instance may be shared by worker threads."""

    def __init__(
        self, path: Path | None = None, *, clock: Callable[[], datetime] = _utc_now
    ) -> None:
        self.path = path or default_db_path()
        self._clock = clock
        self._lock = threading.Lock()
        self._conn: sqlite3.Connection | None = None
        self._pending: deque[tuple[object, ...]] = deque(maxlen=MAX_PENDING_ROWS)
        # Set while rows wait in memory (a full disk); for the admin screen. Cleared once
        # they are written.
        self.write_problem: str | None = None

    # --- lifecycle -------------------------------------------------------------------------
    def close(self) -> None:
        """Close the connection, if open."""
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    def __enter__(self) -> ComplianceRecord:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def pending(self) -> int:
        """Rows held in memory, not yet written (a full disk)."""
        with self._lock:
            return len(self._pending)

    def _open(self) -> sqlite3.Connection:
        with contextlib.suppress(OSError):  # an unusable folder is reported by the connect
            self.path.parent.mkdir(parents=True, exist_ok=True)
            create_private_file(self.path)
        conn = sqlite3.connect(
            self.path, timeout=BUSY_TIMEOUT_S, check_same_thread=False, isolation_level=None
        )
        try:
            version = int(conn.execute("PRAGMA user_version").fetchone()[0])
            if version not in (0, SCHEMA_VERSION):
                raise RecordStoreError(f"schema version {version}, expected {SCHEMA_VERSION}")
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=FULL")
            conn.executescript(_SCHEMA)
            if version != SCHEMA_VERSION:
                conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        except BaseException:
            conn.close()
            raise
        return conn

    @contextmanager
    def _connection(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            try:
                if self._conn is None:
                    self._conn = self._open()
                yield self._conn
            except sqlite3.Error as exc:
                _log.error("compliance record error: %s", type(exc).__name__)
                raise RecordStoreError(
                    f"compliance record unavailable ({type(exc).__name__})"
                ) from exc

    # --- writing ---------------------------------------------------------------------------
    def add(self, row: RecordRow, retention_days: int | None = None) -> None:
        """Append one row (with any rows held since a full disk), then delete the rows older
        than ``retention_days`` (None: keep). A row that cannot be written is held in memory
        and :class:`RecordStoreError` raised; refused values raise :class:`RecordRowError`."""
        values = validated(row, row.time_utc or self._clock())
        with self._lock:
            self._pending.append(values)
        try:
            self._flush()
        except RecordStoreError as exc:
            self.write_problem = (
                f"The compliance record cannot be written ({exc}); {self.pending} rows wait "
                "in memory and are written once there is room."
            )
            raise
        self.write_problem = None
        if retention_days is not None:
            self.prune(retention_days)

    def _flush(self) -> None:
        with self._connection() as conn:
            while self._pending:
                values = self._pending[0]
                conn.execute("BEGIN IMMEDIATE")
                try:
                    conn.execute(
                        'INSERT INTO rows (time_utc, desk_id, "check", title, colour,'
                        " minimum_age, age, expiry, request_log_id, billable)"
                        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        values,
                    )
                    conn.execute(
                        "INSERT INTO totals (title, colour, age, count) VALUES (?, ?, ?, 1)"
                        " ON CONFLICT (title, colour, age) DO UPDATE SET count = count + 1",
                        (values[3], values[4], values[6]),
                    )
                    conn.execute("COMMIT")
                except BaseException:
                    if conn.in_transaction:
                        conn.execute("ROLLBACK")
                    raise
                self._pending.popleft()

    def prune(self, retention_days: int) -> int:
        """Delete the rows older than ``retention_days`` days; how many went."""
        if retention_days < 1:
            raise ValueError("retention must be at least one day")
        limit = stamp(self._clock() - timedelta(days=retention_days))
        with self._connection() as conn:
            return int(conn.execute("DELETE FROM rows WHERE time_utc < ?", (limit,)).rowcount)

    # --- reading ---------------------------------------------------------------------------
    def rows_between(self, start: datetime, end: datetime) -> list[RecordRow]:
        """The rows of ``start`` ≤ time < ``end``, oldest first."""
        with self._connection() as conn:
            found = conn.execute(
                'SELECT time_utc, desk_id, "check", title, colour, minimum_age, age, expiry,'
                " request_log_id, billable FROM rows WHERE time_utc >= ? AND time_utc < ?"
                " ORDER BY time_utc, id",
                (stamp(start), stamp(end)),
            ).fetchall()
        return [
            RecordRow(
                desk_id=desk,
                check=check,
                title=title,
                colour=colour,
                age=age,
                expiry=expiry,
                billable=bool(billable),
                request_log_id=log_id,
                minimum_age=minimum,
                time_utc=datetime.strptime(moment, TIME_FORMAT).replace(tzinfo=UTC),
            )
            for (
                moment,
                desk,
                check,
                title,
                colour,
                minimum,
                age,
                expiry,
                log_id,
                billable,
            ) in found
        ]

    def row_count(self) -> int:
        """How many rows are kept."""
        with self._connection() as conn:
            return int(conn.execute("SELECT COUNT(*) FROM rows").fetchone()[0])

    def totals(self) -> Totals:
        """All-time counts by banner and by age outcome (for the metrics)."""
        with self._connection() as conn:
            found = conn.execute("SELECT title, colour, age, count FROM totals").fetchall()
        by_banner: dict[tuple[str, str], int] = {}
        by_age: dict[str, int] = {}
        for title, colour, age, count in found:
            by_banner[(title, colour)] = by_banner.get((title, colour), 0) + int(count)
            by_age[age] = by_age.get(age, 0) + int(count)
        return Totals(by_banner, by_age)


# --- export ----------------------------------------------------------------------------------


def cell(value: object) -> str:
    """A CSV cell a spreadsheet shows as text: a value starting like a formula gets a quote."""
    text = "" if value is None else str(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def _plain(row: RecordRow) -> dict[str, object]:
    values = asdict(row)
    moment = row.time_utc
    values["time_utc"] = stamp(moment) if moment is not None else ""
    return {name: values[name] for name in COLUMNS}


def write_csv(out: TextIO, rows: Sequence[RecordRow]) -> int:
    """``rows`` as CSV (:data:`COLUMNS`, billable 0/1, empty for none); the row count."""
    writer = csv.writer(out)
    writer.writerow(COLUMNS)
    for row in rows:
        values = _plain(row)
        values["billable"] = int(row.billable)
        writer.writerow([cell(values[name]) for name in COLUMNS])
    return len(rows)


def write_json(out: TextIO, rows: Sequence[RecordRow], start: datetime, end: datetime) -> int:
    """``rows`` as one JSON document (format name, version, range, rows); the row count."""
    document = {
        "format": JSON_FORMAT_NAME,
        "version": SCHEMA_VERSION,
        "from_utc": stamp(start),
        "to_utc": stamp(end),
        "rows": [_plain(row) for row in rows],
    }
    json.dump(document, out, indent=1, ensure_ascii=False)
    out.write("\n")
    return len(rows)


EXPORT_FORMATS: Final = ("csv", "json")


def write_rows(
    out: TextIO, rows: Sequence[RecordRow], fmt: str, start: datetime, end: datetime
) -> int:
    """``rows`` (of ``start`` ≤ time < ``end``) as ``csv`` or ``json``; the row count."""
    if fmt == "csv":
        return write_csv(out, rows)
    if fmt == "json":
        return write_json(out, rows, start, end)
    raise ValueError(f"unknown export format {fmt!r}")


def export(record: ComplianceRecord, path: Path, fmt: str, start: datetime, end: datetime) -> int:
    """Write the rows of ``start`` ≤ time < ``end`` to ``path`` (``csv`` or ``json``); the
    row count. Blocking: a worker or a command."""
    if fmt not in EXPORT_FORMATS:
        raise ValueError(f"unknown export format {fmt!r}")
    rows = record.rows_between(start, end)
    with path.open("w", encoding="utf-8", newline="") as out:
        return write_rows(out, rows, fmt, start, end)
