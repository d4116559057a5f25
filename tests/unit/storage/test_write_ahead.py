"""Write-ahead counting: a row "sent, outcome unknown" is on disk (synced) before a check's
request leaves; it is completed with the reply, removed when nothing was sent, and a row left
unknown counts as billable in every count (the quota included).

The row written before sending is read by a second connection *while the call runs*, so the
test sees what a kill at that moment would leave. The version-1 database of earlier kiosks is
upgraded in place.
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path

import pytest

from kiosk_app.api.errors import ApiTimeoutError, InputRejectedError
from kiosk_app.api.outcome import Outcome
from kiosk_app.flow.metering import begin_count, counted_call
from kiosk_app.kinds import CheckKind, Verdict
from kiosk_app.storage.usage import (
    SCHEMA_VERSION,
    SYNCHRONOUS_FULL,
    CheckRecord,
    CountRow,
    UsageRecordError,
    UsageStore,
    UsageStoreError,
)

NOON = datetime(2026, 3, 15, 12, 0, tzinfo=UTC)
PASSED = Outcome(CheckKind.SIGNATURE, Verdict.PASSED, 1, "Passed", True, request_log_id=77)


def _open(path: Path) -> UsageStore:
    return UsageStore(path, clock=lambda: NOON, local_tz=UTC)


def _rows_seen_elsewhere(path: Path) -> list[tuple[object, ...]]:
    """The rows another process would find now (a fresh connection)."""
    with closing(sqlite3.connect(path)) as conn:
        return conn.execute(
            "SELECT service, verdict, billable, error_class, outcome_known FROM checks ORDER BY id"
        ).fetchall()


def test_the_row_is_on_disk_before_the_call_and_completed_after(tmp_path: Path) -> None:
    path = tmp_path / "usage.sqlite3"
    during: list[list[tuple[object, ...]]] = []

    def call() -> Outcome:
        during.append(_rows_seen_elsewhere(path))
        return PASSED

    with _open(path) as store:
        assert counted_call(store, CheckKind.SIGNATURE, call, lambda o: o) is PASSED
        assert during == [[("signature", None, 1, None, 0)]]  # sent, outcome unknown: billable
        assert _rows_seen_elsewhere(path) == [("signature", "Passed", 1, None, 1)]
        assert store.unknown_outcomes() == 0


def test_a_call_that_never_returns_leaves_a_billable_unknown_row(tmp_path: Path) -> None:
    path = tmp_path / "usage.sqlite3"

    class Stopped(BaseException):
        """What a stop looks like from inside the call (the process ends here)."""

    def call() -> Outcome:
        raise Stopped

    with _open(path) as store, pytest.raises(Stopped):
        counted_call(store, CheckKind.CANADA, call, lambda o: o)
    with _open(path) as reopened:
        assert reopened.counts_this_month() == [CountRow("canada", None, 1, 1, 1)]
        assert reopened.billable_this_month() == 1
        assert reopened.quota_state(1).exceeded
        assert reopened.unknown_outcomes() == 1
        assert reopened.error_counts() == {}  # not an error: unknown
        assert reopened.daily_counts(1)[0].unknown == 1


def test_an_error_completes_the_row_not_billable(tmp_path: Path) -> None:
    path = tmp_path / "usage.sqlite3"

    def call() -> Outcome:
        raise ApiTimeoutError()

    with _open(path) as store, pytest.raises(ApiTimeoutError):
        counted_call(store, CheckKind.CANADA, call, lambda o: o)
    assert _rows_seen_elsewhere(path) == [("canada", None, 0, "ApiTimeoutError", 1)]


def test_input_refused_before_sending_removes_the_row(tmp_path: Path) -> None:
    path = tmp_path / "usage.sqlite3"

    def call() -> Outcome:
        raise InputRejectedError("bad", field="province")

    with _open(path) as store, pytest.raises(InputRejectedError):
        counted_call(store, CheckKind.CANADA, call, lambda o: o)
    assert _rows_seen_elsewhere(path) == []


def test_a_row_is_completed_once_only(tmp_path: Path) -> None:
    with _open(tmp_path / "usage.sqlite3") as store:
        row = store.begin(CheckKind.SIGNATURE)
        done = CheckRecord("signature", "Passed", True, duration_ms=3)
        store.complete(row, done)
        with pytest.raises(UsageRecordError):
            store.complete(row, done)
        with pytest.raises(UsageRecordError):
            store.begin("a name")  # never anything but a service id


def test_required_counting_raises_before_sending_when_no_row_can_be_written(
    tmp_path: Path,
) -> None:
    store = UsageStore(tmp_path / "usage.sqlite3")
    store.close()  # every write now fails inside sqlite3
    sent: list[int] = []
    with pytest.raises(UsageStoreError):
        counted_call(store, "canada", lambda: sent.append(1), lambda o: PASSED, required=True)
    assert sent == []
    assert store.write_problem == "A check could not be counted (UsageStoreError)."
    with pytest.raises(UsageStoreError):
        begin_count(None, "canada", required=True)
    assert begin_count(None, "canada") is None


def test_commits_are_synced_in_wal_mode(tmp_path: Path) -> None:
    with _open(tmp_path / "usage.sqlite3") as store:
        assert store.journal_mode == "wal"
    with closing(sqlite3.connect(tmp_path / "usage.sqlite3")) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"  # persistent
    assert SYNCHRONOUS_FULL == 2  # FULL: the WAL is synced at every commit


def test_a_version_1_database_is_upgraded_and_keeps_its_rows(tmp_path: Path) -> None:
    path = tmp_path / "usage.sqlite3"
    with closing(sqlite3.connect(path)) as conn:
        conn.executescript(
            """
            CREATE TABLE checks (id INTEGER PRIMARY KEY, time_utc TEXT NOT NULL,
                service TEXT NOT NULL, verdict TEXT, billable INTEGER NOT NULL,
                request_log_id TEXT, duration_ms INTEGER NOT NULL, error_class TEXT);
            CREATE TABLE repeats (id INTEGER PRIMARY KEY, time_utc TEXT NOT NULL,
                service TEXT NOT NULL);
            INSERT INTO checks (time_utc, service, verdict, billable, duration_ms)
                VALUES ('2026-03-15T11:00:00.000000Z', 'signature', 'Passed', 1, 5);
            PRAGMA user_version=1;
            """
        )
    with _open(path) as store:
        assert store.recovery_note is None
        assert store.counts_this_month() == [CountRow("signature", "Passed", 1, 1, 0)]
        store.begin(CheckKind.SIGNATURE)
        assert store.billable_this_month() == 2
    with closing(sqlite3.connect(path)) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_the_probe_row_leaves_nothing_counted(tmp_path: Path) -> None:
    with _open(tmp_path / "usage.sqlite3") as store:
        store.probe_write()
        assert store.row_count() == 0
        assert store.integrity_ok()
