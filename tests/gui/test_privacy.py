"""Privacy: the idle wipe, nothing of a customer reachable after it, a redacted log of a full
demo run, no personal data on disk, and every check counted (without personal data)."""

from __future__ import annotations

import gc
import logging
import os
import re
import sqlite3
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QLabel,
    QLineEdit,
    QTableWidget,
    QWidget,
)

from kiosk_app.api.client import CheckResult
from kiosk_app.api.outcome import Outcome
from kiosk_app.app.kiosk import KioskCore
from kiosk_app.barcode.licence import LicenceRecord
from kiosk_app.flow.models import LicenceSummary, ResultView, ScanData
from kiosk_app.flow.stages import Stage
from kiosk_app.kinds import CheckKind
from kiosk_app.logging_setup import configure_logging, log_file, shutdown_logging
from kiosk_app.redaction import SENSITIVE
from kiosk_app.simulator.samples import SAMPLES, SAMPLES_BY_KEY
from kiosk_app.storage.usage import UsageStore
from kiosk_app.ui.main_window import MainWindow
from kiosk_app.ui.widgets import copy_to_clipboard
from tests.support.clock import FakeClock
from tests.support.gui import customer_values, make_backend, make_settings
from tests.support.qt import show_started_window, type_text

TIMEOUT_MS = 15_000
SCAN_GAP_S = 0.004
IDLE_MS = 150
SECRET_TOKEN = "sim-Zq7uQ2privTOKEN9"  # a live-like simulator token the log must never show


@pytest.fixture
def build(qtbot: Any, simulator: Any, clock: FakeClock, tmp_path: Path) -> Iterator[Any]:
    """Build shown windows with a usage store in tmp and a short idle timeout."""
    made: list[tuple[MainWindow, UsageStore]] = []

    def factory(
        idle_ms: int = 60_000, samples: bool = False, base_url: str | None = None, **overrides: Any
    ) -> MainWindow:
        settings = make_settings(base_url or simulator.base_url, **overrides)
        store = UsageStore(tmp_path / f"usage-{len(made)}.sqlite3")
        core = KioskCore(
            settings,
            make_backend(settings),
            samples=dict(SAMPLES_BY_KEY) if samples else None,
            clock=clock,
            usage=store,
            idle_timeout_ms=idle_ms,
        )
        window = show_started_window(qtbot, core)
        made.append((window, store))
        return window

    yield factory
    for window, store in made:
        window.close()
        window.deleteLater()
        store.close()
    made.clear()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def wait_stage(qtbot: Any, window: MainWindow, *stages: Stage) -> None:
    """Wait until the window shows one of ``stages``."""
    qtbot.waitUntil(lambda: window.current_stage() in stages, timeout=TIMEOUT_MS)


def run_sample(qtbot: Any, window: MainWindow, key: str) -> None:
    """One demo sample through the real window to its Result (or Error) screen."""
    assert window.session.try_sample(key)
    if SAMPLES_BY_KEY[key].check == "canada":
        wait_stage(qtbot, window, Stage.CANADA_FORM)
        qtbot.mouseClick(window.canada_form.submit_button, Qt.MouseButton.LeftButton)
    wait_stage(qtbot, window, Stage.RESULT, Stage.ERROR)


# --- what a sample customer is made of --------------------------------------------------------


def _pattern(value: str) -> re.Pattern[str]:
    # Whole words for names (so "TAN" does not match "instance"), substrings for the rest.
    if value.isalpha():
        return re.compile(rf"(?<![A-Za-z]){re.escape(value)}(?![A-Za-z])", re.IGNORECASE)
    return re.compile(re.escape(value), re.IGNORECASE)


def leaks(text: str, values: list[str]) -> list[str]:
    """The values found in ``text``."""
    return [v for v in values if _pattern(v).search(text)]


# --- the reachability walk ----------------------------------------------------------------


def visible_texts(window: MainWindow) -> list[str]:
    """Every text property of every widget of the window, and the window title."""
    texts = [window.windowTitle(), window.toolTip(), window.accessibleName()]
    for obj in window.findChildren(QObject):
        if isinstance(obj, QWidget):
            texts += [
                obj.toolTip(),
                obj.accessibleName(),
                obj.accessibleDescription(),
                obj.statusTip(),
                obj.whatsThis(),
                obj.windowTitle(),
            ]
        if isinstance(obj, QLabel):
            texts.append(obj.text())
        if isinstance(obj, QLineEdit):
            texts += [obj.text(), obj.placeholderText(), obj.displayText()]
        if isinstance(obj, QAbstractButton):
            texts.append(obj.text())
        if isinstance(obj, QComboBox):
            texts += [obj.currentText(), obj.lineEdit().text() if obj.lineEdit() else ""]
        if isinstance(obj, QTableWidget):
            for row in range(obj.rowCount()):
                for col in range(obj.columnCount()):
                    item = obj.item(row, col)
                    texts.append(item.text() if item else "")
    return texts


_SKIP = (
    types.ModuleType,
    type,
    types.FunctionType,
    types.BuiltinFunctionType,
    types.CodeType,
    types.FrameType,
)


def reachable_python_texts(roots: list[object], limit: int = 200_000) -> list[str | bytes]:
    """Strings and bytes reachable from ``roots`` through ``gc.get_referents`` (bounded;
    modules, classes, functions and module dicts are not followed: they hold code, not the
    customer)."""
    module_dicts = {
        id(m.__dict__) for m in list(__import__("sys").modules.values()) if m is not None
    }
    seen: set[int] = set()
    stack = list(roots)
    found: list[str | bytes] = []
    while stack and len(seen) < limit:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, _SKIP) or id(obj) in module_dicts:
            continue
        seen.add(id(obj))
        if isinstance(obj, (str, bytes, bytearray)):
            found.append(bytes(obj) if isinstance(obj, bytearray) else obj)
            continue
        stack.extend(gc.get_referents(obj))
        inner = getattr(obj, "__dict__", None)
        if isinstance(inner, dict):
            stack.append(inner)
    return found


def live(kind: type) -> set[int]:
    """Ids of the live objects of ``kind``."""
    return {id(o) for o in gc.get_objects() if isinstance(o, kind)}


# --- tests ----------------------------------------------------------------------------------


def test_idle_timeout_wipes_back_to_ready(qtbot: Any, build: Any) -> None:
    window = build(idle_ms=IDLE_MS)
    run_sample_key = "signature-valid"
    assert window.session.submit_payload(SAMPLES_BY_KEY[run_sample_key].payload)
    qtbot.waitUntil(lambda: window.session.has_scan, timeout=TIMEOUT_MS)
    assert window.ready.panel.name.text()
    qtbot.waitUntil(lambda: window.core.idle.wipes == 1, timeout=TIMEOUT_MS)
    assert window.current_stage() is Stage.READY
    assert not window.session.flow.holds_customer_data()
    assert window.ready.panel.name.text() == ""
    assert SENSITIVE.customer_count() == 0


def test_input_resets_the_idle_timer(qtbot: Any, build: Any) -> None:
    window = build(idle_ms=400)
    window.session.open_canada_form()
    wait_stage(qtbot, window, Stage.CANADA_FORM)
    handle = window.windowHandle()
    for _ in range(8):  # 8 x 100 ms of typing: twice the timeout, never idle for 400 ms
        qtbot.wait(100)
        QCoreApplication.sendEvent(handle, _key_event())
    assert window.core.idle.wipes == 0 and window.current_stage() is Stage.CANADA_FORM
    qtbot.waitUntil(lambda: window.core.idle.wipes == 1, timeout=TIMEOUT_MS)
    assert window.current_stage() is Stage.READY


def _key_event() -> Any:
    from PySide6.QtGui import QKeyEvent

    return QKeyEvent(QEvent.Type.KeyRelease, Qt.Key.Key_Shift, Qt.KeyboardModifier.NoModifier)


def test_a_check_in_progress_holds_the_idle_wipe_off(
    qtbot: Any, build: Any, fresh_simulator: Any
) -> None:
    from kiosk_app.simulator.faults import Faults

    fresh_simulator.set_faults(Faults(latency_s=0.8))
    window = build(idle_ms=IDLE_MS, base_url=fresh_simulator.base_url)
    window.session.submit_payload(SAMPLES_BY_KEY["signature-valid"].payload)
    qtbot.waitUntil(lambda: window.session.has_scan, timeout=TIMEOUT_MS)
    assert window.session.run_check(CheckKind.SIGNATURE)
    qtbot.waitUntil(lambda: fresh_simulator.request_count == 1, timeout=TIMEOUT_MS)
    qtbot.wait(3 * IDLE_MS)
    assert window.core.idle.wipes == 0 and window.session.busy
    wait_stage(qtbot, window, Stage.RESULT)  # the result is shown, then wiped when idle
    qtbot.waitUntil(lambda: window.core.idle.wipes == 1, timeout=TIMEOUT_MS)


def test_nothing_of_the_customer_is_reachable_after_the_wipe(qtbot: Any, build: Any) -> None:
    gc.collect()
    kinds = (LicenceRecord, Outcome, CheckResult, ScanData, LicenceSummary, ResultView)
    before = {kind: live(kind) for kind in kinds}
    window = build(idle_ms=IDLE_MS)
    values: list[str] = []
    for key in ("signature-valid", "canada-flagged"):
        values += customer_values(key)
    payloads = [SAMPLES_BY_KEY[k].payload for k in ("signature-valid", "canada-flagged")]

    # A scanned, checked US licence, then a Canadian form typed in and checked.
    window.session.submit_payload(payloads[0])
    qtbot.waitUntil(lambda: window.session.has_scan, timeout=TIMEOUT_MS)
    window.session.run_check(CheckKind.SIGNATURE)
    wait_stage(qtbot, window, Stage.RESULT)
    qtbot.waitUntil(lambda: not window.result.filling, timeout=TIMEOUT_MS)
    copy_to_clipboard(window.result.panel.name.text())  # as if the clerk pressed Copy
    window.session.submit_payload(payloads[1])
    qtbot.waitUntil(lambda: window.session.has_scan, timeout=TIMEOUT_MS)
    window.session.open_canada_form()
    wait_stage(qtbot, window, Stage.CANADA_FORM)
    qtbot.mouseClick(window.canada_form.submit_button, Qt.MouseButton.LeftButton)
    wait_stage(qtbot, window, Stage.RESULT)
    qtbot.waitUntil(lambda: not window.result.filling, timeout=TIMEOUT_MS)
    assert leaks("\n".join(visible_texts(window)), values), "the test must see the data first"

    qtbot.waitUntil(lambda: window.core.idle.wipes == 1, timeout=TIMEOUT_MS)
    QCoreApplication.processEvents()
    gc.collect()

    assert leaks("\n".join(visible_texts(window)), values) == []
    assert QGuiApplication.clipboard().text() == ""
    texts = reachable_python_texts(
        [
            window,
            window.core,
            window.session,
            window.core.pool,
            window.session.backend,
            window.core.wedge,
        ]
    )
    strings = "\n".join(t for t in texts if isinstance(t, str))
    assert leaks(strings, values) == []
    blobs = [t for t in texts if isinstance(t, bytes)]
    for payload in payloads:
        assert not any(payload in blob or (len(blob) > 40 and blob in payload) for blob in blobs)
    for kind, earlier in before.items():
        assert live(kind) - earlier == set(), f"live {kind.__name__} after the wipe"
    assert SENSITIVE.customer_count() == 0


def test_wipe_leaves_a_clipboard_the_kiosk_did_not_fill(qtbot: Any, build: Any) -> None:
    window = build()
    QGuiApplication.clipboard().setText("someone else's text")
    window.session.wipe()
    assert QGuiApplication.clipboard().text() == "someone else's text"
    QGuiApplication.clipboard().clear()


def test_every_finished_check_is_counted_without_personal_data(
    qtbot: Any, build: Any, tmp_path: Path
) -> None:
    window = build(samples=True)
    keys = ("signature-valid", "canada-error", "canada-passed", "dvs-parse")
    for key in keys:
        run_sample(qtbot, window, key)
        window.session.wipe()
    window.core.pool.wait_for_done()
    store_path = tmp_path / "usage-0.sqlite3"
    with sqlite3.connect(store_path) as conn:
        rows = conn.execute(
            "SELECT service, verdict, billable, request_log_id, error_class FROM checks ORDER BY id"
        ).fetchall()
    assert [r[0] for r in rows] == ["signature", "canada", "canada", "dvs-parse"]
    assert rows[0][1] == "Passed" and rows[0][3]  # verdict and request log id
    assert rows[1][2] == 0  # success: false is not billable, and still counted
    raw = store_path.read_bytes() + Path(str(store_path) + "-wal").read_bytes()
    for key in keys:
        for value in customer_values(key):
            assert value.encode() not in raw, value


def test_a_failing_usage_store_does_not_break_the_check(qtbot: Any, build: Any) -> None:
    window = build(samples=True)
    window.session.flow.usage.close()  # every write now fails
    run_sample(qtbot, window, "signature-valid")
    assert window.current_stage() is Stage.RESULT
    assert window.result.banner.title.text() == "Passed"


def test_log_of_a_full_demo_run_holds_no_customer_data(
    qtbot: Any, build: Any, clock: FakeClock, simulator: Any, capsys: Any
) -> None:
    from kiosk_app.cli.main import main

    configure_logging(verbose=True)
    try:
        window = build(samples=True)
        # A careless developer logs what the screens get: the registered values must still
        # come out redacted (reprs hold names and numbers in no fixed pattern).
        careless = logging.getLogger("careless")
        window.session.licence_changed.connect(
            lambda lic: (
                lic and careless.warning("licence %r %s %s", lic, lic.full_name, lic.licence_number)
            )
        )
        window.canada_form.submitted.connect(
            lambda form: careless.warning("form %r %s", form, form.licence_number)
        )
        for sample in SAMPLES:
            run_sample(qtbot, window, sample.key)
            window.session.wipe()
        # A wedge scan and a picture, like a real desk.
        window.ready.open_button.setFocus()
        type_text(
            SAMPLES_BY_KEY["signature-revoked"].payload.decode("latin-1"), clock, SCAN_GAP_S, window
        )
        qtbot.waitUntil(lambda: window.session.has_scan, timeout=TIMEOUT_MS)
        # The sample above checked this card minutes ago: running it again is confirmed.
        window.session.run_check(CheckKind.SIGNATURE, confirmed=True)
        wait_stage(qtbot, window, Stage.RESULT)
        window.session.wipe()
        picture = Path(__file__).resolve().parents[2] / "resources" / "samples" / "dvs-parse.png"
        window.core.files.submit_path(picture)
        qtbot.waitUntil(lambda: window.session.has_scan, timeout=TIMEOUT_MS)
        window.session.wipe()
        window.core.pool.wait_for_done()
        # The command line logs to the same file, with a secret token.
        payload_file = Path(os.environ["KIOSK_DATA_DIR"]).parent / "payload.bin"
        payload_file.write_bytes(SAMPLES_BY_KEY["signature-valid"].payload)
        status = main(
            [
                "--verbose",
                "check",
                "signature",
                "--barcode-file",
                str(payload_file),
                "--base-url",
                simulator.base_url,
                "--token",
                SECRET_TOKEN,
            ]
        )
        payload_file.unlink()
        assert status in (0, 3)
        captured = capsys.readouterr()
    finally:
        shutdown_logging()
        configure_logging()
        shutdown_logging()

    text = log_file().read_text(encoding="utf-8")
    assert "check finished" in text  # the run was logged, to this file
    assert text.count("careless") >= len(SAMPLES) and "[redacted]" in text
    everyone = sorted({v for s in SAMPLES for v in customer_values(s.key)})
    assert leaks(text, everyone) == []
    assert leaks(captured.err, everyone) == []
    assert SECRET_TOKEN not in text and SECRET_TOKEN not in captured.err
    assert "Bearer test" not in text
    # Nothing personal anywhere the kiosk writes (settings, usage database, logs).
    for var in ("KIOSK_CONFIG_DIR", "KIOSK_DATA_DIR", "KIOSK_LOG_DIR"):
        for path in Path(os.environ[var]).rglob("*"):
            if path.is_file():
                data = path.read_bytes()
                found = [v for v in everyone if v.encode() in data]
                assert found == [], f"{path.name}: {found}"
                assert SECRET_TOKEN.encode() not in data


def test_the_memory_of_recent_checks_holds_keyed_hashes_only_and_never_on_disk(
    qtbot: Any, build: Any, tmp_path: Path
) -> None:
    """Issue 20: across customers only an HMAC of the payload (per-process key), the time, the
    check, the verdict and the request log id are kept, in memory, forgotten after the window."""
    window = build(idle_ms=IDLE_MS)
    keys = ("signature-valid", "signature-revoked")
    for key in keys:
        window.session.submit_payload(SAMPLES_BY_KEY[key].payload)
        qtbot.waitUntil(lambda: window.session.has_scan, timeout=TIMEOUT_MS)
        window.session.run_check(CheckKind.SIGNATURE)
        wait_stage(qtbot, window, Stage.RESULT)
    qtbot.waitUntil(lambda: window.core.idle.wipes == 1, timeout=TIMEOUT_MS)
    window.core.pool.wait_for_done()
    held = window.session.flow.recent.held()
    assert len(held) == 2  # both cards remembered across the wipe...
    values = [v for key in keys for v in customer_values(key)]
    for digest, prior in held:
        assert len(digest) == 32  # ...as a keyed hash, and check facts only
        assert set(vars(prior)) == {
            "check",
            "when",
            "verdict",
            "request_log_id",
            "same_customer",
            "shown",
        }
        assert leaks(repr(prior), values) == []
        for key in keys:
            payload = SAMPLES_BY_KEY[key].payload
            assert digest not in payload and payload not in digest
    blobs = b"".join(p.read_bytes() for p in tmp_path.rglob("*") if p.is_file())
    assert not any(digest in blobs for digest, _prior in held)
    window.session.flow.recent.window_min = 0  # the admin turns it off: nothing is kept
    assert window.session.flow.recent.held() == []
