"""Usage and billing counters: one SQLite row per check, and never any personal data.

A row holds when (UTC), which service, the verdict, whether it is billable, the service's
request log id, the duration and the error class name. Nothing about the customer is
accepted: the service and verdict must be known values and the error class an identifier, so
a name or a licence number cannot slip in by mistake.

The database (``usage.sqlite3`` in :func:`kiosk_app.paths.data_dir`) runs in WAL mode with
``synchronous=FULL`` (both checked when it opens): each row is its own transaction, and its
commit is synced to disk before the call returns, so a crash (even SIGKILL mid-write) loses at
most the row being written.

Counting is write-ahead: :meth:`UsageStore.begin` writes (and syncs) a row "sent, outcome
unknown" before a check's request leaves; :meth:`UsageStore.complete` fills in the outcome when
the reply (or the error) comes; :meth:`UsageStore.abandon` removes it when nothing was sent
after all (the input was refused locally). A row still unknown (the kiosk was killed, or stopped
before the reply) stays billable: the quota, the metrics and the admin's usage panel count it as
"billable, outcome unknown", because the service may have billed it.

A file that is not a sound SQLite database is moved aside (``usage.corrupt-<time>.sqlite3``)
and a fresh one started; :attr:`UsageStore.recovery_note` then says so for the admin screen.
Any other database failure (no access, disk full) raises :class:`UsageStoreError`, which
callers treat as "counting unavailable" (the Ready screen's alarm, the metrics' gauge).

Threads: one :class:`UsageStore` may be shared by worker threads. It holds a single
connection (``check_same_thread=False``) and serialises every use of it with a lock; a row
is written in well under a millisecond, so the lock is never held for long.
"""

from __future__ import annotations

import contextlib
import csv
import logging
import re
import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta, tzinfo
from pathlib import Path
from typing import Final, TextIO

from kiosk_app import paths
from kiosk_app.files import create_private_file
from kiosk_app.kinds import CheckKind, Verdict

DB_FILE_NAME: Final = "usage.sqlite3"
# 2: the outcome_known column (write-ahead rows); a version-1 database is upgraded in place.
SCHEMA_VERSION: Final = 2
_UPGRADABLE_VERSIONS: Final = frozenset({1})
BUSY_TIMEOUT_S: Final = 5.0
# The self-test's probe row (never committed: deleted in the same transaction).
PROBE_MARK: Final = "SelfTestProbe"
SYNCHRONOUS_FULL: Final = 2  # PRAGMA synchronous's value for FULL: every commit synced
# Fraction of the admin's quota at which the admin screen warns.
QUOTA_WARNING_FRACTION: Final = 0.9
TIME_FORMAT: Final = "%Y-%m-%dT%H:%M:%S.%fZ"  # fixed width, so text order is time order
CSV_COLUMNS: Final = (
    "time_utc",
    "service",
    "verdict",
    "billable",
    "request_log_id",
    "duration_ms",
    "error_class",
    "outcome_known",
)
# The columns of every schema version (what makes a file this kiosk's).
_BASE_COLUMNS: Final = CSV_COLUMNS[:-1]

_SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS checks (
    id             INTEGER PRIMARY KEY,
    time_utc       TEXT    NOT NULL,
    service        TEXT    NOT NULL,
    verdict        TEXT,
    billable       INTEGER NOT NULL CHECK (billable IN (0, 1)),
    request_log_id TEXT,
    duration_ms    INTEGER NOT NULL CHECK (duration_ms >= 0),
    error_class    TEXT,
    outcome_known  INTEGER NOT NULL DEFAULT 1 CHECK (outcome_known IN (0, 1))
);
CREATE INDEX IF NOT EXISTS checks_by_time ON checks (time_utc);
CREATE TABLE IF NOT EXISTS repeats (
    id             INTEGER PRIMARY KEY,
    time_utc       TEXT    NOT NULL,
    service        TEXT    NOT NULL
);
"""

_IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_.]{0,99}$")
_LOG_ID = re.compile(r"^[A-Za-z0-9-]{1,64}$")
_SERVICES: Final = frozenset(s.value for s in CheckKind)
_VERDICTS: Final = frozenset(v.value for v in Verdict)

_log = logging.getLogger(__name__)


class UsageRecordError(ValueError):
    """A check record with a value the usage store refuses (it would not be counter data)."""


class UsageStoreError(Exception):
    """The database cannot be opened, read or written (no access, disk full, locked).

    Counting is then unavailable; the check itself still stands. Never a reason to crash.
    """


@dataclass(frozen=True)
class CheckRecord:
    """One check, as counted: no personal data.

    ``verdict`` is ``None`` when the check ended in an error (then ``error_class`` names the
    exception class, e.g. ``"ApiTimeoutError"``).
    """

    service: str
    verdict: str | None
    billable: bool
    duration_ms: int
    request_log_id: str | None = None
    error_class: str | None = None
    time_utc: datetime | None = None  # None: now


@dataclass(frozen=True)
class CountRow:
    """How many checks of one service ended with one verdict, and how many were billable."""

    service: str
    verdict: str | None
    count: int
    billable: int
    unknown: int = 0  # sent, outcome never known (the kiosk stopped first): billable


@dataclass(frozen=True)
class DayCounts:
    """The counts of one local calendar day."""

    day: date
    rows: tuple[CountRow, ...]

    @property
    def total(self) -> int:
        """All checks that day."""
        return sum(r.count for r in self.rows)

    @property
    def billable(self) -> int:
        """Billable checks that day (outcomes unknown included)."""
        return sum(r.billable for r in self.rows)

    @property
    def unknown(self) -> int:
        """Checks sent that day whose outcome is unknown (counted billable)."""
        return sum(r.unknown for r in self.rows)


@dataclass(frozen=True)
class QuotaState:
    """Billable checks used against the admin's quota."""

    used: int
    quota: int

    @property
    def remaining(self) -> int:
        """Checks left (never below zero)."""
        return max(self.quota - self.used, 0)

    @property
    def near(self) -> bool:
        """At or above the warning fraction of the quota."""
        return self.quota > 0 and self.used >= self.quota * QUOTA_WARNING_FRACTION

    @property
    def exceeded(self) -> bool:
        """At or above the quota."""
        return self.quota > 0 and self.used >= self.quota


def default_db_path() -> Path:
    """``usage.sqlite3`` in the data directory (``KIOSK_DATA_DIR`` overrides)."""
    return paths.data_dir() / DB_FILE_NAME


def _utc_now() -> datetime:
    return datetime.now(UTC)


class UsageStore:
    """The usage database; see the module docstring for durability and threading."""

    def __init__(
        self,
        path: Path | None = None,
        *,
        clock: Callable[[], datetime] = _utc_now,
        local_tz: tzinfo | None = None,
    ) -> None:
        self.path = path or default_db_path()
        self._clock = clock
        self._tz = local_tz  # None: the machine's local time, daylight saving included
        self._lock = threading.Lock()
        self.recovery_note: str | None = None
        # Set when a check could not be counted (the check itself went on); for the admin
        # screen. Cleared by the next row that is written.
        self.write_problem: str | None = None
        self.journal_mode = ""
        self._conn = self._open_or_recover()

    # --- lifecycle -------------------------------------------------------------------------
    def close(self) -> None:
        """Close the connection (checkpointing the WAL into the main file)."""
        with self._lock:
            self._conn.close()

    def __enter__(self) -> UsageStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _open_or_recover(self) -> sqlite3.Connection:
        # Created owner-only first: SQLite would create it (and its -wal/-shm, which copy its
        # permissions) with the umask's bits. An unusable folder is reported by the open below.
        with contextlib.suppress(OSError):
            create_private_file(self.path)
        try:
            with _as_store_error(reraise_corruption=True):
                return self._open()
        except sqlite3.DatabaseError as exc:  # corruption; cannot-open/locked became the above
            moved = self._move_aside()
            if isinstance(exc, ForeignSchemaError):
                self.recovery_note = (
                    f"The usage database was not one of this kiosk's ({exc}); it was moved to "
                    f"{moved.name} and a new one started."
                )
                _log.error("usage database has a foreign schema; moved aside to %s", moved.name)
            else:
                self.recovery_note = (
                    f"The usage database was damaged ({type(exc).__name__}); it was moved to "
                    f"{moved.name} and a new one started."
                )
                _log.error("usage database damaged; moved aside to %s", moved.name)
            with _as_store_error():
                return self._open()

    def _open(self) -> sqlite3.Connection:
        conn = sqlite3.connect(
            self.path, timeout=BUSY_TIMEOUT_S, check_same_thread=False, isolation_level=None
        )
        try:
            version = _check_schema_is_ours(conn)  # before anything is written to their file
            self.journal_mode = str(conn.execute("PRAGMA journal_mode=WAL").fetchone()[0])
            if self.journal_mode.lower() != "wal":
                # Still durable (a rollback journal synced in FULL), but not what was asked.
                _log.warning("usage database journal mode is %s, not WAL", self.journal_mode)
            conn.execute("PRAGMA synchronous=FULL")
            if int(conn.execute("PRAGMA synchronous").fetchone()[0]) != SYNCHRONOUS_FULL:
                raise sqlite3.OperationalError("synchronous=FULL was not taken")
            status = conn.execute("PRAGMA quick_check").fetchone()[0]
            if status != "ok":
                raise sqlite3.DatabaseError(f"quick_check: {status}")
            if version in _UPGRADABLE_VERSIONS:
                conn.execute(
                    "ALTER TABLE checks ADD COLUMN outcome_known INTEGER NOT NULL DEFAULT 1"
                    " CHECK (outcome_known IN (0, 1))"
                )
            conn.executescript(_SCHEMA)
            if version != SCHEMA_VERSION:  # no write at all when opening a current database
                conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        except BaseException:
            conn.close()
            raise
        return conn

    def _move_aside(self) -> Path:
        stamp = self._clock().strftime("%Y%m%dT%H%M%SZ")
        moved = self.path.with_name(f"{self.path.stem}.corrupt-{stamp}{self.path.suffix}")
        self.path.replace(moved)
        for suffix in ("-wal", "-shm"):
            side = self.path.with_name(self.path.name + suffix)
            if side.exists():
                side.replace(moved.with_name(moved.name + suffix))
        return moved

    @contextmanager
    def _locked(self) -> Iterator[sqlite3.Connection]:
        with self._lock, _as_store_error():
            yield self._conn

    # --- writing ---------------------------------------------------------------------------
    def record(self, check: CheckRecord) -> None:
        """Append one check (its own transaction); refuses values that are not counter data."""
        row = _validated_row(check, check.time_utc or self._clock())
        with self._locked() as conn:
            conn.execute(
                "INSERT INTO checks (time_utc, service, verdict, billable, request_log_id,"
                " duration_ms, error_class) VALUES (?, ?, ?, ?, ?, ?, ?)",
                row,
            )

    def begin(self, service: CheckKind | str, moment: datetime | None = None) -> int:
        """Write (and sync) "a check of ``service`` sent, outcome unknown", before sending;
        returns the row's id for :meth:`complete` or :meth:`abandon`. Billable until then."""
        if str(service) not in _SERVICES:
            raise UsageRecordError("unknown service id")
        with self._locked() as conn:
            cursor = conn.execute(
                "INSERT INTO checks (time_utc, service, verdict, billable, request_log_id,"
                " duration_ms, error_class, outcome_known) VALUES (?, ?, NULL, 1, NULL, 0,"
                " NULL, 0)",
                (_stamp(moment or self._clock()), str(service)),
            )
            row_id = cursor.lastrowid
        if row_id is None:
            raise UsageStoreError("usage database gave no row id")
        return int(row_id)

    def complete(self, row_id: int, check: CheckRecord) -> None:
        """The outcome of the check begun as ``row_id`` (its time stays the sending time)."""
        row = _validated_row(check, check.time_utc or self._clock())
        with self._locked() as conn:
            updated = conn.execute(
                "UPDATE checks SET service = ?, verdict = ?, billable = ?, request_log_id = ?,"
                " duration_ms = ?, error_class = ?, outcome_known = 1"
                " WHERE id = ? AND outcome_known = 0",
                (*row[1:], row_id),
            ).rowcount
        if updated != 1:
            raise UsageRecordError("no check under way with that id")

    def abandon(self, row_id: int) -> None:
        """Nothing was sent after all (input refused before sending): the row goes."""
        with self._locked() as conn:
            conn.execute("DELETE FROM checks WHERE id = ? AND outcome_known = 0", (row_id,))

    def probe_write(self) -> None:
        """Write a real check row and delete it again in one transaction (the self-test):
        its pages go to disk and are synced like any check's, and nothing is counted. Raises
        :class:`UsageStoreError` when the database cannot be written (a full disk)."""
        with self._locked() as conn:
            conn.execute("BEGIN IMMEDIATE")
            try:
                cursor = conn.execute(
                    "INSERT INTO checks (time_utc, service, verdict, billable, duration_ms,"
                    " error_class, outcome_known) VALUES (?, ?, NULL, 0, 0, ?, 1)",
                    (_stamp(self._clock()), CheckKind.SIGNATURE.value, PROBE_MARK),
                )
                conn.execute("DELETE FROM checks WHERE id = ?", (cursor.lastrowid,))
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise

    def check_writable(self) -> bool:
        """Probe (:meth:`probe_write`) that a check can be counted now; sets or clears
        :attr:`write_problem` accordingly (a freed disk clears it). Never raises."""
        try:
            self.probe_write()
        except UsageStoreError as exc:
            self.write_problem = f"Usage cannot be counted ({exc})."
            return False
        self.write_problem = None
        return True

    def record_repeat(self, service: CheckKind | str, moment: datetime | None = None) -> None:
        """Count one check *not* run because its card was checked already."""
        if str(service) not in _SERVICES:
            raise UsageRecordError("unknown service id")
        with self._locked() as conn:
            conn.execute(
                "INSERT INTO repeats (time_utc, service) VALUES (?, ?)",
                (_stamp(moment or self._clock()), str(service)),
            )

    # --- reading ---------------------------------------------------------------------------
    def repeats_between(self, start: datetime, end: datetime) -> int:
        """Repeats not billed for ``start`` ≤ time < ``end``."""
        with self._locked() as conn:
            row = conn.execute(
                "SELECT COUNT(*) FROM repeats WHERE time_utc >= ? AND time_utc < ?",
                (_stamp(start), _stamp(end)),
            ).fetchone()
        return int(row[0])

    def repeats_today(self) -> int:
        """Repeats not billed today (local calendar day)."""
        return self.repeats_between(*self._day_bounds(self._today()))

    def repeats_this_month(self) -> int:
        """Repeats not billed this local calendar month."""
        return self.repeats_between(*self._month_bounds())

    def counts_between(self, start: datetime, end: datetime) -> list[CountRow]:
        """Counts per service and verdict for ``start`` ≤ time < ``end`` (aware datetimes); the
        checks whose outcome is unknown make rows of their own (``unknown == count``)."""
        with self._locked() as conn:
            rows = conn.execute(
                "SELECT service, verdict, COUNT(*), SUM(billable), SUM(1 - outcome_known)"
                " FROM checks WHERE time_utc >= ? AND time_utc < ?"
                " GROUP BY service, verdict, outcome_known"
                " ORDER BY service, verdict, outcome_known",
                (_stamp(start), _stamp(end)),
            ).fetchall()
        return [CountRow(s, v, int(n), int(b or 0), int(u or 0)) for s, v, n, b, u in rows]

    def unknown_outcomes(self) -> int:
        """All-time checks sent whose outcome was never known (counted billable)."""
        with self._locked() as conn:
            row = conn.execute("SELECT COUNT(*) FROM checks WHERE outcome_known = 0").fetchone()
        return int(row[0])

    def error_counts(self) -> dict[tuple[str, str], int]:
        """All-time failed calls per (service, error class), for the metrics."""
        with self._locked() as conn:
            rows = conn.execute(
                "SELECT service, error_class, COUNT(*) FROM checks"
                " WHERE verdict IS NULL AND error_class IS NOT NULL"
                " GROUP BY service, error_class ORDER BY service, error_class"
            ).fetchall()
        return {(str(s), str(e)): int(n) for s, e, n in rows}

    def last_answer_utc(self) -> datetime | None:
        """When the last check with a verdict (the service answered) was recorded."""
        with self._locked() as conn:
            row = conn.execute(
                "SELECT MAX(time_utc) FROM checks WHERE verdict IS NOT NULL"
            ).fetchone()
        if not row or row[0] is None:
            return None
        return datetime.strptime(str(row[0]), TIME_FORMAT).replace(tzinfo=UTC)

    def counts_today(self) -> list[CountRow]:
        """Counts of the current local calendar day."""
        return self.counts_between(*self._day_bounds(self._today()))

    def counts_this_month(self) -> list[CountRow]:
        """Counts of the current local calendar month."""
        return self.counts_between(*self._month_bounds())

    def billable_this_month(self) -> int:
        """Billable checks this local calendar month (what a monthly quota counts)."""
        return sum(r.billable for r in self.counts_this_month())

    def quota_state(self, quota: int) -> QuotaState:
        """This month's billable checks against ``quota``."""
        return QuotaState(used=self.billable_this_month(), quota=quota)

    def daily_counts(self, days: int) -> list[DayCounts]:
        """The last ``days`` local calendar days, oldest first, today included."""
        if days < 1:
            raise ValueError("days must be at least 1")
        today = self._today()
        result = []
        for offset in range(days - 1, -1, -1):
            day = today - timedelta(days=offset)
            result.append(DayCounts(day, tuple(self.counts_between(*self._day_bounds(day)))))
        return result

    def export_csv(
        self, out: TextIO, start: datetime | None = None, end: datetime | None = None
    ) -> int:
        """Write the rows (all, or ``start`` ≤ time < ``end``) as CSV; returns the row count."""
        low = _stamp(start) if start else ""
        high = _stamp(end) if end else "~"  # "~" sorts after every timestamp
        with self._locked() as conn:
            rows = conn.execute(
                "SELECT time_utc, service, verdict, billable, request_log_id, duration_ms,"
                " error_class, outcome_known FROM checks WHERE time_utc >= ? AND time_utc < ?"
                " ORDER BY id",
                (low, high),
            ).fetchall()
        writer = csv.writer(out)
        writer.writerow(CSV_COLUMNS)
        for time_utc, service, verdict, billable, log_id, duration, error, known in rows:
            writer.writerow(
                [
                    time_utc,
                    service,
                    verdict or "",
                    int(billable),
                    log_id or "",
                    duration,
                    error or "",
                    int(known),
                ]
            )
        return len(rows)

    def integrity_ok(self) -> bool:
        """``PRAGMA integrity_check`` reports ``ok``."""
        with self._locked() as conn:
            return bool(conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok")

    def row_count(self) -> int:
        """How many checks are stored."""
        with self._locked() as conn:
            return int(conn.execute("SELECT COUNT(*) FROM checks").fetchone()[0])

    # --- days in local time ----------------------------------------------------------------
    def _today(self) -> date:
        now = self._clock()
        return (now.astimezone(self._tz) if self._tz else now.astimezone()).date()

    def _midnight(self, day: date) -> datetime:
        naive = datetime(day.year, day.month, day.day)
        # A naive datetime's astimezone() reads it as local time (mktime), DST-aware.
        return naive.replace(tzinfo=self._tz) if self._tz else naive.astimezone()

    def _day_bounds(self, day: date) -> tuple[datetime, datetime]:
        return self._midnight(day), self._midnight(day + timedelta(days=1))

    def _month_bounds(self) -> tuple[datetime, datetime]:
        first = self._today().replace(day=1)
        next_first = (first + timedelta(days=32)).replace(day=1)
        return self._midnight(first), self._midnight(next_first)


@contextmanager
def _as_store_error(*, reraise_corruption: bool = False) -> Iterator[None]:
    """SQLite errors as :class:`UsageStoreError` (corruption passed on when asked)."""
    try:
        yield
    except sqlite3.Error as exc:
        corrupt = isinstance(exc, sqlite3.DatabaseError) and not isinstance(
            exc, sqlite3.OperationalError
        )
        if corrupt and reraise_corruption:
            raise
        _log.error("usage database error: %s", type(exc).__name__)
        raise UsageStoreError(f"usage database unavailable ({type(exc).__name__})") from exc


class ForeignSchemaError(sqlite3.DatabaseError):
    """The database file holds another schema (another program's, or a newer kiosk's)."""


def _check_schema_is_ours(conn: sqlite3.Connection) -> int:
    """Refuse a database whose ``user_version`` or tables are not this kiosk's: counting into
    it would be silently wrong forever. A new, empty file (version 0, no tables) is ours.
    Returns the version found (an older one of ours is upgraded by the caller)."""
    version = int(conn.execute("PRAGMA user_version").fetchone()[0])
    tables = {
        row[0]
        for row in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        )
    }
    if version == 0 and not tables:
        return version
    if version != SCHEMA_VERSION and version not in _UPGRADABLE_VERSIONS:
        raise ForeignSchemaError(f"schema version {version}, expected {SCHEMA_VERSION}")
    columns = {row[1] for row in conn.execute("PRAGMA table_info(checks)")}
    expected = set(CSV_COLUMNS) if version == SCHEMA_VERSION else set(_BASE_COLUMNS)
    if not expected <= columns:
        raise ForeignSchemaError("no table of checks")
    return version


def _stamp(moment: datetime) -> str:
    if moment.tzinfo is None:
        raise ValueError("usage times must be timezone-aware")
    return moment.astimezone(UTC).strftime(TIME_FORMAT)


def _validated_row(check: CheckRecord, moment: datetime) -> tuple[object, ...]:
    service = str(check.service)
    if service not in _SERVICES:
        raise UsageRecordError("unknown service id")
    verdict = None if check.verdict is None else str(check.verdict)
    if verdict is not None and verdict not in _VERDICTS:
        raise UsageRecordError("unknown verdict")
    if check.error_class is not None and not _IDENTIFIER.match(check.error_class):
        raise UsageRecordError("error class must be a class name")
    log_id = None if check.request_log_id is None else str(check.request_log_id)
    if log_id is not None and not _LOG_ID.match(log_id):
        raise UsageRecordError("request log id must be a short identifier")
    if check.duration_ms < 0:
        raise UsageRecordError("duration must not be negative")
    return (
        _stamp(moment),
        service,
        verdict,
        int(bool(check.billable)),
        log_id,
        int(check.duration_ms),
        check.error_class,
    )
