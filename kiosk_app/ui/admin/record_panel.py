"""The admin's compliance record tab: export a range of days as CSV or JSON, behind the PIN.

The record holds no personal data (:mod:`kiosk_app.storage.compliance`). The file is chosen in
:class:`~kiosk_app.ui.admin.export_dialog.ExportFileDialog`, kept inside one folder. Writing
runs in a worker (:meth:`kiosk_app.app.admin.AdminServices.export_record`).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, date, datetime
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QDate, Signal
from PySide6.QtWidgets import (
    QDateEdit,
    QGridLayout,
    QHBoxLayout,
    QVBoxLayout,
    QWidget,
)

from kiosk_app.app.admin import AdminServices, describe_error
from kiosk_app.ui.admin.export_dialog import choose_export_path
from kiosk_app.ui.messages import translate_message
from kiosk_app.ui.widgets import big_button, label

translate = QCoreApplication.translate

# (the dialog's parent, the format, the suggested file name) -> the file to write, or None.
PathChooser = Callable[[QWidget, str, str], Path | None]


def choose_record_path(
    parent: QWidget, fmt: str, file_name: str, folder: Path | None = None
) -> Path | None:
    """Ask where to write the record, inside ``folder`` (default: the export folder)."""
    title = translate("RecordPanel", "Export the compliance record")
    return choose_export_path(parent, title, fmt, file_name, folder)


def _qdate(day: date) -> QDate:
    return QDate(day.year, day.month, day.day)


def _day(value: QDate) -> date:
    return date(value.year(), value.month(), value.day())


class RecordPanel(QWidget):
    """The compliance record tab: a range of days and the two exports."""

    exported = Signal(int)  # rows written

    def __init__(
        self,
        services: AdminServices,
        enabled: bool,
        retention_days: int,
        choose_path: PathChooser = choose_record_path,
        today: Callable[[], date] = lambda: datetime.now(UTC).date(),
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("RecordPanel")
        self._services = services
        self._choose_path = choose_path
        self.about = label("", "ScreenHint")
        self.state = label("", "Muted")
        self.problem = label("", "FieldError")
        self.problem.setObjectName("RecordProblem")
        self.problem.hide()
        self.first = QDateEdit(_qdate(today()))
        self.last = QDateEdit(_qdate(today()))
        for edit in (self.first, self.last):
            edit.setCalendarPopup(True)
            edit.setDisplayFormat("yyyy-MM-dd")
            edit.setMinimumHeight(44)
        self.first.setAccessibleName(self.tr("First day (UTC)"))
        self.last.setAccessibleName(self.tr("Last day (UTC)"))
        self.csv_button = big_button(self.tr("Export CSV…"))
        self.csv_button.clicked.connect(lambda: self.export("csv"))
        self.json_button = big_button(self.tr("Export JSON…"))
        self.json_button.clicked.connect(lambda: self.export("json"))
        self.status = label("", "Muted")
        self.status.setObjectName("RecordStatus")

        self.about.setText(
            self.tr(
                "One row per check: the time (UTC), this desk, the check, the banner shown "
                "(title and colour), the minimum-age and expiry outcomes, the request log id "
                "and whether it was billed. Never a name, a date of birth, a number or an "
                "address."
            )
        )
        self.show_state(enabled, retention_days)
        days = QGridLayout()
        days.addWidget(label(self.tr("First day (UTC)")), 0, 0)
        days.addWidget(self.first, 0, 1)
        days.addWidget(label(self.tr("Last day (UTC)")), 1, 0)
        days.addWidget(self.last, 1, 1)
        days.setColumnStretch(2, 1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.csv_button)
        buttons.addWidget(self.json_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.about)
        layout.addWidget(self.state)
        layout.addWidget(self.problem)
        layout.addLayout(days)
        layout.addLayout(buttons)
        layout.addWidget(self.status)
        layout.addStretch(1)
        self.show_problem()

    def show_state(self, enabled: bool, retention_days: int) -> None:
        """Say whether the record is kept, and for how long."""
        if enabled:
            text = self.tr("The record is kept on this desk for %1 days.").replace(
                "%1", str(retention_days)
            )
        else:
            text = self.tr(
                "The record is off (Kiosk tab). Rows kept earlier can still be exported."
            )
        self.state.setText(text)

    def show_problem(self) -> None:
        """The record's write problem (a full disk), if any."""
        problem = self._services.record.write_problem
        self.problem.setVisible(problem is not None)
        if problem is not None:
            self.problem.setText(
                self.tr(
                    "The compliance record cannot be written (is the disk full?). %1 rows wait "
                    "in memory and are written once there is room; checks go on."
                ).replace("%1", str(self._services.record.pending))
            )

    def days(self) -> tuple[date, date]:
        """The range chosen (first, last)."""
        return _day(self.first.date()), _day(self.last.date())

    def export(self, fmt: str) -> None:
        """Ask for a file, then write the range in a worker."""
        first, last = self.days()
        if last < first:
            self.status.setText(self.tr("The last day is before the first day."))
            return
        name = f"compliance-{first.isoformat()}-{last.isoformat()}.{fmt}"
        path = self._choose_path(self, fmt, name)
        if path is not None:
            self.export_to(path, fmt)

    def export_to(self, path: Path, fmt: str) -> None:
        """Write the range to ``path`` (in a worker)."""
        self.csv_button.setEnabled(False)
        self.json_button.setEnabled(False)
        self.status.setText(self.tr("Exporting…"))
        self._services.export_record(path, fmt, self.days(), self._done, self._failed)

    def _done(self, rows: object) -> None:
        self._ready()
        count = int(rows) if isinstance(rows, int) else 0
        self.status.setText(self.tr("Exported %1 checks.").replace("%1", str(count)))
        self.exported.emit(count)

    def _failed(self, error: BaseException) -> None:
        self._ready()
        self.status.setText(
            self.tr("Export failed: %1").replace("%1", translate_message(describe_error(error)))
        )

    def _ready(self) -> None:
        self.csv_button.setEnabled(True)
        self.json_button.setEnabled(True)
        self.show_problem()
