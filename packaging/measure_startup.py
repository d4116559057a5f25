"""Prints cold-start figures of kiosk executables: time until the first window is shown.

    python packaging/measure_startup.py dist/kiosk-app/kiosk-app [--runs 5] [-- GUI ARGS]
    python packaging/measure_startup.py EXE_A EXE_B [--runs 9] [--series 6]   (a comparison)

Each run starts the GUI offscreen with ``KIOSK_STARTUP_PROBE=1`` (kiosk_app.cli.startup_probe) in
fresh config/data/log directories; the app prints when its first window is painted and quits.
The first run is the coldest this machine allows without dropping the page cache (which would
disturb everyone else on it); the others show the warm figure. Wall time is measured here,
from spawning the process to the probe line. When the GUI has no probe yet, the time to run
``--help`` (interpreter, imports and argument parsing) is reported instead.

Given several executables (a venv's ``kiosk-app`` and a bundle, or two builds), the runs
alternate between them, one run of each in turn, so that the host's changing speed (60-70 ms
between series on a shared machine) falls on all of them alike: each series prints a median
per executable, and the end the median of the series' medians, the slowest series, and for two
executables the median of the paired differences.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

PROBE_PREFIX = "startup-probe: first window shown after"
CPU_PATTERN = re.compile(r"(\d+) ms of CPU\)")
TARGET_MS = 500
TIMEOUT_S = 60


def run_once(command: list[str], env: dict[str, str]) -> tuple[float, str | None]:
    """Wall milliseconds until the probe line (or exit), and the probe line if any."""
    started = time.perf_counter()
    with subprocess.Popen(
        command, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    ) as process:
        assert process.stdout is not None
        for line in process.stdout:
            if line.startswith(PROBE_PREFIX):
                elapsed = (time.perf_counter() - started) * 1000.0
                process.wait(timeout=TIMEOUT_S)
                return elapsed, line.strip()
        process.wait(timeout=TIMEOUT_S)
    return (time.perf_counter() - started) * 1000.0, None


def probe_cpu_ms(line: str) -> float | None:
    """The CPU milliseconds a probe line reports (``..., 930 ms of CPU)``), if it does."""
    match = CPU_PATTERN.search(line)
    return float(match.group(1)) if match else None


def fresh_env(scratch: str) -> dict[str, str]:
    """The environment of one run: offscreen, probe on, empty kiosk directories."""
    env = dict(os.environ)
    env.update(
        QT_QPA_PLATFORM="offscreen",
        KIOSK_STARTUP_PROBE="1",
        KIOSK_CONFIG_DIR=os.path.join(scratch, "config"),
        KIOSK_DATA_DIR=os.path.join(scratch, "data"),
        KIOSK_LOG_DIR=os.path.join(scratch, "log"),
    )
    return env


def split_gui_args(argv: list[str]) -> tuple[list[str], list[str]]:
    """This script's arguments, and the GUI's (everything after the first ``--``).

    Split by hand: argparse gives a trailing ``nargs="*"`` positional nothing once the
    executable is read, and then refuses what follows ``--``."""
    if "--" not in argv:
        return argv, []
    at = argv.index("--")
    return argv[:at], argv[at + 1 :]


def main(argv: list[str] | None = None) -> int:
    """Measure and print; exit status 0 even above target (figures, not a gate)."""
    own, gui_args = split_gui_args(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("executables", nargs="+", metavar="executable")
    parser.add_argument("--runs", type=int, default=5, help="runs of each executable a series")
    parser.add_argument("--series", type=int, default=1)
    args = parser.parse_args(own)
    if len(args.executables) == 1 and args.series == 1:
        return measure_one(args.executables[0], args.runs, gui_args)
    return compare(args.executables, args.runs, args.series, gui_args)


def measure_one(executable: str, runs: int, gui_args: list[str]) -> int:
    """One executable, one series: first run, median, minimum and CPU."""
    timings: list[float] = []
    cpu: list[float] = []
    probe_line = None
    with tempfile.TemporaryDirectory() as scratch:
        env = fresh_env(scratch)
        for _ in range(runs):
            elapsed, line = run_once([executable, *gui_args], env)
            if line is None:
                return report_without_probe(executable, env, runs)
            timings.append(elapsed)
            cpu += [ms for ms in [probe_cpu_ms(line)] if ms is not None]
            probe_line = line
    print(
        f"cold start to first window (offscreen): first run {timings[0]:.0f} ms, "
        f"median of {len(timings)} {statistics.median(timings):.0f} ms, "
        f"min {min(timings):.0f} ms (target {TARGET_MS} ms)"
    )
    if cpu:
        # The process's own CPU time: what the start costs, whatever else shares the cores.
        print(f"  CPU time to the first window: median {statistics.median(cpu):.0f} ms")
    print(f"  load average (1 min) at the end: {os.getloadavg()[0]:.1f}")
    print(f"  last run's own report: {probe_line}")
    return 0


def compare(executables: list[str], runs: int, series: int, gui_args: list[str]) -> int:
    """Runs alternating between ``executables``; a median per executable and series."""
    medians: dict[str, list[float]] = {exe: [] for exe in executables}
    cpu_medians: dict[str, list[float]] = {exe: [] for exe in executables}
    with tempfile.TemporaryDirectory() as scratch:
        env = fresh_env(scratch)
        for number in range(1, series + 1):
            walls: dict[str, list[float]] = {exe: [] for exe in executables}
            cpus: dict[str, list[float]] = {exe: [] for exe in executables}
            for _ in range(runs):
                for exe in executables:
                    elapsed, line = run_once([exe, *gui_args], env)
                    if line is None:
                        print(f"{exe}: no first-window line (no probe, or it failed to start)")
                        return 1
                    walls[exe].append(elapsed)
                    cpus[exe] += [ms for ms in [probe_cpu_ms(line)] if ms is not None]
            print(f"series {number} of {series} ({runs} runs each, load "
                  f"{os.getloadavg()[0]:.1f}):")  # fmt: skip
            for exe in executables:
                medians[exe].append(statistics.median(walls[exe]))
                cpu_medians[exe] += [statistics.median(cpus[exe])] if cpus[exe] else []
                cpu_text = f", CPU {cpu_medians[exe][-1]:.0f} ms" if cpus[exe] else ""
                print(f"  {exe}: median {medians[exe][-1]:.0f} ms{cpu_text}")
    print(f"over {series} series (target {TARGET_MS} ms):")
    for exe in executables:
        cpu_text = f", CPU {statistics.median(cpu_medians[exe]):.0f} ms" if cpu_medians[exe] else ""
        print(
            f"  {exe}: median of the series' medians {statistics.median(medians[exe]):.0f} ms, "
            f"slowest series {max(medians[exe]):.0f} ms{cpu_text}"
        )
    if len(executables) == 2:
        first, second = executables
        differences = [b - a for a, b in zip(medians[first], medians[second], strict=True)]
        print(f"  paired difference (second minus first): median "
              f"{statistics.median(differences):+.0f} ms")  # fmt: skip
    return 0


def report_without_probe(executable: str, env: dict[str, str], runs: int) -> int:
    """The GUI printed no probe line: time ``--help`` instead and say so."""
    timings = [run_once([executable, "--help"], env)[0] for _ in range(runs)]
    print(
        "GUI start-up probe not available (no first-window line); "
        f"`kiosk-app --help` takes {timings[0]:.0f} ms first, median "
        f"{statistics.median(timings):.0f} ms"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
