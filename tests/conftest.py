"""Suite-wide set-up: headless Qt, and directories that never touch the real user config.

The environment is set at import time, before any kiosk module reads it, and again per test
(``isolated_dirs``) so that each test gets empty config, data and log directories.
"""

from __future__ import annotations

import compileall
import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.processes import ON_X_VARIABLE

# Offscreen, but for a run its parent started on a private X server (real windows, where the
# geometry matters: tests/gui/test_stable_layout_x11.py).
os.environ["QT_QPA_PLATFORM"] = "xcb" if os.environ.get(ON_X_VARIABLE) else "offscreen"
# Qt Multimedia warns at load time that optional libraries (pipewire, VA-API) are absent;
# that is the machine, not a defect, and Qt warnings fail tests.
os.environ.setdefault("QT_LOGGING_RULES", "qt.qpa.*=false;qt.multimedia.symbolsresolver=false")
# Never read or write the machine's real keyring from tests.
os.environ["PYTHON_KEYRING_BACKEND"] = "keyring.backends.fail.Keyring"
for _name in [n for n in os.environ if n.startswith("KIOSK_")]:
    del os.environ[_name]
# A test run under systemd (a CI unit) must not send every test's log to the journal.
os.environ.pop("JOURNAL_STREAM", None)
_SESSION_DIR = Path(tempfile.mkdtemp(prefix="kiosk-tests-"))
for _var in ("KIOSK_CONFIG_DIR", "KIOSK_DATA_DIR", "KIOSK_LOG_DIR"):
    os.environ[_var] = str(_SESSION_DIR / _var.lower())
# Never the machine's real /etc/kiosk-app/managed.json: a path no test writes unless it means to.
os.environ["KIOSK_MANAGED_FILE"] = str(_SESSION_DIR / "managed.json")
# This environment sets PYTHONDONTWRITEBYTECODE, and pytest then rewrites the asserts of every
# test module again in every process (about a second per xdist worker). This process keeps the
# rewritten modules in __pycache__ (ignored by git); the children the tests start still inherit
# the variable.
sys.dont_write_bytecode = False

# The shared fixtures (GUI window, desk, admin kiosk, the collection and leak check after every
# Qt test) live in tests/support: one place, no test module importing another. pytester runs
# the tests that prove a check fails.
pytest_plugins = [
    "pytester",
    "tests.support.gui",
    "tests.support.layout_walk",
    "tests.support.admin",
    "tests.support.decoding",
    "tests.support.log_state",
    "tests.support.disk",
    "tests.support.children",
    "tests.support.qt_leaks",
    "tests.support.bundle_build",
    "tests.support.worker_groups",
]

# A copy of ../shared/corpus (public data, notices in its README) so a clean clone is complete.
CORPUS_DIR = Path(__file__).resolve().parent / "data" / "corpus"


def pytest_sessionstart(session: pytest.Session) -> None:
    """Write the bytecode of the package and the tests once, before any test runs.

    This environment sets ``PYTHONDONTWRITEBYTECODE``, so without it every child process the
    tests start (``kiosk-app``, the X11 wedge child, the self-test...) compiles the whole
    package again, about a second each. Only the main process does it (xdist's workers start
    after it); the files are ignored by git and rewritten when a source changes.
    """
    if hasattr(session.config, "workerinput"):
        return
    root = Path(__file__).resolve().parents[1]
    for folder in (root / "kiosk_app", root / "tests"):
        compileall.compile_dir(folder, quiet=2)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--run-slow",
        action="store_true",
        help="also run the tests marked slow (the test command, bash packaging/dev.sh test, does)",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """A plain ``pytest`` skips the ``slow`` tests (bundle build, soak): a fast inner loop.

    ``--run-slow`` runs them (the test command and CI pass it), and so does any explicit
    ``-m`` selection (``pytest -m slow``).
    """
    if config.getoption("--run-slow") or config.getoption("markexpr"):
        return
    skip = pytest.mark.skip(reason="slow: run with --run-slow (bash packaging/dev.sh test does)")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(autouse=True)
def isolated_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Fresh, empty config/data/log directories for every test."""
    for var in ("KIOSK_CONFIG_DIR", "KIOSK_DATA_DIR", "KIOSK_LOG_DIR"):
        target = tmp_path / var.lower()
        target.mkdir()
        monkeypatch.setenv(var, str(target))
    monkeypatch.setenv("KIOSK_MANAGED_FILE", str(tmp_path / "managed" / "managed.json"))
    yield tmp_path


@pytest.fixture(scope="session")
def corpus_dir() -> Path:
    """The public sample corpus (tests/data/corpus)."""
    return CORPUS_DIR


@pytest.fixture(scope="session")
def simulator() -> Iterator[object]:
    """One embedded simulator on a free loopback port for the whole session (no faults)."""
    from kiosk_app.simulator.server import start_simulator

    handle = start_simulator(port=0)
    try:
        yield handle
    finally:
        handle.stop()


@pytest.fixture
def fresh_simulator() -> Iterator[object]:
    """A simulator of the test's own, for tests that change its fault injection."""
    from kiosk_app.simulator.server import start_simulator

    handle = start_simulator(port=0)
    try:
        yield handle
    finally:
        handle.stop()


# Property tests are deterministic in the suite (CI never flakes on a lucky draw) and carry no
# per-example deadline (the machine is shared). HYPOTHESIS_PROFILE=explore draws new examples.
from hypothesis import settings as _hypothesis_settings  # noqa: E402

_hypothesis_settings.register_profile("suite", derandomize=True, deadline=None)
_hypothesis_settings.register_profile("explore", deadline=None, max_examples=2000)
_hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "suite"))
