"""Never pay twice for the same card: the cross-customer memory and the monthly quota gate.

:class:`RecentChecks` remembers, for "Same card again within N minutes"
(``Settings.repeat_window_min``), which cards were checked: only an HMAC-SHA256 of the payload
under a key drawn at random when the process starts (so the digest cannot be matched against
any payload outside this process, and means nothing after a restart), the time, the check, the
verdict and the request log id. It lives in memory only, never on disk, and forgets an entry
once it is older than the window; a window of 0 keeps nothing.

"Keep the result" shows a card's stored result again (banner, reason, rows). Within one customer
the result itself is held until the wipe. Across customers the memory keeps it only **sealed**:
AES-GCM under a key derived from the card's own payload (HMAC of the process key), so the bytes
held say nothing without the card, and the same card read again is what opens them.

:class:`QuotaGate` holds this month's billable count, read from the usage store in workers
(before and after each check), so the GUI thread can tell the clerk before a billable check
runs without touching the disk; in "block" mode the worker checks again before sending.
:func:`kiosk_app.flow.metering.metered_check` is that check and the counting around the call,
shared by the window's worker and ``kiosk-app check``. When usage is not being counted (the
count cannot be read, a check could not be counted: a full disk) "block" mode blocks (fail
closed) and "warn" warns.
"""

from __future__ import annotations

import hashlib
import hmac
import pickle
import secrets
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum
from typing import Final

from kiosk_app.api.errors import InputRejectedError
from kiosk_app.flow.models import ResultView
from kiosk_app.flow.verdict_table import ShownVerdict
from kiosk_app.kinds import CheckKind
from kiosk_app.storage.usage import UsageStore, UsageStoreError
from kiosk_app.text import QT_TRANSLATE_NOOP

KEY_BYTES: Final = 32
SECONDS_PER_MINUTE: Final = 60
NONCE_BYTES: Final = 12
SEAL_LABEL: Final = b"kiosk-app stored result\x00"

QUOTA_BLOCKED = QT_TRANSLATE_NOOP(
    "messages",
    "This month's quota of billable checks is reached and the administrator has stopped "
    "further checks. Nothing was sent.",
)
QUOTA_WARNING = QT_TRANSLATE_NOOP(
    "messages",
    "This month's quota of billable checks is reached; this check is billed beyond it.",
)
COUNTING_BLOCKED = QT_TRANSLATE_NOOP(
    "messages",
    "Usage is not being counted (the kiosk cannot read or write its usage database; is the "
    "disk full?), and the administrator stops checks beyond this month's quota. Nothing was "
    "sent.",
)
COUNTING_WARNING = QT_TRANSLATE_NOOP(
    "messages",
    "Usage is not being counted (the kiosk cannot read or write its usage database; is the "
    "disk full?): this check is billed but this month's quota cannot be checked.",
)


def _wall_now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True)
class PriorCheck:
    """A check already run on this card: when, what it said, the request log id."""

    check: CheckKind
    when: datetime  # aware, UTC
    verdict: str
    request_log_id: int | None
    same_customer: bool  # True: this customer; False: an earlier one, within the window
    # The banner as the clerk saw it (title and colour), quoted by a repeat; None: unknown.
    shown: ShownVerdict | None = None


@dataclass(frozen=True)
class _Entry:
    at: float  # monotonic seconds
    prior: PriorCheck
    sealed: bytes = b""  # the result shown, sealed under the card's key (see seal_result)


def seal_result(key: bytes, view: ResultView, digest: bytes) -> bytes:
    """``view`` encrypted and authenticated under ``key`` (the card's), bound to ``digest``."""
    # cryptography is loaded with the first check's result, not when the kiosk starts.
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    nonce = secrets.token_bytes(NONCE_BYTES)
    return nonce + AESGCM(key).encrypt(nonce, pickle.dumps(view), digest)


def open_result(key: bytes, sealed: bytes, digest: bytes) -> ResultView | None:
    """The result :func:`seal_result` sealed, or None (another key, altered, nothing held)."""
    if len(sealed) <= NONCE_BYTES:
        return None
    from cryptography.exceptions import InvalidTag
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    try:
        plain = AESGCM(key).decrypt(sealed[:NONCE_BYTES], sealed[NONCE_BYTES:], digest)
    except InvalidTag:
        return None
    # Only bytes this process sealed pass the authentication above.
    view = pickle.loads(plain)  # noqa: S301
    return view if isinstance(view, ResultView) else None


class RecentChecks:
    """The keyed-hash memory of recent checks; thread-confined to the GUI thread."""

    def __init__(
        self,
        window_min: int = 5,
        clock: Callable[[], float] = time.monotonic,
        wall: Callable[[], datetime] = _wall_now,
    ) -> None:
        self._key = secrets.token_bytes(KEY_BYTES)
        self._clock = clock
        self._wall = wall
        self._entries: dict[tuple[bytes, CheckKind], _Entry] = {}
        self.window_min = window_min

    @property
    def window_min(self) -> int:
        """The window in minutes; 0 turns the memory off (and empties it)."""
        return self._window_min

    @window_min.setter
    def window_min(self, minutes: int) -> None:
        self._window_min = max(int(minutes), 0)
        self.prune()

    def wall_now(self) -> datetime:
        """The wall-clock time (UTC) the memory stamps entries with."""
        return self._wall()

    def digest(self, payload: bytes) -> bytes:
        """The keyed hash that stands for ``payload`` (the payload itself is never kept)."""
        return hmac.new(self._key, payload, hashlib.sha256).digest()

    def seal_key(self, payload: bytes) -> bytes:
        """The key a card's stored result is sealed under (derived from the card's payload)."""
        return hmac.new(self._key, SEAL_LABEL + payload, hashlib.sha256).digest()

    def sealed(self, digest: bytes, check: CheckKind) -> bytes:
        """The sealed result of this card's check within the window (empty: none)."""
        self.prune()
        entry = self._entries.get((digest, check))
        return entry.sealed if entry is not None else b""

    def remember(
        self,
        digest: bytes,
        check: CheckKind,
        verdict: str,
        request_log_id: int | None,
        shown: ShownVerdict | None = None,
        sealed: bytes = b"",
    ) -> None:
        """Note that the card of ``digest`` was checked now (``shown``: the banner it got;
        ``sealed``: the result, sealed under the card's key)."""
        if self._window_min == 0:
            return
        prior = PriorCheck(
            check, self._wall(), verdict, request_log_id, same_customer=False, shown=shown
        )
        self._entries[(digest, check)] = _Entry(self._clock(), prior, sealed)

    def find(self, digest: bytes, check: CheckKind) -> PriorCheck | None:
        """The check of this card within the window, if any."""
        self.prune()
        entry = self._entries.get((digest, check))
        return entry.prior if entry is not None else None

    def prune(self) -> None:
        """Forget every entry older than the window (all of them when it is 0)."""
        limit = self._window_min * SECONDS_PER_MINUTE
        now = self._clock()
        for key in [k for k, e in self._entries.items() if now - e.at >= limit]:
            del self._entries[key]

    def __len__(self) -> int:
        self.prune()
        return len(self._entries)

    def held(self) -> list[tuple[bytes, PriorCheck]]:
        """Everything held (for the privacy tests): digests and check facts only."""
        self.prune()
        return [(digest, e.prior) for (digest, _check), e in self._entries.items()]


class QuotaDecision(StrEnum):
    """What the monthly quota says about the next billable check."""

    OK = "ok"
    WARN = "warn"
    BLOCK = "block"
    # This month's count cannot be read (or a check cannot be counted): warn mode warns,
    # block mode blocks (fail closed).
    UNCOUNTED_WARN = "uncounted-warn"
    UNCOUNTED_BLOCK = "uncounted-block"

    @property
    def blocks(self) -> bool:
        """Nothing is sent."""
        return self in (QuotaDecision.BLOCK, QuotaDecision.UNCOUNTED_BLOCK)

    @property
    def notice(self) -> str | None:
        """What the clerk is told (the same sentence on the command line); None: nothing."""
        return _NOTICES.get(self)


_NOTICES: Final = {
    QuotaDecision.WARN: QUOTA_WARNING,
    QuotaDecision.BLOCK: QUOTA_BLOCKED,
    QuotaDecision.UNCOUNTED_WARN: COUNTING_WARNING,
    QuotaDecision.UNCOUNTED_BLOCK: COUNTING_BLOCKED,
}


class QuotaReachedError(InputRejectedError):
    """The monthly quota is reached and the administrator blocks further checks (not sent)."""

    default_message = QUOTA_BLOCKED


class CountingUnavailableError(QuotaReachedError):
    """Block mode, and the month's count cannot be read or this check cannot be counted:
    not sent (fail closed)."""

    default_message = COUNTING_BLOCKED


class QuotaGate:
    """This month's billable count, refreshed in workers; decisions on the GUI thread."""

    def __init__(self, usage: UsageStore | None) -> None:
        self._usage = usage
        self._lock = threading.Lock()
        self._used: int | None = None  # None: not read yet, or counting unavailable
        self._unreadable = False  # the last read failed (or there is no store)

    @property
    def used(self) -> int | None:
        """Billable checks this month as last read."""
        with self._lock:
            return self._used

    @property
    def unreadable(self) -> bool:
        """The count could not be read last time (or there is no usage store)."""
        with self._lock:
            return self._unreadable

    def _write_failed(self) -> bool:
        return self._usage is not None and self._usage.write_problem is not None

    def refresh(self) -> int | None:
        """Read the count from the store (blocking: call it in a worker)."""
        used: int | None = None
        if self._usage is not None:
            try:
                used = self._usage.billable_this_month()
            except UsageStoreError:
                used = None
        with self._lock:
            self._used = used
            self._unreadable = used is None
        return used

    def decision(self, quota: int, mode: str) -> QuotaDecision:
        """OK under the quota (or none set, or not read yet); warn or block at the quota, or
        when usage is not being counted (block mode fails closed)."""
        if quota <= 0:
            return QuotaDecision.OK
        block = mode == "block"
        # A check that cannot be written is refused by metering.metered_call itself in block
        # mode (it tries to write first), so a freed disk unblocks at the next check.
        if block and self.unreadable:
            return QuotaDecision.UNCOUNTED_BLOCK
        if not block and (self.unreadable or self._write_failed()):
            return QuotaDecision.UNCOUNTED_WARN
        used = self.used
        if used is None or used < quota:
            return QuotaDecision.OK
        return QuotaDecision.BLOCK if block else QuotaDecision.WARN

    def enforce(self, quota: int, mode: str) -> QuotaDecision:
        """In a worker, just before sending: read the count again; raise when blocked."""
        self.refresh()
        decision = self.decision(quota, mode)
        if decision is QuotaDecision.UNCOUNTED_BLOCK:
            raise CountingUnavailableError()
        if decision is QuotaDecision.BLOCK:
            raise QuotaReachedError()
        return decision


class CardLedger:
    """Never pay twice for the card held: the checks it had for this customer, and through
    :class:`RecentChecks` those of earlier customers within the window."""

    def __init__(self, recent: RecentChecks) -> None:
        self.recent = recent
        self._digest: bytes | None = None  # keyed hash of the held payload
        self._seal_key = b""  # the held card's key for sealed results
        self._done: dict[CheckKind, PriorCheck] = {}  # answered checks of the held card
        self._views: dict[CheckKind, ResultView] = {}  # their results, for "Keep the result"

    def hold(self, payload: bytes) -> None:
        """A new card is held (its checks so far: none)."""
        self._digest = self.recent.digest(payload)
        self._seal_key = self.recent.seal_key(payload)
        self._done = {}
        self._views = {}

    def forget(self) -> None:
        """No card held (the wipe)."""
        self._digest = None
        self._seal_key = b""
        self._done = {}
        self._views = {}

    def stored(self, kind: CheckKind) -> ResultView | None:
        """The result the held card's ``kind`` check showed: this customer's, or an earlier
        customer's within the window (opened with the card's own key)."""
        view = self._views.get(kind)
        if view is not None or self._digest is None:
            return view
        return open_result(self._seal_key, self.recent.sealed(self._digest, kind), self._digest)

    @property
    def answered(self) -> frozenset[CheckKind]:
        """The checks that answered for this customer."""
        return frozenset(self._done)

    def prior(self, kind: CheckKind) -> PriorCheck | None:
        """A ``kind`` check this card already had: this customer, or within the window."""
        done = self._done.get(kind)
        if done is not None or self._digest is None:
            return done
        return self.recent.find(self._digest, kind)

    def earlier(self, kinds: Sequence[CheckKind]) -> PriorCheck | None:
        """The first of ``kinds`` an earlier customer had within the window (not this one)."""
        if self._digest is None:
            return None
        for kind in kinds:
            found = self.recent.find(self._digest, kind) if kind not in self._done else None
            if found is not None:
                return found
        return None

    def answer(
        self,
        kind: CheckKind,
        verdict: str,
        request_log_id: int | None,
        billable: bool,
        shown: ShownVerdict | None = None,
        view: ResultView | None = None,
    ) -> None:
        """``kind`` answered: not run again by itself for this customer; and, when billed, not
        for the next customers within the window either (``shown``: the banner it got;
        ``view``: the result, kept for "Keep the result")."""
        if self._digest is None:
            return
        wall = self.recent.wall_now()
        self._done[kind] = PriorCheck(kind, wall, verdict, request_log_id, True, shown)
        if view is not None:
            self._views[kind] = view
        if billable:
            sealed = seal_result(self._seal_key, view, self._digest) if view else b""
            self.recent.remember(self._digest, kind, verdict, request_log_id, shown, sealed)
