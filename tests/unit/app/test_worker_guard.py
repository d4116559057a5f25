"""The end-of-test worker guard: undelivered work is reported, a returning thread is not."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import QThreadPool

from kiosk_app.app.workers import WorkerPool
from tests.support.workers import RETURNING_THREAD, THREAD_RETURN_WAIT_MS, unfinished_work

RELEASE_AFTER_S = 0.2


@pytest.fixture
def threads(qtbot: Any) -> Iterator[QThreadPool]:
    created = QThreadPool()
    yield created
    created.waitForDone(5000)


def test_an_idle_pool_has_nothing_left(qtbot: Any, threads: QThreadPool) -> None:
    pool = WorkerPool(threads)
    pool.submit(lambda: None)
    qtbot.waitUntil(pool.is_idle, timeout=5000)
    assert unfinished_work(pool) is None


def test_a_thread_still_returning_after_its_result_is_waited_for(
    qtbot: Any, threads: QThreadPool
) -> None:
    """The moment between a worker's result and its thread's return, stretched: the pool's
    thread is busy while no job of the pool is undelivered."""
    assert RELEASE_AFTER_S * 1000 < THREAD_RETURN_WAIT_MS
    pool = WorkerPool(threads)
    release = threading.Event()
    threads.start(lambda: release.wait(5))
    timer = threading.Timer(RELEASE_AFTER_S, release.set)
    timer.start()
    assert not pool.is_idle() and pool.running_names() == []
    assert unfinished_work(pool) is None
    assert pool.is_idle()
    timer.join()


def test_a_thread_that_does_not_return_is_reported(qtbot: Any, threads: QThreadPool) -> None:
    pool = WorkerPool(threads)
    release = threading.Event()
    threads.start(lambda: release.wait(5))
    try:
        assert unfinished_work(pool) == [RETURNING_THREAD]
    finally:
        release.set()


def test_an_undelivered_worker_is_reported_by_name(qtbot: Any, threads: QThreadPool) -> None:
    pool = WorkerPool(threads)
    release = threading.Event()
    pool.submit(lambda: release.wait(5), name="slow lookup")
    try:
        assert unfinished_work(pool) == ["slow lookup"]
    finally:
        release.set()
    qtbot.waitUntil(pool.is_idle, timeout=5000)
