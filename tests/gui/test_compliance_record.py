"""The compliance record in the real window: a full demo session (every sample, then every real
corpus card scanned) against the simulator with the record on; today's export lists every check
shown, and no file the kiosk wrote holds a name, a number or a date of birth."""

from __future__ import annotations

import csv
import io
import os
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt

from kiosk_app.barcode.aamva import parse_aamva
from kiosk_app.barcode.errors import BarcodeError
from kiosk_app.flow.compliance import export_days
from kiosk_app.flow.stages import Stage
from kiosk_app.simulator.samples import SAMPLES
from kiosk_app.storage.compliance import COLUMNS, DB_FILE_NAME
from kiosk_app.ui.main_window import MainWindow
from tests.support.gui import customer_values, date_spellings
from tests.support.qt import TIMEOUT_MS

SHORT_NUMBER = 7  # a bare number shorter than this (a postal code) may occur by chance


def _settled(window: MainWindow) -> bool:
    return (
        window.current_stage() in (Stage.RESULT, Stage.ERROR, Stage.READY)
        and window.core.pool.is_idle()
        and not window.result.filling
    )


def _run_sample(qtbot: Any, window: MainWindow, key: str, canada: bool) -> None:
    assert window.session.try_sample(key)
    if canada:
        qtbot.waitUntil(lambda: window.current_stage() is Stage.CANADA_FORM, timeout=TIMEOUT_MS)
        qtbot.mouseClick(window.canada_form.submit_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.current_stage() is not Stage.CANADA_FORM, timeout=TIMEOUT_MS)
    qtbot.waitUntil(lambda: _settled(window), timeout=TIMEOUT_MS)


def _card_values(payload: bytes) -> list[str]:
    try:
        record = parse_aamva(payload)
    except BarcodeError:
        return []
    values = [
        str(text)
        for text in (
            record.first_name,
            record.last_name,
            record.middle_name,
            record.licence_number,
            record.address1,
            record.postal_code,
        )
        if text and len(str(text)) >= 3
    ]
    if record.date_of_birth:
        values += date_spellings(record.date_of_birth)
    return values


def _findable(value: str) -> bool:
    return not (value.isdigit() and len(value) < SHORT_NUMBER)


def _pattern(value: str) -> re.Pattern[bytes]:
    """Whole words for names ("MARY" is not in "PRIMARY KEY"), any bytes for the rest."""
    text = re.escape(value.encode())
    if value.isalpha():
        return re.compile(rb"(?<![A-Za-z])" + text + rb"(?![A-Za-z])", re.IGNORECASE)
    return re.compile(text, re.IGNORECASE)


def test_a_full_demo_session_is_recorded_without_anyone_in_it(
    qtbot: Any, make_window: Any, corpus_dir: Path, tmp_path: Path
) -> None:
    window = make_window(compliance_record=True, auto_check_on_scan=True, minimum_age=21)
    shown: list[object] = []
    window.session.result_ready.connect(shown.append)
    errors: list[object] = []
    window.session.error_raised.connect(errors.append)
    everyone: set[str] = set()
    for sample in SAMPLES:
        _run_sample(qtbot, window, sample.key, sample.check == "canada")
        window.session.wipe()
        everyone.update(customer_values(sample.key))
    cards = sorted((corpus_dir / "aamva").glob("*/*.txt"))
    assert len(cards) >= 20
    for card in cards:
        payload = card.read_bytes()
        everyone.update(_card_values(payload))
        window.session.submit_payload(payload)
        qtbot.waitUntil(lambda: _settled(window), timeout=TIMEOUT_MS)
        window.session.wipe()
    qtbot.waitUntil(window.core.pool.is_idle, timeout=TIMEOUT_MS)
    record = window.core.session.flow.record
    assert record.write_problem is None

    # Today's export (the days around it, so a run across midnight UTC still finds them all).
    today = datetime.now(UTC).date()
    exported = tmp_path / "today.csv"
    count = export_days(
        record, exported, "csv", today - timedelta(days=1), today + timedelta(days=1)
    )
    rows = list(csv.DictReader(io.StringIO(exported.read_text(encoding="utf-8"))))
    failed = [r for r in rows if r["title"] == "service-error"]
    assert count == len(rows) == len(shown) + len(failed) > len(SAMPLES)
    assert len(failed) <= len(errors)
    assert tuple(rows[0]) == COLUMNS
    assert {r["check"] for r in rows} >= {"signature", "canada", "dvs-parse"}
    assert {r["age"] for r in rows} >= {"over", "under"}
    assert all(r["minimum_age"] == "21" for r in rows)

    values = sorted(v for v in everyone if _findable(v))
    assert len(values) > 100
    patterns = [(v, _pattern(v)) for v in values]
    written = [exported]
    for var in ("KIOSK_CONFIG_DIR", "KIOSK_DATA_DIR", "KIOSK_LOG_DIR"):
        written += [p for p in Path(os.environ[var]).rglob("*") if p.is_file()]
    assert any(p.name == DB_FILE_NAME for p in written)
    for path in written:
        data = path.read_bytes()
        found = [v for v, pattern in patterns if pattern.search(data)]
        assert found == [], f"{path.name}: {found}"
