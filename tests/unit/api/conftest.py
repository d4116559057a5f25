"""Fixtures of the API tests: scripted loopback servers and clients pointed at them."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from kiosk_app.api.client import VerificationClient
from tests.unit.api.fake_servers import Action, ScriptedServer

TOKEN = "tok-SECRET-4f1c9a"
AUTH_KEY = "key-SECRET-77ab"


@pytest.fixture
def serve() -> Iterator[Callable[..., ScriptedServer]]:
    """Start scripted servers; all are stopped after the test."""
    started: list[ScriptedServer] = []

    def start(action: Action, **options: Any) -> ScriptedServer:
        server = ScriptedServer(action, **options)
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()


def client_for(url: str, **overrides: Any) -> VerificationClient:
    """A client with every endpoint at ``url`` and short limits for the tests."""
    options: dict[str, Any] = {
        "base_url": url,
        "dvs_url": url,
        "parse_url": url,
        "token": TOKEN,
        "auth_key": AUTH_KEY,
        "connect_timeout": 2.0,
        "read_timeout": 2.0,
    }
    options.update(overrides)
    return VerificationClient(**options)
