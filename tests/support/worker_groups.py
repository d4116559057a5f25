"""Modules that share a session's work run on the same pytest-xdist worker.

With ``--dist loadfile`` each test module is one unit of work, and a module never leaves its
worker. The layout sweeps (``tests.support.layout_walk``) reuse one walk per configuration
within a session; on two workers each walks again what the other one walked. The modules of
:data:`SHARED_WORK` are therefore one unit, named after the work they share; every other module
is its own unit, as before. Other ``--dist`` modes are left to pytest-xdist.
"""

from __future__ import annotations

from typing import Any

import pytest
from xdist.scheduler import LoadFileScheduling

# The unit of work's name, by module (node-id path, from the repository's root): the modules
# that call tests.support.layout_walk.walked. tests/unit/test_worker_groups.py keeps this list
# equal to the modules that do.
LAYOUT_WALKS = "layout walks"
SHARED_WORK = {
    "tests/gui/test_layout_sizes.py": LAYOUT_WALKS,
    "tests/gui/test_stable_layout.py": LAYOUT_WALKS,
    "tests/gui/test_touch_targets.py": LAYOUT_WALKS,
}


def work_unit(nodeid: str) -> str:
    """The unit of work of a test: its module, or the shared work its module belongs to."""
    module = nodeid.split("::", 1)[0]
    return SHARED_WORK.get(module, module)


class SharedWorkScheduling(LoadFileScheduling):  # type: ignore[misc]  # xdist is untyped
    """pytest-xdist's file scheduling, with the modules that share work as one unit."""

    def _split_scope(self, nodeid: str) -> str:
        return work_unit(nodeid)


def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> LoadFileScheduling | None:
    """``--dist loadfile`` with the modules of :data:`SHARED_WORK` grouped; else the default."""
    if config.getoption("dist", None) != "loadfile":
        return None
    return SharedWorkScheduling(config, log)
