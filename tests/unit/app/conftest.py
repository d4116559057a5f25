"""Qt glue tests share the GUI suite's guard: no worker may outlive its test."""

from __future__ import annotations

from tests.support.clock import FakeClock
from tests.support.workers import no_worker_left

__all__ = ["FakeClock", "no_worker_left"]
