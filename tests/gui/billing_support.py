"""Windows with a real usage database and an injectable clock for the cross-customer memory;
pictures of payloads for the watched folder."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np
import zxingcpp
from PIL import Image
from PySide6.QtCore import QCoreApplication, QEvent

from kiosk_app.app.capture.folder import WatchedFolderSource
from kiosk_app.app.kiosk import KioskCore
from kiosk_app.flow.billing import RecentChecks
from kiosk_app.flow.stages import Stage
from kiosk_app.storage.usage import UsageStore
from kiosk_app.ui.main_window import MainWindow
from tests.support.clock import FakeClock
from tests.support.gui import make_backend, make_settings
from tests.support.qt import show_started_window

TIMEOUT_MS = 20_000


class Desk(NamedTuple):
    """A shown window, its usage database and the clock of its memory of recent checks."""

    window: MainWindow
    usage: UsageStore
    clock: FakeClock

    def services(self) -> list[str]:
        """The service of every counted check, in order."""
        rows = self.usage.counts_this_month()
        return sorted(r.service for r in rows for _ in range(r.count))

    def rows(self) -> int:
        """How many checks are counted."""
        self.window.core.pool.wait_for_done()
        QCoreApplication.processEvents()
        return self.usage.row_count()


def build_desk(
    qtbot: Any, simulator: Any, clock: FakeClock, tmp_path: Path
) -> Iterator[Callable[..., Desk]]:
    """Build shown windows on the simulator with a usage store in tmp; ``clock`` drives both
    the wedge and the memory of recent checks (the ``desk`` fixture of conftest)."""
    made: list[Desk] = []

    def factory(**overrides: Any) -> Desk:
        settings = make_settings(simulator.base_url, **overrides)
        store = UsageStore(tmp_path / f"usage-{len(made)}.sqlite3")
        core = KioskCore(
            settings,
            make_backend(settings),
            clock=clock,
            usage=store,
            recent=RecentChecks(settings.repeat_window_min, clock=clock),
        )
        window = show_started_window(qtbot, core)
        qtbot.waitUntil(core.pool.is_idle, timeout=TIMEOUT_MS)  # the quota read at start
        made.append(Desk(window, store, clock))
        return made[-1]

    yield factory
    for made_desk in made:
        made_desk.window.close()
        made_desk.window.deleteLater()
        made_desk.usage.close()
    made.clear()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def watch_folder(window: MainWindow, folder: Path) -> WatchedFolderSource:
    """Create ``folder`` and start a watched-folder source on it in ``window`` (returned)."""
    folder.mkdir()
    source = WatchedFolderSource(folder, window.core.pool, poll_ms=40, settle_ms=200)
    window.core.add_source(source)
    source.start()
    return source


def wait_stage(qtbot: Any, window: MainWindow, *stages: Stage) -> None:
    """Wait until the window shows one of ``stages``."""
    qtbot.waitUntil(lambda: window.current_stage() in stages, timeout=TIMEOUT_MS)


def png_of(payload: bytes, scale: int = 3) -> bytes:
    """A PNG of the payload as a PDF417 symbol (what a flatbed scanner saves)."""
    barcode = zxingcpp.create_barcode(payload, zxingcpp.BarcodeFormat.PDF417, ec_level="5")
    pixels = np.asarray(zxingcpp.write_barcode_to_image(barcode, scale=scale))
    out = io.BytesIO()
    Image.fromarray(pixels).save(out, format="PNG")
    return out.getvalue()
