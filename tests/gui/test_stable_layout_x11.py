"""The stable-layout checks of ``test_stable_layout.py`` on real X windows: each check's slot,
New customer apart from the language button, no primary action over another screen's
different action, Cancel over nothing a following screen can tap, nothing moving when a
notice comes. Each desk size runs in a pytest of its own on a private Xvfb of exactly that
size, the window at the kiosk's geometry (the screen's top-left corner, the screen's size),
which the X server reports back through ``xdotool`` (``tests.support.gui.check_kiosk_geometry``)
in every screen state walked.

What only a real X window shows is where the X server puts the window and the dialogs over
it; within them Qt lays the widgets out the same on X as offscreen. So Cancel's
check runs here at the standard text size and theme: the larger text sizes and the
high-contrast theme are walked offscreen (``test_stable_layout.py``), where Qt's geometry of
the window is checked in every state as well.
"""

from __future__ import annotations

import shutil
import sys

import pytest

from tests.support.gui import DESK_SIZES
from tests.support.processes import ON_X_VARIABLE, run_on_xvfb

CHILD_TIMEOUT_S = 600
# The tests of test_stable_layout.py run once per desk size, Cancel's at the standard text
# size and theme: the other text sizes and themes' ids end in another "text-..." part.
SELECTION = "{width}x{height} and (not text- or text-100-standard)"
STABLE_LAYOUT_TESTS = 6
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
            SELECTION.format(width=width, height=height),
        ],
        CHILD_TIMEOUT_S,
        size,
        **{ON_X_VARIABLE: "1"},
    )
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    assert f"{STABLE_LAYOUT_TESTS} passed" in run.stdout, run.stdout[-2000:]
