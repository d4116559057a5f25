"""The organisation's watchlist: is the customer on it, and the admin's additions and removals.

:class:`Watchlist` reads two list files (:mod:`kiosk_app.storage.watchlist`): the fleet's shared
list beside the managed settings file (read-only; read again whenever it changes on disk) and
this desk's own list (the entries and removals made here, which the fleet playbook collects and
merges into the shared one). Both hold keyed hashes only; the key is the organisation's, from
the secrets store (:func:`kiosk_app.secrets.get_watchlist_key`). Without a key nothing is
looked up or added.

Every method may read or write a file: call them in a worker. The customer flow screens each
card read (:func:`screened_read`) in the read's own job, before any check can start; a match
stops the flow on the watchlist banner (:func:`alert_for`) until the clerk chooses to go on.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import date
from enum import StrEnum
from pathlib import Path
from typing import Any, Final

from kiosk_app import paths
from kiosk_app.barcode.issuer import Issuer
from kiosk_app.barcode.licence import LicenceRecord
from kiosk_app.flow.models import ScanData
from kiosk_app.storage.watchlist import (
    MAX_NOTE_CHARS,
    CardIdentity,
    Entry,
    Fingerprint,
    ListFile,
    Reason,
    Screening,
    WatchlistFileError,
    WatchlistKeyError,
    check_key,
    fingerprint,
    fold,
    most_serious,
    new_entry_id,
    new_key,
    read_list,
    write_list,
)
from kiosk_app.text import QT_TRANSLATE_NOOP, Message

log = logging.getLogger(__name__)

# The words of each reason, and what the clerk does next (a test per row).
REASON_WORDS: Final[dict[Reason, str]] = {
    Reason.BANNED: QT_TRANSLATE_NOOP("messages", "banned"),
    Reason.SUSPECTED_FRAUD: QT_TRANSLATE_NOOP("messages", "suspected fraud"),
    Reason.VIP: QT_TRANSLATE_NOOP("messages", "VIP"),
    Reason.OTHER: QT_TRANSLATE_NOOP("messages", "flagged"),
}
NEXT_STEPS: Final[dict[Reason, str]] = {
    Reason.BANNED: QT_TRANSLATE_NOOP(
        "messages", "Do not serve this customer. Call your manager if they do not leave."
    ),
    Reason.SUSPECTED_FRAUD: QT_TRANSLATE_NOOP(
        "messages",
        "Do not accept this card. Call your manager before you hand it back.",
    ),
    Reason.VIP: QT_TRANSLATE_NOOP(
        "messages", "Welcome them as a VIP, then continue with the check."
    ),
    Reason.OTHER: QT_TRANSLATE_NOOP(
        "messages", "Read the note, then continue with the check or call your manager."
    ),
}
LISTED_WITH_NOTE = QT_TRANSLATE_NOOP("messages", "On your list: {reason} — {note}, added {added}")
LISTED = QT_TRANSLATE_NOOP("messages", "On your list: {reason}, added {added}")
LISTED_UNTIL = QT_TRANSLATE_NOOP("messages", "Entry {entry}, until {until}")
LISTED_NO_END = QT_TRANSLATE_NOOP("messages", "Entry {entry}, no end date")
NOT_CONTINUED = QT_TRANSLATE_NOOP(
    "messages", "This customer is on your list: choose Continue or New customer first."
)
NOTE_TOO_LONG = QT_TRANSLATE_NOOP("messages", "Write at most 60 characters.")
NOTE_FROM_CARD = QT_TRANSLATE_NOOP(
    "messages", "Write your own words: the note may not hold anything from the card."
)
NOTE_NEEDED = QT_TRANSLATE_NOOP("messages", "Write the reason (at most 60 characters).")
END_IN_PAST = QT_TRANSLATE_NOOP("messages", "The end date must be after today.")
# A card value shorter than this ("M", "5", "ON") may well be in any note by chance.
MIN_CARD_VALUE_IN_NOTE: Final = 4


class ListSource(StrEnum):
    """Where an entry is kept."""

    SHARED = "shared"  # the fleet's list (read-only on the desk)
    DESK = "desk"  # this desk's own list


@dataclass(frozen=True)
class ListedEntry:
    """An entry in force, and where it is kept."""

    entry: Entry
    source: ListSource


@dataclass(frozen=True)
class WatchAlert:
    """The banner shown before any check (untranslated: the UI translates)."""

    title: str  # a Message
    next_step: str  # a marked sentence
    detail: str  # a Message: the entry id and its end
    reason: Reason
    more: int = 0  # further entries matching the same customer


def alert_for(hits: tuple[Entry, ...]) -> WatchAlert:
    """The banner for a match (the most serious entry first)."""
    entry = hits[0]
    reason = Message(REASON_WORDS[entry.reason])
    added = entry.added.isoformat()
    title = (
        Message(LISTED_WITH_NOTE, reason=reason, note=entry.note, added=added)
        if entry.note
        else Message(LISTED, reason=reason, added=added)
    )
    detail = (
        Message(LISTED_UNTIL, entry=entry.id, until=entry.until.isoformat())
        if entry.until is not None
        else Message(LISTED_NO_END, entry=entry.id)
    )
    return WatchAlert(title, NEXT_STEPS[entry.reason], detail, entry.reason, len(hits) - 1)


def identity_of(record: LicenceRecord, issuer: Issuer | None) -> CardIdentity:
    """What a card's entry is made from: issuer, number, family and first name, birth date."""
    jurisdiction = (issuer.jurisdiction if issuer else None) or record.jurisdiction
    return CardIdentity(
        issuer=jurisdiction or record.iin or "",
        number=record.licence_number or "",
        family_name=record.last_name or "",
        given_name=record.first_name or "",
        birth=record.date_of_birth,
    )


def note_problem(note: str, reason: Reason, card_values: tuple[str, ...] = ()) -> str | None:
    """Why the admin's note cannot be kept (a marked sentence), or None.

    The note is the admin's words: at most ``MAX_NOTE_CHARS``, needed for "other", and never
    anything read from the card (a name, a number, a date the scanner typed into the box)."""
    text = note.strip()
    if len(text) > MAX_NOTE_CHARS:
        return NOTE_TOO_LONG
    if reason is Reason.OTHER and not text:
        return NOTE_NEEDED
    folded = fold(text)
    for value in card_values:
        part = fold(value)
        if len(part) >= MIN_CARD_VALUE_IN_NOTE and part in folded:
            return NOTE_FROM_CARD
    return None


def screened_read(read: Callable[[], ScanData], watchlist: Watchlist | None) -> ScanData:
    """In the read's worker: read the card, then look it up (no service call, never billed)."""
    scan = read()
    if watchlist is None or scan.identity is None:
        return scan
    return replace(scan, watch=watchlist.screen(scan.identity))


def demo_watchlist(desk_id: str) -> Watchlist:
    """The demo's watchlist: in memory, under a key drawn for this run (nothing on disk, and
    no sample customer ever reaches a real list)."""
    key = new_key()
    return Watchlist(key=lambda: key, shared=None, local=None, desk=desk_id)


_Signature = tuple[int, int, int]


class Watchlist:
    """The shared list and this desk's list; thread-safe, every call may do file I/O.

    ``key`` returns the organisation key (``""``: none); ``shared``/``local`` are the files
    (``local`` None keeps this desk's list in memory: the demo); ``today`` is the clock that
    ends entries; ``desk`` names the desk on its entries.
    """

    def __init__(
        self,
        *,
        key: Callable[[], str],
        shared: Path | None,
        local: Path | None,
        today: Callable[[], date] = date.today,
        desk: str = "",
    ) -> None:
        self._key = key
        self._shared = shared
        self._local = local
        self._today = today
        self.desk = desk
        self._lock = threading.Lock()
        self._cache: dict[Path, tuple[_Signature, ListFile]] = {}
        self._memory = ListFile()
        self.problems: dict[str, str] = {}  # file -> why it was left out (for the admin)

    @classmethod
    def from_settings(cls, desk_id: str, keyring_backend: Any = None) -> Watchlist:
        """The desk's watchlist: the key from the secrets store, the usual two files."""

        def key() -> str:
            # The keyring loads with the first card read (on a worker), not when the kiosk starts.
            from kiosk_app import secrets

            return secrets.get_watchlist_key(keyring_backend)

        return cls(
            key=key,
            shared=paths.shared_watchlist_file(),
            local=paths.desk_watchlist_file(),
            desk=desk_id,
        )

    # --- looking up --------------------------------------------------------------------------

    def fingerprint(self, identity: CardIdentity) -> Fingerprint | None:
        """The card's hashes under the organisation key (None: no usable key, or no parts)."""
        raw = self._key()
        if not raw:
            return None
        try:
            key = check_key(raw)
        except WatchlistKeyError as exc:
            self.problems["key"] = str(exc)
            return None
        found = fingerprint(key, identity)
        return found if found.usable else None

    def screen(self, identity: CardIdentity) -> Screening:
        """The card's hashes and the entries in force that match them."""
        found = self.fingerprint(identity)
        if found is None:
            return Screening(None)
        hits = [listed.entry for listed in self.listed() if listed.entry.matches(found)]
        return Screening(found, tuple(most_serious(hits)))

    def listed(self) -> list[ListedEntry]:
        """Every entry in force (not ended, not removed here), shared ones first."""
        with self._lock:
            today = self._today()
            try:
                desk = self._expire_locked(today)
            except WatchlistFileError:  # logged; the shared list still applies
                desk = ListFile()
            shared = self._read_shared_locked()
        gone = frozenset(desk.removed) | frozenset(shared.removed)  # here, or anywhere
        result: list[ListedEntry] = []
        seen: set[str] = set()
        for source, listed in ((ListSource.SHARED, shared), (ListSource.DESK, desk)):
            for entry in listed.entries:
                if entry.id in gone or entry.id in seen or not entry.active(today):
                    continue
                seen.add(entry.id)
                result.append(ListedEntry(entry, source))
        return result

    # --- changing this desk's list -----------------------------------------------------------

    def add(self, found: Fingerprint, reason: Reason, note: str, until: date | None) -> Entry:
        """Put the customer of ``found`` on the list (this desk's file); returns the entry."""
        today = self._today()
        if until is not None and until <= today:
            raise ValueError(END_IN_PAST)
        entry = Entry(
            id=new_entry_id(),
            key=found.key,
            document=found.document,
            person=found.person,
            reason=reason,
            note=note.strip(),
            added=today,
            until=until,
            desk=self.desk[:64],
        )
        with self._lock:
            desk = self._read_local_locked()
            self._write_local_locked(desk.model_copy(update={"entries": (*desk.entries, entry)}))
        log.info("watchlist: entry %s added (%s)", entry.id, entry.reason.value)
        return entry

    def remove(self, entry_id: str) -> bool:
        """Take an entry off the list by its id: deleted from this desk's list, or (a shared
        entry) noted as removed for the fleet merge. False when no such entry is in force."""
        entry_id = entry_id.strip().lower()
        listed = {item.entry.id: item for item in self.listed()}
        if entry_id not in listed:
            return False
        with self._lock:
            desk = self._read_local_locked()
            entries = tuple(e for e in desk.entries if e.id != entry_id)
            removed = desk.removed
            if listed[entry_id].source is ListSource.SHARED and entry_id not in removed:
                removed = (*removed, entry_id)
            self._write_local_locked(
                desk.model_copy(update={"entries": entries, "removed": removed})
            )
        log.info("watchlist: entry %s removed", entry_id)
        return True

    def remove_matching(self, found: Fingerprint) -> list[str]:
        """Take the customer of ``found`` off the list (every entry matching them)."""
        ids = [item.entry.id for item in self.listed() if item.entry.matches(found)]
        return [entry_id for entry_id in ids if self.remove(entry_id)]

    # --- files -------------------------------------------------------------------------------

    def _expire_locked(self, today: date) -> ListFile:
        """This desk's list without its ended entries (rewritten when one ended)."""
        desk = self._read_local_locked()
        ended = [e.id for e in desk.entries if not e.active(today)]
        if not ended:
            return desk
        kept = tuple(e for e in desk.entries if e.active(today))
        desk = desk.model_copy(update={"entries": kept})
        try:
            self._write_local_locked(desk)
        except OSError as exc:
            log.warning("watchlist: ended entries not removed (%s)", type(exc).__name__)
        log.info("watchlist: %d ended entries removed", len(ended))
        return desk

    def _read_shared_locked(self) -> ListFile:
        if self._shared is None:
            return ListFile()
        try:
            return self._read_cached_locked(self._shared)
        except WatchlistFileError as exc:
            if self.problems.get("shared") != str(exc):
                log.warning("watchlist: shared list %s left out: %s", self._shared, exc)
            self.problems["shared"] = str(exc)
            return ListFile()

    def _read_local_locked(self) -> ListFile:
        if self._local is None:
            return self._memory
        try:
            return self._read_cached_locked(self._local)
        except WatchlistFileError as exc:
            # Never overwritten: a damaged desk list is the admin's to look at.
            if self.problems.get("desk") != str(exc):
                log.warning("watchlist: desk list %s left out: %s", self._local, exc)
            self.problems["desk"] = str(exc)
            raise

    def _read_cached_locked(self, path: Path) -> ListFile:
        """The file as last read, or read again when it changed (or appeared, or went)."""
        try:
            info = os.stat(path)
            signature: _Signature = (info.st_mtime_ns, info.st_size, info.st_ino)
        except FileNotFoundError:
            self._cache.pop(path, None)
            return ListFile()
        except OSError as exc:
            raise WatchlistFileError(f"cannot read the list file ({type(exc).__name__})") from None
        cached = self._cache.get(path)
        if cached is not None and cached[0] == signature:
            return cached[1]
        content = read_list(path)
        self._cache[path] = (signature, content)
        for name in ("shared", "desk"):
            if (self._shared if name == "shared" else self._local) == path:
                self.problems.pop(name, None)
        return content

    def _write_local_locked(self, content: ListFile) -> None:
        if self._local is None:
            self._memory = content
            return
        write_list(self._local, content)
        self._cache.pop(self._local, None)
