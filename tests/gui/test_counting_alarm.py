"""The Ready screen tells the administrator when usage is not being counted: a real window
whose usage database sits on a real full disk (a 1 MiB tmpfs filled up), in English and in
French, and the alarm goes once the disk has room again. A block-mode check then is refused
with the window's notice, and nothing reaches the service.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtWidgets import QApplication

from kiosk_app.app.kiosk import KioskCore
from kiosk_app.flow.billing import COUNTING_BLOCKED
from kiosk_app.simulator.samples import SAMPLES_BY_KEY
from kiosk_app.storage.usage import CheckRecord, UsageStore
from kiosk_app.ui.i18n import install_language, remove_language
from kiosk_app.ui.main_window import MainWindow
from kiosk_app.ui.messages import translate_message
from tests.support.clock import FakeClock
from tests.support.disk import fill
from tests.support.gui import make_backend, make_settings
from tests.support.qt import TIMEOUT_MS, show_started_window

ALARM_EN = (
    "Usage is not being counted: the kiosk cannot write its usage database (is the disk "
    "full?). Checks are still sent and billed. Tell the administrator."
)
ALARM_FR_START = "L’utilisation n’est pas comptée\u202f: le kiosque ne peut pas écrire"


@pytest.fixture
def window_on(qtbot: Any, simulator: Any, clock: FakeClock) -> Iterator[Any]:
    """A started window counting into the given store (closed and deleted afterwards)."""
    made: list[MainWindow] = []

    def build(store: UsageStore, url: str | None = None, **overrides: Any) -> MainWindow:
        settings = make_settings(url or simulator.base_url, **overrides)
        core = KioskCore(
            settings, make_backend(settings), samples=dict(SAMPLES_BY_KEY), clock=clock, usage=store
        )
        made.append(show_started_window(qtbot, core))
        return made[-1]

    yield build
    for window in made:
        window.close()
        window.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def _store_on_a_full_disk(folder: Path) -> UsageStore:
    store = UsageStore(folder / "usage.sqlite3")
    fill(folder)
    return store


def _alarm_shown(window: MainWindow) -> bool:
    return window.ready.counting_alarm.isVisible()


def test_a_full_disk_shows_the_alarm_until_there_is_room(
    qtbot: Any, window_on: Any, full_disk: Path
) -> None:
    store = UsageStore(full_disk / "usage.sqlite3")
    store.record(CheckRecord("signature", "Passed", True, 5))
    window = window_on(store)
    qtbot.waitUntil(lambda: not window.core.pool.running_names(), timeout=TIMEOUT_MS)
    assert not _alarm_shown(window)
    filler = fill(full_disk)
    with qtbot.waitSignal(window.session.metrics.counting_changed, timeout=TIMEOUT_MS):
        window.session.report_metrics()  # what the minute timer does
    assert _alarm_shown(window)
    assert window.ready.counting_alarm.text() == ALARM_EN
    filler.unlink()
    with qtbot.waitSignal(window.session.metrics.counting_changed, timeout=TIMEOUT_MS):
        window.session.report_metrics()
    assert not _alarm_shown(window)
    store.close()


def test_the_alarm_in_french(
    qtbot: Any, window_on: Any, full_disk: Path, qapp: QApplication
) -> None:
    store = _store_on_a_full_disk(full_disk)
    assert install_language("fr", qapp)
    window = window_on(store)
    try:
        qtbot.waitUntil(lambda: _alarm_shown(window), timeout=TIMEOUT_MS)  # the start's probe
        assert window.ready.counting_alarm.text().startswith(ALARM_FR_START)
        assert translate_message(COUNTING_BLOCKED).startswith("L’utilisation n’est pas comptée")
    finally:
        remove_language(qapp)
        window.close()
    store.close()


def test_block_mode_refuses_a_check_it_cannot_count(
    qtbot: Any, window_on: Any, full_disk: Path, fresh_simulator: Any
) -> None:
    store = _store_on_a_full_disk(full_disk)
    window = window_on(
        store,
        billing_quota_monthly=50,
        billing_quota_mode="block",
        url=fresh_simulator.base_url,
    )
    notices: list[str] = []
    window.session.notice.connect(notices.append)
    assert window.session.try_sample("signature-valid")
    qtbot.waitUntil(lambda: COUNTING_BLOCKED in notices, timeout=TIMEOUT_MS)
    qtbot.waitUntil(lambda: not window.core.pool.running_names(), timeout=TIMEOUT_MS)
    assert fresh_simulator.request_count == 0
    assert store.row_count() == 0
    store.close()
