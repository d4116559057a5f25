"""GUI tests: the guard that fails any test leaving a worker running. The fixtures (a real
window against the embedded simulator, a desk, the admin kiosk) are in tests/support."""

from __future__ import annotations

from tests.support.workers import no_worker_left

__all__ = ["no_worker_left"]
