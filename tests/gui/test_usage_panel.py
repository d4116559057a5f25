"""The admin usage panel: counts from a real UsageStore, the quota warning, the last 30 days,
and a CSV export (in a worker) holding no personal data after real checks."""

from __future__ import annotations

import csv
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QTimer
from PySide6.QtWidgets import QApplication, QFileDialog, QTableWidget, QWidget

from kiosk_app.app.admin import AdminServices
from kiosk_app.app.kiosk import KioskCore
from kiosk_app.flow.stages import Stage
from kiosk_app.simulator.known_pictures import defocused_png
from kiosk_app.simulator.samples import SAMPLES_BY_KEY
from kiosk_app.storage.usage import CSV_COLUMNS, CheckRecord, UsageStore
from kiosk_app.ui.admin.usage_panel import UsagePanel, choose_csv_path
from kiosk_app.ui.main_window import MainWindow
from tests.support.clock import FakeClock
from tests.support.gui import customer_values, make_backend, make_settings
from tests.support.qt import OFFSCREEN_DIALOG_NOTE, TIMEOUT_MS, run_sample, wait_stage

pytestmark = pytest.mark.qt_log_ignore(OFFSCREEN_DIALOG_NOTE)

NOW = datetime(2026, 3, 15, 12, 0, tzinfo=UTC)


def table_rows(table: QTableWidget) -> list[list[str]]:
    return [
        [table.item(r, c).text() for c in range(table.columnCount())]
        for r in range(table.rowCount())
    ]


@pytest.fixture
def store(tmp_path: Path) -> Any:
    usage = UsageStore(tmp_path / "usage.sqlite3", clock=lambda: NOW, local_tz=UTC)
    yield usage
    usage.close()


def record(
    store: UsageStore,
    service: str,
    verdict: str | None,
    billable: bool,
    when: datetime,
    error: str | None = None,
) -> None:
    store.record(CheckRecord(service, verdict, billable, 120, "log-1", error, when))


def make_panel(qtbot: Any, store: UsageStore, quota: int) -> UsagePanel:
    panel = UsagePanel(AdminServices(usage_store=store), quota=quota)
    qtbot.addWidget(panel)
    panel.show()
    with qtbot.waitSignal(panel.loaded, timeout=TIMEOUT_MS):
        panel.refresh()
    return panel


def test_counts_per_service_and_verdict_billable_totals_and_days(
    qtbot: Any, store: UsageStore
) -> None:
    for _ in range(3):
        record(store, "signature", "Passed", True, NOW - timedelta(hours=1))
    record(store, "signature", "Failed", True, NOW - timedelta(hours=2))
    record(store, "canada", None, False, NOW - timedelta(hours=3), error="ApiTimeoutError")
    record(store, "dvs-parse", "Passed", True, NOW - timedelta(days=2))  # this month, not today
    record(store, "canada", "Passed", True, NOW - timedelta(days=40))  # last month

    panel = make_panel(qtbot, store, quota=10)
    assert table_rows(panel.today_table) == [
        ["Canadian registry check", "Error (no answer)", "1", "0"],
        ["Signature check", "Failed", "1", "1"],
        ["Signature check", "Passed", "3", "3"],
        ["Total", "", "5", "4"],
    ]
    assert table_rows(panel.month_table)[-1] == ["Total", "", "6", "5"]
    days = table_rows(panel.days_table)
    assert len(days) == 30
    assert days[0] == ["2026-03-15", "5", "4"] and days[2] == ["2026-03-13", "1", "1"]
    assert "5 of 10 (5 left)" in panel.quota_label.text()
    assert panel.quota_warning.isHidden()

    panel.quota = 5  # at the quota: the warning shows
    with qtbot.waitSignal(panel.loaded, timeout=TIMEOUT_MS):
        panel.refresh()
    assert not panel.quota_warning.isHidden()
    assert "used up" in panel.quota_warning.text()

    panel.quota = 0  # no quota: no warning
    with qtbot.waitSignal(panel.loaded, timeout=TIMEOUT_MS):
        panel.refresh()
    assert "no monthly quota" in panel.quota_label.text() and panel.quota_warning.isHidden()


def test_checks_whose_outcome_is_unknown_show_apart_and_count_billable(
    qtbot: Any, store: UsageStore
) -> None:
    record(store, "signature", "Passed", True, NOW - timedelta(hours=1))
    record(store, "signature", None, False, NOW - timedelta(hours=1), error="ApiTimeoutError")
    store.begin("signature", NOW - timedelta(minutes=30))  # the kiosk stopped before the reply
    store.begin("signature", NOW - timedelta(minutes=20))
    panel = make_panel(qtbot, store, quota=3)
    results = {row[1]: row[2:] for row in table_rows(panel.today_table)}
    assert results == {
        "Outcome unknown (sent, counted billable)": ["2", "2"],
        "Error (no answer)": ["1", "0"],
        "Passed": ["1", "1"],
        "": ["4", "3"],  # the total
    }
    assert "3 of 3 (0 left)" in panel.quota_label.text()
    assert "used up" in panel.quota_warning.text()
    assert not panel.unknown_label.isHidden()
    assert panel.unknown_label.text() == (
        "2 checks this month were sent but their outcome is unknown (the kiosk stopped before "
        "the reply); they are counted as billable."
    )


# Each service's rows in the Result column: the checks by their verdict, the parses (the
# clerk's Parse only, and the legacy service: its Parse, or ParseImage for the picture
# fallback) by what was read, since a parse verifies nothing.
RESULT_TITLES = [
    ("signature", "Passed", True, "Signature check", "Passed"),
    ("canada", "Undefined", False, "Canadian registry check", "Could not verify"),
    ("dvs-parse", "Passed", True, "Parse only", "Read"),
    ("dvs-parse", "Failed", True, "Parse only", "Not read"),
    ("legacy-parse", "Passed", True, "Legacy parse", "Read"),
    ("legacy-parse", "Undefined", False, "Legacy parse", "Not read"),
    ("legacy-parse", None, False, "Legacy parse", "Error (no answer)"),
]


@pytest.mark.parametrize(("service", "verdict", "billable", "title", "result"), RESULT_TITLES)
def test_each_service_s_rows_are_named_and_counted(
    qtbot: Any,
    store: UsageStore,
    service: str,
    verdict: str | None,
    billable: bool,
    title: str,
    result: str,
) -> None:
    error = None if verdict else "ApiTimeoutError"
    for _ in range(2):
        record(store, service, verdict, billable, NOW - timedelta(hours=1), error=error)
    panel = make_panel(qtbot, store, quota=0)
    paid = "2" if billable else "0"
    assert table_rows(panel.today_table) == [[title, result, "2", paid], ["Total", "", "2", paid]]
    assert f"this month: {paid} (no monthly quota set)" in panel.quota_label.text()


# The picture fallback's service, what the Error screen leads to when it cannot read the
# picture either, and the Usage tab's rows after a known picture, an unknown one, and the known
# one again: ParseImage reports Success false (counted, not billed), the document verification
# answers with an error (PDF417Error: counted as an error, not billed).
PICTURE_READERS = [
    (
        "legacy-parse-image",
        Stage.RESULT,
        [["Legacy parse", "Read", "1", "1"], ["Legacy parse", "Not read", "1", "0"]],
    ),
    (
        "document-verification",
        Stage.ERROR,
        [["Parse only", "Error (no answer)", "1", "0"], ["Parse only", "Read", "1", "1"]],
    ),
]


@pytest.mark.parametrize(("fallback", "unread_stage", "rows"), PICTURE_READERS)
def test_the_service_reading_pictures_is_counted_billable_or_not(
    qtbot: Any, desk: Any, fallback: str, unread_stage: Stage, rows: list[list[str]]
) -> None:
    """Through the real kiosk and the simulator: each picture the service was sent is one
    row, named and billed as its answer says; the same picture again for the next customer
    is a repeat, not a check."""
    made = desk(picture_fallback=fallback)
    window = made.window
    known = defocused_png(SAMPLES_BY_KEY["dvs-parse"])
    unknown = defocused_png(SAMPLES_BY_KEY["signature-valid"])
    for picture, stage in ((known, Stage.RESULT), (unknown, unread_stage), (known, Stage.RESULT)):
        assert window.session.submit_image(picture)
        wait_stage(qtbot, window, Stage.ERROR)  # unreadable here
        assert window.session.read_by_service()
        wait_stage(qtbot, window, stage)
        window.session.wipe()
    assert made.rows() == 2

    panel = make_panel(qtbot, made.usage, quota=10)
    billed = sum(int(row[3]) for row in rows)
    assert table_rows(panel.today_table) == [*rows, ["Total", "", "2", str(billed)]]
    assert table_rows(panel.month_table) == table_rows(panel.today_table)
    assert f"{billed} of 10 ({10 - billed} left)" in panel.quota_label.text()
    assert panel.repeats_label.text() == (
        "Repeats not billed (same card, already checked): 1 today, 1 this month"
    )
    assert panel.unknown_label.isHidden()


def test_a_quota_nearly_used_warns(qtbot: Any, store: UsageStore) -> None:
    for _ in range(9):
        record(store, "signature", "Passed", True, NOW)
    panel = make_panel(qtbot, store, quota=10)
    assert "Close to the monthly quota" in panel.quota_warning.text()
    assert not panel.quota_warning.isHidden()


def test_csv_export_after_real_checks_holds_no_personal_data(
    qtbot: Any, simulator: Any, clock: FakeClock, tmp_path: Path
) -> None:
    usage = UsageStore(tmp_path / "usage.sqlite3")
    settings = make_settings(simulator.base_url)
    core = KioskCore(
        settings, make_backend(settings), samples=dict(SAMPLES_BY_KEY), clock=clock, usage=usage
    )
    window = MainWindow(core)
    keys = ["signature-valid", "dvs-parse", "canada-passed", "canada-flagged"]
    try:
        window.show()
        qtbot.waitExposed(window)
        core.start()
        for key in keys:
            run_sample(qtbot, window, key)
            window.session.wipe()

        panel = UsagePanel(AdminServices(usage_store=usage))
        qtbot.addWidget(panel)
        with qtbot.waitSignal(panel.loaded, timeout=TIMEOUT_MS):
            panel.refresh()
        assert table_rows(panel.today_table)[-1][2] == str(len(keys))
        target = tmp_path / "export" / "usage.csv"
        target.parent.mkdir()
        with qtbot.waitSignal(panel.exported, timeout=TIMEOUT_MS) as done:
            panel.export_to(target)
        assert done.args == [len(keys)]
        assert panel.status.text() == f"Exported {len(keys)} checks."
    finally:
        window.close()
        window.deleteLater()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        usage.close()

    text = target.read_text(encoding="utf-8")
    rows = list(csv.reader(text.splitlines()))
    assert tuple(rows[0]) == CSV_COLUMNS
    assert sorted(r[1] for r in rows[1:]) == ["canada", "canada", "dvs-parse", "signature"]
    lowered = text.lower()
    for key in keys:
        for value in customer_values(key):
            assert value.lower() not in lowered, f"{key}: personal value in the CSV"


def test_an_export_to_an_unwritable_place_says_so(
    qtbot: Any, store: UsageStore, tmp_path: Path
) -> None:
    panel = make_panel(qtbot, store, quota=0)
    panel.export_to(tmp_path / "missing-folder" / "usage.csv")
    qtbot.waitUntil(lambda: panel.status.text().startswith("Export failed"), timeout=TIMEOUT_MS)
    assert "FileNotFoundError" in panel.status.text()
    assert panel.export_button.isEnabled()


def test_repeats_not_billed_are_counted_today_and_this_month(qtbot: Any, store: UsageStore) -> None:
    store.record_repeat("signature", NOW - timedelta(hours=1))
    store.record_repeat("canada", NOW - timedelta(hours=2))
    store.record_repeat("signature", NOW - timedelta(days=3))  # this month, not today
    store.record_repeat("signature", NOW - timedelta(days=40))  # last month
    panel = make_panel(qtbot, store, quota=0)
    assert panel.repeats_label.text() == (
        "Repeats not billed (same card, already checked): 2 today, 3 this month"
    )
    assert store.row_count() == 0  # repeats are not checks


def test_the_export_dialog_is_read_only_and_saves_where_chosen(qtbot: Any, tmp_path: Path) -> None:
    """The real chooser: Qt's own dialog, read-only (no renaming, deleting or new folders
    through it, even for an admin who walks away), kept in the export folder (a file
    outside it is refused), still returns the chosen file."""
    seen: list[tuple[bool, QFileDialog.AcceptMode]] = []
    folder = tmp_path / "Documents"

    def choose_in_the_dialog() -> None:
        dialogs = [
            w
            for w in QApplication.topLevelWidgets()
            if isinstance(w, QFileDialog) and w.isVisible()
        ]
        if not dialogs:
            QTimer.singleShot(50, choose_in_the_dialog)
            return
        dialog = dialogs[0]
        seen.append((dialog.testOption(QFileDialog.Option.ReadOnly), dialog.acceptMode()))
        dialog.selectFile(str(tmp_path / "outside.csv"))
        dialog.accept()  # refused: outside the export folder
        dialog.selectFile(str(folder / "march.csv"))
        dialog.accept()

    parent = QWidget()
    qtbot.addWidget(parent)
    QTimer.singleShot(0, choose_in_the_dialog)
    assert choose_csv_path(parent, folder) == folder / "march.csv"
    assert seen == [(True, QFileDialog.AcceptMode.AcceptSave)]


def test_figures_that_come_after_the_panel_is_gone_are_dropped(
    qtbot: Any, store: UsageStore
) -> None:
    services = AdminServices(usage_store=store)
    panel = UsagePanel(services, quota=0)
    panel.refresh()  # the figures are read in a worker...
    panel.deleteLater()  # ...while the admin closes the screen
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    # The result is delivered now, to nothing: pytest-qt fails the test on any exception.
    qtbot.waitUntil(services.pool.is_idle, timeout=TIMEOUT_MS)
    services.shutdown()
