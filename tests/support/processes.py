"""Processes the tests start: whether one is gone, a private Xvfb display, a picture of a
window on it."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def process_gone(pid: int) -> bool:
    """Whether process ``pid`` has ended (a killed child stays a zombie until joined: its
    state in ``/proc`` tells)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
        return stat.read().split(") ", 1)[1].startswith("Z")


# How long a child the tests start (a kiosk command, the GUI up to its first window) may run.
CHILD_TIMEOUT_S = 120


def run_child(command: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """Run ``command`` with exactly ``env``, its output captured as text; never raises on a
    non-zero status (the test reads ``returncode``)."""
    return subprocess.run(
        command, capture_output=True, text=True, env=env, timeout=CHILD_TIMEOUT_S, check=False
    )


# Set (to the X display) in a pytest run its parent started on a private Xvfb: Qt then draws
# real X windows (xcb) instead of offscreen ones.
ON_X_VARIABLE = "LAYOUT_TEST_ON_X"


def x_window_geometry(display: str, window: str) -> tuple[int, int, int, int]:
    """(x, y, width, height) of X window ``window`` (an id) on ``display``, as the X server has
    it (``xdotool getwindowgeometry``)."""
    env = dict(os.environ, DISPLAY=display)
    out = subprocess.run(
        ["xdotool", "getwindowgeometry", "--shell", window],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=30,
    ).stdout
    values = dict(line.split("=", 1) for line in out.split())
    return int(values["X"]), int(values["Y"]), int(values["WIDTH"]), int(values["HEIGHT"])


# The niceness of the processes that stand for hardware (the X server, a scanner typing): a
# real scanner is not starved of CPU by a loaded test machine, and a scan whose keys arrive
# late is cut in two by the wedge's gap timer. Lowering niceness needs root (as in CI);
# elsewhere they run at the normal priority.
HARDWARE_NICENESS = -15


def as_hardware(command: list[str]) -> list[str]:
    """``command`` run at :data:`HARDWARE_NICENESS` where this process may raise priority."""
    if os.name == "posix" and os.geteuid() == 0:
        return ["nice", "-n", str(HARDWARE_NICENESS), *command]
    return command


@contextmanager
def xvfb(width: int = 1280, height: int = 1024, program: str = "Xvfb") -> Iterator[str]:
    """A fresh Xvfb on a display number it chooses itself (``-displayfd``): yields ``:N``."""
    read_fd, write_fd = os.pipe()
    screen = f"{width}x{height}x24"
    process = subprocess.Popen(
        as_hardware(
            [program, "-displayfd", str(write_fd), "-screen", "0", screen, "-nolisten", "tcp"]
        ),
        pass_fds=(write_fd,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write_fd)
    try:
        with os.fdopen(read_fd) as pipe:
            number = pipe.readline().strip()
        assert number.isdigit(), "Xvfb did not report its display"
        yield f":{number}"
    finally:
        process.terminate()
        process.wait(10)


def run_on_xvfb(
    command: list[str], timeout_s: float, size: tuple[int, int] = (1280, 800), **env: str
) -> subprocess.CompletedProcess[str]:
    """Run ``command`` from the project's root on a fresh Xvfb of ``size`` (Qt on xcb), with
    ``env`` added to the environment; its output captured as text."""
    with xvfb(*size) as display:
        return subprocess.run(
            command,
            cwd=ROOT,
            env=dict(os.environ, DISPLAY=display, QT_QPA_PLATFORM="xcb", **env),
            capture_output=True,
            text=True,
            timeout=timeout_s,
            check=False,
        )


# Qt's xcb platform in a child process (the tests' own Qt is offscreen): the X server's pixels of
# one window, written as PNG.
_GRAB_WINDOW = """
import sys
from PySide6.QtGui import QGuiApplication
app = QGuiApplication(["grab", "-platform", "xcb"])
picture = app.primaryScreen().grabWindow(int(sys.argv[1]))
sys.exit(0 if picture.save(sys.argv[2], "PNG") else 1)
"""


def x_window_picture(display: str, window: str, path: Path) -> Path:
    """A PNG at ``path`` of X window ``window`` (an id, as xdotool prints it) on ``display``."""
    env = {k: v for k, v in os.environ.items() if k not in ("QT_QPA_PLATFORM", "WAYLAND_DISPLAY")}
    env["DISPLAY"] = display
    command = [sys.executable, "-c", _GRAB_WINDOW, window, str(path)]
    subprocess.run(command, env=env, check=True, timeout=120, capture_output=True)
    return path
