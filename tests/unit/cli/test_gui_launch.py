"""``kiosk-app --demo`` as a desk starts it: a real process up to its first window."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from kiosk_app.cli.startup_probe import PROBE_ENV, PROBE_PREFIX
from tests.support.processes import run_child

# The GUI in a child up to its first window (the probe ends it), then the collector's state.
COLLECTOR_AFTER_THE_WINDOW = (
    "import gc, sys\n"
    "from kiosk_app.cli.main import main\n"
    "status = main([])\n"
    "print('collector on:', gc.isenabled(), 'start frozen:', gc.get_freeze_count() > 0)\n"
    "sys.exit(status)\n"
)


def _desk_env(tmp_path: Path) -> dict[str, str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if key != "QT_LOGGING_RULES"  # as on a desk: the app must quiet Qt by itself
    }
    env.update(
        QT_QPA_PLATFORM="offscreen",
        KIOSK_CONFIG_DIR=str(tmp_path / "config"),
        KIOSK_DATA_DIR=str(tmp_path / "data"),
        KIOSK_LOG_DIR=str(tmp_path / "log"),
        **{PROBE_ENV: "1"},
    )
    return env


def test_demo_shows_its_window_without_qt_multimedia_library_noise(tmp_path: Path) -> None:
    env = _desk_env(tmp_path)
    done = run_child([sys.executable, "-m", "kiosk_app", "--demo"], env)
    assert done.returncode == 0, done.stderr
    assert PROBE_PREFIX in done.stdout
    # Missing optional libraries (PipeWire, VA-API) are the machine, not a fault.
    assert "qt.multimedia.symbolsresolver" not in done.stderr


def test_the_collector_runs_again_once_the_window_is_up(tmp_path: Path) -> None:
    # It waits during the start; once the window is shown, what the start made is frozen out
    # of its generations and the collector runs again.
    done = run_child([sys.executable, "-c", COLLECTOR_AFTER_THE_WINDOW], _desk_env(tmp_path))
    assert done.returncode == 0, done.stderr
    assert PROBE_PREFIX in done.stdout
    assert "collector on: True start frozen: True" in done.stdout


def test_a_bad_variable_ends_the_start_with_its_name_after_the_first_window(
    tmp_path: Path,
) -> None:
    # The window is painted first; the settings validated after it name the variable and end
    # the kiosk (status 2) before any core starts.
    env = _desk_env(tmp_path)
    del env[PROBE_ENV]
    env["KIOSK_IDLE_TIMEOUT_S"] = "never"
    done = run_child([sys.executable, "-m", "kiosk_app"], env)
    assert done.returncode == 2, done.stderr
    assert "invalid setting in the environment: KIOSK_IDLE_TIMEOUT_S." in done.stderr
    assert "Traceback" not in done.stderr


def test_what_the_start_logs_before_its_first_paint_reaches_the_log_file(tmp_path: Path) -> None:
    # The log is set up once the window is painted; the interface language, logged before
    # any widget exists, is held until then and written.
    env = _desk_env(tmp_path)
    env["KIOSK_LANGUAGE"] = "fr"
    done = run_child([sys.executable, "-m", "kiosk_app"], env)
    assert done.returncode == 0, done.stderr
    assert PROBE_PREFIX in done.stdout
    log_text = (tmp_path / "log" / "kiosk-app.log").read_text(encoding="utf-8")
    assert "interface language: fr" in log_text
