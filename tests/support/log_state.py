"""The process-wide logging state the logging tests change, put back after each test."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest

from kiosk_app import redaction
from kiosk_app.logging_setup import set_desk_id, shutdown_logging


@pytest.fixture
def clean_logging() -> Iterator[None]:
    """Forget registered values and the desk id; close the handlers; restore the root level."""
    root = logging.getLogger()
    level = root.level
    redaction.SENSITIVE.forget_all()
    set_desk_id(None)
    yield
    shutdown_logging()
    redaction.SENSITIVE.forget_all()
    set_desk_id(None)
    root.setLevel(level)
