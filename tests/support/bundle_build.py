"""The Linux build (``packaging/build-linux.sh``) of the bundle tests, run in the background.

The build takes minutes of CPU (a build venv, PyInstaller, the .deb's xz); the bundle tests'
``dist`` fixture waits for it. With ``BUNDLE_BUILD_EARLY=1`` the session starts it before its
first test, so that it uses what the GUI tests before ``tests/packaging/test_bundle.py`` leave
of the two cores, at the lowest CPU priority (``nice`` 19, in the session's own process and
scheduler group, so the tests always come first). It is off by default: the X11 key-timing
tests (``tests/gui/test_wedge_x11.py``) failed once beside it on a loaded machine
(docs/benchmarks.md#test-suite). The build's output goes to files, so a full pipe never
stalls it.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BUILD_SCRIPT = ROOT / "packaging" / "build-linux.sh"
BUNDLE_TESTS = "test_bundle.py"
# The output folder of an earlier `KIOSK_DIST=... bash packaging/build-linux.sh` to test instead
# of building again (working on the install tests); unset, the session builds. Not KIOSK_*: the
# test session drops those.
REUSE_DIST_ENV = "BUNDLE_TEST_DIST"
# Set to 1: start the build before the session's first test (see above).
EARLY_ENV = "BUNDLE_BUILD_EARLY"
# The .deb's xz preset: the fastest (packaging/deb/build_deb.py's XZ_FASTEST; the release's
# is 6). A package under the size target at this preset is under it at the release's too.
DEB_XZ_LEVEL = 1
# The lowest priority nice allows: the build only takes CPU time the tests leave.
BUILD_NICENESS = 19
BUILD_TIMEOUT_S = 3600
STOP_WAIT_S = 30


@dataclass(frozen=True)
class BuildResult:
    """How the build ended: its exit status, output and output folder."""

    returncode: int
    stdout: str
    stderr: str
    out: Path


class BackgroundBuild:
    """One run of the build script into a fresh folder, started once, awaited by the tests."""

    def __init__(self) -> None:
        self._scratch = Path(tempfile.mkdtemp(prefix="kiosk-build-"))
        self.out = self._scratch / "dist"
        self._process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        """Start the build unless it has been started already."""
        if self._process is not None:
            return
        env = dict(os.environ, KIOSK_DIST=str(self.out), DEB_XZ_LEVEL=str(DEB_XZ_LEVEL))
        with (
            (self._scratch / "stdout").open("wb") as stdout,
            (self._scratch / "stderr").open("wb") as stderr,
        ):
            # A process group of its own (so stop() reaches PyInstaller and pip too), but not a
            # session of its own: a new session gets a scheduler group of its own, which would
            # share the CPU evenly with the tests whatever its niceness.
            self._process = subprocess.Popen(
                ["nice", "-n", str(BUILD_NICENESS), "bash", str(BUILD_SCRIPT)],
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=stdout,
                stderr=stderr,
                process_group=0,
            )

    def result(self) -> BuildResult:
        """Wait for the build (starting it if need be) and return how it ended."""
        self.start()
        assert self._process is not None
        returncode = self._process.wait(timeout=BUILD_TIMEOUT_S)
        return BuildResult(
            returncode,
            (self._scratch / "stdout").read_text(encoding="utf-8", errors="replace"),
            (self._scratch / "stderr").read_text(encoding="utf-8", errors="replace"),
            self.out,
        )

    def stop(self) -> None:
        """End a build still running (the session was cut short) and delete its output."""
        process = self._process
        if process is not None and process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=STOP_WAIT_S)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=STOP_WAIT_S)
        shutil.rmtree(self._scratch, ignore_errors=True)


BUILD_KEY = pytest.StashKey[BackgroundBuild]()


def bundle_tests_will_run(session: pytest.Session) -> bool:
    """Whether to start the build early: asked to, and this session runs a bundle test that
    needs a build (not merely collects one)."""
    if os.environ.get(EARLY_ENV) != "1":
        return False
    if session.config.option.collectonly or not sys.platform.startswith("linux"):
        return False
    if os.environ.get(REUSE_DIST_ENV):
        return False
    if shutil.which("dpkg-deb") is None:
        return False  # the dist fixture skips
    return any(
        item.path.name == BUNDLE_TESTS and item.get_closest_marker("skip") is None
        for item in session.items
    )


def background_build(config: pytest.Config) -> BackgroundBuild:
    """The session's build (made, not started, when no earlier hook made it)."""
    if BUILD_KEY not in config.stash:
        config.stash[BUILD_KEY] = BackgroundBuild()
    return config.stash[BUILD_KEY]


@pytest.hookimpl(tryfirst=True)
def pytest_runtestloop(session: pytest.Session) -> None:
    """Start the build before the first test when asked to and a bundle test will run."""
    if bundle_tests_will_run(session):
        background_build(session.config).start()


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Stop a build still running and remove its output."""
    build = session.config.stash.get(BUILD_KEY, None)
    if build is not None:
        build.stop()
