"""The kiosk's start: the window first, then the backend and the hardware inputs.

As ``kiosk-app`` starts: the window is built around a ``LateBackend`` and the token is only in
the secrets store (the fallback file: the test keyring refuses everything). A check asked for
before the backend is built waits for it and ends with its verdict against the real simulator;
a backend the settings make unusable fails the check with its own sentence; the watched
folder the settings enable arrives after the start and reads a real picture.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from PIL import Image

from kiosk_app import secrets
from kiosk_app.app.backend import Backend
from kiosk_app.app.kiosk import KioskCore
from kiosk_app.app.late_backend import LateBackend
from kiosk_app.flow.stages import Stage
from kiosk_app.simulator.known_pictures import demo_samples
from kiosk_app.ui.main_window import MainWindow
from kiosk_app.ui.messages import translate_message
from tests.support.capture import aamva_payload, card_scene
from tests.support.gui import make_settings
from tests.support.qt import TIMEOUT_MS, run_sample, show_started_window, wait_stage


def late_window(qtbot: Any, simulator: Any, made: list[MainWindow], **overrides: Any) -> MainWindow:
    """A started window whose backend is built after the start, with no token in the
    settings (it is in the secrets store)."""
    settings = make_settings(simulator.base_url, api_token="", auth_key="", **overrides)
    core = KioskCore(settings, LateBackend(), samples=dict(demo_samples()))
    core.add_hardware_after_start()
    window = show_started_window(qtbot, core)
    made.append(window)
    return window


def test_a_check_asked_for_at_once_waits_for_the_backend_and_gets_its_verdict(
    qtbot: Any, simulator: Any, made_windows: list[MainWindow]
) -> None:
    secrets.set_api_token("test")
    secrets.set_auth_key("test")
    window = late_window(qtbot, simulator, made_windows)
    assert isinstance(window.session.backend, LateBackend)
    assert window.test_band.isHidden()  # no token known yet
    run_sample(qtbot, window, "signature-valid")  # asked for before the build ends
    assert window.result.view is not None
    assert isinstance(window.session.backend, Backend)
    assert window.core.settings.api_token.get_secret_value() == "test"
    assert window.core.test_mode and window.test_band.isVisible()  # the stored test token


def test_a_backend_the_settings_make_unusable_fails_the_check_with_its_sentence(
    qtbot: Any, simulator: Any, made_windows: list[MainWindow], tmp_path: Path
) -> None:
    window = late_window(qtbot, simulator, made_windows, ca_bundle=str(tmp_path / "none.pem"))
    assert window.session.try_sample("signature-valid")
    wait_stage(qtbot, window, Stage.ERROR)
    assert isinstance(window.session.backend, LateBackend)  # never built
    assert window.error.message.text() == translate_message(
        "The CA bundle file in the settings does not exist."
    )


def test_the_watched_folder_arrives_after_the_start_and_reads_a_picture(
    qtbot: Any, simulator: Any, made_windows: list[MainWindow], tmp_path: Path
) -> None:
    folder = tmp_path / "scans"
    folder.mkdir()
    window = late_window(
        qtbot, simulator, made_windows, camera_enabled=False, watch_folder=str(folder)
    )
    core = window.core
    qtbot.waitUntil(lambda: len(core.sources) == 3, timeout=TIMEOUT_MS)  # wedge, files, folder
    licences: list[Any] = []
    core.session.licence_changed.connect(lambda summary: summary and licences.append(summary))
    buffer = io.BytesIO()
    Image.fromarray(card_scene(aamva_payload(61, surname="LATER"), size=(800, 500))).save(
        buffer, format="PNG"
    )
    (folder / "scan.png").write_bytes(buffer.getvalue())
    qtbot.waitUntil(lambda: len(licences) == 1, timeout=15_000)
    assert "LATER" in licences[0].full_name
    qtbot.waitUntil(lambda: core.session.stage is Stage.READY, timeout=TIMEOUT_MS)
    qtbot.waitUntil(core.pool.is_idle, timeout=TIMEOUT_MS)


def test_without_hardware_enabled_nothing_is_added_after_the_start(
    qtbot: Any, simulator: Any, made_windows: list[MainWindow]
) -> None:
    window = late_window(qtbot, simulator, made_windows, camera_enabled=False)
    qtbot.waitUntil(lambda: isinstance(window.session.backend, Backend), timeout=TIMEOUT_MS)
    qtbot.waitUntil(window.core.pool.is_idle, timeout=TIMEOUT_MS)
    assert [type(s).__name__ for s in window.core.sources] == ["WedgeScanner", "ImageFileSource"]


def test_a_core_stopped_before_its_first_turn_builds_nothing(
    qtbot: Any, simulator: Any, made_windows: list[MainWindow]
) -> None:
    settings = make_settings(simulator.base_url, camera_enabled=False)
    core = KioskCore(settings, LateBackend())
    core.add_hardware_after_start()
    window = MainWindow(core)
    made_windows.append(window)
    core.start()  # the build and the hardware wait for the event loop...
    assert core.shutdown()  # ...which the stop comes before
    assert not core.pool.accepting()
    qtbot.wait(100)
    assert isinstance(core.session.backend, LateBackend) and core.session.backend.built() is None
    assert core.pool.running_names() == []
