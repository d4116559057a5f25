"""The Windows Event Log handler, wired on Linux with injected parts.

``configure_logging`` takes the platform, the environment and the handler factory as
arguments; here a capturing handler stands in for ``NTEventLogHandler`` (which needs Windows
and pywin32). What is tested: when the handler is added (Windows and ``KIOSK_LOG_EVENTLOG=1``
only), that its records are redacted and carry the desk id exactly as the file's, that it is
added once, removed again, and that a missing pywin32 or a refused source costs one warning,
never the kiosk. Not tested: the real Event Log (no Windows here).
"""

from __future__ import annotations

import logging

import pytest

from kiosk_app.logging_setup import (
    EVENT_LOG_ENV,
    EVENT_LOG_SOURCE,
    configure_logging,
    nt_event_log_handler,
    set_desk_id,
    shutdown_logging,
)
from kiosk_app.redaction import register_sensitive

log = logging.getLogger("kiosk_app.tests.eventlog")
TOKEN = "tok_live_8a7b6c5d4e3f2a1b0c9d"
WINDOWS_ON = {EVENT_LOG_ENV: "1"}


class CapturingHandler(logging.Handler):
    """Keeps each record as the Event Log would receive it (its formatted text)."""

    def __init__(self) -> None:
        super().__init__()
        self.lines: list[str] = []
        self.closed = False

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(self.format(record))

    def close(self) -> None:
        self.closed = True
        super().close()


class Factory:
    """An event-log factory recording the sources it was asked for."""

    def __init__(self) -> None:
        self.sources: list[str] = []
        self.handlers: list[CapturingHandler] = []

    def __call__(self, source: str) -> logging.Handler:
        self.sources.append(source)
        handler = CapturingHandler()
        self.handlers.append(handler)
        return handler


pytestmark = pytest.mark.usefixtures("clean_logging")


def test_on_windows_with_the_switch_the_event_log_gets_redacted_records_with_the_desk() -> None:
    factory = Factory()
    configure_logging(platform="win32", environ=WINDOWS_ON, event_log=factory)
    assert factory.sources == [EVENT_LOG_SOURCE]
    set_desk_id("Lyon front desk 1")
    register_sensitive(TOKEN, persistent=True)
    log.warning("service refused token %s for DAQ123456789 born 1957-07-01", TOKEN)
    lines = factory.handlers[0].lines
    assert len(lines) == 1
    assert " WARNING desk=Lyon front desk 1 kiosk_app.tests.eventlog " in lines[0]
    assert TOKEN not in lines[0] and "123456789" not in lines[0] and "1957" not in lines[0]
    assert "[redacted]" in lines[0]


def test_the_event_log_handler_is_added_once_and_removed_with_the_switch() -> None:
    factory = Factory()
    configure_logging(platform="win32", environ=WINDOWS_ON, event_log=factory)
    configure_logging(platform="win32", environ=WINDOWS_ON, event_log=factory)
    assert len(factory.handlers) == 1
    handler = factory.handlers[0]
    assert handler in logging.getLogger().handlers
    configure_logging(platform="win32", environ={}, event_log=factory)
    assert handler not in logging.getLogger().handlers and handler.closed
    configure_logging(platform="win32", environ=WINDOWS_ON, event_log=factory)
    shutdown_logging()
    assert factory.handlers[1] not in logging.getLogger().handlers
    assert factory.handlers[1].closed


@pytest.mark.parametrize(
    ("platform", "environ"),
    [("linux", WINDOWS_ON), ("win32", {}), ("win32", {EVENT_LOG_ENV: "0"}), ("darwin", WINDOWS_ON)],
)
def test_no_event_log_without_windows_and_the_switch(
    platform: str, environ: dict[str, str]
) -> None:
    factory = Factory()
    configure_logging(platform=platform, environ=environ, event_log=factory)
    assert factory.sources == []


def test_without_pywin32_one_warning_and_the_file_log_carries_on(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The real default factory on this machine (no pywin32): no handler, one warning."""
    with caplog.at_level(logging.WARNING, logger="kiosk_app.logging_setup"):
        configure_logging(platform="win32", environ=WINDOWS_ON, event_log=nt_event_log_handler)
    assert nt_event_log_handler(EVENT_LOG_SOURCE) is None
    assert f"{EVENT_LOG_ENV}=1 but pywin32 is missing" in caplog.messages
    assert not [h for h in logging.getLogger().handlers if isinstance(h, CapturingHandler)]


def test_a_source_windows_refuses_costs_one_warning(caplog: pytest.LogCaptureFixture) -> None:
    def refusing(source: str) -> logging.Handler:
        raise OSError(5, "Access is denied", source)

    with caplog.at_level(logging.WARNING, logger="kiosk_app.logging_setup"):
        configure_logging(platform="win32", environ=WINDOWS_ON, event_log=refusing)
    assert f"{EVENT_LOG_ENV}=1 but the Event Log cannot be opened (OSError)" in caplog.messages
