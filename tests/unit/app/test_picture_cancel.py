"""Cancel and the wipe really stop a picture being decoded.

A real session, real workers, the real backend with the isolated decoder and a hostile JPEG
costing about a minute of CPU: Cancel (or the wipe) kills the decoding process, the worker
thread is free again at once, and the next picture is read.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from kiosk_app.app.backend import Backend
from kiosk_app.app.session import Session
from kiosk_app.app.workers import WorkerPool
from kiosk_app.barcode.aamva import looks_like_aamva, parse_aamva
from kiosk_app.barcode.isolation import IsolatedScanner
from kiosk_app.config import Settings
from kiosk_app.flow.stages import Stage
from tests.fuzz.hostile_images import progressive_jpeg_scan_flood
from tests.support.processes import process_gone
from tests.unit.barcode.images import card_png

FLOOD = progressive_jpeg_scan_flood(copies=20000)


@pytest.fixture
def parts(qtbot: Any) -> Iterator[tuple[Session, IsolatedScanner, WorkerPool]]:
    scanner = IsolatedScanner(cpu_limit_s=600)
    client: Any = None  # no check is run
    backend = Backend(client, scanner, parse_aamva, looks_like_aamva, process=scanner)
    pool = WorkerPool()
    session = Session(Settings(), backend, pool)
    yield session, scanner, pool
    pool.shutdown(10_000)
    scanner.close()


@pytest.mark.parametrize("stop", ["cancel", "wipe"])
def test_stopping_kills_the_decoding_and_frees_the_worker(
    qtbot: Any, parts: tuple[Session, IsolatedScanner, WorkerPool], stop: str
) -> None:
    session, scanner, pool = parts
    assert session.submit_image(FLOOD)
    qtbot.waitUntil(lambda: scanner.busy and scanner.pid is not None, timeout=30_000)
    pid = scanner.pid
    assert pid is not None
    getattr(session, stop)()
    assert session.stage is Stage.READY
    qtbot.waitUntil(pool.is_idle, timeout=10_000)  # not the minute the picture would take
    assert process_gone(pid)
    with qtbot.waitSignal(session.licence_changed, timeout=30_000):
        assert session.submit_image(card_png())
    qtbot.waitUntil(pool.is_idle, timeout=10_000)
