"""The session's metrics reporter: the file is written by the worker pool
(never the GUI thread) with each input's state, and not at all without a metrics folder."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kiosk_app.app.capture.base import CaptureSource
from kiosk_app.app.metrics import METRICS_INTERVAL_MS, MetricsReporter
from kiosk_app.app.workers import WorkerPool
from kiosk_app.config import Settings
from kiosk_app.storage import metrics
from kiosk_app.storage.usage import UsageStore
from tests.support.gui import WindowFactory
from tests.support.qt import TIMEOUT_MS, run_sample


class _Wedge(CaptureSource):
    """An input whose status the test sets."""


def test_the_reporter_writes_from_a_worker_with_the_inputs(qtbot: Any, tmp_path: Path) -> None:
    folder = tmp_path / "textfile"
    settings = Settings(metrics_dir=str(folder), desk_id="desk-9")
    pool = WorkerPool()
    usage = UsageStore(tmp_path / "u.sqlite3")
    reporter = MetricsReporter()
    wedge = _Wedge()
    wedge.start()
    reporter.add_source(wedge)
    assert reporter.timer.isActive() and reporter.timer.interval() == METRICS_INTERVAL_MS
    reporter.report(settings, usage, pool)
    # Submitted to the pool (its completion only reaches the GUI thread as a queued signal).
    assert pool.running_names() == ["metrics"]
    qtbot.waitUntil(pool.is_idle, timeout=10_000)
    text = (folder / metrics.METRICS_FILE_NAME).read_text()
    assert 'kiosk_app_input_up{desk_id="desk-9",input="_Wedge"} 1' in text
    wedge.stop()
    reporter.report(settings, usage, pool)
    qtbot.waitUntil(pool.is_idle, timeout=10_000)
    text = (folder / metrics.METRICS_FILE_NAME).read_text()
    assert 'kiosk_app_input_up{desk_id="desk-9",input="_Wedge"} 0' in text
    assert pool.shutdown()


def test_no_metrics_folder_no_file_no_job(qtbot: Any, tmp_path: Path) -> None:
    pool = WorkerPool()
    reporter = MetricsReporter()
    reporter.report(Settings(), None, pool)
    assert pool.is_idle()
    assert not any(tmp_path.rglob("*.prom"))
    assert pool.shutdown()


def test_without_a_metrics_folder_the_store_is_still_probed(qtbot: Any, tmp_path: Path) -> None:
    pool = WorkerPool()
    reporter = MetricsReporter()
    usage = UsageStore(tmp_path / "u.sqlite3")
    with qtbot.waitSignal(reporter.counting_changed, timeout=TIMEOUT_MS) as told:
        reporter.report(Settings(), usage, pool)
    assert told.args == [False] and not reporter.counting_failed
    usage.close()  # a store that cannot be written: counting failed
    with qtbot.waitSignal(reporter.counting_changed, timeout=TIMEOUT_MS) as told:
        reporter.report(Settings(), usage, pool)
    assert told.args == [True]
    with qtbot.waitSignal(reporter.counting_changed, timeout=TIMEOUT_MS) as told:
        reporter.report(Settings(), None, pool)  # a store that could not be opened
    assert told.args == [True]
    assert pool.shutdown()
    assert not any(tmp_path.rglob("*.prom"))


def test_a_check_in_the_window_writes_the_metrics(
    qtbot: Any, make_window: WindowFactory, tmp_path: Path
) -> None:
    folder = tmp_path / "textfile"
    window = make_window(metrics_dir=str(folder), desk_id="gui-desk")
    target = folder / metrics.METRICS_FILE_NAME
    assert not target.exists()
    run_sample(qtbot, window, "signature-valid")
    qtbot.waitUntil(target.exists, timeout=TIMEOUT_MS)
    text = target.read_text()
    assert 'kiosk_app_info{desk_id="gui-desk",version=' in text
    assert "kiosk_app_input_up{" in text
    assert window.session.metrics.timer.isActive()
