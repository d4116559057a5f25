"""`kiosk-app record export`: the real command in a subprocess, reading the compliance record
the kiosk writes in the test's data folder, as CSV and JSON, to stdout and to a file."""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

from kiosk_app.storage.compliance import (
    COLUMNS,
    JSON_FORMAT_NAME,
    ComplianceRecord,
    RecordRow,
    default_db_path,
)


def _kiosk(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "kiosk_app", *args],
        capture_output=True,
        text=True,
        env=dict(os.environ),
        timeout=180,
        check=False,
    )


def _row(day: int, title: str = "passed") -> RecordRow:
    return RecordRow(
        desk_id="@desk",  # an outside value that a spreadsheet would read as a formula
        check="canada",
        title=title,
        colour=title,
        age="unknown",
        expiry="unknown",
        billable=True,
        request_log_id=str(100 + day),
        time_utc=datetime(2026, 11, day, 12, 0, tzinfo=UTC),
    )


@pytest.fixture
def record_file() -> Path:
    with ComplianceRecord(clock=lambda: datetime(2026, 11, 5, tzinfo=UTC)) as record:
        for day in (1, 2, 2, 3):
            record.add(_row(day, "failed" if day == 3 else "passed"))
        return record.path


@pytest.mark.usefixtures("record_file")
def test_csv_to_stdout_for_one_day() -> None:
    done = _kiosk("record", "export", "--from", "2026-11-02")
    assert done.returncode == 0, done.stderr
    assert done.stderr.strip().splitlines()[-1] == "record: 2 rows"
    lines = list(csv.reader(io.StringIO(done.stdout)))
    assert tuple(lines[0]) == COLUMNS
    assert [dict(zip(COLUMNS, line, strict=True))["request_log_id"] for line in lines[1:]] == [
        "102",
        "102",
    ]
    assert all(line[1] == "'@desk" for line in lines[1:])


@pytest.mark.usefixtures("record_file")
def test_json_to_a_file_for_a_range(tmp_path: Path) -> None:
    out = tmp_path / "record.json"
    done = _kiosk(
        "record", "export", "--from", "2026-11-02", "--to", "2026-11-03", "--format", "json",
        "--output", str(out),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout == ""
    document = json.loads(out.read_text(encoding="utf-8"))
    assert document["format"] == JSON_FORMAT_NAME
    assert [(r["time_utc"][:10], r["title"]) for r in document["rows"]] == [
        ("2026-11-02", "passed"),
        ("2026-11-02", "passed"),
        ("2026-11-03", "failed"),
    ]
    assert document["rows"][0]["desk_id"] == "@desk"  # JSON is not a spreadsheet: as it is


@pytest.mark.parametrize(
    "dates",
    [
        ["--from", "2026-13-01"],
        ["--from", "02/11/2026"],
        ["--from", "2026-11-03", "--to", "2026-11-02"],
    ],
)
def test_bad_days_are_refused(dates: list[str]) -> None:
    done = _kiosk("record", "export", *dates)
    assert done.returncode == 2
    assert done.stderr.startswith("record: refused:")
    assert done.stdout == ""


def test_a_desk_without_a_record_writes_the_header_and_creates_nothing() -> None:
    done = _kiosk("record", "export", "--from", "2026-11-02")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [",".join(COLUMNS)]
    assert "no compliance record on this desk" in done.stderr
    assert not default_db_path().exists()


@pytest.mark.usefixtures("record_file")
def test_an_unwritable_output_is_refused(tmp_path: Path) -> None:
    done = _kiosk(
        "record", "export", "--from", "2026-11-02", "--output", str(tmp_path / "no" / "x.csv")
    )
    assert done.returncode == 2
    assert "record: refused:" in done.stderr
