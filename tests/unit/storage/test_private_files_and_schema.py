"""Owner-only folders and files under any umask, and a usage database with a foreign schema."""

from __future__ import annotations

import os
import sqlite3
import stat
import subprocess
import sys
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path

import pytest

from kiosk_app.kinds import CheckKind, Verdict
from kiosk_app.storage.usage import CheckRecord, UsageStore

NOW = datetime(2026, 3, 4, 12, 0, tzinfo=UTC)

# Run in a child process: the umask is process-wide and the test runner's must not change.
_UNDER_UMASK_000 = """
import os, sys
os.umask(0)
from kiosk_app.config import Settings, save_settings
from kiosk_app.logging_setup import configure_logging, shutdown_logging
from kiosk_app.storage.pin import PinStore
from kiosk_app.storage.usage import UsageStore
save_settings(Settings())
PinStore().set_pin("2468")
UsageStore().close()
configure_logging(max_bytes=200, backup_count=2)
import logging
for _ in range(20):  # several rotations
    logging.getLogger("probe").warning("written %s", "x" * 50)
shutdown_logging()
"""


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_folders_and_files_are_owner_only_under_umask_000(tmp_path: Path) -> None:
    base = tmp_path / "home" / "not-yet"  # missing parents are created too
    env = {
        **os.environ,
        "KIOSK_CONFIG_DIR": str(base / "config" / "kiosk-app"),
        "KIOSK_DATA_DIR": str(base / "data" / "kiosk-app"),
        "KIOSK_LOG_DIR": str(base / "log" / "kiosk-app"),
    }
    subprocess.run([sys.executable, "-c", _UNDER_UMASK_000], env=env, check=True, timeout=120)
    folders = [p for p in base.rglob("*") if p.is_dir()] + [base]
    files = [p for p in base.rglob("*") if p.is_file()]
    assert {p.name for p in files} >= {"settings.json", "admin_pin.json", "usage.sqlite3"}
    assert any(p.suffix == ".log" for p in files)
    assert any(p.name.endswith(".log.2") for p in files)  # rotated files too
    for folder in folders:
        assert _mode(folder) == 0o700, folder
    for file in files:
        assert _mode(file) & 0o077 == 0, (file, oct(_mode(file)))


def _foreign(path: Path, version: int, table: str = "checks") -> None:
    with closing(sqlite3.connect(path)) as conn:
        conn.execute(f"CREATE TABLE {table} (id INTEGER PRIMARY KEY, note TEXT)")
        conn.execute("INSERT INTO " + table + " (note) VALUES ('theirs')")
        conn.execute(f"PRAGMA user_version={version}")
        conn.commit()


@pytest.mark.parametrize(
    ("version", "table"), [(7, "checks"), (2, "checks"), (0, "other_program"), (1, "checks")]
)
def test_a_foreign_schema_is_moved_aside_and_counting_works(
    tmp_path: Path, version: int, table: str
) -> None:
    path = tmp_path / "usage.sqlite3"
    _foreign(path, version, table)
    original = path.read_bytes()
    with UsageStore(path, clock=lambda: NOW, local_tz=UTC) as store:
        assert store.recovery_note is not None
        assert "moved" in store.recovery_note
        assert "not one of this kiosk's" in store.recovery_note
        store.record(CheckRecord(CheckKind.SIGNATURE, Verdict.PASSED, billable=True, duration_ms=5))
        assert store.row_count() == 1
        assert store.billable_this_month() == 1
    moved = list(tmp_path.glob("usage.corrupt-*.sqlite3"))
    assert len(moved) == 1
    assert moved[0].read_bytes() == original


def test_our_own_database_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "usage.sqlite3"
    with UsageStore(path, clock=lambda: NOW, local_tz=UTC) as store:
        store.record(CheckRecord(CheckKind.SIGNATURE, Verdict.PASSED, billable=True, duration_ms=5))
    with UsageStore(path, clock=lambda: NOW, local_tz=UTC) as store:
        assert store.recovery_note is None
        assert store.row_count() == 1
    assert list(tmp_path.glob("*.corrupt-*")) == []
