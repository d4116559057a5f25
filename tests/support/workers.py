"""The guard that fails any test leaving a worker running (used by the Qt test folders)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from kiosk_app.app.workers import WorkerPool, live_pools

THREAD_RETURN_WAIT_MS = 2_000
"""How long a pool thread whose result is already delivered gets to return."""

RETURNING_THREAD = "a thread that delivered its result and did not return"


def unfinished_work(pool: WorkerPool) -> list[str] | None:
    """What ``pool`` has left at a test's end: the names of its undelivered workers, or None.

    A worker emits its result before its thread returns, so a pool whose results are all in
    may still count a thread for a moment: that thread is given time to return."""
    if pool.is_idle():
        return None
    names = pool.running_names()
    if not names and pool.wait_for_done(THREAD_RETURN_WAIT_MS):
        return None
    return names or [RETURNING_THREAD]


@pytest.fixture(autouse=True)
def no_worker_left() -> Iterator[None]:
    """Fail the test if any worker pool still has work when it ends."""
    yield
    left = {pool: names for pool in live_pools() if (names := unfinished_work(pool)) is not None}
    for pool in left:
        pool.shutdown(10_000)
    assert not left, f"workers still running at the end of the test: {list(left.values())}"
