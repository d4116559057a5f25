"""Counting a check: ``counted_call`` / ``record_outcome`` (shared by the GUI worker and CLI)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from kiosk_app.api.errors import ApiTimeoutError, InputRejectedError
from kiosk_app.api.outcome import Outcome
from kiosk_app.flow.metering import counted_call, record_outcome
from kiosk_app.kinds import CheckKind, Verdict
from kiosk_app.storage.usage import UsageStore


def _rows(path: Path) -> list[tuple[object, ...]]:
    with sqlite3.connect(path) as conn:
        return conn.execute(
            "SELECT service, verdict, billable, request_log_id, duration_ms, error_class"
            " FROM checks ORDER BY id"
        ).fetchall()


class _Ticks:
    def __init__(self) -> None:
        self.now = 10.0

    def __call__(self) -> float:
        self.now += 0.25
        return self.now


def test_an_answer_is_counted_with_verdict_billable_log_id_and_duration(tmp_path: Path) -> None:
    path = tmp_path / "u.sqlite3"
    outcome = Outcome(CheckKind.SIGNATURE, Verdict.PASSED, 1, "Passed", True, request_log_id=4242)
    with UsageStore(path) as store:
        got = counted_call(store, CheckKind.SIGNATURE, lambda: outcome, lambda o: o, clock=_Ticks())
    assert got is outcome
    assert _rows(path) == [("signature", "Passed", 1, "4242", 250, None)]
    assert store.write_problem is None


def test_a_failed_call_is_counted_with_its_error_class_and_reraised(tmp_path: Path) -> None:
    path = tmp_path / "u.sqlite3"

    def boom() -> Outcome:
        raise ApiTimeoutError()

    with UsageStore(path) as store, pytest.raises(ApiTimeoutError):
        counted_call(store, "canada", boom, lambda o: o, clock=_Ticks())
    assert _rows(path) == [("canada", None, 0, None, 250, "ApiTimeoutError")]


def test_input_refused_before_sending_is_not_a_check(tmp_path: Path) -> None:
    path = tmp_path / "u.sqlite3"

    def refused() -> Outcome:
        raise InputRejectedError("bad date", field="date_of_birth")

    with UsageStore(path) as store, pytest.raises(InputRejectedError):
        counted_call(store, "canada", refused, lambda o: o)
    assert _rows(path) == []


def test_a_broken_store_never_breaks_the_check(tmp_path: Path) -> None:
    store = UsageStore(tmp_path / "u.sqlite3")
    store.close()  # every write now fails inside sqlite3
    outcome = Outcome(CheckKind.CANADA, Verdict.FLAGGED, 2, "Flagged", True)
    assert counted_call(store, "canada", lambda: outcome, lambda o: o) is outcome
    assert record_outcome(store, "canada", 5, outcome=outcome) is False
    assert store.write_problem == "A check could not be counted (UsageStoreError)."
    assert record_outcome(None, "canada", 5, outcome=outcome) is False
