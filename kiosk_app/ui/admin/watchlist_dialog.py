"""The admin Watchlist screen (behind the PIN, from the admin settings).

* **The customer on screen**: add them to the organisation's list with a reason (banned,
  suspected fraud, VIP, or other, with the admin's own words: at most 60 characters, never
  anything from the card) and an optional end date; or take them off it.
* **Entries in force**: every entry of the fleet's shared list and of this desk's list, by id,
  reason, note, dates and where it is kept; the selected one can be removed.

Nothing readable of a customer is shown or kept here: the list holds keyed hashes only. Every
read and write runs in the admin pool (:class:`kiosk_app.app.watchlist_admin.WatchlistAdmin`).
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any, Final

from PySide6.QtCore import QCoreApplication, QDate, QEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDateEdit,
    QDialog,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from kiosk_app.app.admin import describe_error
from kiosk_app.app.watchlist_admin import WatchlistAdmin
from kiosk_app.flow.watchlist import END_IN_PAST, REASON_WORDS, ListedEntry
from kiosk_app.storage.watchlist import MAX_NOTE_CHARS, Entry, Reason
from kiosk_app.ui.messages import translate_message
from kiosk_app.ui.theme import MIN_TOUCH_PX
from kiosk_app.ui.touch import name_scroll_bars, touch_combo, touch_scroll
from kiosk_app.ui.widgets import big_button, is_language_change, label, set_button_text

translate = QCoreApplication.translate
COLUMNS: Final = 6
DEFAULT_END_DAYS: Final = 90


def source_words() -> dict[str, str]:
    """Where an entry is kept, in the interface language."""
    return {
        "shared": translate("Watchlist", "fleet list"),
        "desk": translate("Watchlist", "this desk"),
    }


def column_titles() -> list[str]:
    """The entries table's column titles."""
    return [
        translate("Watchlist", "Entry"),
        translate("Watchlist", "Reason"),
        translate("Watchlist", "Note"),
        translate("Watchlist", "Added"),
        translate("Watchlist", "Ends"),
        translate("Watchlist", "Kept in"),
    ]


class WatchlistDialog(QDialog):
    """Add or remove the customer on screen; see and remove the entries in force."""

    def __init__(self, admin: WatchlistAdmin, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("WatchlistDialog")
        self.setModal(True)
        self.admin = admin
        self.entries: list[ListedEntry] = []
        self.present = label("", "Notice")
        self.reason = touch_combo(QComboBox())
        for reason in Reason:
            self.reason.addItem("", reason.value)
        self.note = QLineEdit()
        self.note.setMaxLength(MAX_NOTE_CHARS)
        self.ends = QCheckBox()
        self.ends.setMinimumHeight(MIN_TOUCH_PX)  # a finger's height, the words included
        self.end_date = QDateEdit()
        self.end_date.setMinimumHeight(MIN_TOUCH_PX)
        self.end_date.setCalendarPopup(True)
        self.end_date.setDisplayFormat("yyyy-MM-dd")
        tomorrow = date.today() + timedelta(days=1)
        self.end_date.setMinimumDate(QDate(tomorrow.year, tomorrow.month, tomorrow.day))
        later = date.today() + timedelta(days=DEFAULT_END_DAYS)
        self.end_date.setDate(QDate(later.year, later.month, later.day))
        self.end_date.setEnabled(False)
        self.ends.toggled.connect(self.end_date.setEnabled)
        self.add_button = big_button("", "Primary")
        self.add_button.clicked.connect(self.add_present)
        self.remove_present_button = big_button("", "Danger")
        self.remove_present_button.clicked.connect(self.remove_present)
        self.table = touch_scroll(QTableWidget(0, COLUMNS))
        self.table.verticalHeader().setDefaultSectionSize(MIN_TOUCH_PX)  # finger-high rows
        self.table.verticalHeader().setVisible(False)  # no row numbers, no tiny corner button
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.remove_button = big_button("")
        self.remove_button.clicked.connect(self.remove_selected)
        self.status = label("", "Muted", selectable=True)
        self.close_button = big_button("")
        self.close_button.clicked.connect(self.reject)

        self.reason_title, self.note_title = label(""), label("")
        form = QGridLayout()
        form.addWidget(self.reason_title, 0, 0)
        form.addWidget(self.reason, 0, 1)
        form.addWidget(self.note_title, 1, 0)
        form.addWidget(self.note, 1, 1)
        form.addWidget(self.ends, 2, 0)
        form.addWidget(self.end_date, 2, 1)
        present_buttons = QHBoxLayout()
        present_buttons.addWidget(self.add_button)
        present_buttons.addWidget(self.remove_present_button)
        present_buttons.addStretch(1)
        self.present_title, self.entries_title = (
            label("", "SectionTitle"),
            label("", "SectionTitle"),
        )
        bottom = QHBoxLayout()
        bottom.addWidget(self.remove_button)
        bottom.addStretch(1)
        bottom.addWidget(self.close_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.present_title)
        layout.addWidget(self.present)
        layout.addLayout(form)
        layout.addLayout(present_buttons)
        layout.addWidget(self.entries_title)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.status)
        layout.addLayout(bottom)
        self.retranslate()
        self.refresh()

    # --- text --------------------------------------------------------------------------------

    def retranslate(self) -> None:
        """Set the texts in the interface language."""
        self.setWindowTitle(translate("Watchlist", "Watchlist"))
        self.present_title.setText(translate("Watchlist", "The customer on screen"))
        self.entries_title.setText(translate("Watchlist", "Entries in force"))
        self.reason_title.setText(translate("Watchlist", "Reason"))
        self.note_title.setText(translate("Watchlist", "Note (your own words)"))
        self.note.setPlaceholderText(
            translate("Watchlist", "At most 60 characters; nothing from the card")
        )
        self.ends.setText(translate("Watchlist", "Ends on"))
        for index, reason in enumerate(Reason):
            self.reason.setItemText(index, translate_message(REASON_WORDS[reason]))
        set_button_text(self.add_button, translate("Watchlist", "Add to the list"))
        set_button_text(self.remove_present_button, translate("Watchlist", "Take off the list"))
        set_button_text(self.remove_button, translate("Watchlist", "Remove the selected entry"))
        set_button_text(self.close_button, translate("Watchlist", "Close"))
        self.table.setHorizontalHeaderLabels(column_titles())
        name_scroll_bars(self.table, translate("Watchlist", "Scroll the entries in force"))
        self.present.setText(translate_message(self.admin.present_status()))
        self._fill(self.entries)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """Follow a change of the interface language."""
        if is_language_change(event):
            self.retranslate()
        super().changeEvent(event)

    # --- actions -----------------------------------------------------------------------------

    def refresh(self) -> None:
        """Read the entries in force again (in a worker)."""
        found = self.admin.present() is not None
        self.add_button.setEnabled(found)
        self.remove_present_button.setEnabled(found)
        self.present.setText(translate_message(self.admin.present_status()))
        self.admin.load(self._fill, self._failed)

    def chosen_reason(self) -> Reason:
        """The reason chosen in the list."""
        return Reason(self.reason.currentData())

    def add_present(self) -> None:
        """Put the customer on screen on the list with the reason, note and end chosen."""
        reason, note = self.chosen_reason(), self.note.text()
        problem = self.admin.note_problem(note, reason)
        if problem is not None:
            self.status.setText(translate_message(problem))
            return
        chosen = self.end_date.date()
        until = date(chosen.year(), chosen.month(), chosen.day()) if self.ends.isChecked() else None
        self.admin.add(reason, note, until, self._added, self._failed)

    def remove_present(self) -> None:
        """Take the customer on screen off the list (every entry of theirs)."""
        self.admin.remove_present(self._removed_present, self._failed)

    def remove_selected(self) -> None:
        """Take the selected entry off the list by its id."""
        rows = self.table.selectionModel().selectedRows()
        if not rows:
            self.status.setText(translate("Watchlist", "Select an entry first."))
            return
        entry_id = self.entries[rows[0].row()].entry.id
        self.admin.remove(entry_id, lambda done: self._removed_id(entry_id, done), self._failed)

    # --- answers -----------------------------------------------------------------------------

    def _fill(self, entries: list[ListedEntry]) -> None:
        self.entries = list(entries)
        self.table.setRowCount(len(self.entries))
        sources = source_words()
        for row, listed in enumerate(self.entries):
            for column, text in enumerate(self._cells(listed.entry)):
                self.table.setItem(row, column, QTableWidgetItem(text))
            self.table.setItem(row, COLUMNS - 1, QTableWidgetItem(sources[listed.source.value]))

    @staticmethod
    def _cells(entry: Entry) -> list[str]:
        return [
            entry.id,
            translate_message(REASON_WORDS[entry.reason]),
            entry.note,
            entry.added.isoformat(),
            entry.until.isoformat() if entry.until else "—",
        ]

    def _added(self, entry: Any) -> None:
        self.note.clear()
        self.status.setText(translate("Watchlist", "Added: entry %1.").replace("%1", str(entry.id)))
        self.refresh()

    def _removed_present(self, ids: list[str]) -> None:
        text = (
            translate("Watchlist", "Taken off the list: %1.").replace("%1", ", ".join(ids))
            if ids
            else translate("Watchlist", "The customer on screen is not on the list.")
        )
        self.status.setText(text)
        self.refresh()

    def _removed_id(self, entry_id: str, done: bool) -> None:
        self.status.setText(
            translate("Watchlist", "Removed: entry %1.").replace("%1", entry_id)
            if done
            else translate("Watchlist", "Entry %1 is no longer in force.").replace("%1", entry_id)
        )
        self.refresh()

    def _failed(self, error: BaseException) -> None:
        if isinstance(error, ValueError) and error.args == (END_IN_PAST,):
            self.status.setText(translate_message(END_IN_PAST))
            return
        self.status.setText(
            translate("Watchlist", "The list could not be changed: %1").replace(
                "%1", describe_error(error)
            )
        )

    def done(self, result: int) -> None:
        """Closed: forget what was shown."""
        self.table.setRowCount(0)
        self.entries = []
        self.note.clear()
        self.admin.cancel()  # an answer arriving after the close is dropped
        super().done(result)
