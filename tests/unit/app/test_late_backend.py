"""The backend built after the first window: calls made before wait for it, failures reach them.

Real parts: the real ``Backend`` built from settings (its parser reads a real sample payload),
the secrets store's fallback file (the test keyring refuses everything), real threads.
"""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from kiosk_app import secrets
from kiosk_app.api.errors import ConfigurationError
from kiosk_app.app.backend import Backend
from kiosk_app.app.late_backend import BuildStoppedError, BuiltBackend, LateBackend
from kiosk_app.barcode.isolation import IsolatedScanner
from kiosk_app.config import Settings
from kiosk_app.simulator.samples import SAMPLES_BY_KEY

PAYLOAD = SAMPLES_BY_KEY["signature-valid"].payload
WAIT_S = 30.0


def test_a_call_made_before_the_build_waits_for_it_and_gets_its_answer() -> None:
    late = LateBackend()
    with ThreadPoolExecutor(max_workers=1) as worker:
        read = worker.submit(late.read_payload, PAYLOAD)
        assert not read.done()  # nothing built yet: the worker waits
        built = late.build(Settings())
        scan = read.result(timeout=WAIT_S)
    assert isinstance(built.backend, Backend) and late.built() is built.backend
    assert scan.licence is not None and scan.payload == PAYLOAD
    late.close()


def test_the_build_fills_in_the_stored_secrets_and_leaves_the_given_settings_alone() -> None:
    secrets.set_api_token("stored-token-123456")
    settings = Settings()
    built = LateBackend().build(settings)
    assert built.settings.api_token.get_secret_value() == "stored-token-123456"
    assert settings.api_token.get_secret_value() == ""  # the GUI thread's copy: not touched
    built.backend.close()


def test_a_failed_build_is_raised_to_every_waiting_call(tmp_path: Path) -> None:
    late = LateBackend()
    waiting = threading.Barrier(2)

    def check() -> object:
        waiting.wait(WAIT_S)
        return late.prepare_picture(b"not used")

    with ThreadPoolExecutor(max_workers=1) as worker:
        call = worker.submit(check)
        waiting.wait(WAIT_S)
        with pytest.raises(ConfigurationError) as built:
            late.build(Settings(ca_bundle=str(tmp_path / "missing.pem")))
        with pytest.raises(ConfigurationError) as raised:
            call.result(timeout=WAIT_S)
    assert raised.value is built.value
    assert late.built() is None


def exits(_settings: Settings) -> BuiltBackend:
    """A build that a library ends with ``sys.exit`` (not an ``Exception``)."""
    raise SystemExit(3)


def test_a_build_ended_by_system_exit_releases_the_waiting_calls_at_once() -> None:
    late = LateBackend(builder=exits)  # the default wait: a check would sit 60 s
    waiting = threading.Barrier(2)

    def check() -> object:
        waiting.wait(WAIT_S)
        return late.read_payload(PAYLOAD)

    with ThreadPoolExecutor(max_workers=1) as worker:
        call = worker.submit(check)
        waiting.wait(WAIT_S)
        with pytest.raises(SystemExit):
            late.build(Settings())
        with pytest.raises(BuildStoppedError, match="SystemExit"):
            call.result(timeout=WAIT_S)
    assert late.built() is None
    with pytest.raises(BuildStoppedError):
        late.read_image(b"")  # a later call: no wait either


def test_a_call_gives_up_when_nothing_is_built_in_time() -> None:
    with pytest.raises(TimeoutError):
        LateBackend(wait_s=0.01).read_image(b"")


def test_the_gui_threads_calls_never_wait_and_reach_the_built_backend() -> None:
    late = LateBackend(wait_s=0.01)
    late.stop_reading()  # nothing built: nothing to do, no wait
    late.warm_up()
    late.close()
    late = LateBackend()
    process = late.build(Settings()).backend.process
    assert isinstance(process, IsolatedScanner)
    late.warm_up()
    try:
        assert process.pid is not None  # the decoder's process started
    finally:
        late.close()
    assert process.pid is None
