"""Usage counters: one row per check, per-day and per-month counts, CSV, no personal data."""

from __future__ import annotations

import csv
import io
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import closing
from datetime import UTC, date, datetime, timedelta, timezone
from pathlib import Path

import pytest

from kiosk_app.kinds import CheckKind, Verdict
from kiosk_app.storage.usage import (
    CSV_COLUMNS,
    CheckRecord,
    CountRow,
    QuotaState,
    UsageRecordError,
    UsageStore,
    UsageStoreError,
    default_db_path,
)

NOON = datetime(2026, 3, 15, 12, 0, tzinfo=UTC)


class FakeClock:
    """A UTC clock the test moves."""

    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(NOON)


@pytest.fixture
def store(tmp_path: Path, clock: FakeClock) -> Iterator[UsageStore]:
    with UsageStore(tmp_path / "usage.sqlite3", clock=clock, local_tz=UTC) as opened:
        yield opened


def check(
    service: str = CheckKind.SIGNATURE,
    verdict: str | None = Verdict.PASSED,
    billable: bool = True,
    **kw: object,
) -> CheckRecord:
    return CheckRecord(service=service, verdict=verdict, billable=billable, duration_ms=120, **kw)  # type: ignore[arg-type]


def test_default_location_is_the_data_dir() -> None:
    with UsageStore() as store:
        store.record(check())
        assert store.path == default_db_path()
        assert store.path.exists()


def test_database_is_in_wal_mode(store: UsageStore) -> None:
    with closing(sqlite3.connect(store.path)) as other:
        assert other.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_counts_today_group_by_service_and_verdict(store: UsageStore) -> None:
    store.record(check())
    store.record(check())
    store.record(check(verdict=Verdict.FAILED))
    store.record(check(CheckKind.CANADA, Verdict.UNDEFINED, billable=False))
    store.record(check(CheckKind.DVS_PARSE, None, billable=False, error_class="ApiTimeoutError"))
    rows = store.counts_today()
    assert set(rows) == {
        CountRow("canada", "Undefined", 1, 0),
        CountRow("dvs-parse", None, 1, 0),
        CountRow("signature", "Failed", 1, 1),
        CountRow("signature", "Passed", 2, 2),
    }


def test_today_excludes_yesterday_and_tomorrow(store: UsageStore, clock: FakeClock) -> None:
    store.record(check(time_utc=NOON - timedelta(days=1)))
    store.record(check(time_utc=NOON.replace(hour=0)))
    store.record(check(time_utc=NOON.replace(hour=23, minute=59, second=59)))
    store.record(check(time_utc=NOON + timedelta(days=1)))
    assert sum(r.count for r in store.counts_today()) == 2


def test_local_day_boundaries_follow_the_given_zone(tmp_path: Path) -> None:
    toronto_winter = timezone(timedelta(hours=-5))
    clock = FakeClock(datetime(2026, 1, 10, 3, 0, tzinfo=UTC))  # 22:00 on the 9th in Toronto
    with UsageStore(tmp_path / "u.sqlite3", clock=clock, local_tz=toronto_winter) as store:
        store.record(check(time_utc=datetime(2026, 1, 9, 5, 30, tzinfo=UTC)))  # 00:30 local
        store.record(check(time_utc=datetime(2026, 1, 9, 4, 30, tzinfo=UTC)))  # 23:30 the 8th
        assert sum(r.count for r in store.counts_today()) == 1


def test_month_and_billable_and_quota(store: UsageStore, clock: FakeClock) -> None:
    store.record(check(time_utc=datetime(2026, 2, 28, 23, 0, tzinfo=UTC)))
    store.record(check(time_utc=datetime(2026, 3, 1, 0, 0, tzinfo=UTC)))
    store.record(check(time_utc=datetime(2026, 3, 31, 23, 59, tzinfo=UTC)))
    store.record(check(billable=False))
    store.record(check(time_utc=datetime(2026, 4, 1, 0, 0, tzinfo=UTC)))
    assert sum(r.count for r in store.counts_this_month()) == 3
    assert store.billable_this_month() == 2
    assert store.quota_state(2) == QuotaState(used=2, quota=2)
    assert store.quota_state(2).exceeded
    assert store.quota_state(100).remaining == 98
    assert not store.quota_state(100).near


def test_quota_warning_fraction() -> None:
    assert QuotaState(used=89, quota=100).near is False
    assert QuotaState(used=90, quota=100).near is True
    assert QuotaState(used=90, quota=100).exceeded is False
    assert QuotaState(used=5, quota=0).near is False  # no quota set


def test_december_month_rolls_into_next_year(tmp_path: Path) -> None:
    clock = FakeClock(datetime(2026, 12, 20, tzinfo=UTC))
    with UsageStore(tmp_path / "u.sqlite3", clock=clock, local_tz=UTC) as store:
        store.record(check(time_utc=datetime(2026, 12, 31, 23, 0, tzinfo=UTC)))
        store.record(check(time_utc=datetime(2027, 1, 1, 0, 0, tzinfo=UTC)))
        assert sum(r.count for r in store.counts_this_month()) == 1


def test_daily_counts_last_n_days(store: UsageStore) -> None:
    for days_ago, n in ((0, 3), (1, 1), (3, 2), (7, 5)):
        for _ in range(n):
            store.record(check(time_utc=NOON - timedelta(days=days_ago)))
    week = store.daily_counts(7)
    assert [d.day for d in week] == [date(2026, 3, 9) + timedelta(days=i) for i in range(7)]
    assert [d.total for d in week] == [0, 0, 0, 2, 0, 1, 3]
    assert week[-1].billable == 3
    with pytest.raises(ValueError, match="at least 1"):
        store.daily_counts(0)


def test_csv_export_has_the_columns_and_rows(store: UsageStore) -> None:
    store.record(check(request_log_id="11111233"))
    store.record(check(CheckKind.CANADA, None, False, error_class="ServerError"))
    out = io.StringIO()
    assert store.export_csv(out) == 2
    rows = list(csv.reader(io.StringIO(out.getvalue())))
    assert tuple(rows[0]) == CSV_COLUMNS
    assert rows[1] == [
        "2026-03-15T12:00:00.000000Z",
        "signature",
        "Passed",
        "1",
        "11111233",
        "120",
        "",
        "1",
    ]
    assert rows[2][1:4] == ["canada", "", "0"]
    assert rows[2][6] == "ServerError"


def test_csv_export_range(store: UsageStore) -> None:
    store.record(check(time_utc=NOON - timedelta(days=2)))
    store.record(check())
    out = io.StringIO()
    assert store.export_csv(out, start=NOON - timedelta(hours=1)) == 1


@pytest.mark.parametrize(
    "bad",
    [
        check(service="JOHN SMITH"),
        check(verdict="1957-07-01"),
        check(error_class="timeout talking to host for JANICE SAMPLE"),
        check(request_log_id="DAQ100000001 DCSSAMPLE"),
        CheckRecord(CheckKind.SIGNATURE, Verdict.PASSED, True, duration_ms=-1),
    ],
)
def test_values_that_are_not_counter_data_are_refused(store: UsageStore, bad: CheckRecord) -> None:
    with pytest.raises(UsageRecordError):
        store.record(bad)
    assert store.row_count() == 0


def test_naive_times_are_refused(store: UsageStore) -> None:
    with pytest.raises(ValueError, match="timezone-aware"):
        store.record(check(time_utc=datetime(2026, 3, 15, 12)))


def test_rows_survive_reopening(tmp_path: Path, clock: FakeClock) -> None:
    path = tmp_path / "u.sqlite3"
    with UsageStore(path, clock=clock, local_tz=UTC) as store:
        store.record(check())
    with UsageStore(path, clock=clock, local_tz=UTC) as store:
        assert store.row_count() == 1
        assert store.recovery_note is None


def test_worker_threads_can_share_one_store(store: UsageStore) -> None:
    errors: list[BaseException] = []

    def work() -> None:
        try:
            for _ in range(50):
                store.record(check())
                store.counts_today()
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert store.row_count() == 200
    assert store.integrity_ok()


@pytest.mark.parametrize(
    "garbage", [b"this is not a database at all" * 100, b"SQLite format 3\x00" + b"\xff" * 8000]
)
def test_damaged_file_is_moved_aside_not_a_crash(
    tmp_path: Path, clock: FakeClock, garbage: bytes
) -> None:
    path = tmp_path / "usage.sqlite3"
    path.write_bytes(garbage)
    with UsageStore(path, clock=clock, local_tz=UTC) as store:
        assert store.recovery_note is not None
        assert "moved" in store.recovery_note
        store.record(check())
        assert store.row_count() == 1
    moved = list(tmp_path.glob("usage.corrupt-*.sqlite3"))
    assert len(moved) == 1
    assert moved[0].read_bytes() == garbage


def test_damaged_page_is_detected_and_moved_aside(tmp_path: Path, clock: FakeClock) -> None:
    path = tmp_path / "usage.sqlite3"
    with UsageStore(path, clock=clock, local_tz=UTC) as store:
        for _ in range(2000):
            store.record(check(request_log_id="11111233"))
    data = bytearray(path.read_bytes())
    page_size = int.from_bytes(data[16:18], "big")
    for page in range(1, len(data) // page_size):  # scribble over every page but the header
        start = page * page_size
        data[start : start + 64] = b"\xa5" * 64
    path.write_bytes(bytes(data))
    with UsageStore(path, clock=clock, local_tz=UTC) as store:
        assert store.recovery_note is not None
        assert store.row_count() == 0
        assert store.integrity_ok()


def test_write_failure_is_a_typed_error(store: UsageStore) -> None:
    with closing(sqlite3.connect(store.path)) as other:
        other.execute("DROP TABLE checks")
        other.commit()
    with pytest.raises(UsageStoreError):
        store.record(check())


def test_unopenable_database_is_a_typed_error_and_nothing_is_moved(tmp_path: Path) -> None:
    blocked = tmp_path / "usage.sqlite3"
    blocked.mkdir()  # a folder where the file should be: sqlite cannot open it
    with pytest.raises(UsageStoreError):
        UsageStore(blocked)
    assert blocked.is_dir()
    assert list(tmp_path.glob("*.corrupt-*")) == []


def test_read_failure_is_a_typed_error(store: UsageStore) -> None:
    with closing(sqlite3.connect(store.path)) as other:
        other.execute("DROP TABLE checks")
        other.commit()
    with pytest.raises(UsageStoreError):
        store.counts_today()
