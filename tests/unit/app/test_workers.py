"""The worker pattern: results and errors by signal, stale tickets dropped, shutdown awaited."""

from __future__ import annotations

import threading
from functools import partial
from typing import Any

import pytest

from kiosk_app.app.workers import WorkerPool, live_pools


@pytest.fixture
def pool(qtbot: Any) -> Any:
    created = WorkerPool()
    yield created
    created.shutdown(5000)


def test_result_arrives_on_the_gui_thread(qtbot: Any, pool: WorkerPool) -> None:
    seen: list[tuple[object, bool]] = []
    gui = threading.current_thread()
    pool.submit(lambda: 41 + 1, lambda r: seen.append((r, threading.current_thread() is gui)))
    qtbot.waitUntil(pool.is_idle, timeout=5000)
    assert seen == [(42, True)]


def test_every_exception_becomes_an_errored_signal(qtbot: Any, pool: WorkerPool) -> None:
    errors: list[BaseException] = []

    def boom() -> None:
        raise KeyError("nope")

    pool.submit(boom, lambda r: pytest.fail("no result expected"), errors.append)
    qtbot.waitUntil(pool.is_idle, timeout=5000)
    assert len(errors) == 1 and isinstance(errors[0], KeyError)


def test_cancelled_ticket_is_never_delivered(qtbot: Any, pool: WorkerPool) -> None:
    gate = threading.Event()
    delivered: list[object] = []
    ticket = pool.submit(lambda: gate.wait(5) and "late", delivered.append, delivered.append)
    assert pool.is_running(ticket)
    pool.cancel(ticket)
    assert not pool.is_running(ticket)
    assert not pool.is_idle()  # the thread still runs to its end
    gate.set()
    qtbot.waitUntil(pool.is_idle, timeout=5000)
    assert delivered == []


def test_busy_changed_reports_idle_and_busy(qtbot: Any, pool: WorkerPool) -> None:
    states: list[bool] = []
    pool.busy_changed.connect(states.append)
    pool.submit(lambda: None)
    pool.submit(lambda: None)
    qtbot.waitUntil(pool.is_idle, timeout=5000)
    assert states == [True, False]


def test_shutdown_waits_for_running_work_and_refuses_more(qtbot: Any) -> None:
    pool = WorkerPool()
    finished = threading.Event()

    def slow() -> None:
        threading.Event().wait(0.2)
        finished.set()

    pool.submit(slow)
    assert pool.shutdown(5000)
    assert finished.is_set()
    with pytest.raises(RuntimeError):
        pool.submit(lambda: None)
    qtbot.waitUntil(pool.is_idle, timeout=5000)


def test_live_pools_lists_pools(pool: WorkerPool) -> None:
    assert pool in live_pools()


def test_finished_workers_leave_nothing_behind(qtbot: Any, pool: WorkerPool) -> None:
    # Started as QRunnables, about 1 % of short jobs stayed alive: 1,000 jobs show it.
    import gc

    from kiosk_app.app.workers import Worker

    def live_workers() -> int:
        gc.collect()
        return sum(isinstance(o, Worker) for o in gc.get_objects())

    before = live_workers()
    results: list[int] = []
    for _batch in range(20):
        for i in range(50):
            pool.submit(lambda i=i: i, results.append)  # type: ignore[misc]
        qtbot.waitUntil(pool.is_idle, timeout=5000)
    assert len(results) == 1000
    assert live_workers() == before


class _DeathWatch:
    """Records the thread its Python object is freed on (stands in for a captured QObject)."""

    def __init__(self, threads: list[str]) -> None:
        self._threads = threads

    def __del__(self) -> None:
        self._threads.append(threading.current_thread().name)


def _fails(watch: _DeathWatch) -> None:
    error = ValueError("bad")
    error.watch = watch  # type: ignore[attr-defined]  # the frame and the error: a cycle
    raise error


def _returns(watch: _DeathWatch) -> int:
    return 1


@pytest.mark.parametrize("fails", [False, True], ids=["result", "error"])
def test_what_the_callable_holds_is_released_on_the_gui_thread(
    qtbot: Any, pool: WorkerPool, fails: bool
) -> None:
    # A callable's captured objects must not die on the pool thread (a QObject destroyed off
    # its thread leaves its timers registered on the GUI thread), nor live on in the frames
    # of an error until the cyclic collector runs on whatever thread then allocates.
    import gc

    freed_on: list[str] = []
    delivered: list[object] = []
    watch = _DeathWatch(freed_on)
    gc.disable()
    try:
        job = partial(_fails if fails else _returns, watch)
        pool.submit(job, delivered.append, delivered.append)
        del watch, job  # the pool holds the only references now
        assert freed_on == []
        qtbot.waitUntil(pool.is_idle, timeout=5000)
        assert len(delivered) == 1
        assert isinstance(delivered[0], ValueError if fails else int)
        delivered.clear()  # the error (if any) goes: no cycle left holding the watch
        assert freed_on == [threading.main_thread().name]
    finally:
        gc.enable()


@pytest.mark.parametrize("delivered", [True, False], ids=["delivered", "in-flight"])
def test_a_pool_deleted_with_its_parent_is_idle_and_not_listed(qtbot: Any, delivered: bool) -> None:
    # The window owns the core, which owns its pool: Qt deletes the pool while Python may still
    # hold it (the guard of the GUI tests asks every live pool whether it is idle).
    import time

    import shiboken6
    from PySide6.QtCore import QObject

    owner = QObject()
    pool = WorkerPool(parent=owner)
    pool.submit(lambda: time.sleep(0.05))
    if delivered:
        qtbot.waitUntil(pool.is_idle, timeout=5000)
    shiboken6.delete(owner)  # its thread pool waits for the job; the result is never delivered
    assert not shiboken6.isValid(pool)
    assert pool.is_idle()
    assert pool not in live_pools()
    assert [p for p in live_pools() if not p.is_idle()] == []
    assert pool.wait_for_done() and pool.shutdown()
    with pytest.raises(RuntimeError):
        pool.submit(lambda: None)
