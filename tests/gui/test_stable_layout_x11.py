"""The stable-layout checks of ``test_stable_layout.py`` on real X windows: each check's slot,
New customer apart from the language button, no primary action over another screen's
different action, Cancel over nothing a following screen can tap (at each text size and
theme), nothing moving when a notice comes. Each desk size runs in a pytest of its
own on a private Xvfb of exactly that size, the window at the kiosk's geometry (the screen's
top-left corner, the screen's size), which the X server reports back through ``xdotool``
(``tests.support.gui.check_kiosk_geometry``).
"""

from __future__ import annotations

import shutil
import sys

import pytest

from tests.support.gui import DESK_SIZES
from tests.support.processes import ON_X_VARIABLE, run_on_xvfb

CHILD_TIMEOUT_S = 600
# The tests of test_stable_layout.py run once per desk size (5), and Cancel's test once per
# text size and theme (6).
STABLE_LAYOUT_TESTS = 11
# A panel PC and a laptop: the 1920x1080 monitor is walked offscreen only.
KIOSK_SIZES = DESK_SIZES[:2]


@pytest.mark.parametrize("size", KIOSK_SIZES, ids=[f"{w}x{h}" for w, h in KIOSK_SIZES])
def test_the_stable_layout_holds_on_a_real_x_window(size: tuple[int, int]) -> None:
    assert shutil.which("Xvfb") and shutil.which("xdotool"), "bash packaging/dev.sh installs both"
    width, height = size
    run = run_on_xvfb(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "tests/gui/test_stable_layout.py",
            "-k",
            f"{width}x{height}",
        ],
        CHILD_TIMEOUT_S,
        size,
        **{ON_X_VARIABLE: "1"},
    )
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    assert f"{STABLE_LAYOUT_TESTS} passed" in run.stdout, run.stdout[-2000:]
