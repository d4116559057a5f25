"""What the kiosk's start pays for: the modules loaded when its first window is shown.

The GUI runs in a child process offscreen with the start-up probe, which lists ``sys.modules``
at the first window's show (``KIOSK_STARTUP_PROBE_MODULES``). The argument parser must load no
other command's module, no third-party package outside ``LOADED_BY_THE_FIRST_WINDOW`` may
join the start, and none of the kiosk's modules in ``AFTER_THE_FIRST_WINDOW``.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from kiosk_app.cli.main import COMMANDS, GUI_MODULE
from kiosk_app.cli.startup_probe import MODULES_ENV, PROBE_ENV, PROBE_PREFIX

ROOT = Path(__file__).resolve().parents[3]
CHILD_TIMEOUT_S = 120
# Third-party packages loaded by the first window: Qt, and platformdirs for the settings file's
# place. Never grow this list: a package that joins the start fails here, to be loaded on first
# use (in a worker, or when its screen opens) instead. pydantic and pydantic-settings come with
# the validated settings, after the first paint.
LOADED_BY_THE_FIRST_WINDOW = frozenset({"PySide6", "platformdirs", "shiboken6", "shibokensupport"})
NEVER_BEFORE_THE_FIRST_WINDOW = ("pydantic", "pydantic_core", "pydantic_settings")
# Standard-library modules the first window has no use for: the stores' database and the
# compliance record's CSV come with the core, the log's handlers with the log, set up after the
# first paint (kiosk_app.held_log holds what is logged before).
STDLIB_AFTER_THE_FIRST_WINDOW = ("sqlite3", "csv", "logging.handlers")
# The kiosk's own modules that wait for the first window: the service client, the backend
# and the keyring (built on a worker after it), the decoder and the camera (loaded with the
# hardware inputs after it), the admin screens (opened by the admin gesture), the screens after
# Ready (made once it is painted), the dialogs of the Ready screen's buttons, the validated
# settings with the core they start (session, flow, wedge, storage: made after the first paint),
# and the barcode's rules and the verdict table (the Ready screen names their types, and uses
# them only once a licence is read).
AFTER_THE_FIRST_WINDOW = (
    "kiosk_app.config",
    "kiosk_app.app.kiosk",
    "kiosk_app.app.session",
    "kiosk_app.app.late_backend",
    "kiosk_app.app.metrics",
    "kiosk_app.app.capture.wedge",
    "kiosk_app.flow.customer",
    "kiosk_app.flow.planning",
    "kiosk_app.storage.usage",
    "kiosk_app.storage.watchlist",
    "kiosk_app.api.client",
    "kiosk_app.app.admin",
    "kiosk_app.app.backend",
    "kiosk_app.app.capture.camera",
    "kiosk_app.app.capture.hardware",
    "kiosk_app.barcode.consistency",
    "kiosk_app.barcode.decode",
    "kiosk_app.barcode.driver_license",
    "kiosk_app.barcode.isolation",
    "kiosk_app.barcode.issuer",
    "kiosk_app.barcode.licence",
    "kiosk_app.flow.age",
    "kiosk_app.flow.verdict_table",
    "kiosk_app.logging_setup",
    "kiosk_app.redaction",
    "kiosk_app.storage.compliance",
    "kiosk_app.secrets",
    "kiosk_app.ui.admin.navigation",
    "kiosk_app.ui.admin.settings_dialog",
    "kiosk_app.ui.camera_preview",
    "kiosk_app.ui.canada_form",
    "kiosk_app.ui.document_rows",
    "kiosk_app.ui.error_screen",
    "kiosk_app.ui.listed_screen",
    "kiosk_app.ui.picture_picker",
    "kiosk_app.ui.result_screen",
    "kiosk_app.ui.working_screen",
)
# A demo's embedded simulator starts on a worker once the first window is painted
# (kiosk_app.cli.gui.LateSimulator): neither it nor its HTTP server is loaded before.
DEMO_AFTER_THE_FIRST_WINDOW = (
    "kiosk_app.simulator.server",
    "kiosk_app.simulator.known_pictures",
    "http.server",
)
# Loaded by the interpreter, PySide6 or the editable install, not by the kiosk.
NOT_PACKAGES = frozenset(
    {"cython_runtime", "kiosk_app", "lazy_importer", "signature_bootstrap", "__editable__"}
)


def _loaded_by_the_first_window(scratch: Path, *gui_args: str) -> list[str]:
    """The modules loaded by the first window of ``python -m kiosk_app GUI_ARGS`` (offscreen)."""
    listing = scratch / "modules.txt"
    env = {k: v for k, v in os.environ.items() if not k.startswith("KIOSK_")}
    env.update(
        {
            "QT_QPA_PLATFORM": "offscreen",
            PROBE_ENV: "1",
            MODULES_ENV: str(listing),
            "KIOSK_CONFIG_DIR": str(scratch / "config"),
            "KIOSK_DATA_DIR": str(scratch / "data"),
            "KIOSK_LOG_DIR": str(scratch / "log"),
            "KIOSK_MANAGED_FILE": str(scratch / "managed.json"),
        }
    )
    done = subprocess.run(
        [sys.executable, "-m", "kiosk_app", *gui_args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=CHILD_TIMEOUT_S,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert PROBE_PREFIX in done.stdout
    return listing.read_text(encoding="utf-8").split()


@pytest.fixture(scope="module")
def loaded(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """The modules loaded by the first window of ``python -m kiosk_app`` (offscreen)."""
    return _loaded_by_the_first_window(tmp_path_factory.mktemp("start"))


@pytest.fixture(scope="module")
def loaded_in_a_demo(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """The modules loaded by the first window of ``python -m kiosk_app --demo`` (offscreen)."""
    return _loaded_by_the_first_window(tmp_path_factory.mktemp("demo"), "--demo")


def _third_party(modules: list[str]) -> set[str]:
    tops = {name.partition(".")[0] for name in modules}
    return {
        top
        for top in tops
        if top not in sys.stdlib_module_names
        and not top.startswith("_")
        and not top.startswith("__editable__")
        and top not in NOT_PACKAGES
    }


def test_the_start_loads_no_other_commands_module(loaded: list[str]) -> None:
    commands = {name for name in loaded if name.startswith("kiosk_app.cli.")}
    assert GUI_MODULE in commands
    assert commands.isdisjoint(COMMANDS.values())


def test_no_new_package_joins_the_start(loaded: list[str]) -> None:
    assert sorted(_third_party(loaded) - LOADED_BY_THE_FIRST_WINDOW) == []


@pytest.mark.parametrize("package", NEVER_BEFORE_THE_FIRST_WINDOW)
def test_the_first_window_is_painted_without(loaded: list[str], package: str) -> None:
    assert package not in _third_party(loaded)


@pytest.mark.parametrize("module", STDLIB_AFTER_THE_FIRST_WINDOW)
def test_the_first_window_does_not_load_from_the_standard_library(
    loaded: list[str], module: str
) -> None:
    assert module not in loaded


@pytest.mark.parametrize("module", AFTER_THE_FIRST_WINDOW)
def test_the_first_window_does_not_wait_for(loaded: list[str], module: str) -> None:
    assert module not in loaded


def test_the_listing_sees_what_the_start_loads(loaded: list[str]) -> None:
    # The checks above can fail: the window's own toolkit and modules are in the list.
    assert {"PySide6", "shiboken6"} <= _third_party(loaded)
    assert {"kiosk_app.ui.main_window", "kiosk_app.ui.ready_screen"} <= set(loaded)


@pytest.mark.parametrize("module", DEMO_AFTER_THE_FIRST_WINDOW)
def test_a_demos_first_window_does_not_wait_for_its_simulator(
    loaded_in_a_demo: list[str], module: str
) -> None:
    assert module not in loaded_in_a_demo


def test_a_demos_first_window_is_the_same_start(loaded_in_a_demo: list[str]) -> None:
    assert "kiosk_app.ui.ready_screen" in loaded_in_a_demo
    assert sorted(_third_party(loaded_in_a_demo) - LOADED_BY_THE_FIRST_WINDOW) == []
