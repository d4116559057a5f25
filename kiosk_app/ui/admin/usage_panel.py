"""The admin usage panel: checks per service and verdict, billable totals, the monthly quota,
the last 30 days and a CSV export. Counts only: the usage store holds no personal data.

Reading the store and writing the CSV run in workers (:class:`kiosk_app.app.admin.AdminServices`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import shiboken6
from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from kiosk_app.app.admin import AdminServices, UsageSnapshot, describe_error
from kiosk_app.kinds import CheckKind, Verdict
from kiosk_app.storage.usage import CountRow, DayCounts
from kiosk_app.ui import theme
from kiosk_app.ui.admin.export_dialog import choose_export_path
from kiosk_app.ui.messages import translate_message
from kiosk_app.ui.touch import name_scroll_bars, touch_scroll
from kiosk_app.ui.widgets import big_button, label

PathChooser = Callable[[QWidget], Path | None]


def service_title(service: str) -> str:
    """The service's name for the admin."""
    titles = {
        "signature": QCoreApplication.translate("UsagePanel", "Signature check"),
        "dvs-parse": QCoreApplication.translate("UsagePanel", "Parse only"),
        "canada": QCoreApplication.translate("UsagePanel", "Canadian registry check"),
        "legacy-parse": QCoreApplication.translate("UsagePanel", "Legacy parse"),
    }
    return titles.get(service, service)


def verdict_title(verdict: str | None) -> str:
    """The verdict's name for the admin (``None``: the check ended in an error)."""
    titles = {
        "Passed": QCoreApplication.translate("UsagePanel", "Passed"),
        "Failed": QCoreApplication.translate("UsagePanel", "Failed"),
        "Flagged": QCoreApplication.translate("UsagePanel", "Flagged"),
        "Undefined": QCoreApplication.translate("UsagePanel", "Could not verify"),
    }
    if verdict is None:
        return QCoreApplication.translate("UsagePanel", "Error (no answer)")
    return titles.get(verdict, verdict)


# The services that only read a barcode (a picture's, for the picture fallback): what they
# answer is what was read, never a verification, so their rows say "Read" or "Not read".
PARSE_SERVICES = frozenset({CheckKind.DVS_PARSE.value, CheckKind.LEGACY_PARSE.value})


def parse_verdict_title(verdict: str | None) -> str:
    """A parse's result for the admin: read, not read, or the check's usual words."""
    if verdict == Verdict.PASSED:
        return QCoreApplication.translate("UsagePanel", "Read")
    if verdict in (Verdict.FAILED, Verdict.UNDEFINED):  # DVS: Failed; ParseImage: Undefined
        return QCoreApplication.translate("UsagePanel", "Not read")
    return verdict_title(verdict)


def choose_csv_path(parent: QWidget, folder: Path | None = None) -> Path | None:
    """Ask where to write the CSV, inside ``folder`` (default: the export folder)."""
    title = QCoreApplication.translate("UsagePanel", "Export usage counts")
    return choose_export_path(parent, title, "csv", "kiosk-usage.csv", folder)


def _table(headers: Sequence[str]) -> QTableWidget:
    table = touch_scroll(QTableWidget(0, len(headers)))
    table.setHorizontalHeaderLabels(list(headers))
    table.verticalHeader().setVisible(False)
    table.verticalHeader().setDefaultSectionSize(theme.MIN_TOUCH_PX)
    table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
    table.setMinimumHeight(140)
    return table


def _fill(table: QTableWidget, rows: Sequence[Sequence[str]]) -> None:
    table.setRowCount(len(rows))
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            table.setItem(r, c, QTableWidgetItem(text))


class UsagePanel(QWidget):
    """Shows a :class:`UsageSnapshot`; Refresh and Export CSV run in workers."""

    loaded = Signal()  # a snapshot is on screen
    exported = Signal(int)  # rows written

    def __init__(
        self,
        services: AdminServices,
        quota: int = 0,
        choose_path: PathChooser = choose_csv_path,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("UsagePanel")
        self._services = services
        self._choose_path = choose_path
        self.quota = quota
        self.snapshot: UsageSnapshot | None = None
        self.note = label("", "FieldError")
        self.note.hide()
        self.quota_label = label("", "ScreenHint")
        self.quota_warning = label("", "FieldError")
        self.quota_warning.hide()
        # Checks sent whose reply never came (the kiosk was stopped or killed first).
        self.unknown_label = label("", "FieldError")
        self.unknown_label.setObjectName("UnknownOutcomes")
        self.unknown_label.hide()
        self.repeats_label = label("", "ScreenHint")
        self.repeats_label.setObjectName("RepeatsLabel")
        self.status = label("", "Muted")
        counts = [self.tr("Service"), self.tr("Result"), self.tr("Checks"), self.tr("Billable")]
        self.today_table = _table(counts)
        self.month_table = _table(counts)
        self.days_table = _table([self.tr("Day"), self.tr("Checks"), self.tr("Billable")])
        self.today_table.setAccessibleName(self.tr("Checks today"))
        self.month_table.setAccessibleName(self.tr("Checks this month"))
        self.days_table.setAccessibleName(self.tr("Checks in the last 30 days"))
        name_scroll_bars(self.today_table, self.tr("Scroll the checks of today"))
        name_scroll_bars(self.month_table, self.tr("Scroll the checks of this month"))
        name_scroll_bars(self.days_table, self.tr("Scroll the checks of the last 30 days"))
        self.refresh_button = big_button(self.tr("Refresh"))
        self.refresh_button.clicked.connect(self.refresh)
        self.export_button = big_button(self.tr("Export CSV…"))
        self.export_button.clicked.connect(self.export)

        layout = QVBoxLayout(self)
        layout.addWidget(self.note)
        layout.addWidget(self.quota_label)
        layout.addWidget(self.quota_warning)
        layout.addWidget(self.unknown_label)
        layout.addWidget(self.repeats_label)
        layout.addWidget(label(self.tr("Today"), "SectionTitle"))
        layout.addWidget(self.today_table)
        layout.addWidget(label(self.tr("This month"), "SectionTitle"))
        layout.addWidget(self.month_table)
        layout.addWidget(label(self.tr("Last 30 days"), "SectionTitle"))
        layout.addWidget(self.days_table, 1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.refresh_button)
        buttons.addWidget(self.export_button)
        buttons.addStretch(1)
        layout.addLayout(buttons)
        layout.addWidget(self.status)

    def refresh(self) -> None:
        """Read the figures again (in a worker)."""
        self.refresh_button.setEnabled(False)
        self.status.setText(self.tr("Reading the usage counts…"))
        self._services.load_usage(self.quota, self._show, self._failed)

    def export(self) -> None:
        """Export CSV…: ask for a file, then write it in a worker."""
        path = self._choose_path(self)
        if path is not None:
            self.export_to(path)

    def export_to(self, path: Path) -> None:
        """Write every counted check to ``path`` (in a worker)."""
        self.export_button.setEnabled(False)
        self.status.setText(self.tr("Exporting…"))
        self._services.export_usage(path, self._export_done, self._export_failed)

    # --- results -----------------------------------------------------------------------------

    # Each result may come after the admin closed the screen (its widgets deleted with it):
    # then there is nothing to show it on.

    def _show(self, result: object) -> None:
        if not shiboken6.isValid(self):
            return
        self.refresh_button.setEnabled(True)
        if not isinstance(result, UsageSnapshot):
            return
        self.snapshot = result
        self.status.setText("")
        self.note.setVisible(bool(result.note))
        self.note.setText(result.note or "")
        _fill(self.today_table, _count_rows(result.today))
        _fill(self.month_table, _count_rows(result.month))
        _fill(self.days_table, _day_rows(result.days))
        self._show_quota(result)
        unknown = sum(r.unknown for r in result.month)
        self.unknown_label.setText(
            self.tr(
                "%1 checks this month were sent but their outcome is unknown (the kiosk "
                "stopped before the reply); they are counted as billable."
            ).replace("%1", str(unknown))
        )
        self.unknown_label.setVisible(unknown > 0)
        self.repeats_label.setText(
            self.tr("Repeats not billed (same card, already checked): %1 today, %2 this month")
            .replace("%1", str(result.repeats_today))
            .replace("%2", str(result.repeats_month))
        )
        self.loaded.emit()

    def _show_quota(self, snapshot: UsageSnapshot) -> None:
        quota = snapshot.quota
        if quota.quota <= 0:
            self.quota_label.setText(
                self.tr("Billable checks this month: %1 (no monthly quota set)").replace(
                    "%1", str(quota.used)
                )
            )
        else:
            self.quota_label.setText(
                self.tr("Billable checks this month: %1 of %2 (%3 left)")
                .replace("%1", str(quota.used))
                .replace("%2", str(quota.quota))
                .replace("%3", str(quota.remaining))
            )
        if quota.exceeded:
            self.quota_warning.setText(self.tr("The monthly quota is used up."))
        elif quota.near:
            self.quota_warning.setText(self.tr("Close to the monthly quota."))
        self.quota_warning.setVisible(quota.near or quota.exceeded)

    def _failed(self, error: BaseException) -> None:
        if not shiboken6.isValid(self):
            return
        self.refresh_button.setEnabled(True)
        self.status.setText(
            self.tr("Usage counts unavailable: %1").replace(
                "%1", translate_message(describe_error(error))
            )
        )

    def _export_done(self, rows: object) -> None:
        if not shiboken6.isValid(self):
            return
        self.export_button.setEnabled(True)
        count = int(rows) if isinstance(rows, int) else 0
        self.status.setText(self.tr("Exported %1 checks.").replace("%1", str(count)))
        self.exported.emit(count)

    def _export_failed(self, error: BaseException) -> None:
        if not shiboken6.isValid(self):
            return
        self.export_button.setEnabled(True)
        self.status.setText(
            self.tr("Export failed: %1").replace("%1", translate_message(describe_error(error)))
        )


def result_title(row: CountRow) -> str:
    """The Result column: the verdict, an error, or a check sent whose outcome is unknown."""
    if row.unknown:
        return QCoreApplication.translate("UsagePanel", "Outcome unknown (sent, counted billable)")
    if row.service in PARSE_SERVICES:
        return parse_verdict_title(row.verdict)
    return verdict_title(row.verdict)


def _count_rows(rows: Sequence[CountRow]) -> list[list[str]]:
    table = [
        [service_title(r.service), result_title(r), str(r.count), str(r.billable)] for r in rows
    ]
    if rows:
        total = QCoreApplication.translate("UsagePanel", "Total")
        table.append(
            [total, "", str(sum(r.count for r in rows)), str(sum(r.billable for r in rows))]
        )
    return table


def _day_rows(days: Sequence[DayCounts]) -> list[list[str]]:
    return [[d.day.isoformat(), str(d.total), str(d.billable)] for d in reversed(days)]
