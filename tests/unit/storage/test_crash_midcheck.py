"""SIGKILL in the middle of a check, then restart: the usage database opens intact, the settings
are whole, no personal data of the customer is anywhere on disk, and the kiosk starts normally.

Two ways in: the ``kiosk-app check signature`` command, and the real window driven offscreen
(which also counts checks in the usage database while the check is in flight). The simulator
holds its reply back (latency), so the kill lands while the request is at the service. Every
directory the child could write to (config, data, log, HOME, XDG dirs, TMPDIR) lives in the
test's own folder and is searched afterwards.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from kiosk_app.barcode.aamva import parse_aamva
from kiosk_app.config import load_settings
from kiosk_app.simulator.faults import Faults
from kiosk_app.simulator.samples import SAMPLES_BY_KEY
from kiosk_app.storage.usage import UsageStore, default_db_path

pytestmark = pytest.mark.skipif(os.name != "posix", reason="SIGKILL is POSIX")

SAMPLE = SAMPLES_BY_KEY["signature-valid"]
# Safety net so a broken child cannot hang the suite; not a speed requirement.
CHILD_DEADLINE_S = 60.0
KIOSK_APP = [sys.executable, "-m", "kiosk_app"]

GUI_CHILD = textwrap.dedent(
    """
    import sys
    from PySide6.QtCore import QTimer
    from kiosk_app.config import load_settings, save_settings
    from kiosk_app.logging_setup import configure_logging
    from kiosk_app.simulator.samples import SAMPLES_BY_KEY
    from kiosk_app.storage.usage import CheckRecord, UsageStore
    from kiosk_app.ui.launch import application, build_window

    configure_logging()
    url = sys.argv[1]
    settings = load_settings(base_url=url, dvs_url=url, parse_url=url, api_token="test",
                             auth_key="test", idle_timeout_s=300)
    save_settings(settings)
    store = UsageStore()
    app = application()
    window = build_window(settings, dict(SAMPLES_BY_KEY))
    window.resize(1280, 800)
    window.show()
    window.core.start()
    rows = [0]

    def count() -> None:  # the kiosk keeps counting while the check is out
        store.record(CheckRecord("signature", "Passed", True, duration_ms=rows[0] % 900,
                                 request_log_id=str(30000000 + rows[0])))
        rows[0] += 1
        print("row", rows[0], flush=True)

    timer = QTimer()
    timer.timeout.connect(count)
    timer.start(5)
    assert window.session.try_sample("signature-valid")
    print("checking", flush=True)
    app.exec()
    """
)


@pytest.fixture
def child_env(tmp_path: Path) -> dict[str, str]:
    """The child's environment: every writable place inside ``tmp_path/child``."""
    env = os.environ.copy()
    home = tmp_path / "child"
    for name, sub in (
        ("HOME", "home"),
        ("TMPDIR", "tmp"),
        ("XDG_CACHE_HOME", "cache"),
        ("XDG_CONFIG_HOME", "xdg-config"),
        ("XDG_DATA_HOME", "xdg-data"),
        ("XDG_RUNTIME_DIR", "runtime"),
        ("XDG_STATE_HOME", "state"),
    ):
        folder = home / sub
        folder.mkdir(parents=True)
        env[name] = str(folder)
    (home / "runtime").chmod(0o700)
    env["QT_QPA_PLATFORM"] = "offscreen"
    env.pop("KIOSK_API_TOKEN", None)
    return env


@pytest.fixture
def slow_simulator() -> Iterator[Any]:
    """A simulator that holds every reply back for 4 s (the check is in flight meanwhile)."""
    from kiosk_app.simulator.server import start_simulator

    handle = start_simulator(port=0)
    handle.set_faults(Faults(latency_s=4.0))
    try:
        yield handle
    finally:
        handle.set_faults(Faults())
        handle.stop()


class Child:
    """A child process whose stdout lines are collected by a thread."""

    def __init__(self, args: list[str], env: dict[str, str]) -> None:
        self.process = subprocess.Popen(
            args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env
        )
        self.lines: list[str] = []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))

    def wait_for(self, condition: Any, what: str) -> None:
        """Poll ``condition()`` until true; fail (and kill) if the child dies or stalls."""
        deadline = time.monotonic() + CHILD_DEADLINE_S
        while not condition():
            if self.process.poll() is not None:
                self._finish()
                raise AssertionError(
                    f"child exited ({self.process.returncode}) before {what}: "
                    + "\n".join(self.lines[-20:])
                )
            if time.monotonic() > deadline:
                self.process.kill()
                self._finish()
                raise AssertionError(f"child never reached {what}")
            time.sleep(0.02)

    def kill(self) -> None:
        """SIGKILL, and wait for it."""
        self.process.send_signal(signal.SIGKILL)
        self._finish()
        assert self.process.returncode == -signal.SIGKILL

    def _finish(self) -> None:
        self.process.wait(10)
        self._reader.join(5)
        if self.process.stdout is not None:
            self.process.stdout.close()


def personal_markers() -> list[bytes]:
    """Byte strings that would betray the sample customer: names, number, birth date, payload."""
    record = parse_aamva(SAMPLE.payload)
    born = record.date_of_birth
    assert isinstance(born, date)
    texts = [
        record.last_name,
        record.first_name,
        record.licence_number,
        born.isoformat(),
        born.strftime("%m%d%Y"),
        born.strftime("%Y%m%d"),
    ]
    markers = [t.encode() for t in texts if t and len(t) >= 4]
    markers.append(SAMPLE.payload[20:60])
    return markers


def files_holding(root: Path, markers: list[bytes]) -> dict[str, list[bytes]]:
    """Every file under ``root`` holding one of ``markers`` (also as UTF-16), with which."""
    found: dict[str, list[bytes]] = {}
    for path in root.rglob("*"):
        if not path.is_file() or path.is_symlink():
            continue
        data = path.read_bytes()
        hits = [m for m in markers if m in data or m.decode("latin-1").encode("utf-16-le") in data]
        if hits:
            found[str(path.relative_to(root))] = hits
    return found


def assert_restart_is_clean(tmp_path: Path, env: dict[str, str], rows_before: int) -> None:
    """After the kill: database, settings, personal data, start-up."""
    with UsageStore(default_db_path()) as store:
        assert store.recovery_note is None
        assert store.integrity_ok()
        assert store.row_count() >= rows_before
    settings_file = Path(os.environ["KIOSK_CONFIG_DIR"]) / "settings.json"
    if settings_file.exists():
        json.loads(settings_file.read_text("utf-8"))  # whole, not torn
        load_settings()
    leftovers = [p.name for p in Path(os.environ["KIOSK_CONFIG_DIR"]).glob("*.tmp")]
    assert leftovers == []
    assert files_holding(tmp_path, personal_markers()) == {}
    restarted = subprocess.run(
        [*KIOSK_APP, "self-test"], env=env, capture_output=True, text=True, timeout=120, check=False
    )
    assert restarted.returncode == 0, restarted.stdout + restarted.stderr
    assert "self-test passed" in restarted.stdout


def test_markers_are_found_where_they_are(tmp_path: Path) -> None:
    """The search would see the customer's data had anything written it."""
    (tmp_path / "leak.log").write_bytes(b"x" + personal_markers()[0] + b"y")
    (tmp_path / "leak16.txt").write_text(
        parse_aamva(SAMPLE.payload).licence_number or "", encoding="utf-16-le"
    )
    assert set(files_holding(tmp_path, personal_markers())) == {"leak.log", "leak16.txt"}


def test_sigkill_of_the_check_command_mid_check(
    tmp_path: Path, child_env: dict[str, str], slow_simulator: Any
) -> None:
    inputs = tmp_path / "input"  # the scanned payload: the test's, outside every app folder
    inputs.mkdir()
    payload_file = inputs / "scan.bin"
    payload_file.write_bytes(SAMPLE.payload)
    with UsageStore() as store:  # an earlier shift's counts
        assert store.row_count() == 0
    child = Child(
        [
            *KIOSK_APP,
            "check",
            "signature",
            "--barcode-file",
            str(payload_file),
            "--base-url",
            slow_simulator.base_url,
            "--token",
            "test",
            "--json",
        ],
        child_env,
    )
    child.wait_for(lambda: slow_simulator.request_count >= 1, "the request reaching the service")
    child.kill()
    payload_file.unlink()
    assert_restart_is_clean(tmp_path, child_env, rows_before=0)


def test_sigkill_of_the_window_mid_check_while_counting(
    tmp_path: Path, child_env: dict[str, str], slow_simulator: Any
) -> None:
    child = Child([sys.executable, "-c", GUI_CHILD, slow_simulator.base_url], child_env)
    child.wait_for(lambda: "checking" in child.lines, "the check starting")
    child.wait_for(
        lambda: (
            slow_simulator.request_count >= 1
            and sum(line.startswith("row ") for line in child.lines) >= 20
        ),
        "the request reaching the service with counting under way",
    )
    rows = [int(line.split()[1]) for line in child.lines if line.startswith("row ")]
    child.kill()
    assert_restart_is_clean(tmp_path, child_env, rows_before=max(rows))
    log_dir = Path(os.environ["KIOSK_LOG_DIR"])
    assert any(log_dir.iterdir()), "the window's log file should exist (and was searched)"
