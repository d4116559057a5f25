"""``kiosk-app --demo`` as a desk starts it: a real process up to its first window."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from kiosk_app.cli.startup_probe import PROBE_ENV, PROBE_PREFIX


def test_demo_shows_its_window_without_qt_multimedia_library_noise(tmp_path: Path) -> None:
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
    done = subprocess.run(
        [sys.executable, "-m", "kiosk_app", "--demo"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert PROBE_PREFIX in done.stdout
    # Missing optional libraries (PipeWire, VA-API) are the machine, not a fault.
    assert "qt.multimedia.symbolsresolver" not in done.stderr
