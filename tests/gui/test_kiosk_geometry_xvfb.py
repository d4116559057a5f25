"""``kiosk-app --demo --kiosk`` under Xvfb with no window manager covers the whole screen.

``showFullScreen()`` alone leaves the window at its first size in the corner when no window
manager is there to resize it (the documented X11 kiosk session); the kiosk sets its geometry
to the screen itself. Real Xvfb, real process, geometry read back with ``xdotool``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.support.processes import x_window_geometry, xvfb

XVFB = shutil.which("Xvfb")
XDOTOOL = shutil.which("xdotool")
START_TIMEOUT_S = 60.0
POLL_S = 0.25

pytestmark = pytest.mark.skipif(
    not (XVFB and XDOTOOL), reason="needs Xvfb and xdotool (bash packaging/dev.sh test installs)"
)


def _kiosk_window(env: dict[str, str]) -> str | None:
    assert XDOTOOL
    found = subprocess.run(
        [XDOTOOL, "search", "--onlyvisible", "--name", "^ID check$"],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    ids = found.stdout.split()
    return ids[0] if ids else None


@pytest.mark.parametrize("size", [(1024, 768), (1366, 768), (1920, 1080)])
def test_kiosk_covers_the_whole_screen_without_a_window_manager(
    size: tuple[int, int], tmp_path: Path
) -> None:
    width, height = size
    assert XVFB
    with xvfb(width, height, XVFB) as display:
        env = dict(os.environ, DISPLAY=display, QT_QPA_PLATFORM="xcb")
        for var in ("KIOSK_CONFIG_DIR", "KIOSK_DATA_DIR", "KIOSK_LOG_DIR"):
            env[var] = str(tmp_path / var.lower())
        log = tmp_path / "kiosk-app.err"
        with log.open("wb") as err:
            app = subprocess.Popen(
                [sys.executable, "-m", "kiosk_app", "--demo", "--kiosk"],
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=err,
            )
        try:
            deadline = time.monotonic() + START_TIMEOUT_S
            geometry = None
            while time.monotonic() < deadline and app.poll() is None:
                window = _kiosk_window(env)
                if window is not None:
                    geometry = x_window_geometry(display, window)
                    if geometry == (0, 0, width, height):
                        break
                time.sleep(POLL_S)
            assert app.poll() is None, log.read_text(errors="replace")
            assert geometry == (0, 0, width, height)
        finally:
            app.terminate()  # kiosk mode ignores close requests, not SIGTERM
            try:
                app.wait(20)
            except subprocess.TimeoutExpired:
                app.kill()
                app.wait(10)
