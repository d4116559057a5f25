"""The layout walk of ``test_layout_sizes`` under 150 % and 200 % scaling (QT_SCALE_FACTOR,
which Qt reads at start, so each scale runs in a pytest subprocess of its own).

Physical screen -> logical window: 1920x1080 at 150 % is 1280x720; 3840x2160 at 200 % is
1920x1080; 2048x1200 at 200 % is 1024x600, the smallest layout. (A 1366x768 screen at 150 %
would be 910x512 logical, below the 1024x600 the screens are made for.)
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.gui import SCALED_SIZE_VARIABLE

ROOT = Path(__file__).resolve().parents[2]
CASES = [("1.5", "1280x720"), ("2", "1920x1080"), ("2", "1024x600")]


@pytest.mark.parametrize(("factor", "logical"), CASES, ids=[f"{f}x-{s}" for f, s in CASES])
def test_every_screen_state_fits_when_scaled(factor: str, logical: str) -> None:
    env = dict(os.environ, QT_SCALE_FACTOR=factor, **{SCALED_SIZE_VARIABLE: logical})
    test = "tests/gui/test_layout_sizes.py::test_every_screen_state_fits_under_this_scale_factor"
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", test],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert "1 passed" in run.stdout
