"""The admin's compliance record tab: a range of days exported as CSV and JSON in a worker from
a real record, the save dialog kept inside its folder, the full-disk message, in the settings
dialog behind the PIN."""

from __future__ import annotations

import csv
import json
from collections.abc import Iterator
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QDate, QTimer
from PySide6.QtWidgets import QApplication, QFileDialog, QWidget

from kiosk_app.app.admin import AdminServices
from kiosk_app.config import Settings
from kiosk_app.storage.compliance import (
    COLUMNS,
    DB_FILE_NAME,
    ComplianceRecord,
    RecordRow,
    RecordStoreError,
)
from kiosk_app.ui.admin.export_dialog import ExportFileDialog
from kiosk_app.ui.admin.record_panel import RecordPanel, choose_record_path
from kiosk_app.ui.admin.settings_dialog import SettingsDialog, tab_titles
from tests.support.qt import OFFSCREEN_DIALOG_NOTE, TIMEOUT_MS

pytestmark = pytest.mark.qt_log_ignore(OFFSCREEN_DIALOG_NOTE)

TODAY = date(2026, 11, 2)


def _row(day: int, title: str = "passed") -> RecordRow:
    return RecordRow(
        "desk-1", "signature", title, title, "over", "valid", True, "77", 21,
        datetime(2026, 11, day, 10, 30, tzinfo=UTC),
    )  # fmt: skip


@pytest.fixture
def record(tmp_path: Path) -> Iterator[ComplianceRecord]:
    with ComplianceRecord(tmp_path / DB_FILE_NAME) as kept:
        for day in (1, 2, 2, 3):
            kept.add(_row(day, "failed" if day == 2 else "passed"))
        yield kept


class Chooser:
    """Answers the panel's file question with a path, and notes what it was asked."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.asked: list[tuple[str, str]] = []

    def __call__(self, parent: QWidget, fmt: str, name: str) -> Path | None:
        self.asked.append((fmt, name))
        return self.path


def _panel(qtbot: Any, record: ComplianceRecord, chooser: Chooser) -> RecordPanel:
    services = AdminServices(record=record)
    panel = RecordPanel(services, True, 90, choose_path=chooser, today=lambda: TODAY)
    qtbot.addWidget(panel)
    panel.show()
    return panel


def test_todays_rows_as_csv(qtbot: Any, record: ComplianceRecord, tmp_path: Path) -> None:
    chooser = Chooser(tmp_path / "out.csv")
    panel = _panel(qtbot, record, chooser)
    assert panel.days() == (TODAY, TODAY)
    with qtbot.waitSignal(panel.exported, timeout=TIMEOUT_MS) as sent:
        panel.csv_button.click()
    assert sent.args == [2]
    assert chooser.asked == [("csv", "compliance-2026-11-02-2026-11-02.csv")]
    with (tmp_path / "out.csv").open(encoding="utf-8", newline="") as source:
        rows = list(csv.DictReader(source))
    assert [(r["time_utc"][:10], r["title"]) for r in rows] == [("2026-11-02", "failed")] * 2
    assert tuple(rows[0]) == COLUMNS
    assert panel.status.text() == "Exported 2 checks."
    assert panel.csv_button.isEnabled()


def test_a_range_as_json(qtbot: Any, record: ComplianceRecord, tmp_path: Path) -> None:
    panel = _panel(qtbot, record, Chooser(tmp_path / "out.json"))
    panel.first.setDate(QDate(2026, 11, 1))
    panel.last.setDate(QDate(2026, 11, 3))
    with qtbot.waitSignal(panel.exported, timeout=TIMEOUT_MS):
        panel.json_button.click()
    document = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))
    assert [r["time_utc"][:10] for r in document["rows"]] == [
        "2026-11-01",
        "2026-11-02",
        "2026-11-02",
        "2026-11-03",
    ]


def test_a_range_ending_before_it_starts_asks_for_no_file(
    qtbot: Any, record: ComplianceRecord
) -> None:
    chooser = Chooser(None)
    panel = _panel(qtbot, record, chooser)
    panel.first.setDate(QDate(2026, 11, 3))
    panel.last.setDate(QDate(2026, 11, 1))
    panel.csv_button.click()
    assert chooser.asked == []
    assert panel.status.text() == "The last day is before the first day."


def test_an_export_that_cannot_be_written_says_so(
    qtbot: Any, record: ComplianceRecord, tmp_path: Path
) -> None:
    panel = _panel(qtbot, record, Chooser(tmp_path / "missing" / "out.csv"))
    panel.csv_button.click()
    qtbot.waitUntil(lambda: panel.status.text().startswith("Export failed:"), timeout=TIMEOUT_MS)
    assert "FileNotFoundError" in panel.status.text()
    assert panel.json_button.isEnabled()


def test_a_record_that_cannot_be_written_shows_the_rows_waiting(qtbot: Any, tmp_path: Path) -> None:
    (tmp_path / "blocked").write_text("a file where the folder should be", encoding="utf-8")
    record = ComplianceRecord(tmp_path / "blocked" / DB_FILE_NAME)
    for day in (1, 2):
        with pytest.raises(RecordStoreError):
            record.add(_row(day))
    panel = _panel(qtbot, record, Chooser(None))
    assert panel.problem.isVisible()
    assert "2 rows wait in memory" in panel.problem.text()


def test_the_save_dialog_stays_in_its_folder(qtbot: Any, tmp_path: Path) -> None:
    folder = tmp_path / "exports"
    (folder / "sub").mkdir(parents=True)
    (tmp_path / "elsewhere").mkdir()
    (folder / "link-out").symlink_to(tmp_path / "elsewhere")
    dialog = ExportFileDialog(folder, "r.csv", "csv", "Export", None)
    qtbot.addWidget(dialog)
    assert dialog.testOption(QFileDialog.Option.ReadOnly)
    assert dialog.testOption(QFileDialog.Option.DontUseNativeDialog)
    assert dialog.acceptMode() is QFileDialog.AcceptMode.AcceptSave
    assert [u.toLocalFile() for u in dialog.sidebarUrls()] == [str(folder)]
    assert all(Path(h) == folder for h in dialog.history())
    for outside in (
        tmp_path / "r.csv",
        folder / ".." / "r.csv",
        folder / "link-out" / "r.csv",
        Path("/etc/r.csv"),
    ):
        assert not dialog.allows(outside)
        dialog.selectFile(str(outside))
        dialog.accept()
        assert dialog.result() != QFileDialog.DialogCode.Accepted
        assert Path(dialog.directory().absolutePath()) == folder
    dialog.directoryEntered.emit(str(tmp_path))  # the dialog went up: back inside
    assert Path(dialog.directory().absolutePath()) == folder
    dialog.selectFile(str(folder / "sub" / "r.csv"))
    dialog.accept()
    assert dialog.result() == QFileDialog.DialogCode.Accepted
    assert dialog.chosen() == folder / "sub" / "r.csv"


def test_the_chooser_opens_the_dialog_in_the_export_folder(qtbot: Any, tmp_path: Path) -> None:
    seen: list[Path] = []

    def choose_in_the_dialog() -> None:
        dialogs = [w for w in QApplication.topLevelWidgets() if isinstance(w, ExportFileDialog)]
        visible = [d for d in dialogs if d.isVisible()]
        if not visible:
            QTimer.singleShot(50, choose_in_the_dialog)
            return
        dialog = visible[0]
        seen.append(dialog.folder)
        dialog.selectFile(str(dialog.folder / "today.json"))
        dialog.accept()

    parent = QWidget()
    qtbot.addWidget(parent)
    QTimer.singleShot(0, choose_in_the_dialog)
    folder = tmp_path / "Documents"
    chosen = choose_record_path(parent, "json", "x.json", folder)
    assert seen == [folder]
    assert chosen == folder / "today.json"


def test_the_tab_is_in_the_settings_behind_the_pin(qtbot: Any, record: ComplianceRecord) -> None:
    dialog = SettingsDialog(
        Settings(compliance_record=True, compliance_retention_days=30),
        AdminServices(record=record),
    )
    qtbot.addWidget(dialog)
    titles = [dialog.tabs.tabText(i) for i in range(dialog.tabs.count())]
    assert tab_titles()["record"] in titles
    assert dialog.record.state.text() == "The record is kept on this desk for 30 days."
    assert "compliance_record" in dialog.editors
    assert "compliance_retention_days" in dialog.editors
