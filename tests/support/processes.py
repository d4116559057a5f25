"""Processes the tests start: whether one is gone, and a private Xvfb display."""

from __future__ import annotations

import os
import subprocess
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
