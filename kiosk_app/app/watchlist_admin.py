"""The admin watchlist screen's work, off the GUI thread: read the entries in force, add the
customer on screen, remove them or an entry by id.

The customer on screen is known only by the hashes the watchlist made of their card when it was
read (:attr:`kiosk_app.app.session.Session.watch`); nothing readable of them reaches the list.
The admin's note is refused when it holds anything read from the card.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any

from PySide6.QtCore import QObject

from kiosk_app.app.session import Session
from kiosk_app.app.workers import ErrorCallback, WorkerPool
from kiosk_app.flow.watchlist import ListedEntry, Watchlist, note_problem
from kiosk_app.storage.watchlist import Entry, Fingerprint, Reason
from kiosk_app.text import QT_TRANSLATE_NOOP

NO_CARD = QT_TRANSLATE_NOOP("messages", "No card on screen: scan the customer's card first.")
NO_KEY = QT_TRANSLATE_NOOP(
    "messages",
    "This card could not be looked up: no watchlist key on this desk (provision the "
    "organisation's key), or the card lacks a name, birth date and number.",
)
CARD_ON_SCREEN = QT_TRANSLATE_NOOP("messages", "A card is on screen: it can be added.")
CARD_LISTED = QT_TRANSLATE_NOOP("messages", "The customer on screen is on the list.")


class WatchlistAdmin(QObject):
    """What the admin watchlist screen asks of the watchlist, each in a worker."""

    def __init__(
        self,
        watchlist: Watchlist,
        session: Session,
        pool: WorkerPool,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.watchlist = watchlist
        self._session = session
        self._pool = pool
        self._tickets: set[int] = set()

    def _submit(
        self,
        job: Callable[[], Any],
        on_result: Callable[[Any], None],
        on_error: ErrorCallback,
        name: str,
    ) -> int:
        ticket = self._pool.submit(job, on_result, on_error, name)
        self._tickets.add(ticket)
        return ticket

    def cancel(self) -> None:
        """Drop the answers still to come (the screen closed)."""
        for ticket in self._tickets:
            self._pool.cancel(ticket)
        self._tickets.clear()

    def present(self) -> Fingerprint | None:
        """The hashes of the customer on screen (None: no card, or it could not be hashed)."""
        watch = self._session.flow.watch
        return watch.fingerprint if watch is not None else None

    def present_status(self) -> str:
        """One sentence about the customer on screen (a marked sentence)."""
        if not self._session.has_scan:
            return NO_CARD
        watch = self._session.flow.watch
        if watch is None or watch.fingerprint is None:
            return NO_KEY
        return CARD_LISTED if watch.hits else CARD_ON_SCREEN

    def note_problem(self, note: str, reason: Reason) -> str | None:
        """Why the note cannot be kept (the card on screen's values are refused), or None."""
        scan = self._session.flow.scan
        return note_problem(note, reason, scan.element_values if scan else ())

    def load(self, on_result: Callable[[list[ListedEntry]], None], on_error: ErrorCallback) -> int:
        """Read the entries in force."""
        return self._submit(self.watchlist.listed, on_result, on_error, "watchlist-load")

    def add(
        self,
        reason: Reason,
        note: str,
        until: date | None,
        on_result: Callable[[Any], None],
        on_error: ErrorCallback,
    ) -> int | None:
        """Put the customer on screen on the list (None: no customer to add); their card read
        again then shows the banner."""
        watchlist, session = self.watchlist, self._session

        def added(entry: Entry) -> None:
            session.flow.note_listed(entry)
            on_result(entry)

        return self._for_present(
            lambda found: watchlist.add(found, reason, note, until), added, on_error
        )

    def remove_present(
        self, on_result: Callable[[list[str]], None], on_error: ErrorCallback
    ) -> int | None:
        """Take the customer on screen off the list (None: no customer)."""
        return self._for_present(self.watchlist.remove_matching, on_result, on_error)

    def _for_present(
        self,
        job: Callable[[Fingerprint], Any],
        on_result: Callable[[Any], None],
        on_error: ErrorCallback,
    ) -> int | None:
        """Run ``job`` on the hashes of the customer on screen (None: there are none)."""
        found = self.present()
        if found is None:
            return None
        return self._submit(lambda: job(found), on_result, on_error, "watchlist-present")

    def remove(
        self, entry_id: str, on_result: Callable[[bool], None], on_error: ErrorCallback
    ) -> int:
        """Take an entry off the list by its id."""
        watchlist = self.watchlist
        return self._submit(
            lambda: watchlist.remove(entry_id), on_result, on_error, "watchlist-remove-id"
        )
