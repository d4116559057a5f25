"""A full disk is a visible fault, on a real full file system (a 1 MiB tmpfs filled up):
no row can be written, the self-test fails, the metrics say counting failed, block mode stops
sending (fail closed) and warn mode warns; freeing the disk clears it all.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from kiosk_app.api.outcome import Outcome
from kiosk_app.cli.selftest_checks import Check, check_usage_counting, run_selftest
from kiosk_app.flow.billing import CountingUnavailableError, QuotaDecision, QuotaGate
from kiosk_app.flow.metering import metered_call
from kiosk_app.kinds import CheckKind, Verdict
from kiosk_app.storage.metrics import render, take_snapshot
from kiosk_app.storage.usage import CheckRecord, UsageStore, UsageStoreError
from tests.support.disk import fill

PASSED = Outcome(CheckKind.SIGNATURE, Verdict.PASSED, 1, "Passed", True, request_log_id=5)
GAUGE = 'kiosk_app_usage_counting_failed{desk_id="d"}'


def _store_with_a_row(folder: Path) -> UsageStore:
    store = UsageStore(folder / "usage.sqlite3")
    store.record(CheckRecord("signature", "Passed", True, 5))
    return store


def _gauge(store: UsageStore | None) -> str:
    line = next(x for x in render(take_snapshot(store, "1", "d")).splitlines() if GAUGE in x)
    return line.rsplit(" ", 1)[1]


def test_nothing_can_be_written_and_it_shows(full_disk: Path) -> None:
    with _store_with_a_row(full_disk) as store:
        assert store.check_writable() and _gauge(store) == "0"
        filler = fill(full_disk)
        with pytest.raises(UsageStoreError):
            store.probe_write()
        with pytest.raises(UsageStoreError):
            store.begin(CheckKind.SIGNATURE)
        assert not store.check_writable()
        assert _gauge(store) == "1"
        assert store.billable_this_month() == 1  # reading still works
        filler.unlink()  # room again: the next probe clears the fault
        assert store.check_writable() and _gauge(store) == "0"
    assert _gauge(None) == "1"


def test_the_self_test_fails_on_a_full_disk(full_disk: Path) -> None:
    _store_with_a_row(full_disk).close()
    checks = [Check("usage counting", lambda: check_usage_counting(full_disk / "usage.sqlite3"))]
    out = io.StringIO()
    assert run_selftest(checks, out) == 0
    assert "PASS  usage counting" in out.getvalue()
    fill(full_disk)
    out = io.StringIO()
    assert run_selftest(checks, out) == 1
    assert "FAIL  usage counting: usage cannot be counted" in out.getvalue()
    assert "self-test FAILED: usage counting" in out.getvalue()


def test_block_mode_sends_nothing_it_cannot_count(full_disk: Path) -> None:
    with _store_with_a_row(full_disk) as store:
        fill(full_disk)
        gate = QuotaGate(store)
        sent: list[bool] = []

        def call() -> Outcome:
            sent.append(True)
            return PASSED

        with pytest.raises(CountingUnavailableError):
            metered_call(store, gate, CheckKind.SIGNATURE, call, lambda o: o, 10, "block")
        assert sent == []
        # Warn mode sends, and says so: the decision before the next check warns.
        assert metered_call(store, gate, CheckKind.SIGNATURE, call, lambda o: o, 10, "warn")
        assert sent == [True]
        assert gate.decision(10, "warn") is QuotaDecision.UNCOUNTED_WARN
        assert gate.decision(0, "warn") is QuotaDecision.OK  # no quota: nothing to enforce


def test_a_count_that_cannot_be_read_blocks_in_block_mode(tmp_path: Path) -> None:
    store = UsageStore(tmp_path / "usage.sqlite3")
    store.close()  # every read now fails
    gate = QuotaGate(store)
    gate.refresh()
    assert gate.decision(5, "block") is QuotaDecision.UNCOUNTED_BLOCK
    assert gate.decision(5, "warn") is QuotaDecision.UNCOUNTED_WARN
    with pytest.raises(CountingUnavailableError):
        gate.enforce(5, "block")
    no_store = QuotaGate(None)
    with pytest.raises(CountingUnavailableError):
        no_store.enforce(5, "block")
    assert no_store.enforce(5, "warn") is QuotaDecision.UNCOUNTED_WARN
