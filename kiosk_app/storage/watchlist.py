"""The organisation's watchlist on disk: keyed hashes, a reason and dates, never a person.

A list file is JSON (``FORMAT``)::

    {"format": "kiosk-app-watchlist/1",
     "entries": [{"id": "wl-3f9a1c2b7d10", "key": "5c1e0a9b3d2f4e6a",
                  "document": "<64 hex>", "person": "<64 hex>",
                  "reason": "banned", "note": "", "added": "2026-11-02", "until": null,
                  "desk": "front-1"}],
     "removed": ["wl-0a1b2c3d4e5f"]}

``document`` is HMAC-SHA256 (the organisation key) of the issuing jurisdiction and the
document number, ``person`` of the normalised family name, first given name and date of birth
(so a re-issued card, with a new number, still matches); either may be null when the card
lacks its parts. ``key`` names the key the hashes were made with (:func:`key_id`, a hash of
the key that does not reveal it): entries under another key are never compared. ``note`` is
the admin's own words (at most ``MAX_NOTE_CHARS``), ``until`` the end date (the entry stops
applying on that day), ``desk`` the desk that added it. ``removed`` lists the ids a desk took
off the list (a shared entry it cannot delete itself); a fleet merge drops them everywhere.

Without the key a file is a list of random-looking numbers; with another key nothing matches.
No Qt, no network: the pure part (hashing, validation, merging) and the file I/O.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from kiosk_app.files import atomic_write_text, read_regular_file

FORMAT: Final = "kiosk-app-watchlist/1"
# The admin's own words on an entry.
MAX_NOTE_CHARS: Final = 60
# A key shorter than this can be guessed from a list file (names and birth dates are few).
MIN_KEY_CHARS: Final = 32
MAX_KEY_CHARS: Final = 4096
# A list file of 100,000 entries is about 30 MB; anything bigger is not a list file.
MAX_LIST_FILE_BYTES: Final = 32 * 1024 * 1024
ENTRY_ID_PREFIX: Final = "wl-"
ENTRY_ID_BYTES: Final = 6
KEY_ID_HEX: Final = 16
_KEY_ID_LABEL: Final = b"kiosk-app watchlist key id\n"
_DOCUMENT_LABEL: Final = b"kiosk-app watchlist document\x00"
_PERSON_LABEL: Final = b"kiosk-app watchlist person\x00"
_HEX64: Final = r"^[0-9a-f]{64}$"
_ENTRY_ID: Final = rf"^{ENTRY_ID_PREFIX}[0-9a-f]{{{2 * ENTRY_ID_BYTES}}}$"


class Reason(StrEnum):
    """Why a customer is on the list (the admin's note says more)."""

    BANNED = "banned"
    SUSPECTED_FRAUD = "suspected-fraud"
    VIP = "vip"
    OTHER = "other"


# Shown first when a customer is on the list for several reasons.
REASON_ORDER: Final = (Reason.BANNED, Reason.SUSPECTED_FRAUD, Reason.OTHER, Reason.VIP)


class WatchlistKeyError(ValueError):
    """The organisation key is not usable (too short, not text)."""


class WatchlistFileError(OSError):
    """A list file cannot be read or is not a list file (the reason, never its content)."""


@dataclass(frozen=True)
class CardIdentity:
    """The parts of the card held that an entry is made from (memory only, wiped with it)."""

    issuer: str = ""  # the issuing jurisdiction's code (e.g. "ON") or IIN
    number: str = ""
    family_name: str = ""
    given_name: str = ""
    birth: date | None = None

    def __repr__(self) -> str:  # never the values (logs, tracebacks)
        return "CardIdentity(…)"


@dataclass(frozen=True)
class Fingerprint:
    """The keyed hashes of one card under one key (hex; None: the card lacks the parts)."""

    key: str
    document: str | None
    person: str | None

    @property
    def usable(self) -> bool:
        """At least one hash to look up or store."""
        return self.document is not None or self.person is not None


@dataclass(frozen=True)
class Screening:
    """What the watchlist says of one card: its hashes (None: no key or nothing to hash) and
    the entries in force that match it, the most serious first."""

    fingerprint: Fingerprint | None
    hits: tuple[Entry, ...] = ()


def check_key(key: str) -> bytes:
    """The key's bytes; raises :class:`WatchlistKeyError` for a key that is not one."""
    text = key.strip()
    if len(text) < MIN_KEY_CHARS:
        raise WatchlistKeyError(f"the watchlist key must be at least {MIN_KEY_CHARS} characters")
    if len(text) > MAX_KEY_CHARS or not text.isprintable():
        raise WatchlistKeyError("the watchlist key is not a plausible value")
    return text.encode("utf-8")


def key_id(key: bytes) -> str:
    """A short name of the key (a hash of it: equal keys, equal names; reveals nothing)."""
    return hashlib.sha256(_KEY_ID_LABEL + key).hexdigest()[:KEY_ID_HEX]


def new_key() -> str:
    """A fresh organisation key (256 random bits, URL-safe text)."""
    return secrets.token_urlsafe(32)


def fold(text: str) -> str:
    """Letters and digits only, accents removed, case folded: "O'Brien-Smith" -> "obriensmith"."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed.casefold() if c.isalnum() and c.isascii())


def _first_word(text: str) -> str:
    words = text.replace(",", " ").split()
    return words[0] if words else ""


def fingerprint(key: bytes, identity: CardIdentity) -> Fingerprint:
    """The card's keyed hashes: issuer + document number, and family name + first given name +
    date of birth (the same person on a re-issued card gives the same second hash)."""
    issuer, number = fold(identity.issuer), fold(identity.number)
    document = None
    if issuer and number:
        message = _DOCUMENT_LABEL + f"{issuer}\x00{number}".encode()
        document = hmac.new(key, message, hashlib.sha256).hexdigest()
    family, given = fold(identity.family_name), fold(_first_word(identity.given_name))
    person = None
    if family and identity.birth is not None:
        message = _PERSON_LABEL + f"{family}\x00{given}\x00{identity.birth.isoformat()}".encode()
        person = hmac.new(key, message, hashlib.sha256).hexdigest()
    return Fingerprint(key_id(key), document, person)


def new_entry_id() -> str:
    """A random entry id (``wl-`` and 12 hex digits), for the admin to quote."""
    return ENTRY_ID_PREFIX + secrets.token_hex(ENTRY_ID_BYTES)


class Entry(BaseModel):
    """One entry: the hashes, why, since when and until when."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: Annotated[str, Field(pattern=_ENTRY_ID)]
    key: Annotated[str, Field(pattern=rf"^[0-9a-f]{{{KEY_ID_HEX}}}$")]
    document: Annotated[str, Field(pattern=_HEX64)] | None = None
    person: Annotated[str, Field(pattern=_HEX64)] | None = None
    reason: Reason
    note: Annotated[str, Field(max_length=MAX_NOTE_CHARS)] = ""
    added: date
    until: date | None = None
    desk: Annotated[str, Field(max_length=64)] = ""

    @field_validator("note", "desk")
    @classmethod
    def _plain_line(cls, value: str) -> str:
        if any(unicodedata.category(c).startswith("C") for c in value):
            raise ValueError("one line of plain text")
        return value.strip()

    def active(self, today: date) -> bool:
        """Still on the list today (the end date is the first day it no longer applies)."""
        return self.until is None or today < self.until

    def matches(self, found: Fingerprint) -> bool:
        """The same key, and the same document or the same person."""
        if self.key != found.key:
            return False
        same_document = self.document is not None and self.document == found.document
        return same_document or (self.person is not None and self.person == found.person)


class ListFile(BaseModel):
    """A whole list file (the fleet's shared one, or a desk's own)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    format: Literal["kiosk-app-watchlist/1"] = FORMAT
    entries: tuple[Entry, ...] = ()
    removed: tuple[Annotated[str, Field(pattern=_ENTRY_ID)], ...] = ()

    def to_json(self) -> str:
        """The file's text (sorted keys, one entry a line is left to the reader's tools)."""
        return json.dumps(self.model_dump(mode="json"), indent=1, sort_keys=True) + "\n"


def parse_list(raw: bytes) -> ListFile:
    """A list file's content, validated; raises :class:`WatchlistFileError` (never the text)."""
    try:
        document: Any = json.loads(raw.decode("utf-8"))
    except RecursionError:
        raise WatchlistFileError("the list file is nested too deep") from None
    except ValueError:
        raise WatchlistFileError("the list file is not JSON") from None
    try:
        return ListFile.model_validate(document)
    except ValidationError as exc:
        where = ", ".join(
            ".".join(str(p) for p in e.get("loc", ())) or "file" for e in exc.errors()[:3]
        )
        raise WatchlistFileError(f"the list file is not a watchlist ({where})") from None


def read_list(path: Path) -> ListFile:
    """The list at ``path`` (an empty list when there is no file)."""
    try:
        raw = read_regular_file(path, MAX_LIST_FILE_BYTES)
    except FileNotFoundError:
        return ListFile()
    except OSError as exc:
        raise WatchlistFileError(f"cannot read the list file ({type(exc).__name__})") from None
    if len(raw) > MAX_LIST_FILE_BYTES:
        raise WatchlistFileError("the list file is larger than any watchlist")
    return parse_list(raw)


def write_list(path: Path, content: ListFile, *, mode: int = 0o600) -> None:
    """Write a list file atomically (owner-only unless ``mode`` says otherwise)."""
    atomic_write_text(path, content.to_json(), mode=mode)


def merge(lists: Iterable[ListFile], today: date, keys: Iterable[str] | None = None) -> ListFile:
    """One list from many (the fleet's shared list and every desk's own): each entry once (by
    id), without the removed ids, the ended entries, and (``keys`` given) entries under other
    keys. The removals are kept, so a later merge of an old desk list does not bring one back."""
    wanted = None if keys is None else frozenset(keys)
    gathered = list(lists)
    removed = sorted({i for listed in gathered for i in listed.removed})
    gone = frozenset(removed)
    kept: dict[str, Entry] = {}
    for listed in gathered:
        for entry in listed.entries:
            if entry.id in gone or not entry.active(today):
                continue
            if wanted is not None and entry.key not in wanted:
                continue
            kept.setdefault(entry.id, entry)
    entries = sorted(kept.values(), key=lambda e: (e.added, e.id))
    return ListFile(entries=tuple(entries), removed=tuple(removed))


def most_serious(entries: Iterable[Entry]) -> list[Entry]:
    """``entries`` in the order the clerk is told them (banned first, VIP last; then newest)."""
    rank = {reason: i for i, reason in enumerate(REASON_ORDER)}
    return sorted(entries, key=lambda e: (rank[e.reason], -e.added.toordinal(), e.id))
