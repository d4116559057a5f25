"""Records logged before the log is set up: held in memory, then written like any other."""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from kiosk_app import paths
from kiosk_app.held_log import HeldRecords, hold_records, holding, release_held_records
from kiosk_app.logging_setup import LOG_FILE_NAME, configure_logging
from tests.support.processes import run_child

log = logging.getLogger("kiosk_app.tests.held_log")

pytestmark = pytest.mark.usefixtures("clean_logging")


@pytest.fixture(autouse=True)
def _never_left_holding() -> Iterator[None]:
    yield
    release_held_records()


class _Kept(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


def test_held_records_reach_the_file_once_it_is_set_up_redacted_and_in_order() -> None:
    hold_records()
    assert holding()
    log.info("first, read DAQD12345678")
    log.warning("second")
    assert not (paths.log_dir() / LOG_FILE_NAME).exists()  # nothing on disk while held
    configure_logging()
    assert not holding()
    log.info("third")
    text = (paths.log_dir() / LOG_FILE_NAME).read_text(encoding="utf-8")
    assert "D12345678" not in text
    assert "first, read [redacted-aamva]" in text
    assert text.index("first") < text.index("second") < text.index("third")


# A process of its own: logging's last resort (stderr) speaks only when the root logger has no
# handler at all, and pytest gives it some.
UNWRITABLE_LOG = (
    "import logging\n"
    "from kiosk_app.held_log import hold_records\n"
    "from kiosk_app.logging_setup import configure_logging\n"
    "hold_records()\n"
    "logging.getLogger('kiosk_app.start').warning('held warning')\n"
    "try:\n"
    "    configure_logging()\n"
    "except OSError:\n"
    "    print('log folder refused')\n"
)


def test_held_warnings_reach_stderr_when_the_log_folder_cannot_be_written(
    tmp_path: Path,
) -> None:
    not_a_folder = tmp_path / "file"
    not_a_folder.write_text("", encoding="utf-8")
    env = dict(os.environ, KIOSK_LOG_DIR=str(not_a_folder / "log"))
    done = run_child([sys.executable, "-c", UNWRITABLE_LOG], env)
    assert done.returncode == 0, done.stderr
    assert "log folder refused" in done.stdout
    assert "held warning" in done.stderr


def test_holding_keeps_the_last_records_up_to_its_bound() -> None:
    holder = HeldRecords(capacity=2)
    for n in range(3):
        holder.handle(log.makeRecord(log.name, logging.INFO, __file__, 0, f"r{n}", (), None))
    assert [record.getMessage() for record in holder.hand_over()] == ["r1", "r2"]


def test_a_record_after_the_hand_over_goes_to_the_log_at_once() -> None:
    kept = _Kept()
    root = logging.getLogger()
    root.addHandler(kept)
    try:
        holder = HeldRecords()
        assert holder.hand_over() == []
        holder.handle(log.makeRecord(log.name, logging.WARNING, __file__, 0, "late", (), None))
    finally:
        root.removeHandler(kept)
    assert kept.messages == ["late"]
