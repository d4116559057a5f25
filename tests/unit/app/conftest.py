"""Qt glue tests share the GUI suite's guard: no worker may outlive its test."""

from __future__ import annotations

from tests.gui.conftest import no_worker_left
from tests.support.clock import FakeClock

__all__ = ["FakeClock", "no_worker_left"]
