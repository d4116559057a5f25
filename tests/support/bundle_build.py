"""The Linux build (``packaging/build-linux.sh``) of the bundle tests, run in the background.

The build takes minutes of CPU (PyInstaller, the .deb's xz); the bundle tests' ``dist``
fixture waits for it. It runs at the lowest priority this machine allows (:data:`PRIORITY`:
``SCHED_IDLE``, idle I/O, ``nice`` 19), so it only takes the CPU time the tests leave, in the
process and scheduler group of whoever started it (a new session would get a scheduler group
of its own, which shares the CPU evenly with the tests whatever the build's priority). Its
output goes to files, so a full pipe never stalls it.

The full test command (``bash packaging/dev.sh test``) starts it before it makes its venv, as
``python3 -m tests.support.bundle_build FOLDER`` (:func:`main`), and names the folder in
:data:`HANDOVER_ENV`; the fixture then waits for that build (:class:`HandedOverBuild`). The
command pauses it (:data:`PAUSE_SIGNAL`) for its unit and timing-sensitive phases. In any
other session the fixture starts its own (:class:`BackgroundBuild`).

The runner stamps the build's steps (its ``== `` lines), pauses, resumes and end into
:data:`TIMINGS` (seconds since the build began, and the build's CPU seconds so far); the fixture
adds how long it waited (:data:`WAITED`). Each session of the test command ends its summary with
them (:func:`pytest_terminal_summary`).
"""

from __future__ import annotations

import functools
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING

from tests.support.processes import process_gone

# No pytest (nor any other package) at import: packaging/dev.sh starts the runner (main) with
# the system's python3, before the test venv exists.
if TYPE_CHECKING:
    import pytest

ROOT = Path(__file__).resolve().parents[2]
BUILD_SCRIPT = ROOT / "packaging" / "build-linux.sh"
# The output folder of an earlier `KIOSK_DIST=... bash packaging/build-linux.sh` to test instead
# of building again (working on the install tests); unset, the session builds. Not KIOSK_*: the
# test session drops those.
REUSE_DIST_ENV = "BUNDLE_TEST_DIST"
# The folder of a build started before the session (packaging/dev.sh): the fixture waits for it.
HANDOVER_ENV = "BUNDLE_BUILD_DIR"
# What the tests change of the release build: the .deb's fastest xz preset
# (packaging/deb/build_deb.py's XZ_FASTEST; the release's is 6: a package under the size target
# at this preset is under it at the release's too), and one cold start for the figures.
BUILD_SETTINGS = {"DEB_XZ_LEVEL": "1", "STARTUP_RUNS": "1"}
# The build's command prefixes, lowest priority first; each is used where it works here.
PRIORITY: tuple[tuple[str, ...], ...] = (
    ("chrt", "--idle", "0"),  # SCHED_IDLE: CPU only when nothing else wants it
    ("ionice", "-c", "3"),  # the idle I/O class
    ("nice", "-n", "19"),  # the lowest niceness, where SCHED_IDLE is missing
)
BUILD_TIMEOUT_S = 3600
STOP_WAIT_S = 30
POLL_S = 0.5
# The files of a build's folder.
STDOUT = "stdout"
STDERR = "stderr"
OUT = "dist"
PID = "pid"  # the process that runs the build and writes STATUS
STATUS = "status"  # the build's exit status, written whole once it has ended
TIMINGS = "timings.json"  # BuildTimings, rewritten whole at each stamp
WAITED = "waited.json"  # when the bundle tests' fixture began and stopped waiting
# How the build script names its steps on its output.
STEP_PREFIX = "== "
# Sent to that process: stop the build's whole process group where it is, and let it go on.
PAUSE_SIGNAL = signal.SIGUSR1
RESUME_SIGNAL = signal.SIGUSR2


@dataclass(frozen=True)
class BuildResult:
    """How the build ended: its exit status, output and output folder."""

    returncode: int
    stdout: str
    stderr: str
    out: Path


def priority_prefix() -> list[str]:
    """The :data:`PRIORITY` prefixes that run a command on this machine."""
    prefix: list[str] = []
    for step in PRIORITY:
        if shutil.which(step[0]) is None:
            continue
        probe = subprocess.run([*step, "true"], capture_output=True, check=False, timeout=30)
        if probe.returncode == 0:
            prefix += step
    return prefix


def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8", errors="replace") if path.exists() else ""


def _result(folder: Path, returncode: int) -> BuildResult:
    return BuildResult(returncode, _read(folder / STDOUT), _read(folder / STDERR), folder / OUT)


def write_whole(path: Path, text: str) -> None:
    """Write ``path`` so that a reader sees it whole or not at all (renamed into place)."""
    partial = path.with_name(f"{path.name}.partial")
    partial.write_text(text, encoding="utf-8")
    partial.rename(path)


def group_cpu_s(group: int) -> float:
    """The CPU seconds (user and system) of the processes in process group ``group``, with
    those of the children they have reaped."""
    ticks = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text(encoding="ascii", errors="replace").rsplit(") ", 1)[1].split()
        except OSError:  # ended meanwhile
            continue
        # After the name: state, ppid, pgrp, ...; utime, stime, cutime, cstime are 12th to 15th.
        if int(fields[2]) == group:
            ticks += sum(int(value) for value in fields[11:15])
    return ticks / os.sysconf("SC_CLK_TCK")


def children_cpu_s() -> float:
    """The CPU seconds of this process's reaped children."""
    times = os.times()
    return times.children_user + times.children_system


@dataclass
class BuildTimings:
    """When (:func:`time.monotonic`) the build began, and its stamps: seconds since then, the
    build's CPU seconds so far, and what happened (a step's line, paused, resumed, ended)."""

    started: float
    stamps: list[tuple[float, float, str]] = field(default_factory=list)

    def stamp(self, cpu_s: float, event: str) -> None:
        self.stamps.append((time.monotonic() - self.started, cpu_s, event))

    def write(self, folder: Path) -> None:
        write_whole(folder / TIMINGS, json.dumps({"started": self.started, "stamps": self.stamps}))


class BackgroundBuild:
    """One run of ``command`` (the build script) into ``folder``, started once."""

    def __init__(self, folder: Path, command: list[str] | None = None) -> None:
        self.folder = folder
        self._command = command or ["bash", str(BUILD_SCRIPT)]
        self._process: subprocess.Popen[bytes] | None = None
        self._reaped_cpu_s = 0.0  # of this process's children before the build

    def start(self) -> None:
        """Start the build unless it has been started already."""
        if self._process is not None:
            return
        self.folder.mkdir(parents=True, exist_ok=True)
        self._reaped_cpu_s = children_cpu_s()
        env = dict(os.environ, KIOSK_DIST=str(self.folder / OUT), **BUILD_SETTINGS)
        with (
            (self.folder / STDOUT).open("wb") as stdout,
            (self.folder / STDERR).open("wb") as stderr,
        ):
            # A process group of its own (so stop() reaches PyInstaller and pip too), but not a
            # session of its own (see the module's docstring).
            self._process = subprocess.Popen(
                [*priority_prefix(), *self._command],
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=stdout,
                stderr=stderr,
                process_group=0,
            )

    def poll(self) -> int | None:
        """The build's exit status once it has ended (None while it runs or before it starts)."""
        return None if self._process is None else self._process.poll()

    def cpu_s(self) -> float:
        """The build's CPU seconds so far: its process group's (reaped children included) while
        it runs, this process's reaped children's since it started once it has ended."""
        if self._process is None:
            return 0.0
        if self._process.poll() is None:
            return group_cpu_s(self._process.pid)
        return children_cpu_s() - self._reaped_cpu_s

    def result(self) -> BuildResult:
        """Wait for the build (starting it if need be) and return how it ended."""
        self.start()
        assert self._process is not None
        return _result(self.folder, self._process.wait(timeout=BUILD_TIMEOUT_S))

    def signal_group(self, signum: int) -> None:
        """Send ``signum`` to the build's process group, if it is running."""
        process = self._process
        if process is not None and process.poll() is None:
            os.killpg(process.pid, signum)

    def stop(self) -> None:
        """End the build if it is still running (paused or not)."""
        process = self._process
        if process is not None and process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
            os.killpg(process.pid, signal.SIGCONT)
            try:
                process.wait(timeout=STOP_WAIT_S)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=STOP_WAIT_S)


class HandedOverBuild:
    """A build that :func:`main` runs into ``folder`` (started before this session)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def result(self, timeout_s: float = BUILD_TIMEOUT_S) -> BuildResult:
        """Wait for the build's exit status and return how it ended. Fails at once if the
        process running it ended without one, and after ``timeout_s`` if it never ends."""
        began = time.monotonic()
        deadline = began + timeout_s
        status, pid = self.folder / STATUS, self.folder / PID
        while not status.exists():
            runner_gone = pid.exists() and process_gone(int(pid.read_text(encoding="ascii")))
            if runner_gone and not status.exists():
                raise AssertionError(f"the build ended without an exit status\n{self._output()}")
            if time.monotonic() > deadline:
                raise AssertionError(f"the build ran over {timeout_s:.0f} s\n{self._output()}")
            time.sleep(POLL_S)
        waited = {"began": began, "ended": time.monotonic()}
        write_whole(self.folder / WAITED, json.dumps(waited))
        return _result(self.folder, int(status.read_text(encoding="ascii")))

    def _output(self) -> str:
        return _read(self.folder / STDOUT)[-5000:] + _read(self.folder / STDERR)[-5000:]


def run_build(folder: Path, command: list[str] | None = None) -> int:
    """Run the build into ``folder``, writing :data:`PID` first and :data:`STATUS` at the end
    (each whole: :func:`write_whole`), and :data:`TIMINGS` as the build goes.
    :data:`PAUSE_SIGNAL` stops the build's processes where they are (SIGSTOP),
    :data:`RESUME_SIGNAL` lets them go on; SIGTERM ends the build and this process. Returns
    the build's exit status."""
    folder.mkdir(parents=True, exist_ok=True)
    build = BackgroundBuild(folder, command)
    paused = [False]
    timings = BuildTimings(time.monotonic())

    def end(signum: int, _frame: FrameType | None) -> None:
        build.stop()
        raise SystemExit(128 + signum)

    def pause(signum: int, _frame: FrameType | None) -> None:
        paused[0] = signum == PAUSE_SIGNAL
        build.signal_group(signal.SIGSTOP if paused[0] else signal.SIGCONT)
        timings.stamp(build.cpu_s(), "paused" if paused[0] else "resumed")

    signal.signal(signal.SIGTERM, end)
    signal.signal(PAUSE_SIGNAL, pause)
    signal.signal(RESUME_SIGNAL, pause)
    write_whole(folder / PID, str(os.getpid()))
    build.start()
    timings.stamp(0.0, "started")
    if paused[0]:  # asked before the build had started
        build.signal_group(signal.SIGSTOP)
    returncode = _follow(build, timings)
    timings.stamp(build.cpu_s(), f"ended with status {returncode}")
    timings.write(folder)
    write_whole(folder / STATUS, str(returncode))
    return returncode


def _follow(build: BackgroundBuild, timings: BuildTimings) -> int:
    """Wait for ``build`` to end, stamping each step it starts when its line is seen (up to
    :data:`POLL_S` late); returns its exit status. Reads only the output's new lines, and
    reads the build's CPU time only for a stamp."""
    read = written = 0
    with (build.folder / STDOUT).open("rb") as output:
        while True:
            returncode = build.poll()
            output.seek(read)
            new = output.read()
            new = new[: new.rfind(b"\n") + 1]
            read += len(new)
            for line in new.decode(errors="replace").splitlines():
                if line.startswith(STEP_PREFIX):
                    timings.stamp(build.cpu_s(), line)
            if returncode is not None:
                return returncode
            if len(timings.stamps) != written:  # a stamp of this loop's or of a signal's
                written = len(timings.stamps)
                timings.write(build.folder)
            time.sleep(POLL_S)


def main(argv: list[str]) -> int:
    """``python -m tests.support.bundle_build FOLDER [COMMAND...]``: :func:`run_build`."""
    if not argv:
        print("usage: python -m tests.support.bundle_build FOLDER [COMMAND...]", file=sys.stderr)
        return 64
    return run_build(Path(argv[0]), argv[1:] or None)


def handed_over_build() -> HandedOverBuild | None:
    """The build started before this session, if there is one."""
    folder = os.environ.get(HANDOVER_ENV)
    return HandedOverBuild(Path(folder)) if folder else None


@dataclass
class SessionBuild:
    """The build a session starts itself, in a scratch folder removed at the session's end."""

    scratch: Path
    build: BackgroundBuild


@functools.cache
def build_key() -> pytest.StashKey[SessionBuild]:
    """Where a session keeps its own build (made on first use: no pytest at import)."""
    import pytest

    return pytest.StashKey[SessionBuild]()


def background_build(config: pytest.Config) -> BackgroundBuild:
    """The session's own build (made, not started, on first use)."""
    if build_key() not in config.stash:
        scratch = Path(tempfile.mkdtemp(prefix="kiosk-build-"))
        config.stash[build_key()] = SessionBuild(scratch, BackgroundBuild(scratch))
    return config.stash[build_key()].build


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Stop the session's own build if still running and remove its output."""
    own = session.config.stash.get(build_key(), None)
    if own is not None:
        own.build.stop()
        shutil.rmtree(own.scratch, ignore_errors=True)


def timings_report(folder: Path) -> list[str]:
    """The lines that tell how far the build in ``folder`` has got, when it was paused and
    resumed, and how long the bundle tests waited for it (none if it has stamped nothing)."""
    if not (folder / TIMINGS).exists():
        return []
    timings = json.loads((folder / TIMINGS).read_text(encoding="utf-8"))
    started: float = timings["started"]
    lines = [
        f"bundle build {elapsed:7.1f} s {cpu:7.1f} s CPU  {event}"
        for elapsed, cpu, event in timings["stamps"]
    ]
    if (folder / WAITED).exists():
        waited = json.loads((folder / WAITED).read_text(encoding="ascii"))
        began, ended = waited["began"] - started, waited["ended"] - started
        lines.append(f"bundle build {began:7.1f} s: the bundle tests began waiting for it")
        lines.append(f"bundle build {ended:7.1f} s: they had waited {ended - began:.1f} s")
    now = time.monotonic() - started
    lines.append(f"bundle build {now:7.1f} s: this test session ends")
    return lines


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Where the handed-over build is at the end of this session (:func:`timings_report`)."""
    handed_over = handed_over_build()
    lines = [] if handed_over is None else timings_report(handed_over.folder)
    if lines:
        terminalreporter.write_sep("-", "bundle build (seconds since it began, its CPU seconds)")
        for line in lines:
            terminalreporter.write_line(line)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
