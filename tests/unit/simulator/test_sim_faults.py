"""Every fault mode, over real HTTP, on every endpoint kind."""

from __future__ import annotations

import json
from typing import Any

import pytest
import requests

from kiosk_app.simulator.faults import Faults
from kiosk_app.simulator.server import start_simulator
from tests.unit.simulator.sim_http import (
    PARSE,
    VERIFY,
    b64,
    canada_body,
    post_check,
    post_text_json,
)

VALID = canada_body("421450", "1989-12-24", "PE", "1")


@pytest.mark.parametrize("status", [500, 503])
def test_http_status_with_json_body(fresh_simulator: Any, status: int) -> None:
    fresh_simulator.set_faults(Faults(http_status=status))
    reply = post_check(fresh_simulator.base_url, VALID)
    assert reply.status_code == status
    assert reply.json()["code"] == "ApiError"


def test_http_status_with_html_body(fresh_simulator: Any) -> None:
    fresh_simulator.set_faults(Faults(http_status=503, html_error=True))
    reply = post_check(fresh_simulator.base_url, VALID)
    assert reply.status_code == 503
    assert reply.headers["Content-Type"].startswith("text/html")
    assert reply.text.startswith("<!DOCTYPE html>")


def test_html_error_alone_is_a_502_page(fresh_simulator: Any) -> None:
    fresh_simulator.set_faults(Faults(html_error=True))
    reply = post_text_json(fresh_simulator.base_url + VERIFY, {})
    assert reply.status_code == 502
    assert "<html>" in reply.text


def test_malformed_json(fresh_simulator: Any) -> None:
    fresh_simulator.set_faults(Faults(malformed_json=True))
    reply = post_check(fresh_simulator.base_url, VALID)
    assert reply.status_code == 200
    with pytest.raises(json.JSONDecodeError):
        json.loads(reply.text)


def test_truncated_json(fresh_simulator: Any) -> None:
    whole = post_check(fresh_simulator.base_url, VALID).content
    fresh_simulator.set_faults(Faults(truncated_json=True))
    reply = post_check(fresh_simulator.base_url, VALID)
    assert reply.status_code == 200
    assert 0 < len(reply.content) < len(whole)
    assert whole.startswith(reply.content[:20])
    with pytest.raises(json.JSONDecodeError):
        json.loads(reply.text)


def test_oversized_reply(fresh_simulator: Any) -> None:
    fresh_simulator.set_faults(Faults(oversized_reply=True))
    reply = post_text_json(fresh_simulator.base_url + PARSE, {"authKey": "test", "text": b64(b"x")})
    assert reply.status_code == 200
    assert len(reply.content) > 4 * 1024 * 1024
    assert isinstance(reply.json(), list)


def test_oversized_reply_survives_a_client_that_hangs_up(fresh_simulator: Any) -> None:
    fresh_simulator.set_faults(Faults(oversized_reply=True))
    with requests.post(
        fresh_simulator.base_url + PARSE, data=b"{}", stream=True, timeout=(5, 30)
    ) as reply:
        assert len(reply.raw.read(1024)) == 1024
    fresh_simulator.set_faults(Faults())
    assert post_check(fresh_simulator.base_url, VALID).status_code == 200


def test_dropped_connection(fresh_simulator: Any) -> None:
    fresh_simulator.set_faults(Faults(drop_connection=True))
    with pytest.raises(requests.ConnectionError):
        post_check(fresh_simulator.base_url, VALID)
    assert fresh_simulator.request_count >= 1


def test_latency_delays_past_a_short_read_timeout(fresh_simulator: Any) -> None:
    fresh_simulator.set_faults(Faults(latency_s=2.0))
    with pytest.raises(requests.ReadTimeout):
        requests.post(fresh_simulator.base_url + PARSE, data=b"{}", timeout=(5, 0.2))
    fresh_simulator.set_faults(Faults(latency_s=0.05))
    assert post_check(fresh_simulator.base_url, VALID).status_code == 200


def test_faults_chosen_at_start_and_cleared() -> None:
    handle = start_simulator(faults=Faults(http_status=500))
    try:
        assert handle.faults.http_status == 500
        assert post_check(handle.base_url, VALID).status_code == 500
        handle.set_faults(Faults())
        assert post_check(handle.base_url, VALID).status_code == 200
    finally:
        handle.stop()


def test_faults_reject_nonsense() -> None:
    with pytest.raises(ValueError, match="latency"):
        Faults(latency_s=-1)
    with pytest.raises(ValueError, match="http_status"):
        Faults(http_status=42)
