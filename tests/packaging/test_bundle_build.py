"""tests/support/bundle_build.py: the build run before the session and handed over to the bundle
tests' fixture, with real processes standing in for the build script."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.support.bundle_build import (
    BUILD_SETTINGS,
    OUT,
    PAUSE_SIGNAL,
    PID,
    RESUME_SIGNAL,
    STATUS,
    TIMINGS,
    WAITED,
    HandedOverBuild,
    priority_prefix,
)
from tests.support.processes import ROOT, process_gone

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux build")

# Generous: a stand-in build at the lowest priority on a loaded machine.
WAIT_S = 300

# What a stand-in build reports of itself: its scheduling, session, group and settings.
_REPORT = """
import json, os, sys
print(json.dumps({
    "policy": os.sched_getscheduler(0),
    "nice": os.nice(0),
    "session": os.getsid(0),
    "group": os.getpgid(0),
    "pid": os.getpid(),
    "dist": os.environ.get("KIOSK_DIST"),
    "settings": {name: os.environ.get(name) for name in json.loads(sys.argv[1])},
}))
print("self-test passed")
"""


def start_runner(folder: Path, *command: str) -> subprocess.Popen[bytes]:
    """``python -m tests.support.bundle_build FOLDER COMMAND...``, as packaging/dev.sh starts it:
    before the test venv exists, so without any installed package (``-S``: no site-packages)."""
    return subprocess.Popen(
        [sys.executable, "-S", "-m", "tests.support.bundle_build", str(folder), *command],
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
    )


def test_the_handed_over_build_reports_its_status_and_output(tmp_path: Path) -> None:
    runner = start_runner(tmp_path, sys.executable, "-c", _REPORT, json.dumps(list(BUILD_SETTINGS)))
    result = HandedOverBuild(tmp_path).result(WAIT_S)
    assert runner.wait(WAIT_S) == 0
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.splitlines()[0])
    assert result.stdout.splitlines()[1] == "self-test passed"
    assert report["dist"] == str(tmp_path / OUT) == str(result.out)
    assert report["settings"] == BUILD_SETTINGS
    # The tests' session (so their scheduler group) and a process group of its own.
    assert report["session"] == os.getsid(0)
    assert report["group"] == report["pid"] != os.getpgid(0)
    prefix = priority_prefix()
    if "chrt" in prefix:
        assert report["policy"] == os.SCHED_IDLE
    if "nice" in prefix:
        assert report["nice"] == 19


def test_a_failing_build_hands_over_its_status_and_error_output(tmp_path: Path) -> None:
    runner = start_runner(tmp_path, "bash", "-c", "echo half-way; echo broken >&2; exit 3")
    result = HandedOverBuild(tmp_path).result(WAIT_S)
    assert runner.wait(WAIT_S) == 3
    assert (result.returncode, result.stdout, result.stderr) == (3, "half-way\n", "broken\n")


# A stand-in build: its process (exec keeps bash's pid) and a child of it in its process group,
# their pids written whole to the file named by $0.
BUILD_WITH_A_CHILD = (
    'sleep 600 & echo $! > "$0.tmp"; echo $$ >> "$0.tmp"; mv "$0.tmp" "$0"; exec sleep 600'
)


def poll_until(done: Callable[[], bool], failure: str) -> None:
    """Wait (at most ``WAIT_S``) until ``done()``; fail with ``failure`` otherwise."""
    deadline = time.monotonic() + WAIT_S
    while not done():
        assert time.monotonic() < deadline, failure
        time.sleep(0.05)


def wait_for_file(path: Path) -> str:
    poll_until(path.exists, f"{path} never appeared")
    return path.read_text(encoding="ascii")


def test_stopping_the_runner_ends_the_build_and_the_wait(tmp_path: Path) -> None:
    pid_file = tmp_path / "build.pid"
    runner = start_runner(tmp_path, "bash", "-c", BUILD_WITH_A_CHILD, str(pid_file))
    pids = [int(line) for line in wait_for_file(pid_file).split()]
    runner.send_signal(signal.SIGTERM)
    assert runner.wait(WAIT_S) == 128 + signal.SIGTERM
    poll_until(lambda: all(process_gone(pid) for pid in pids), "the build outlived its runner")
    assert not (tmp_path / STATUS).exists()
    with pytest.raises(AssertionError, match="ended without an exit status"):
        HandedOverBuild(tmp_path).result(WAIT_S)


def test_the_wait_is_bounded(tmp_path: Path) -> None:
    runner = start_runner(tmp_path, "bash", "-c", "echo still building; exec sleep 600")
    try:
        with pytest.raises(AssertionError, match="ran over 1 s"):
            HandedOverBuild(tmp_path).result(timeout_s=1)
    finally:
        runner.send_signal(signal.SIGTERM)
        runner.wait(WAIT_S)


def process_state(pid: int) -> str:
    """The one-letter state of process ``pid`` (``T``: stopped)."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
        return stat.read().split(") ", 1)[1][0]


def wait_for_state(pids: list[int], stopped: bool) -> None:
    poll_until(
        lambda: all((process_state(pid) == "T") == stopped for pid in pids),
        f"not {'stopped' if stopped else 'running'}",
    )


def test_a_paused_build_is_stopped_whole_goes_on_when_resumed_and_ends_on_sigterm(
    tmp_path: Path,
) -> None:
    pid_file = tmp_path / "build.pid"
    runner = start_runner(tmp_path, "bash", "-c", BUILD_WITH_A_CHILD, str(pid_file))
    pids = [int(line) for line in wait_for_file(pid_file).split()]
    assert int(wait_for_file(tmp_path / PID)) == runner.pid
    runner.send_signal(PAUSE_SIGNAL)
    wait_for_state(pids, stopped=True)
    runner.send_signal(RESUME_SIGNAL)
    wait_for_state(pids, stopped=False)
    runner.send_signal(PAUSE_SIGNAL)
    wait_for_state(pids, stopped=True)
    # Ended while paused: nothing of it is left stopped behind.
    runner.send_signal(signal.SIGTERM)
    assert runner.wait(WAIT_S) == 128 + signal.SIGTERM
    poll_until(
        lambda: all(process_gone(pid) for pid in pids), "the paused build outlived its runner"
    )


# A stand-in build with steps: the first burns CPU_S of CPU in a child, the third waits for the
# file named by $0.
CPU_S = 0.2
_BURN = (
    "import time\nt = time.process_time()\nwhile time.process_time() - t < float(sys.argv[1]): pass"
)
_STEPS = (
    'echo "== one"; "$1" -c "import sys; $2" "$3"; echo "== two"; echo not a step;'
    ' while [ ! -e "$0" ]; do sleep 0.05; done; echo "== three"'
)


def read_timings(folder: Path) -> list[tuple[float, float, str]]:
    path = folder / TIMINGS
    if not path.exists():
        return []
    return [(elapsed, cpu, event) for elapsed, cpu, event in json.loads(path.read_text())["stamps"]]


def wait_for_event(folder: Path, event: str) -> None:
    poll_until(
        lambda: event in [stamp[2] for stamp in read_timings(folder)], f"{event!r} never stamped"
    )


def test_the_runner_stamps_each_step_pause_and_resume_with_the_build_s_cpu(
    tmp_path: Path,
) -> None:
    go = tmp_path / "go"
    runner = start_runner(
        tmp_path, "bash", "-c", _STEPS, str(go), sys.executable, _BURN, str(CPU_S)
    )
    wait_for_event(tmp_path, "== two")
    runner.send_signal(PAUSE_SIGNAL)
    wait_for_event(tmp_path, "paused")
    runner.send_signal(RESUME_SIGNAL)
    wait_for_event(tmp_path, "resumed")
    go.touch()
    assert runner.wait(WAIT_S) == 0
    stamps = read_timings(tmp_path)
    assert [event for _, _, event in stamps] == [
        "started",
        "== one",
        "== two",
        "paused",
        "resumed",
        "== three",
        "ended with status 0",
    ]
    elapsed = [stamp[0] for stamp in stamps]
    cpu = [stamp[1] for stamp in stamps]
    assert elapsed == sorted(elapsed)
    assert cpu == sorted(cpu)
    # The burning child, reaped by the build's shell, counts.
    assert cpu[2] >= CPU_S


def test_each_session_s_summary_reports_the_stamps_and_the_fixture_s_wait(
    tmp_path: Path,
) -> None:
    build_dir = tmp_path / "build"
    runner = start_runner(build_dir, "bash", "-c", 'echo "== only step"; sleep 0.5')
    assert HandedOverBuild(build_dir).result(WAIT_S).returncode == 0
    assert runner.wait(WAIT_S) == 0
    assert (build_dir / WAITED).exists()
    (tmp_path / "test_nothing.py").write_text("def test_nothing() -> None:\n    pass\n")
    # Through pytest-xdist: the controller's summary, whatever the workers did.
    plugins = ["-p", "tests.support.bundle_build", "-p", "xdist", "-p", "no:cacheprovider"]
    session = subprocess.run(
        [sys.executable, "-m", "pytest", *plugins, "-n", "1", "--rootdir", str(tmp_path)],
        cwd=tmp_path,
        env=dict(os.environ, BUNDLE_BUILD_DIR=str(build_dir), PYTHONPATH=str(ROOT)),
        capture_output=True,
        text=True,
        timeout=WAIT_S,
        check=False,
    )
    assert session.returncode == 0, session.stdout + session.stderr
    lines = [line.split() for line in session.stdout.splitlines() if line.startswith("bundle")]
    assert [line[7:] for line in lines[:3]] == [
        ["started"],
        ["==", "only", "step"],
        ["ended", "with", "status", "0"],
    ]
    assert lines[3][4:] == ["the", "bundle", "tests", "began", "waiting", "for", "it"]
    assert lines[4][4:7] == ["they", "had", "waited"]
    assert lines[5][4:] == ["this", "test", "session", "ends"]
    assert len(lines) == 6
