"""The desk id in the log follows the settings the admin saves."""

from __future__ import annotations

import logging
import socket
from collections.abc import Iterator
from typing import Any

import pytest

from kiosk_app import logging_setup
from kiosk_app.logging_setup import configure_logging, desk_id, set_desk_id, shutdown_logging
from tests.support.gui import WindowFactory


@pytest.fixture
def kiosk_log() -> Iterator[None]:
    configure_logging()
    yield
    shutdown_logging()
    set_desk_id(None)


@pytest.mark.usefixtures("kiosk_log")
def test_saved_settings_rename_the_desk_in_the_log_at_once(
    make_window: WindowFactory, caplog: pytest.LogCaptureFixture
) -> None:
    window: Any = make_window()
    assert desk_id() == socket.gethostname()
    renamed = window.core.settings.model_copy(update={"desk_id": "Lyon front desk 2"})
    window.core.apply_settings(renamed)
    with caplog.at_level(logging.INFO):
        logging.getLogger("kiosk_app.tests.desk").info("after the save")
    assert [getattr(r, "desk_id", None) for r in caplog.records] == ["Lyon front desk 2"]
    for handler in logging.getLogger().handlers:
        handler.flush()
    text = logging_setup.log_file().read_text(encoding="utf-8")
    assert "desk=Lyon front desk 2 kiosk_app.tests.desk [MainThread] after the save" in text
