"""The compliance record's store: closed values only, retention on an injected clock, the
never-pruned totals, CSV safe in a spreadsheet, JSON, and a real full disk that loses nothing.
"""

from __future__ import annotations

import csv
import io
import json
import stat
from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest

from kiosk_app.storage.compliance import (
    COLUMNS,
    DB_FILE_NAME,
    JSON_FORMAT_NAME,
    ComplianceRecord,
    RecordRow,
    RecordRowError,
    RecordStoreError,
    cell,
    day_range,
    export,
    write_csv,
)
from tests.support.disk import fill

START = datetime(2026, 11, 2, 9, 0, tzinfo=UTC)


class WallClock:
    """An aware UTC clock the test moves by hand."""

    def __init__(self, now: datetime = START) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


def _row(**changes: object) -> RecordRow:
    values: dict[str, object] = {
        "desk_id": "front-desk-1",
        "check": "signature",
        "title": "passed",
        "colour": "passed",
        "age": "over",
        "expiry": "valid",
        "billable": True,
        "request_log_id": "4711",
        "minimum_age": 21,
    }
    values.update(changes)
    return RecordRow(**values)  # type: ignore[arg-type]


@pytest.fixture
def clock() -> WallClock:
    return WallClock()


@pytest.fixture
def record(tmp_path: Path, clock: WallClock) -> Iterator[ComplianceRecord]:
    with ComplianceRecord(tmp_path / DB_FILE_NAME, clock=clock) as opened:
        yield opened


def test_nothing_is_written_until_the_first_row(tmp_path: Path, clock: WallClock) -> None:
    path = tmp_path / "data" / DB_FILE_NAME
    with ComplianceRecord(path, clock=clock) as record:
        assert not path.exists()
        record.add(_row())
        assert path.exists()
        assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_a_row_comes_back_as_written(record: ComplianceRecord, clock: WallClock) -> None:
    record.add(_row())
    rows = record.rows_between(START - timedelta(hours=1), START + timedelta(hours=1))
    assert rows == [_row(time_utc=clock.now)]


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("check", "Jane Doe"),
        ("title", "Jane Doe"),
        ("title", "D1234567"),
        ("colour", "#0f766e; name=Jane"),
        ("age", "1990-01-02"),
        ("expiry", "2030-05-01"),
        ("request_log_id", "Jane Doe"),
        ("request_log_id", "x" * 65),
        ("minimum_age", 151),
        ("desk_id", "\x00\x01"),
    ],
)
def test_a_value_off_its_set_is_refused(
    record: ComplianceRecord, field: str, value: object
) -> None:
    with pytest.raises(RecordRowError):
        record.add(_row(**{field: value}))
    assert record.row_count() == 0


def test_the_desk_id_loses_its_control_characters(record: ComplianceRecord) -> None:
    record.add(_row(desk_id="desk\n2\u200b"))
    assert [r.desk_id for r in record.rows_between(START, START + timedelta(1))] == ["desk2"]


def test_rows_older_than_the_retention_are_deleted(
    record: ComplianceRecord, clock: WallClock
) -> None:
    for age_days in (100, 91, 90, 89, 1, 0):
        record.add(_row(time_utc=clock.now - timedelta(days=age_days)))
    assert record.row_count() == 6
    assert record.prune(90) == 2  # 100 and 91 days old
    kept = record.rows_between(START - timedelta(days=200), START + timedelta(days=1))
    assert [(clock.now - r.time_utc).days for r in kept if r.time_utc] == [90, 89, 1, 0]
    clock.advance(days=10)
    assert record.prune(90) == 2  # the 90 and 89 days old ones are now 100 and 99
    assert record.row_count() == 2


def test_adding_a_row_prunes_by_the_retention_given(
    record: ComplianceRecord, clock: WallClock
) -> None:
    record.add(_row())
    clock.advance(days=8)
    record.add(_row(), retention_days=7)
    assert record.row_count() == 1  # the first is 8 days old
    record.add(_row(), retention_days=None)
    assert record.row_count() == 2


def test_the_totals_only_grow(record: ComplianceRecord, clock: WallClock) -> None:
    record.add(_row())
    record.add(_row(title="under-age", colour="underage", age="under"))
    record.add(_row(age="unknown"))
    clock.advance(days=30)
    assert record.prune(1) == 3
    totals = record.totals()
    assert totals.by_banner == {("passed", "passed"): 2, ("under-age", "underage"): 1}
    assert totals.by_age == {"over": 1, "under": 1, "unknown": 1}


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        ('=HYPERLINK("http://x")', '\'=HYPERLINK("http://x")'),
        ("+1", "'+1"),
        ("-2", "'-2"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\tx", "'\tx"),
        ("front desk", "front desk"),
        (None, ""),
        (21, "21"),
    ],
)
def test_a_cell_that_starts_like_a_formula_is_quoted(value: object, shown: str) -> None:
    assert cell(value) == shown


def test_csv_has_the_columns_and_a_desk_id_cannot_inject(
    record: ComplianceRecord, clock: WallClock
) -> None:
    record.add(_row(desk_id="=cmd|' /C calc'!A0", request_log_id=None, minimum_age=None))
    out = io.StringIO()
    assert write_csv(out, record.rows_between(*day_range(START.date(), START.date()))) == 1
    header, line = list(csv.reader(io.StringIO(out.getvalue())))
    assert tuple(header) == COLUMNS
    values = dict(zip(header, line, strict=True))
    assert values == {
        "time_utc": "2026-11-02T09:00:00.000000Z",
        "desk_id": "'=cmd|' /C calc'!A0",
        "check": "signature",
        "title": "passed",
        "colour": "passed",
        "minimum_age": "",
        "age": "over",
        "expiry": "valid",
        "request_log_id": "",
        "billable": "1",
    }


def test_export_covers_the_days_asked_both_included(
    record: ComplianceRecord, clock: WallClock, tmp_path: Path
) -> None:
    for day in (1, 2, 3, 4):
        record.add(_row(time_utc=datetime(2026, 11, day, 23, 59, 59, tzinfo=UTC)))
    start, end = day_range(date(2026, 11, 2), date(2026, 11, 3))
    assert export(record, tmp_path / "r.csv", "csv", start, end) == 2
    assert export(record, tmp_path / "r.json", "json", start, end) == 2
    document = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert document["format"] == JSON_FORMAT_NAME
    assert (document["from_utc"], document["to_utc"]) == (
        "2026-11-02T00:00:00.000000Z",
        "2026-11-04T00:00:00.000000Z",
    )
    assert [r["time_utc"][:10] for r in document["rows"]] == ["2026-11-02", "2026-11-03"]
    assert set(document["rows"][0]) == set(COLUMNS)
    assert document["rows"][0]["billable"] is True
    with pytest.raises(ValueError, match="ends before"):
        day_range(date(2026, 11, 3), date(2026, 11, 2))
    with pytest.raises(ValueError, match="format"):
        export(record, tmp_path / "r.xml", "xml", start, end)


def test_a_full_disk_keeps_rows_in_memory_and_loses_none(full_disk: Path, clock: WallClock) -> None:
    with ComplianceRecord(full_disk / DB_FILE_NAME, clock=clock) as record:
        record.add(_row())
        filler = fill(full_disk)
        written = 1
        with pytest.raises(RecordStoreError):
            # SQLite may fit a few rows in pages it already has: write until it refuses.
            for _ in range(10_000):
                record.add(_row())
                written += 1
        assert record.pending == 1
        assert record.write_problem is not None
        assert "cannot be written" in record.write_problem
        with pytest.raises(RecordStoreError):
            record.add(_row(title="failed", colour="failed"))
        assert record.pending == 2
        assert record.row_count() == written  # reading still works
        filler.unlink()
        record.add(_row())
        assert record.pending == 0 and record.write_problem is None
        assert record.row_count() == written + 3
        assert record.totals().by_banner[("failed", "failed")] == 1
