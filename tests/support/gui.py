"""The GUI fixtures: settings and backend against the simulator, a shown window, a desk."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget

from kiosk_app.api.client import VerificationClient
from kiosk_app.app.backend import Backend
from kiosk_app.app.kiosk import KioskCore
from kiosk_app.app.service_client import client_from_settings
from kiosk_app.app.workers import WorkerPool
from kiosk_app.barcode.aamva import looks_like_aamva, parse_aamva
from kiosk_app.barcode.decode import Scanner
from kiosk_app.barcode.errors import BarcodeError
from kiosk_app.config import Settings
from kiosk_app.kinds import CheckKind
from kiosk_app.simulator.known_pictures import demo_samples
from kiosk_app.simulator.samples import SAMPLES_BY_KEY
from kiosk_app.ui.billing_widgets import ConfirmBilledDialog
from kiosk_app.ui.i18n import install_language, remove_language
from kiosk_app.ui.main_window import MainWindow
from kiosk_app.ui.screenshots import ScreenshotDriver, simulator_faults
from tests.support.clock import FakeClock
from tests.support.processes import ON_X_VARIABLE, x_window_geometry
from tests.support.qt import TIMEOUT_MS, run_sample, show_started_window
from tests.support.workers import unfinished_work
from tests.unit.api.fake_servers import ScriptedServer

WindowFactory = Callable[..., MainWindow]


SCALED_SIZE_VARIABLE = "LAYOUT_TEST_LOGICAL_SIZE"
# How often the X server's geometry of a window is read again while it settles.
X_POLL_MS = 50
# Work the kiosk starts of its own (kiosk_app/app/kiosk.py), awaited at the end of a test
# before the check that the test left no worker running.
STARTUP_WORK = frozenset({"compliance-prune", "picture warm-up"})
STARTUP_WORK_WAIT_MS = 10_000

# The service's captions and words a French screen must not show.
SERVICE_ENGLISH_WORDS = (
    "ID Number",
    "Revocation Status",
    "First Name",
    "Last Name",
    "Address",
    "Birth Date",
    "Full Name",
    "Match",
    "Document is",
    "Driver's license",
    "Not Revoked",
)


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
        client = client_from_settings(settings)
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
        client,
        Scanner(),
        parse_aamva,
        looks_like_aamva,
        age_of_majority=settings.age_of_majority,
        minimum_age=settings.minimum_age,
        expiry_warning_days=settings.expiry_warning_days,
        picture_client=client,
        picture_fallback=settings.picture_fallback,
    )


def date_spellings(day: date) -> list[str]:
    """A date in the six spellings a log or a screen might show."""
    return [
        day.strftime(f)
        for f in ("%Y-%m-%d", "%m%d%Y", "%Y%m%d", "%m/%d/%Y", "%d/%m/%Y", "%d.%m.%Y")
    ]


def customer_values(key: str) -> list[str]:
    """Names, licence number, dates of birth (several spellings), address and raw payload
    fragments of one sample customer."""
    sample = SAMPLES_BY_KEY[key]
    values: list[str] = []
    try:
        record = parse_aamva(sample.payload)
    except BarcodeError:
        record = parse_aamva(SAMPLES_BY_KEY["signature-valid"].payload)  # its cut-short twin
    for text in (
        record.first_name,
        record.last_name,
        record.middle_name,
        record.licence_number,
        getattr(record, "street", None),
        getattr(record, "postal_code", None),
    ):
        if text and len(str(text)) >= 3:
            values.append(str(text))
    if record.date_of_birth:
        values += date_spellings(record.date_of_birth)
    payload = sample.payload.decode("latin-1")
    values += [
        line for line in re.split(r"[\r\n\x1e]+", payload) if re.match(r"^D[A-D][A-Z].{5,}", line)
    ]
    if sample.canada is not None:
        values += [sample.canada.licence_number, sample.canada.date_of_birth]
    return sorted(set(values))


@pytest.fixture
def pool(qtbot: Any) -> Iterator[WorkerPool]:
    """A worker pool for tests of one capture source; must be idle and shut down at the end."""
    workers = WorkerPool()
    yield workers
    qtbot.waitUntil(workers.is_idle, timeout=10_000)
    assert workers.shutdown()


@pytest.fixture
def french(qapp: QApplication) -> Iterator[None]:
    """French installed for the test; English restored after it."""
    assert install_language("fr", qapp)
    yield
    remove_language(qapp)


def close_windows(windows: list[MainWindow]) -> None:
    """Close each window (stops its inputs and awaits its workers) and delete it now, rather
    than at some later event-loop turn, so nothing of it (or the customer data it reached)
    outlives the test."""
    for window in windows:
        window.close()
        window.deleteLater()
    windows.clear()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


@pytest.fixture
def made_windows() -> Iterator[list[MainWindow]]:
    """Windows a test builds itself (it appends them); closed and deleted at its end."""
    made: list[MainWindow] = []
    yield made
    close_windows(made)


@pytest.fixture
def servers() -> Iterator[list[ScriptedServer]]:
    """Scripted servers a test starts (it appends them); all stopped at its end."""
    started: list[ScriptedServer] = []
    yield started
    for server in started:
        server.stop()


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
            samples=dict(demo_samples()) if samples else None,
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
        # The start's own work (the record's pruning, the picture decoder's warm-up 3 s after
        # the start) may outlast a short test on a slow machine; it is not the test's work
        # left running.
        qtbot.waitUntil(
            lambda: not STARTUP_WORK.intersection(pool.running_names()),  # noqa: B023
            timeout=STARTUP_WORK_WAIT_MS,
        )
        if (left := unfinished_work(pool)) is not None:
            problems.append(left)
    close_windows(windows)
    # The wrappers' reference cycles (window <-> controllers) are freed on this thread right
    # after the test (tests/support/qt_leaks.py).
    assert not problems, f"workers still running at the end of the test: {problems}"


@pytest.fixture
def desk(qtbot: Any, simulator: Any, clock: FakeClock, tmp_path: Any) -> Iterator[Any]:
    """Windows with a real usage database and an injectable memory clock (billing tests)."""
    from tests.gui.billing_support import build_desk

    yield from build_desk(qtbot, simulator, clock, tmp_path)


@pytest.fixture
def in_french(qapp: Any) -> Iterator[None]:
    """The interface in French for one test (English again afterwards)."""
    assert install_language("fr", qapp)
    yield
    remove_language(qapp)


def shown_texts(root: QWidget) -> list[str]:
    """Every text a clerk can see in ``root`` and its open dialogs: visible labels and buttons
    (their words and accessible names), the window's title."""
    from PySide6.QtWidgets import QAbstractButton, QApplication, QLabel

    texts = [root.windowTitle()]
    tops = [root, *(w for w in QApplication.topLevelWidgets() if w.isVisible() and w is not root)]
    for top in tops:
        for widget in [top, *top.findChildren(QWidget)]:
            if not widget.isVisible():
                continue
            if isinstance(widget, (QLabel, QAbstractButton)):
                texts.append(widget.text())
            texts.append(widget.accessibleName())
    return [text for text in texts if text]


def assert_read_by_service(window: MainWindow) -> None:
    """The Result screen shows what the service read of the demo's out-of-focus US licence:
    a parse, neutral (no signature check: no barcode bytes to sign), on the licence panel."""
    view = window.result.view
    assert view is not None and view.licence is not None
    assert view.check in (CheckKind.DVS_PARSE, CheckKind.LEGACY_PARSE)
    assert view.licence.full_name == "MEI LIN TAN"
    assert view.licence.date_of_birth == date(1996, 2, 29)
    assert not window.session.run_check(CheckKind.SIGNATURE)
    assert window.result.panel.isVisible() and window.result.panel.name.text() == "MEI LIN TAN"
    assert window.result.panel.heading.text() == "Read by the service from the picture"


def walk_screens(
    qtbot: Any,
    simulator: Any,
    size: tuple[int, int],
    outdir: Path,
    visit: Callable[[MainWindow, str], None],
    **overrides: Any,
) -> None:
    """A demo window at ``size`` (with the settings ``overrides``) walked through every
    screen state the screenshots show (and the extra Ready states), ``visit(window, name)``
    called in each, with no timed pause before it: ``visit`` lays the window out first
    (:func:`tests.support.qt.settle`)."""
    settings = make_settings(simulator.base_url, **overrides)
    core = KioskCore(settings, make_backend(settings), samples=dict(SAMPLES_BY_KEY))
    window = MainWindow(core)
    qtbot.addWidget(window)
    window.setGeometry(0, 0, *size)  # the kiosk's place: the driver sets the size alone
    try:
        ScreenshotDriver(
            window,
            simulator_faults(simulator),
            outdir,
            size,
            visit=lambda name: visit(window, name),
            extra_states=True,
            pause_s=0,
        ).run()
    finally:
        window.close()


def open_billed_again_question(qtbot: Any, window: MainWindow) -> ConfirmBilledDialog:
    """The billed-again question, shown: the signature check run, then pressed again."""
    run_sample(qtbot, window, "signature-valid")
    window.session.back_to_ready()
    window.ready.check_buttons[CheckKind.SIGNATURE].click()
    qtbot.waitUntil(lambda: window.confirm_dialog is not None, timeout=TIMEOUT_MS)
    dialog = window.confirm_dialog
    assert dialog is not None
    qtbot.waitUntil(dialog.isVisible, timeout=TIMEOUT_MS)
    return dialog


def window_at(make_window: WindowFactory, size: tuple[int, int]) -> MainWindow:
    """A shown window (``make_window``) at the kiosk's geometry for ``size`` and laid out."""
    window = make_window()
    place_as_kiosk(window, size)
    return window


def place_as_kiosk(window: MainWindow, size: tuple[int, int]) -> None:
    """``window`` over the screen from its top-left corner at ``size``, as the kiosk sets its
    geometry, and laid out (checked on a real X server: :func:`check_kiosk_geometry`)."""
    from tests.support.qt import settle

    window.setGeometry(0, 0, *size)
    settle(window)
    check_kiosk_geometry(window, size)


def check_kiosk_geometry(window: QWidget, size: tuple[int, int]) -> None:
    """``window`` has the kiosk's geometry: Qt's own size is ``size``, and in a run on a real
    X server (``ON_X_VARIABLE``) the X server has it at the top-left corner at ``size``
    (``xdotool``). Offscreen, Qt's platform puts a window 2 px in, as under a frame."""
    from tests.support.qt import TIMEOUT_MS

    assert (window.width(), window.height()) == size, window.geometry()
    if os.environ.get(ON_X_VARIABLE):
        assert_x_geometry(window, (0, 0, *size), TIMEOUT_MS)


def assert_x_geometry(window: QWidget, expected: tuple[int, int, int, int], wait_ms: int) -> None:
    """The X server has ``window`` at ``expected`` (x, y, width, height), within ``wait_ms``."""
    display, window_id = os.environ["DISPLAY"], str(int(window.winId()))
    seen = x_window_geometry(display, window_id)
    for _ in range(wait_ms // X_POLL_MS):
        if seen == expected:
            break
        QTest.qWait(X_POLL_MS)
        seen = x_window_geometry(display, window_id)
    assert seen == expected, f"the X server has the window at {seen}, not {expected}"


# The desk screens the touch and layout tests measure: a panel PC, a laptop, a monitor.
DESK_SIZES = ((1024, 600), (1366, 768), (1920, 1080))


@pytest.fixture(params=DESK_SIZES, ids=[f"{w}x{h}" for w, h in DESK_SIZES])
def desk_size(request: pytest.FixtureRequest) -> tuple[int, int]:
    """Each desk screen size in turn."""
    size: tuple[int, int] = request.param
    return size
