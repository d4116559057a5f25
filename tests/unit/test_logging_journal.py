"""Logs where fleets collect them: journald's stderr stream, the desk id.

Real streams: the ``JOURNAL_STREAM`` detection is checked against real file descriptors, and the
journal lines are read back from the test's own captured stderr (fd 2), as journald would read
them. The Windows Event Log handler: tests/unit/test_logging_eventlog.py.
"""

from __future__ import annotations

import logging
import os
import socket
import subprocess
import sys
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from kiosk_app import logging_setup, paths
from kiosk_app.barcode.aamva import element_values
from kiosk_app.logging_setup import (
    JOURNAL_ENV,
    LOG_FILE_NAME,
    configure_logging,
    desk_id,
    journal_priority,
    journal_wanted,
    set_desk_id,
)
from kiosk_app.redaction import register_sensitive, register_sensitive_date
from kiosk_app.simulator.samples import SAMPLES_BY_KEY

log = logging.getLogger("kiosk_app.tests.journal")
TOKEN = "tok_live_4c1d8e2f7a9b3e5d0c6f"
# A real licence from the public corpus: its element values are what a check would register.
LICENCE = Path("aamva/c0shea-IdParser")


pytestmark = pytest.mark.usefixtures("clean_logging")


@pytest.fixture(autouse=True)
def no_journal_of_our_own(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("JOURNAL_STREAM", raising=False)
    monkeypatch.delenv(JOURNAL_ENV, raising=False)


def _stream_id(fd: int) -> str:
    status = os.fstat(fd)
    return f"{status.st_dev}:{status.st_ino}"


def _under_systemd(monkeypatch: pytest.MonkeyPatch) -> None:
    """What systemd does for a unit with StandardError=journal: name stderr's stream."""
    monkeypatch.setenv("JOURNAL_STREAM", _stream_id(sys.stderr.fileno()))


def _kiosk_handler_names() -> list[str]:
    """The kiosk's own handlers (pytest adds capture handlers of its own)."""
    return [
        type(h).__name__
        for h in logging.getLogger().handlers
        if type(h).__module__ == logging_setup.__name__
    ]


@pytest.mark.parametrize(
    ("level", "priority"),
    [
        (logging.CRITICAL, 2),
        (logging.ERROR, 3),
        (logging.WARNING, 4),
        (logging.INFO, 6),
        (logging.DEBUG, 7),
        (logging.ERROR + 5, 3),  # a custom level between two takes the lower one's priority
        (logging.NOTSET, 7),
    ],
)
def test_each_logging_level_has_its_journal_priority(level: int, priority: int) -> None:
    assert journal_priority(level) == priority


def test_journal_stream_counts_only_when_it_is_this_stream(tmp_path: Path) -> None:
    with open(tmp_path / "journal", "w") as stream, open(tmp_path / "other", "w") as other:
        here = _stream_id(stream.fileno())
        assert journal_wanted(stream, {"JOURNAL_STREAM": here})
        # Inherited variable, stderr redirected elsewhere: not the journal.
        assert not journal_wanted(stream, {"JOURNAL_STREAM": _stream_id(other.fileno())})
        assert not journal_wanted(stream, {})
        assert not journal_wanted(stream, {"JOURNAL_STREAM": "garbage"})
        # The setting wins both ways.
        assert not journal_wanted(stream, {"JOURNAL_STREAM": here, JOURNAL_ENV: "0"})
        assert journal_wanted(stream, {JOURNAL_ENV: "1"})
    # A closed stream (no file behind it) is not the journal either.
    assert not journal_wanted(stream, {"JOURNAL_STREAM": here})


def test_without_systemd_only_the_file_log(capfd: pytest.CaptureFixture[str]) -> None:
    configure_logging()
    log.warning("no journal here")
    assert _kiosk_handler_names() == ["KioskFileHandler"]
    assert "no journal here" not in capfd.readouterr().err


def test_under_systemd_stderr_gets_redacted_prefixed_records_and_the_file_stays(
    capfd: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, corpus_dir: Path
) -> None:
    _under_systemd(monkeypatch)
    configure_logging()
    configure_logging()  # idempotent: one journal handler
    assert sorted(_kiosk_handler_names()) == ["KioskFileHandler", "_KioskJournalHandler"]

    payload = next((corpus_dir / LICENCE).glob("*.txt")).read_bytes()
    values = [v for v in element_values(payload) if len(v.strip()) >= 4]
    assert len(values) >= 5
    register_sensitive(TOKEN, persistent=True)
    register_sensitive(*values)
    register_sensitive_date(date(1957, 7, 1))

    log.info("token in use %s", TOKEN)
    log.warning("customer %s", " ".join(values))
    log.debug("not at INFO: %s", TOKEN)
    try:
        raise ValueError(f"bad licence {values[0]} born 1957-07-01")
    except ValueError:
        log.exception("check failed for %s", values[1])
    log.critical("Bearer %s", TOKEN)

    err = capfd.readouterr().err
    lines = err.splitlines()
    assert lines, "nothing reached stderr"
    for line in lines:
        assert line[:3] in {"<2>", "<3>", "<4>", "<6>"}, line
    assert TOKEN not in err
    for value in values:
        assert value not in err
    assert "1957-07-01" not in err
    assert "not at INFO" not in err
    starts = [line for line in lines if " desk=" in line]
    assert [line[:3] for line in starts] == ["<6>", "<4>", "<3>", "<2>"]
    host = socket.gethostname()
    assert all(f"desk={host} kiosk_app.tests.journal" in line for line in starts)
    # The traceback's lines keep the error's priority.
    traceback_lines = [line for line in lines if "Traceback" in line or "ValueError" in line]
    assert traceback_lines and all(line.startswith("<3>") for line in traceback_lines)

    # The file log is still written, redacted the same way, with the desk id too.
    for handler in logging.getLogger().handlers:
        handler.flush()
    text = (logging_setup.log_file()).read_text(encoding="utf-8")
    assert "[redacted]" in text and TOKEN not in text
    assert all(value not in text for value in values)
    assert f"WARNING desk={host} kiosk_app.tests.journal [MainThread] customer" in text
    assert text.count("[redacted]") == err.count("[redacted]")


def test_a_line_break_cannot_forge_a_journal_priority(
    capfd: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _under_systemd(monkeypatch)
    configure_logging()
    log.info("scanned text\n<0>the kiosk is on fire\r\n<1>x")
    lines = capfd.readouterr().err.splitlines()
    assert lines[1:] == ["<6><0>the kiosk is on fire", "<6><1>x"]


def test_the_desk_id_setting_replaces_the_host_name(
    capfd: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _under_systemd(monkeypatch)
    configure_logging()
    assert desk_id() == socket.gethostname()
    set_desk_id("Front desk 3\x1b[31m\n<0>")
    assert desk_id() == "Front desk 3[31m<0>"  # one line, no escape character
    set_desk_id("Lyon-2")
    log.warning("paper jam")
    assert "desk=Lyon-2 kiosk_app.tests.journal" in capfd.readouterr().err
    set_desk_id("")
    assert desk_id() == socket.gethostname()


def test_verbose_under_systemd_writes_each_line_once(
    capfd: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _under_systemd(monkeypatch)
    configure_logging(verbose=True)
    assert "_KioskConsoleHandler" not in _kiosk_handler_names()
    log.debug("detail for support")
    err = capfd.readouterr().err
    assert err.count("detail for support") == 1
    assert err.startswith("<7>DEBUG desk=")


def test_the_setting_turns_the_journal_off_and_on(
    capfd: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _under_systemd(monkeypatch)
    monkeypatch.setenv(JOURNAL_ENV, "0")
    configure_logging()
    assert "_KioskJournalHandler" not in _kiosk_handler_names()
    monkeypatch.delenv("JOURNAL_STREAM")
    monkeypatch.setenv(JOURNAL_ENV, "1")
    configure_logging()
    log.error("scanner unplugged")
    assert capfd.readouterr().err.startswith("<3>ERROR desk=")
    assert (paths.log_dir() / LOG_FILE_NAME).exists()


def test_a_cli_check_under_systemd_logs_to_the_journal_stream_without_the_licence(
    simulator: Any, tmp_path: Path
) -> None:
    """The real command in its own process, its stderr the stream ``JOURNAL_STREAM`` names (what
    systemd sets up for ``StandardError=journal``): a Canadian check's records arrive there with
    priorities and the managed ``desk_id``, and neither the licence number, the birth date nor
    the token."""
    data = SAMPLES_BY_KEY["canada-passed"].canada
    assert data is not None
    url = simulator.base_url
    stderr_path = tmp_path / "journal-stream"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("KIOSK_", "JOURNAL_"))}
    for name in ("config", "data", "log"):
        env[f"KIOSK_{name.upper()}_DIR"] = str(tmp_path / name)
    managed = tmp_path / "managed.json"
    managed.write_text('{"desk_id": "Lyon front desk 1"}', encoding="utf-8")
    env["KIOSK_MANAGED_FILE"] = str(managed)
    command = [
        *(sys.executable, "-m", "kiosk_app", "check", "canada"),
        *("--licence-number", data.licence_number, "--dob", data.date_of_birth),
        *("--province", data.province, "--base-url", url, "--dvs-url", url),
        *("--parse-url", url, "--token", "test"),
    ]
    with open(stderr_path, "wb") as stderr:
        env["JOURNAL_STREAM"] = _stream_id(stderr.fileno())
        result = subprocess.run(
            command,
            stdout=subprocess.PIPE,
            stderr=stderr,
            env=env,
            timeout=120,
            check=False,
        )
    assert result.returncode == 0, result
    err = stderr_path.read_text(encoding="utf-8")
    lines = err.splitlines()
    records = [line for line in lines if " desk=" in line]
    assert records, err
    assert all(line[:3] in {"<2>", "<3>", "<4>", "<6>"} for line in lines), err
    # The desk id setting (here from the managed file) names the desk once settings are read.
    assert any(line.startswith("<6>INFO desk=Lyon front desk 1 kiosk_app.api.") for line in records)
    assert data.licence_number not in err and data.date_of_birth not in err
    assert "--token" not in err
