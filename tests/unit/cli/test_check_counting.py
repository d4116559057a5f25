"""The CLI checks count in the same usage database as the GUI and log to the same file."""

from __future__ import annotations

import sqlite3
from typing import Any

import pytest

from kiosk_app.cli.main import main
from kiosk_app.logging_setup import log_file, shutdown_logging
from kiosk_app.simulator.samples import SAMPLES_BY_KEY
from kiosk_app.storage.usage import default_db_path


@pytest.fixture(autouse=True)
def _close_logging() -> Any:
    yield
    shutdown_logging()


def _canada(key: str) -> list[str]:
    data = SAMPLES_BY_KEY[key].canada
    assert data is not None
    return [
        "check",
        "canada",
        "--licence-number",
        data.licence_number,
        "--dob",
        data.date_of_birth,
        "--province",
        data.province,
    ]


def _conn(url: str) -> list[str]:
    return ["--base-url", url, "--dvs-url", url, "--parse-url", url, "--token", "test"]


def test_cli_checks_are_counted_and_logged(
    simulator: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*_canada("canada-passed"), *_conn(simulator.base_url)]) == 0
    assert main([*_canada("canada-error"), *_conn(simulator.base_url)]) == 3
    # Refused before sending: not a check, not counted.
    assert (
        main(
            [
                "check",
                "canada",
                "--licence-number",
                "X",
                "--dob",
                "not-a-date",
                "--province",
                "ZZ",
                *_conn(simulator.base_url),
            ]
        )
        == 2
    )
    capsys.readouterr()
    with sqlite3.connect(default_db_path()) as conn:
        rows = conn.execute("SELECT service, verdict, billable FROM checks ORDER BY id").fetchall()
    assert len(rows) == 2 and rows[0] == ("canada", "Passed", 1)
    assert rows[1][0] == "canada" and rows[1][2] == 0  # success: false, counted, not billable
    text = log_file().read_text(encoding="utf-8")
    assert "POST" in text
    data = SAMPLES_BY_KEY["canada-passed"].canada
    assert data is not None and data.licence_number not in text
