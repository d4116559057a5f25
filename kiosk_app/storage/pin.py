"""The admin PIN: a salted scrypt hash, constant-time checks, and a lock-out that grows.

Only the hash is stored (``admin_pin.json`` in :func:`kiosk_app.paths.config_dir`,
owner-only, written atomically), with its salt, the scrypt parameters and the lock-out state,
so a restart does not reset the count of wrong PINs. ``LOCK_AFTER_FAILURES`` wrong PINs in a
row lock the pad for ``FIRST_LOCK_S``; every further lock-out doubles it, up to
``MAX_LOCK_S``. A correct PIN resets all of it. While locked, no PIN is even checked.

No file means no PIN has been set yet (first start: the admin must choose one), unless the
store's :class:`PinMarker` remembers that a PIN was set on this desk before: then the file was
removed behind the kiosk's back and :meth:`PinStore.was_removed` says so (the pad stays shut
until IT resets the PIN). A file that cannot be read is *not* taken as "no PIN" (that would let
anyone set one): it raises :class:`PinFileError`, and IT deletes the file to start over (see
docs/configuration.md).

A wrong PIN whose failure cannot be written (read-only or full disk) counts as a lock-out, held
in memory (:meth:`PinStore.verify`): otherwise the count would never grow and a four-digit PIN
could be tried exhaustively.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import logging
import os
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any, Final, Protocol

from kiosk_app import paths
from kiosk_app.files import atomic_write_text, read_regular_file

PIN_FILE_NAME: Final = "admin_pin.json"
MIN_PIN_LENGTH: Final = 4
MAX_PIN_LENGTH: Final = 12
# The PIN file is a few hundred bytes; anything far bigger is not one (and is not read whole).
MAX_PIN_FILE_BYTES: Final = 64 * 1024
SALT_BYTES: Final = 16
HASH_BYTES: Final = 32

# scrypt cost: n=2**15, r=8 needs 32 MiB and takes roughly 0.1 s on a desk PC.
SCRYPT_N: Final = 2**15
SCRYPT_R: Final = 8
SCRYPT_P: Final = 1
# Refuse parameters from a tampered file that would make a check take minutes or gigabytes.
SCRYPT_MAX_N: Final = 2**20
SCRYPT_MAXMEM: Final = 256 * 1024 * 1024

LOCK_AFTER_FAILURES: Final = 5
FIRST_LOCK_S: Final = 30.0
LOCK_GROWTH: Final = 2.0
MAX_LOCK_S: Final = 3600.0

_log = logging.getLogger(__name__)


class PinError(Exception):
    """Base of the admin PIN errors."""


class PinFormatError(PinError):
    """A new PIN that is not 4 to 12 digits."""


class PinFileError(PinError):
    """The PIN file exists but cannot be read or is damaged; not treated as "no PIN"."""


class PinNotSetError(PinError):
    """A PIN was checked before one was set."""


class PinMarker(Protocol):
    """Remembers, outside the PIN file, that an admin PIN was ever set on this desk."""

    def was_set(self) -> bool:
        """True once a PIN was set (and when that cannot be known for sure)."""
        ...

    def record(self) -> None:
        """Remember that a PIN is set."""
        ...


@dataclass(frozen=True)
class ScryptParams:
    """scrypt cost parameters (stored with each hash, so they can be raised later)."""

    n: int = SCRYPT_N
    r: int = SCRYPT_R
    p: int = SCRYPT_P


@dataclass(frozen=True)
class PinCheck:
    """The result of one PIN attempt."""

    accepted: bool
    locked_for_s: float = 0.0  # > 0: locked now (this attempt was not checked, or caused it)
    attempts_left: int = LOCK_AFTER_FAILURES  # before the next lock-out
    unrecorded: bool = False  # the failure could not be written, so it locked the pad


@dataclass(frozen=True)
class _PinRecord:
    salt: str
    hash: str
    n: int
    r: int
    p: int
    failures: int = 0
    lockouts: int = 0
    locked_until: float = 0.0


def _lock_delay(lockouts: int) -> float:
    """The wait of the ``lockouts``-th lock-out in a row (30 s, doubling, at most an hour)."""
    return min(FIRST_LOCK_S * LOCK_GROWTH ** (lockouts - 1), MAX_LOCK_S)


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def hash_pin(pin: str, salt: bytes, params: ScryptParams) -> bytes:
    """The scrypt hash of ``pin``."""
    if params.n > SCRYPT_MAX_N:
        raise PinFileError("scrypt cost out of range")
    return hashlib.scrypt(
        pin.encode("utf-8"),
        salt=salt,
        n=params.n,
        r=params.r,
        p=params.p,
        maxmem=SCRYPT_MAXMEM,
        dklen=HASH_BYTES,
    )


def validate_new_pin(pin: str) -> None:
    """Raise :class:`PinFormatError` unless ``pin`` is 4 to 12 digits."""
    if not (pin.isascii() and pin.isdigit() and MIN_PIN_LENGTH <= len(pin) <= MAX_PIN_LENGTH):
        raise PinFormatError(f"the PIN must be {MIN_PIN_LENGTH} to {MAX_PIN_LENGTH} digits")


class PinStore:
    """The admin PIN file; ``clock`` (seconds, wall time) is injectable for the lock-out.

    ``marker`` (none: the file alone decides) remembers that a PIN was ever set, so a deleted
    file is not mistaken for a first start.
    """

    def __init__(
        self,
        path: Path | None = None,
        *,
        clock: Callable[[], float] = time.time,
        params: ScryptParams | None = None,
        marker: PinMarker | None = None,
    ) -> None:
        self.path = path or paths.config_dir() / PIN_FILE_NAME
        self._clock = clock
        self._params = params or ScryptParams()
        self._marker = marker
        # Lock-outs that could not be written to the file (read-only or full disk).
        self._held_until = 0.0
        self._held_lockouts = 0

    def now(self) -> float:
        """The store's clock (seconds, wall time): lock-out times are on this clock."""
        return self._clock()

    def is_set(self) -> bool:
        """Whether an admin PIN exists (``False`` on first start)."""
        return self.path.exists()

    def was_removed(self) -> bool:
        """True when there is no PIN file although a PIN was set on this desk before."""
        return not self.is_set() and self._marker is not None and self._marker.was_set()

    def set_pin(self, pin: str) -> None:
        """Store a new PIN (first start, or after the admin proved the old one)."""
        validate_new_pin(pin)
        salt = os.urandom(SALT_BYTES)
        digest = hash_pin(pin, salt, self._params)
        if self._marker is not None:  # first, so a file without its marker never exists
            self._marker.record()
        self._write(
            _PinRecord(_b64(salt), _b64(digest), self._params.n, self._params.r, self._params.p)
        )

    def lock_remaining_s(self) -> float:
        """Seconds until the pad unlocks (0 when not locked or no PIN is set)."""
        if not self.is_set():
            return 0.0
        locked_until = max(self._read().locked_until, self._held_until)
        return min(max(locked_until - self._clock(), 0.0), MAX_LOCK_S)

    def verify(self, pin: str) -> PinCheck:
        """Check ``pin`` in constant time, counting failures and locking after five."""
        record = self._read_existing()
        now = self._clock()
        if record.locked_until - now > MAX_LOCK_S:  # the clock went back: cap the wait
            record = replace(record, locked_until=now + MAX_LOCK_S)
            self._try_write(record)
        self._held_until = min(self._held_until, now + MAX_LOCK_S)
        locked_until = max(record.locked_until, self._held_until)
        if locked_until > now:
            return PinCheck(False, locked_until - now, LOCK_AFTER_FAILURES)
        params = ScryptParams(record.n, record.r, record.p)
        try:
            expected = base64.b64decode(record.hash, validate=True)
            candidate = hash_pin(pin, base64.b64decode(record.salt, validate=True), params)
        except (ValueError, OverflowError, MemoryError) as exc:
            raise PinFileError("admin PIN file is damaged") from exc
        if hmac.compare_digest(candidate, expected):
            self._held_lockouts = 0
            if record.failures or record.lockouts or record.locked_until:
                self._try_write(replace(record, failures=0, lockouts=0, locked_until=0.0))
            if self._marker is not None and not self._marker.was_set():
                self._marker.record()  # a PIN set before the marker existed
            return PinCheck(True)
        return self._count_failure(record, now)

    def _count_failure(self, record: _PinRecord, now: float) -> PinCheck:
        failures = record.failures + 1
        if failures < LOCK_AFTER_FAILURES:
            updated = replace(record, failures=failures)
            check = PinCheck(False, 0.0, LOCK_AFTER_FAILURES - failures)
        else:
            lockouts = max(record.lockouts, self._held_lockouts) + 1
            delay = _lock_delay(lockouts)
            updated = replace(record, failures=0, lockouts=lockouts, locked_until=now + delay)
            check = PinCheck(False, delay, LOCK_AFTER_FAILURES)
        if self._try_write(updated):
            return check
        # Not written, so a restart of the count would be free: this attempt locks the pad.
        self._held_lockouts = max(record.lockouts, self._held_lockouts) + 1
        delay = _lock_delay(self._held_lockouts)
        self._held_until = now + delay
        _log.warning("a wrong admin PIN could not be recorded; the pad is locked for %.0f s", delay)
        return PinCheck(False, delay, LOCK_AFTER_FAILURES, unrecorded=True)

    def _try_write(self, record: _PinRecord) -> bool:
        """Write ``record``; False (and a log line) when the file system refuses."""
        try:
            self._write(record)
        except OSError as exc:
            _log.error("admin PIN file cannot be written (%s)", type(exc).__name__)
            return False
        return True

    def _read_existing(self) -> _PinRecord:
        if not self.is_set():
            raise PinNotSetError("no admin PIN has been set")
        return self._read()

    def _read(self) -> _PinRecord:
        try:
            raw = read_regular_file(self.path, MAX_PIN_FILE_BYTES)
            if len(raw) > MAX_PIN_FILE_BYTES:
                raise ValueError("larger than any PIN file")
            data: Any = json.loads(raw.decode("utf-8"))
            record = _PinRecord(**data)
            ints = (record.n, record.r, record.p, record.failures, record.lockouts)
            if not all(isinstance(v, int) for v in ints):
                raise TypeError("non-integer field")
            float(record.locked_until)
        except (OSError, ValueError, TypeError) as exc:
            raise PinFileError("admin PIN file cannot be read") from exc
        return record

    def _write(self, record: _PinRecord) -> None:
        atomic_write_text(self.path, json.dumps(asdict(record)))
