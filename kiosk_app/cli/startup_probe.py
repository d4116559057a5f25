"""Cold-start measurement: with ``KIOSK_STARTUP_PROBE=1`` the GUI prints, once its first window
is painted, how long that took since the process started, and quits (the kiosk once its core
is made too: :meth:`FirstWindowProbe.quit_after`).

The GUI calls :func:`install_startup_probe` with its window's "first painted" signal; without
the environment variable that call does nothing. The probe listens to that one signal, not to
every event of the application: an application-wide event filter would bring each object and
event of the start into Python, and the probe would measure its own cost as well.
``packaging/measure_startup.py`` runs the bundle this way (offscreen) and reports the figures;
``KIOSK_STARTUP_PROBE_MODULES=FILE`` also lists the modules loaded by then in FILE.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from typing import Final

from PySide6.QtCore import QCoreApplication, QObject, SignalInstance

PROBE_ENV: Final = "KIOSK_STARTUP_PROBE"
# When set to a file name, the probe also writes there the modules loaded by the first window,
# one a line (what the start pays for; tests/unit/cli/test_startup_imports.py reads it).
MODULES_ENV: Final = "KIOSK_STARTUP_PROBE_MODULES"
PROBE_PREFIX: Final = "startup-probe: first window shown after"

_IMPORTED_AT = time.monotonic()
_installed: list[QObject] = []


def process_age_ms() -> float | None:
    """Milliseconds since this process started, or None where that is unknown (Linux: from
    /proc; Windows: the process's creation time, by pywin32)."""
    if sys.platform == "win32":
        return _windows_process_age_ms()
    if sys.platform.startswith("linux"):
        return _linux_process_age_ms()
    return None


def _linux_process_age_ms() -> float | None:
    try:
        with open("/proc/self/stat", encoding="ascii") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        with open("/proc/uptime", encoding="ascii") as uptime:
            system_up_s = float(uptime.read().split()[0])
    except (OSError, IndexError, ValueError):
        return None
    # Field 22 of /proc/self/stat (index 19 after the command name) is the start time in ticks.
    started_s = int(fields[19]) / os.sysconf("SC_CLK_TCK")
    return (system_up_s - started_s) * 1000.0


def _windows_process_age_ms() -> float | None:
    try:
        import win32api  # type: ignore[import-untyped,import-not-found,unused-ignore]
        import win32process  # type: ignore[import-untyped,import-not-found,unused-ignore]
    except ImportError:  # pywin32 is a Windows dependency: only a broken install lacks it
        return None
    times = win32process.GetProcessTimes(win32api.GetCurrentProcess())
    created_s = float(times["CreationTime"].timestamp())  # a timezone-aware datetime
    return (time.time() - created_s) * 1000.0


def print_and_quit(line: str) -> None:
    """The probe's default report: print the line (flushed) and end the event loop."""
    print(line, flush=True)
    # exit(), not quit(): Qt 6's quit() first asks every window to close, and the kiosk
    # window in --kiosk mode refuses (it may only be left with the admin PIN).
    QCoreApplication.exit(0)


class FirstWindowProbe(QObject):
    """Reports once the first window is painted (:meth:`report_after`), handing a report line to
    ``report`` (default: print it and quit)."""

    def __init__(
        self, parent: QObject | None = None, report: Callable[[str], None] = print_and_quit
    ) -> None:
        super().__init__(parent)
        self._fired = False
        self._report_line = report
        self._waiting = False  # for quit_after's signal
        self._printed = False

    def report_after(self, painted: SignalInstance) -> None:
        """Report when ``painted`` is first sent (the window's first paint is done)."""
        painted.connect(self._painted)

    def quit_after(self, signal: SignalInstance) -> None:
        """Print the line at the first window as ever, but quit only once ``signal`` is sent
        (the start's work after the first paint is then done too)."""
        self._waiting = True
        signal.connect(self._release)

    def _release(self) -> None:
        self._waiting = False
        if self._printed:
            QCoreApplication.exit(0)

    def _painted(self) -> None:
        if not self._fired:
            self._fired = True
            self._report()

    def _report(self) -> None:
        modules_file = os.environ.get(MODULES_ENV)
        if modules_file:
            with open(modules_file, "w", encoding="utf-8") as listing:
                listing.write("".join(f"{name}\n" for name in sorted(sys.modules)))
        age = process_age_ms()
        since_import = (time.monotonic() - _IMPORTED_AT) * 1000.0
        shown = f"{age:.0f} ms since process start" if age is not None else "unknown time"
        # The process's CPU time tells the start's own cost on a busy machine, where the wall
        # time also counts the waits for a core.
        cpu_ms = time.process_time() * 1000.0
        line = (
            f"{PROBE_PREFIX} {shown} ({since_import:.0f} ms after Qt import, "
            f"{cpu_ms:.0f} ms of CPU)"
        )
        if self._waiting:
            print(line, flush=True)
            self._printed = True
        else:
            self._report_line(line)


def install_startup_probe(
    app: QCoreApplication, painted: SignalInstance
) -> FirstWindowProbe | None:
    """When ``KIOSK_STARTUP_PROBE`` is set, a probe (owned by ``app``) reporting once
    ``painted`` is sent: the first window's first paint is done. Otherwise nothing."""
    if not os.environ.get(PROBE_ENV):
        return None
    probe = FirstWindowProbe(app)
    probe.report_after(painted)
    _installed.append(probe)
    return probe
