"""The cross-customer memory (keyed hashes only, forgotten after N minutes) and the quota gate."""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime
from pathlib import Path

import pytest

from kiosk_app.flow.billing import (
    CardLedger,
    QuotaDecision,
    QuotaGate,
    QuotaReachedError,
    RecentChecks,
)
from kiosk_app.kinds import CheckKind
from kiosk_app.storage.usage import CheckRecord, UsageStore

PAYLOAD = b"@\n\x1e\rANSI 636014100002DL00410270ZC03110024DLDAQD1234567\n"
NOON = datetime(2026, 3, 10, 12, 0, tzinfo=UTC)


class Clock:
    """A monotonic clock moved by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_only_a_keyed_hash_is_kept_and_it_expires_after_the_window() -> None:
    clock = Clock()
    recent = RecentChecks(5, clock=clock, wall=lambda: NOON)
    digest = recent.digest(PAYLOAD)
    assert digest != hashlib.sha256(PAYLOAD).digest()  # keyed: not the plain hash
    assert RecentChecks(5).digest(PAYLOAD) != digest  # a new key in every process/instance
    recent.remember(digest, CheckKind.SIGNATURE, "Passed", 4711)
    held = recent.held()
    assert len(held) == 1 and PAYLOAD not in repr(held).encode()
    clock.now += 4 * 60 + 59
    prior = recent.find(digest, CheckKind.SIGNATURE)
    assert prior is not None and (prior.verdict, prior.request_log_id) == ("Passed", 4711)
    assert prior.when == NOON and not prior.same_customer
    assert recent.find(digest, CheckKind.DVS_PARSE) is None
    clock.now += 1
    assert recent.find(digest, CheckKind.SIGNATURE) is None
    assert len(recent) == 0


def test_a_window_of_zero_keeps_nothing() -> None:
    recent = RecentChecks(5)
    digest = recent.digest(PAYLOAD)
    recent.remember(digest, CheckKind.CANADA, "Passed", 1)
    recent.window_min = 0
    assert len(recent) == 0
    recent.remember(digest, CheckKind.CANADA, "Passed", 1)
    assert recent.find(digest, CheckKind.CANADA) is None


def _store(tmp_path: Path, billable: int) -> UsageStore:
    store = UsageStore(tmp_path / "usage.sqlite3")
    for _ in range(billable):
        store.record(CheckRecord("signature", "Passed", True, 10, "1"))
    store.record(CheckRecord("canada", "Undefined", False, 10, "2"))
    return store


@pytest.mark.parametrize(
    ("billable", "quota", "mode", "expected"),
    [
        (2, 3, "warn", QuotaDecision.OK),
        (3, 3, "warn", QuotaDecision.WARN),
        (3, 3, "block", QuotaDecision.BLOCK),
        (9, 0, "block", QuotaDecision.OK),
    ],
)
def test_the_quota_gate(
    tmp_path: Path, billable: int, quota: int, mode: str, expected: QuotaDecision
) -> None:
    with _store(tmp_path, billable) as store:
        gate = QuotaGate(store)
        assert gate.decision(quota, mode) is QuotaDecision.OK  # not read yet: never guessed
        assert gate.refresh() == billable
        assert gate.decision(quota, mode) is expected
        if expected is QuotaDecision.BLOCK:
            with pytest.raises(QuotaReachedError):
                gate.enforce(quota, mode)
        else:
            gate.enforce(quota, mode)


def test_repeats_are_counted_apart_from_checks(tmp_path: Path) -> None:
    with _store(tmp_path, 1) as store:
        store.record_repeat("signature")
        store.record_repeat("canada")
        assert store.repeats_today() == 2 and store.repeats_this_month() == 2
        assert store.row_count() == 2 and store.billable_this_month() == 1


def test_the_card_ledger_knows_this_customer_and_earlier_ones_within_the_window() -> None:
    clock = Clock()
    recent = RecentChecks(5, clock=clock, wall=lambda: NOON)
    ledger = CardLedger(recent)
    ledger.hold(PAYLOAD)
    assert ledger.prior(CheckKind.SIGNATURE) is None
    ledger.answer(CheckKind.SIGNATURE, "Passed", 7, billable=True)
    ledger.answer(CheckKind.DVS_PARSE, "Passed", None, billable=False)
    assert ledger.answered == {CheckKind.SIGNATURE, CheckKind.DVS_PARSE}
    mine = ledger.prior(CheckKind.SIGNATURE)
    assert mine is not None and mine.same_customer
    ledger.forget()
    ledger.hold(PAYLOAD)  # the next customer, same card
    earlier = ledger.earlier([CheckKind.DVS_PARSE, CheckKind.SIGNATURE])
    assert earlier is not None and not earlier.same_customer and earlier.request_log_id == 7
    assert ledger.prior(CheckKind.DVS_PARSE) is None  # not billed: not remembered
    clock.now += 5 * 60
    assert ledger.prior(CheckKind.SIGNATURE) is None
