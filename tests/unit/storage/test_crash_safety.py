"""SIGKILL mid-write: the usage database opens intact and the settings file is never half-written.

A child process writes in a loop and reports each write that returned; the test kills it with
SIGKILL at varying points, then reopens what it left.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from kiosk_app.config import load_settings
from kiosk_app.files import atomic_write_text, remove_stale_temp_files
from kiosk_app.storage.usage import UsageStore

pytestmark = pytest.mark.skipif(os.name != "posix", reason="SIGKILL is POSIX")

# Safety net so a broken child cannot hang the suite; not a speed requirement.
CHILD_PROGRESS_DEADLINE_S = 60.0
KILL_AFTER_WRITES = (1, 7, 40, 150)

USAGE_WRITER = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from kiosk_app.storage.usage import CheckRecord, UsageStore

    store = UsageStore(Path(sys.argv[1]))
    n = 0
    while True:
        store.record(CheckRecord("signature", "Passed", True, duration_ms=n % 5000,
                                 request_log_id=str(10000000 + n), error_class=None))
        n += 1
        print(n, flush=True)
    """
)

SETTINGS_WRITER = textwrap.dedent(
    """
    from kiosk_app.config import load_settings, save_settings

    settings = load_settings()
    n = 0
    while True:
        n += 1
        settings.idle_timeout_s = 10 + n % 3000
        settings.camera_id = "camera-" + "x" * (n % 4000)  # sizes vary: torn writes would show
        save_settings(settings)
        print(n, flush=True)
    """
)


def run_and_kill(script: str, args: list[str], after_writes: int) -> int:
    """Start ``script``, SIGKILL it once it reported ``after_writes`` writes; last reported."""
    child = subprocess.Popen(
        [sys.executable, "-c", script, *args],
        stdout=subprocess.PIPE,
        text=True,
        env=os.environ.copy(),
    )
    last = 0
    deadline = time.monotonic() + CHILD_PROGRESS_DEADLINE_S
    try:
        assert child.stdout is not None
        while last < after_writes:
            line = child.stdout.readline()
            assert line, f"writer exited early with {child.poll()}"
            last = int(line)
            assert time.monotonic() < deadline, "writer made no progress"
        child.send_signal(signal.SIGKILL)
        child.wait()
        # Writes reported after we read the count, up to the kill, also returned.
        rest = child.stdout.read().split()
        last = int(rest[-1]) if rest else last
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        if child.stdout is not None:
            child.stdout.close()
    assert child.returncode == -signal.SIGKILL
    return last


@pytest.fixture
def usage_path(tmp_path: Path) -> Path:
    return tmp_path / "usage.sqlite3"


@pytest.mark.parametrize("after_writes", KILL_AFTER_WRITES)
def test_usage_database_survives_sigkill_mid_write(usage_path: Path, after_writes: int) -> None:
    before = 0
    if after_writes > 1:  # also kill while an earlier session's rows are present
        before = run_and_kill(USAGE_WRITER, [str(usage_path)], after_writes // 2)
    committed = run_and_kill(USAGE_WRITER, [str(usage_path)], after_writes)
    with UsageStore(usage_path) as store:
        assert store.recovery_note is None
        assert store.integrity_ok()
        rows = store.row_count()
    # Every insert that returned is there (synchronous=FULL); at most the one in flight is not.
    assert before + committed <= rows <= before + committed + 2


@pytest.mark.parametrize("after_writes", KILL_AFTER_WRITES)
def test_settings_file_is_old_or_new_after_sigkill(after_writes: int) -> None:
    last = run_and_kill(SETTINGS_WRITER, [], after_writes)
    settings_file = Path(os.environ["KIOSK_CONFIG_DIR"]) / "settings.json"
    data = json.loads(settings_file.read_text(encoding="utf-8"))
    written = {last, last + 1}  # the last save that returned, or the one in flight
    assert data["idle_timeout_s"] in {10 + n % 3000 for n in written}
    assert len(data["camera_id"]) - len("camera-") in {n % 4000 for n in written}
    assert load_settings().idle_timeout_s == data["idle_timeout_s"]


def test_leftover_temp_file_does_not_break_start_and_is_cleaned() -> None:
    config_dir = Path(os.environ["KIOSK_CONFIG_DIR"])
    atomic_write_text(config_dir / "settings.json", json.dumps({"idle_timeout_s": 77}))
    leftover = config_dir / ".settings.json.abc123.tmp"
    leftover.write_text('{"idle_timeout_s": 9', encoding="utf-8")  # torn, as a kill leaves it
    assert load_settings().idle_timeout_s == 77
    assert leftover.exists()  # young: could belong to a writer still at work
    old = time.time() - 3600
    os.utime(leftover, (old, old))
    assert load_settings().idle_timeout_s == 77
    assert not leftover.exists()


def test_stale_cleanup_touches_only_this_files_temps(tmp_path: Path) -> None:
    target = tmp_path / "settings.json"
    mine = tmp_path / ".settings.json.x.tmp"
    other = tmp_path / ".admin_pin.json.x.tmp"
    for path in (mine, other):
        path.write_text("x")
        os.utime(path, (0, 0))
    assert remove_stale_temp_files(target) == 1
    assert other.exists()
    assert not mine.exists()
