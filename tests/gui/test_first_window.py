"""The first window before its core: painted with the display settings, then given the core
made from the validated settings; a scan typed in between is checked once, when it comes."""

from __future__ import annotations

import urllib.error
import urllib.request
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication

from kiosk_app.app.kiosk import KioskCore
from kiosk_app.cli.gui import LateSimulator
from kiosk_app.display_settings import DisplaySettings
from kiosk_app.flow.stages import Stage
from kiosk_app.kinds import CheckKind
from kiosk_app.simulator.samples import SAMPLES_BY_KEY
from kiosk_app.ui.launch import first_window
from kiosk_app.ui.main_window import MainWindow
from tests.support.clock import FakeClock
from tests.support.gui import make_backend, make_settings
from tests.support.qt import TIMEOUT_MS, wait_stage
from tests.wedge_keys import Convention, deliver_timed, scanner_events

GAP_S = 0.004


def _show(qtbot: Any, windows: list[MainWindow], display: DisplaySettings) -> MainWindow:
    window = first_window(display)
    windows.append(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=5000)
    return window


def _core(simulator: Any, clock: FakeClock, **overrides: Any) -> KioskCore:
    settings = make_settings(simulator.base_url, **overrides)
    return KioskCore(settings, make_backend(settings), clock=clock)


def test_a_scan_typed_before_the_core_is_checked_once_when_it_comes(
    qtbot: Any, simulator: Any, clock: FakeClock, made_windows: list[MainWindow]
) -> None:
    window = _show(qtbot, made_windows, DisplaySettings())
    payload = SAMPLES_BY_KEY["signature-valid"].payload.decode("latin-1")
    deliver_timed(scanner_events(payload, Convention.ENTER_LF), clock.advance, GAP_S)
    assert not window.has_core()
    requests = simulator.request_count

    core = _core(simulator, clock, auto_check_on_scan=True, us_cards="signature")
    window.attach_core(core)
    core.start()
    window.release_held_keys()
    core.wedge.flush()
    wait_stage(qtbot, window, Stage.RESULT)
    assert window.result.banner.title.text() == "Passed"
    assert simulator.request_count == requests + 1
    assert window.session.scan_byte_exact is True


def test_the_validated_settings_replace_the_display_settings(
    qtbot: Any, simulator: Any, clock: FakeClock, made_windows: list[MainWindow]
) -> None:
    display = DisplaySettings(
        text_size=150, high_contrast=True, test_mode=True, enabled_checks=(CheckKind.CANADA,)
    )
    window = _show(qtbot, made_windows, display)
    assert (window.text_size, window.high_contrast) == (150, True)
    assert list(window.ready.check_buttons) == [CheckKind.CANADA]
    assert window.test_band.isVisible()

    core = _core(simulator, clock, api_token="", text_size=125, enabled_checks=["signature"])
    window.attach_core(core)
    core.start()
    window.release_held_keys()
    assert (window.text_size, window.high_contrast) == (125, False)
    assert list(window.ready.check_buttons) == [CheckKind.SIGNATURE]
    assert not window.test_band.isVisible()
    with pytest.raises(RuntimeError):
        window.attach_core(core)


def test_keys_before_the_core_reach_neither_the_ready_screen_nor_the_escape_action(
    qtbot: Any, made_windows: list[MainWindow], clock: FakeClock
) -> None:
    window = _show(qtbot, made_windows, DisplaySettings())
    deliver_timed(scanner_events("\n"), clock.advance, GAP_S)  # Enter, with nothing to press
    assert window.current_stage() is Stage.READY
    assert not window.has_core()
    window.close()  # no core to stop: closes all the same
    assert not window.isVisible()


def test_the_demos_simulator_starts_on_a_worker_after_the_first_window(
    qtbot: Any, made_windows: list[MainWindow]
) -> None:
    window = _show(qtbot, made_windows, DisplaySettings(test_mode=True))
    late = LateSimulator()
    started: list[Any] = []
    late.start(window, started.append)
    assert not window.has_core()  # nothing waits on the GUI thread for the simulator
    qtbot.waitUntil(lambda: bool(started), timeout=TIMEOUT_MS)
    handle = started[0]
    assert handle is late.handle
    try:
        assert _http_status(f"{handle.base_url}/") < 500  # it answers HTTP
    finally:
        late.stop()
    assert late.handle is None
    with pytest.raises(OSError):  # stopped: the connection is refused
        _http_status(f"{handle.base_url}/")


def _http_status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=10) as reply:
            return int(reply.status)
    except urllib.error.HTTPError as exc:
        return exc.code
