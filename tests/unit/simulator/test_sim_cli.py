"""`kiosk-app simulator` as a real child process: first line is the base URL, stops cleanly."""

from __future__ import annotations

import os
import selectors
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
import requests

from tests.unit.simulator.sim_http import canada_body, post_check

VALID = canada_body("421450", "1989-12-24", "PE", "1")
SAFETY_TIMEOUT_S = 60  # only so that a broken build cannot hang the suite


def first_line(process: subprocess.Popen[str]) -> str:
    """The first line the process prints (waits at most SAFETY_TIMEOUT_S)."""
    assert process.stdout is not None
    with selectors.DefaultSelector() as selector:
        selector.register(process.stdout, selectors.EVENT_READ)
        assert selector.select(SAFETY_TIMEOUT_S), "the simulator printed nothing"
    return process.stdout.readline().strip()


@contextmanager
def simulator_process(*flags: str) -> Iterator[tuple[subprocess.Popen[str], str]]:
    """Run ``python -m kiosk_app simulator --port 0 FLAGS``; yields the process and base URL."""
    process = subprocess.Popen(
        [sys.executable, "-m", "kiosk_app", "simulator", "--port", "0", *flags],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "0"},
    )
    try:
        yield process, first_line(process)
    finally:
        if process.poll() is None:
            process.kill()
        process.communicate(timeout=SAFETY_TIMEOUT_S)


@pytest.mark.parametrize("stop_signal", [signal.SIGTERM, signal.SIGINT])
def test_prints_base_url_serves_and_exits_zero(stop_signal: signal.Signals) -> None:
    with simulator_process() as (process, base_url):
        assert base_url.startswith("http://127.0.0.1:")
        assert post_check(base_url, VALID).status_code == 200
        process.send_signal(stop_signal)
        _, stderr = process.communicate(timeout=SAFETY_TIMEOUT_S)
        assert process.returncode == 0
        assert "Traceback" not in stderr


def test_fault_flags_reach_the_server() -> None:
    with simulator_process("--fail-status", "503") as (process, base_url):
        assert post_check(base_url, VALID).status_code == 503
        process.terminate()
        process.communicate(timeout=SAFETY_TIMEOUT_S)
        assert process.returncode == 0


def test_drop_connection_flag() -> None:
    with simulator_process("--drop-connection") as (process, base_url):
        with pytest.raises(requests.ConnectionError):
            post_check(base_url, VALID)
        process.terminate()


def test_malformed_json_flag() -> None:
    with simulator_process("--malformed-json", "--latency", "0.01") as (process, base_url):
        reply = post_check(base_url, VALID)
        with pytest.raises(requests.JSONDecodeError):
            reply.json()
        process.terminate()


def test_bad_fault_value_exits_2() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "kiosk_app", "simulator", "--fail-status", "42"],
        capture_output=True,
        text=True,
        timeout=SAFETY_TIMEOUT_S,
        check=False,
    )
    assert result.returncode == 2
    assert "http_status" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize("port", ["70000", "-1", "http"])
def test_a_port_out_of_range_is_a_clear_usage_error(port: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "kiosk_app", "simulator", "--port", port],
        capture_output=True,
        text=True,
        timeout=SAFETY_TIMEOUT_S,
        check=False,
    )
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert "port" in done.stderr.splitlines()[-1]


def test_a_port_in_use_is_a_clear_error() -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run(
            [sys.executable, "-m", "kiosk_app", "simulator", "--port", str(port)],
            capture_output=True,
            text=True,
            timeout=SAFETY_TIMEOUT_S,
            check=False,
        )
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert done.stderr.strip() == (
        f"kiosk-app simulator: cannot listen on port {port}: Address already in use"
    )
