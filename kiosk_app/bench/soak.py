"""Soak test: a long shift of scans through the real kiosk window, offscreen.

``python -m kiosk_app.bench soak [--scans 2000] [--seed 1] [--every 100] [--warmup 200]
[--in-process]``

Builds the real main window (real workers, decoder, HTTP client, usage database and log file)
against the simulator and runs ``--scans`` customers through it (the driver is
:mod:`kiosk_app.bench.soak_driver`). Each scan draws, from a seeded random generator (the
same seed gives the same shift):

* a demo sample (signature, parse-only or Canadian, the Canadian form filled and submitted);
* an input path: keyboard-wedge key events, a picture file (Open), a drag and drop, or the
  "Try a sample" menu;
* sometimes a fault for the check (HTTP 500, a reply that is not JSON, a dropped connection,
  a reply slower than a short client timeout), a Cancel while the check runs, or the idle
  wipe right after the read;
* how the customer ends: New customer / Start again, the idle wipe (the real idle timer,
  shortened for a moment), or Another check.

Each scan is judged: it must end on the Result screen with its sample's verdict, on the Error
screen with its fault's sentence, or on Ready after a Cancel or a wipe, with nothing of the
customer left. Every ``--every`` scans, after a short settle and a garbage collection, a row
records RSS (``/proc/self/statm``), Python and OS threads, open descriptors, busy pool
threads, widgets, Python objects and the longest event-loop gap (the heartbeat of
``kiosk_app.bench.gui``). The summary compares the last row with the first row after
``--warmup`` scans. Targets: RSS within 30 MB, no more threads or descriptors, no gap over
50 ms. Exit status 0 when every scan ended right and the targets were met.

The simulator runs in a child process by default, as the real service is remote: inside the
GUI's process it competes with the GUI thread for the interpreter lock (``--in-process``
measures that, the ``--demo`` set-up). Its connection threads and sockets are not counted.
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import json
import os
import random
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kiosk_app.bench.gui import TARGET_MS
from kiosk_app.bench.soak_driver import (
    SimulatorLike,
    SoakDriver,
    Stalls,
    WedgeClock,
    close_client,
    plan_scan,
    short_timeout_backend,
)

if TYPE_CHECKING:
    from kiosk_app.storage.usage import UsageStore
    from kiosk_app.ui.main_window import MainWindow

TARGET_RSS_GROWTH_MB = 30.0
# The simulator stands in for a remote service: its connection threads and sockets are not the
# kiosk's and are subtracted from the counts (the name is the simulator's own).
SIMULATOR_CONNECTION_THREAD = "kiosk-simulator-connection"


@dataclass
class Reading:
    """The process after ``scans`` scans."""

    scans: int
    elapsed_s: float
    rss_mb: float
    sim_connections: int
    py_threads: int
    os_threads: int
    fds: int
    pool_threads: int
    widgets: int
    objects: int
    redaction_values: int  # customer values registered with the log redaction
    longest_gap_ms: float
    worst_step: str


# --- the process's resources -------------------------------------------------------------------


def rss_mb() -> float:
    """Resident set size in MB (``/proc/self/statm``, second field, in pages)."""
    with open("/proc/self/statm", encoding="ascii") as statm:
        pages = int(statm.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 1e6


def os_threads() -> int:
    """Threads of the process as the kernel counts them (Qt's and Python's)."""
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("Threads:"):
                return int(line.split()[1])
    return 0


def simulator_connections() -> int:
    """Connections an in-process simulator is serving (a thread and a socket each)."""
    return sum(1 for t in threading.enumerate() if t.name == SIMULATOR_CONNECTION_THREAD)


def open_fds() -> int:
    """Open file descriptors (the directory listing's own is not counted)."""
    return len(os.listdir("/proc/self/fd")) - 1


def take_reading(driver: SoakDriver, started: float) -> Reading:
    """Let abandoned work finish, collect garbage, then measure the process."""
    from PySide6.QtCore import QThreadPool
    from PySide6.QtWidgets import QApplication

    from kiosk_app.redaction import SENSITIVE

    driver.spin(driver.timings.settle_s)
    # Work the kiosk started on its own meanwhile (the picture warm-up) ends before the count.
    driver.wait("settle", lambda: None, driver.quiet)
    gc.collect()
    longest, step = driver.stalls.new_block()
    pool = driver.window.core.pool.findChild(QThreadPool)
    serving = simulator_connections()
    return Reading(
        scans=driver.tally.scans,
        elapsed_s=time.perf_counter() - started,
        rss_mb=rss_mb(),
        sim_connections=serving,
        py_threads=threading.active_count() - serving,
        os_threads=os_threads() - serving,
        fds=open_fds() - serving,
        pool_threads=pool.activeThreadCount() if pool is not None else -1,
        widgets=len(QApplication.allWidgets()),
        objects=len(gc.get_objects()),
        redaction_values=SENSITIVE.customer_count(),
        longest_gap_ms=longest,
        worst_step=step,
    )


# --- the simulator in its own process -----------------------------------------------------------


class SimulatorProcess:
    """The simulator in a child process, driven by one JSON request per line on its stdin."""

    def __init__(self) -> None:
        command = [
            sys.executable,
            "-c",
            "from kiosk_app.bench.soak import serve_simulator; serve_simulator()",
        ]
        self._process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        self.base_url = self._answer()

    def _answer(self) -> str:
        assert self._process.stdout is not None
        return self._process.stdout.readline().strip()

    def _ask(self, request: dict[str, Any]) -> str:
        assert self._process.stdin is not None
        self._process.stdin.write(json.dumps(request) + "\n")
        self._process.stdin.flush()
        return self._answer()

    def set_faults(self, faults: Any) -> None:
        """Apply ``faults`` (a ``Faults``) to every request from now on."""
        self._ask({"faults": dataclasses.asdict(faults)})

    @property
    def request_count(self) -> int:
        """Requests the simulator received so far."""
        return int(self._ask({"count": True}))

    def stop(self) -> None:
        """Stop the simulator and wait for its process."""
        self._ask({"stop": True})
        self._process.wait(10)
        for stream in (self._process.stdin, self._process.stdout):
            if stream is not None:
                stream.close()


def serve_simulator() -> None:
    """The child's side: start a simulator, print its URL, answer one JSON request per line."""
    from kiosk_app.simulator.faults import Faults
    from kiosk_app.simulator.server import start_simulator

    handle = start_simulator(port=0)
    print(handle.base_url, flush=True)
    for line in sys.stdin:
        request = json.loads(line)
        if "faults" in request:
            handle.set_faults(Faults(**request["faults"]))
            print("ok", flush=True)
        elif "count" in request:
            print(handle.request_count, flush=True)
        else:
            break
    handle.stop()
    print("stopped", flush=True)


# --- building the window ------------------------------------------------------------------------


def soak_settings(base_url: str) -> Any:
    """Settings for the soak: every service at the simulator, the public test token."""
    from kiosk_app.api.constants import TEST_AUTH_KEY, TEST_TOKEN
    from kiosk_app.config import Settings

    return Settings(
        base_url=base_url,
        dvs_url=base_url,
        parse_url=base_url,
        api_token=TEST_TOKEN,
        auth_key=TEST_AUTH_KEY,
        test_mode=True,
        # The shift's customers are ten sample cards coming back all day: the cross-customer
        # memory (tested on its own) would answer most of them without a check.
        repeat_window_min=0,
    )


def build_soak_window(
    base_url: str, clock: WedgeClock, usage: UsageStore | None = None
) -> MainWindow:
    """The real window (as ``build_window`` makes it, demo samples on), shown and started."""
    from kiosk_app.app.backend import Backend
    from kiosk_app.app.kiosk import KioskCore
    from kiosk_app.simulator.samples import SAMPLES_BY_KEY
    from kiosk_app.ui.main_window import MainWindow

    settings = soak_settings(base_url)
    core = KioskCore(
        settings,
        Backend.from_settings(settings),
        samples=dict(SAMPLES_BY_KEY),
        clock=clock,
        usage=usage,
    )
    window = MainWindow(core)
    window.resize(1280, 800)
    window.show()
    core.start()
    return window


def close_soak_window(window: MainWindow) -> None:
    """Close the window (awaits the workers), close its client, delete it now."""
    from kiosk_app.ui.launch import delete_now

    window.close()
    close_client(window.session.backend)
    delete_now(window)  # and the core it owns, on this (the GUI) thread


def write_sample_pictures(folder: Path) -> Path:
    """Copy the samples' PDF417 pictures (``resources/samples``) to ``folder``."""
    from kiosk_app.simulator.samples import SAMPLES
    from kiosk_app.ui.theme import resource_bytes

    for sample in SAMPLES:
        (folder / sample.image_name).write_bytes(resource_bytes(f"samples/{sample.image_name}"))
    return folder


# --- the shift ----------------------------------------------------------------------------------


def run_shift(
    driver: SoakDriver,
    scans: int,
    seed: int,
    every: int,
    report: Callable[[Reading], None] = lambda _r: None,
) -> list[Reading]:
    """Run ``scans`` scans drawn from ``seed``; a reading before the first and every ``every``.

    The first paint and the result screen's rehearsal are not part of the shift's stalls.
    """
    rng = random.Random(seed)
    started = time.perf_counter()
    driver.spin(0.5, "first paint")
    readings = [take_reading(driver, started)]
    report(readings[-1])
    driver.stalls = Stalls()
    for index in range(1, scans + 1):
        driver.run_scan(plan_scan(rng))
        if index % every == 0 or index == scans:
            readings.append(take_reading(driver, started))
            report(readings[-1])
    return readings


@dataclass(frozen=True)
class Growth:
    """The change from the first reading after warm-up to the last."""

    baseline: Reading
    last: Reading
    rss_mb: float
    rss_peak_mb: float
    py_threads: int
    os_threads: int
    fds: int
    widgets: int

    @property
    def within_targets(self) -> bool:
        """Memory within 30 MB; no more threads or descriptors than at the baseline."""
        return (
            self.rss_mb <= TARGET_RSS_GROWTH_MB
            and self.py_threads <= 0
            and self.os_threads <= 0
            and self.fds <= 0
        )


def growth_after(readings: list[Reading], warmup: int) -> Growth:
    """Growth from the first reading at or after ``warmup`` scans to the last reading."""
    after = [r for r in readings if r.scans >= warmup] or readings[-1:]
    base, last = after[0], after[-1]
    return Growth(
        baseline=base,
        last=last,
        rss_mb=last.rss_mb - base.rss_mb,
        rss_peak_mb=max(r.rss_mb for r in after) - base.rss_mb,
        py_threads=last.py_threads - base.py_threads,
        os_threads=last.os_threads - base.os_threads,
        fds=last.fds - base.fds,
        widgets=last.widgets - base.widgets,
    )


HEADER = (
    f"{'scans':>6} {'time s':>7} {'RSS MB':>7} {'sim':>4} {'py thr':>6} {'os thr':>6} "
    f"{'fds':>5} {'pool':>4} {'widgets':>7} {'objects':>8} {'redact':>6} {'gap ms':>7}  "
    "worst step"
)


def row_text(r: Reading) -> str:
    """One table row."""
    return (
        f"{r.scans:>6} {r.elapsed_s:>7.1f} {r.rss_mb:>7.1f} {r.sim_connections:>4} "
        f"{r.py_threads:>6} {r.os_threads:>6} {r.fds:>5} {r.pool_threads:>4} "
        f"{r.widgets:>7} {r.objects:>8} {r.redaction_values:>6} {r.longest_gap_ms:>7.1f}  "
        f"{r.worst_step}"
    )


def summary_text(growth: Growth, driver: SoakDriver, warmup: int) -> str:
    """The summary line, the tally of what was drawn, and the problems if any."""
    stalls, tally = driver.stalls, driver.tally
    passed = growth.within_targets and stalls.longest <= TARGET_MS and not tally.problems
    lines = [
        f"SUMMARY scans {tally.scans}, wrong endings {len(tally.problems)}; from scan "
        f"{growth.baseline.scans} to {growth.last.scans}: RSS {growth.rss_mb:+.1f} MB (peak "
        f"{growth.rss_peak_mb:+.1f}), Python threads {growth.py_threads:+d}, OS threads "
        f"{growth.os_threads:+d}, descriptors {growth.fds:+d}, widgets {growth.widgets:+d}; "
        f"longest event-loop gap {stalls.longest:.1f} ms ({stalls.longest_step}; GUI-thread CPU "
        f"{stalls.longest_cpu:.1f} ms of it), gaps over 20 ms {stalls.over_20}, over "
        f"{TARGET_MS:g} ms {stalls.over_target} of {stalls.ticks} ticks ({stalls.over_target_busy} "
        f"of them mostly GUI-thread CPU): "
        f"{'PASS' if passed else 'FAIL'}",
        "drawn: " + ", ".join(f"{k} {v}" for k, v in sorted(tally.plans.items())),
        "endings: " + ", ".join(f"{k} {v}" for k, v in sorted(tally.endings.items())),
    ]
    lines += [f"  problem: {p}" for p in tally.problems[:20]]
    return "\n".join(lines)


@contextmanager
def _soak_environment() -> Iterator[Path]:
    """A throw-away config/data/log directory (the machine's real ones are never touched)."""
    with tempfile.TemporaryDirectory(prefix="kiosk-soak-") as tmp:
        root = Path(tmp)
        for var in ("KIOSK_CONFIG_DIR", "KIOSK_DATA_DIR", "KIOSK_LOG_DIR"):
            (root / var.lower()).mkdir()
            os.environ[var] = str(root / var.lower())
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        yield root


def main(argv: list[str]) -> int:
    """Run the shift and print the table and the summary."""
    parser = argparse.ArgumentParser(prog="python -m kiosk_app.bench soak")
    parser.add_argument("--scans", type=int, default=2000, help="customers to run through")
    parser.add_argument("--seed", type=int, default=1, help="random seed (same seed, same shift)")
    parser.add_argument("--every", type=int, default=100, help="scans between readings")
    parser.add_argument("--warmup", type=int, default=200, help="scans before the baseline")
    parser.add_argument(
        "--in-process",
        action="store_true",
        help="run the simulator inside the GUI process (demo mode's set-up)",
    )
    args = parser.parse_args(argv)
    with _soak_environment() as root:
        return _run(args, root)


def _run(args: argparse.Namespace, root: Path) -> int:
    from kiosk_app.logging_setup import configure_logging
    from kiosk_app.simulator.server import start_simulator
    from kiosk_app.storage.usage import UsageStore
    from kiosk_app.ui.launch import application

    configure_logging()
    application()
    handle: SimulatorLike
    if args.in_process:
        handle = embedded = start_simulator(port=0)
        base_url = embedded.base_url
    else:
        handle = process = SimulatorProcess()
        base_url = process.base_url
    usage = UsageStore(root / "usage.sqlite3")
    clock = WedgeClock()
    window = build_soak_window(base_url, clock, usage)
    short = short_timeout_backend(base_url)
    driver = SoakDriver(window, handle, clock, write_sample_pictures(root), short)
    try:
        where = "in the GUI process" if args.in_process else "in its own process"
        print(
            f"soak: {args.scans} scans, seed {args.seed}, a reading every {args.every}, "
            f"simulator {where}"
        )
        print(HEADER, flush=True)
        readings = run_shift(
            driver, args.scans, args.seed, args.every, lambda r: print(row_text(r), flush=True)
        )
        expected = driver.checks_sent
    finally:
        close_soak_window(window)
        close_client(short)
        handle.stop()
    growth = growth_after(readings, args.warmup)
    counted = usage.row_count()
    usage.close()
    print(summary_text(growth, driver, args.warmup))
    print(
        f"usage rows: {counted} for {expected} checks sent; machine load average (1 min) "
        f"{os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs"
    )
    passed = (
        growth.within_targets
        and driver.stalls.longest <= TARGET_MS
        and not driver.tally.problems
        and counted == expected
    )
    return 0 if passed else 1
