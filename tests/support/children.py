"""The real ``kiosk-app`` program in a child process, with its folders inside the test's.

``kiosk_env`` gives the child its own config, data and log folders (and the public test token,
the failing keyring); ``KIOSK_APP`` is the command; the ``slow_simulator`` fixture holds each
reply back ``LATENCY_S`` so a signal lands while the request is at the service, and
``stop_simulator`` holds it back ``STOP_LATENCY_S`` for a stop signal. Used where a real
signal, a real exit code or a real process limit is the point of the test.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final

import pytest

from kiosk_app.simulator.faults import Faults

KIOSK_APP: Final = (sys.executable, "-m", "kiosk_app")
# Safety net so a broken or hung child cannot hang the suite; not a speed requirement.
CHILD_DEADLINE_S: Final = 90.0
# How long the slow simulator holds every reply back (the signal lands meanwhile).
# A SIGKILL must land before the reply or the test fails: a wide margin for a loaded machine.
LATENCY_S: Final = 3.0
# A SIGTERM/SIGINT is sent within milliseconds of the request reaching the simulator, and the
# child waits for the reply whenever the signal lands: a shorter hold still puts the signal
# in flight, and the test passes or fails the same on a loaded machine.
STOP_LATENCY_S: Final = 1.0


def kiosk_env(root: Path, **extra: str) -> dict[str, str]:
    """The environment of a kiosk child whose folders live under ``root``."""
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "KIOSK_CONFIG_DIR": str(root / "config"),
        "KIOSK_DATA_DIR": str(root / "data"),
        "KIOSK_LOG_DIR": str(root / "log"),
        "KIOSK_API_TOKEN": "test",
    }
    env.update(extra)
    return env


def _holding_simulator(latency_s: float) -> Iterator[Any]:
    from kiosk_app.simulator.server import start_simulator

    handle = start_simulator(port=0)
    handle.set_faults(Faults(latency_s=latency_s))
    try:
        yield handle
    finally:
        handle.set_faults(Faults())
        handle.stop()


@pytest.fixture
def slow_simulator() -> Iterator[Any]:
    """A simulator of the test's own that holds every reply back ``LATENCY_S``."""
    yield from _holding_simulator(LATENCY_S)


@pytest.fixture
def stop_simulator() -> Iterator[Any]:
    """A simulator of the test's own that holds every reply back ``STOP_LATENCY_S``."""
    yield from _holding_simulator(STOP_LATENCY_S)
