"""The log file's rotation when Windows refuses it: another process holds the file open.

On Windows a file that another process has open cannot be renamed (``PermissionError``,
WinError 32), and two ``kiosk-app`` processes share the log (the self-test beside the kiosk).
Linux renames open files, so the refusal is played by the ``rename`` given to the handler;
everything else (files, rotation, records) is real.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from kiosk_app.logging_setup import ROTATION_RETRY_S, KioskFileHandler
from tests.support.clock import FakeClock

MAX_BYTES = 300
BACKUPS = 3


class HeldByAnotherProcess:
    """``os.rename``, except that the log file cannot be moved while ``held``, as on Windows."""

    def __init__(self, log: Path) -> None:
        self.log = str(log)
        self.held = False
        self.refused = 0

    def __call__(self, source: str, target: str) -> None:
        if self.held and source == self.log:
            self.refused += 1
            raise PermissionError(
                13, "The process cannot access the file because it is being used by another process"
            )
        os.rename(source, target)


@pytest.fixture
def log_path(tmp_path: Path) -> Path:
    return tmp_path / "kiosk-app.log"


@pytest.fixture
def rename(log_path: Path) -> HeldByAnotherProcess:
    return HeldByAnotherProcess(log_path)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def logger(
    log_path: Path, rename: HeldByAnotherProcess, clock: FakeClock
) -> Iterator[logging.Logger]:
    handler = KioskFileHandler(
        log_path, max_bytes=MAX_BYTES, backup_count=BACKUPS, rename=rename, clock=clock
    )
    handler.setFormatter(logging.Formatter("%(message)s"))
    made = logging.getLogger("kiosk_app.tests.rotation")
    made.propagate = False
    made.setLevel(logging.INFO)
    made.addHandler(handler)
    yield made
    made.removeHandler(handler)
    handler.close()


def _files(log_path: Path) -> dict[str, str]:
    return {
        p.name: p.read_text(encoding="utf-8")
        for p in sorted(log_path.parent.iterdir())
        if p.name.startswith(log_path.name)
    }


def _fill(logger: logging.Logger, tag: str, count: int) -> list[str]:
    lines = [f"{tag} record {i:03d} " + "x" * 40 for i in range(count)]
    for line in lines:
        logger.info(line)
    return lines


def test_records_rotate_as_usual_when_nothing_holds_the_file(
    logger: logging.Logger, log_path: Path
) -> None:
    lines = _fill(logger, "a", 20)  # about 1,200 bytes: three rotations
    files = _files(log_path)
    assert sorted(files) == [
        "kiosk-app.log",
        "kiosk-app.log.1",
        "kiosk-app.log.2",
        "kiosk-app.log.3",
    ]
    assert all(len(text.encode()) <= MAX_BYTES for text in files.values())
    assert files["kiosk-app.log"].splitlines()[-1] == lines[-1]


def test_a_refused_rotation_loses_no_record_and_no_older_file(
    logger: logging.Logger,
    log_path: Path,
    rename: HeldByAnotherProcess,
    clock: FakeClock,
    capsys: pytest.CaptureFixture[str],
) -> None:
    _fill(logger, "a", 20)
    older = {name: text for name, text in _files(log_path).items() if name != "kiosk-app.log"}
    current = log_path.read_text(encoding="utf-8")
    rename.held = True
    held_lines = _fill(logger, "b", 30)  # far past the size: a rotation is due at once
    assert rename.refused == 1  # tried once, then put off
    files = _files(log_path)
    assert {name: files[name] for name in older} == older  # no older file shifted or lost
    assert files["kiosk-app.log"] == current + "".join(f"{line}\n" for line in held_lines)
    assert not (log_path.parent / "kiosk-app.log.rotating").exists()
    assert capsys.readouterr().err == ""  # no "--- Logging error ---"

    clock.advance(ROTATION_RETRY_S - 1)
    _fill(logger, "c", 1)
    assert rename.refused == 1  # not before the retry time

    rename.held = False  # the other process ended
    clock.advance(1)
    last = _fill(logger, "d", 1)
    files = _files(log_path)
    assert files["kiosk-app.log"] == f"{last[0]}\n"
    assert files["kiosk-app.log.1"].splitlines()[-1].startswith("c record 000")
    assert files["kiosk-app.log.2"] == older["kiosk-app.log.1"]
    assert files["kiosk-app.log.3"] == older["kiosk-app.log.2"]


def test_a_rotation_refused_again_waits_again(
    logger: logging.Logger, log_path: Path, rename: HeldByAnotherProcess, clock: FakeClock
) -> None:
    _fill(logger, "a", 8)
    rename.held = True
    _fill(logger, "b", 8)
    clock.advance(ROTATION_RETRY_S)
    _fill(logger, "c", 8)
    assert rename.refused == 2
    assert "c record 007" in log_path.read_text(encoding="utf-8")
