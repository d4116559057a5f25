"""GUI test fixtures: a real window against the embedded simulator, a controllable wedge clock,
and the guard that fails any test leaving a worker running."""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication, QWidget

from kiosk_app.api.client import VerificationClient
from kiosk_app.app.backend import Backend
from kiosk_app.app.kiosk import KioskCore
from kiosk_app.app.workers import WorkerPool, live_pools
from kiosk_app.barcode.aamva import looks_like_aamva, parse_aamva
from kiosk_app.barcode.decode import Scanner
from kiosk_app.config import Settings
from kiosk_app.simulator.samples import SAMPLES_BY_KEY
from kiosk_app.ui.main_window import MainWindow


class FakeClock:
    """A monotonic clock the test moves by hand (seconds)."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture(autouse=True)
def no_worker_left() -> Iterator[None]:
    """Fail the test if any worker pool is still busy when it ends."""
    yield
    busy = [pool for pool in live_pools() if not pool.is_idle()]
    names = [name for pool in busy for name in pool.running_names()]
    for pool in busy:
        pool.shutdown(10_000)
    assert not busy, f"workers still running at the end of the test: {names}"


@pytest.fixture
def pool(qtbot: Any) -> Iterator[WorkerPool]:
    """A worker pool for tests of one capture source; must be idle and shut down at the end."""
    workers = WorkerPool()
    yield workers
    qtbot.waitUntil(workers.is_idle, timeout=10_000)
    assert workers.shutdown()


def make_settings(base_url: str, **overrides: Any) -> Settings:
    """Settings pointing every service at ``base_url`` with the public test token."""
    values: dict[str, Any] = {
        "base_url": base_url,
        "dvs_url": base_url,
        "parse_url": base_url,
        "api_token": "test",
        "auth_key": "test",
    }
    values.update(overrides)
    return Settings(**values)


def make_backend(settings: Settings, read_timeout: float | None = None) -> Backend:
    """The real backend; ``read_timeout`` shortens the client's wait for timeout tests."""
    if read_timeout is None:
        client = VerificationClient.from_settings(settings)
    else:
        client = VerificationClient(
            base_url=settings.base_url,
            dvs_url=settings.dvs_url,
            parse_url=settings.parse_url,
            token="test",
            auth_key="test",
            connect_timeout=1.0,
            read_timeout=read_timeout,
            total_deadline=read_timeout * 2,
        )
    return Backend(
        client, Scanner(), parse_aamva, looks_like_aamva, age_of_majority=settings.age_of_majority
    )


WindowFactory = Callable[..., MainWindow]


def show_started_window(qtbot: Any, core: KioskCore) -> MainWindow:
    """A shown, active 1280x800 window on ``core``, with the core started."""
    window = MainWindow(core)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=5000)
    core.start()
    return window


@pytest.fixture
def clock() -> FakeClock:
    """The wedge clock of the windows built by ``make_window``."""
    return FakeClock()


@pytest.fixture
def make_window(qtbot: Any, simulator: Any, clock: FakeClock) -> Iterator[WindowFactory]:
    """Build a shown window (demo samples on) against ``simulator`` or a given base URL."""
    windows: list[MainWindow] = []

    def factory(
        base_url: str | None = None,
        read_timeout: float | None = None,
        retry_delay_s: int | None = None,
        samples: bool = True,
        **overrides: Any,
    ) -> MainWindow:
        settings = make_settings(base_url or simulator.base_url, **overrides)
        core = KioskCore(
            settings,
            make_backend(settings, read_timeout),
            samples=dict(SAMPLES_BY_KEY) if samples else None,
            clock=clock,
            retry_delay_s=retry_delay_s,
        )
        window = show_started_window(qtbot, core)
        windows.append(window)
        return window

    yield factory
    problems = []
    for window in windows:
        pool = window.core.pool
        if not pool.is_idle():
            problems.append(pool.running_names())
        window.close()  # stops the inputs and awaits the workers
        # Delete now rather than at some later event-loop turn, so nothing of the window (or
        # the customer data it reached) outlives the test.
        window.deleteLater()
    windows.clear()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    # Python wrappers in reference cycles (window <-> controllers) are freed by the cyclic
    # collector, which may otherwise run on a worker thread during a later test and destroy a
    # QObject with running timers there ("Timers cannot be stopped from another thread").
    gc.collect()
    assert not problems, f"workers still running at the end of the test: {problems}"


def send_key(
    target: QWidget,
    key: int,
    text: str = "",
    modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier,
) -> None:
    """One key press and release, delivered like the keyboard does: to ``target``'s window,
    which hands it to the focused widget."""
    window = target.window().windowHandle()
    receiver = window if window is not None else target
    for etype in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
        QCoreApplication.sendEvent(receiver, QKeyEvent(etype, key, modifiers, text))


CONTROL_KEYS = {
    "\n": (Qt.Key.Key_Return, "\r", Qt.KeyboardModifier.NoModifier),
    "\r": (Qt.Key.Key_M, "\r", Qt.KeyboardModifier.ControlModifier),
    "\x1e": (Qt.Key.Key_AsciiCircum, "\x1e", Qt.KeyboardModifier.ControlModifier),
    "\x1d": (Qt.Key.Key_BracketRight, "\x1d", Qt.KeyboardModifier.ControlModifier),
    "\t": (Qt.Key.Key_Tab, "\t", Qt.KeyboardModifier.NoModifier),
}


def key_for(char: str) -> tuple[int, str, Qt.KeyboardModifier]:
    """The key event a wedge scanner in "Ctrl+key" mode sends for ``char``."""
    if char in CONTROL_KEYS:
        return CONTROL_KEYS[char]
    code = ord(char.upper()) if char.isalpha() else ord(char)
    mods = Qt.KeyboardModifier.ShiftModifier if char.isupper() else Qt.KeyboardModifier.NoModifier
    return code, char, mods


def type_text(text: str, clock: FakeClock, gap_s: float, window: QWidget | None = None) -> None:
    """Type ``text`` into the focus widget (else ``window``), ``gap_s`` apart on ``clock``."""
    for char in text:
        receiver = QApplication.focusWidget() or QApplication.activeWindow() or window
        assert receiver is not None
        key, produced, mods = key_for(char)
        send_key(receiver, key, produced, mods)
        clock.advance(gap_s)


@pytest.fixture
def desk(qtbot: Any, simulator: Any, clock: FakeClock, tmp_path: Any) -> Iterator[Any]:
    """Windows with a real usage database and an injectable memory clock (billing tests)."""
    from .billing_support import build_desk

    yield from build_desk(qtbot, simulator, clock, tmp_path)
