"""The guard that fails any test leaving a worker running (used by the Qt test folders)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from kiosk_app.app.workers import live_pools


@pytest.fixture(autouse=True)
def no_worker_left() -> Iterator[None]:
    """Fail the test if any worker pool is still busy when it ends."""
    yield
    busy = [pool for pool in live_pools() if not pool.is_idle()]
    names = [name for pool in busy for name in pool.running_names()]
    for pool in busy:
        pool.shutdown(10_000)
    assert not busy, f"workers still running at the end of the test: {names}"
