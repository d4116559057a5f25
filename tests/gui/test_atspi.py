"""The verdict as a screen reader gets it: through AT-SPI, from another process.

The reader (``atspi_reader.py``) runs under Debian's own Python with python3-pyatspi, as Orca
would, in a private session D-Bus (``dbus-run-session``) on a fresh Xvfb; it starts the real
kiosk (``atspi_kiosk_child.py``, Qt's AT-SPI bridge switched on by
``QT_LINUX_ACCESSIBILITY_ALWAYS_ON``), hears the verdict's announcement and reads the Result
screen's accessible tree. xvfb, dbus-bin, at-spi2-core and python3-pyatspi are Debian packages
the test command installs (packaging/dev.sh); these tests fail, never skip, without them.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from typing import Any

import pytest

from tests.support.processes import ROOT, run_on_xvfb

SYSTEM_PYTHON = "/usr/bin/python3"
READER = ROOT / "tests" / "gui" / "atspi_reader.py"
CHILD_TIMEOUT_S = 240


def read_result_screen(sample: str) -> dict[str, Any]:
    """Run ``sample`` to its Result screen and read it through AT-SPI: the reader's report."""
    assert shutil.which("Xvfb"), "Xvfb is missing: bash packaging/dev.sh test installs it"
    assert shutil.which("dbus-run-session"), "dbus-bin is missing (packaging/dev.sh test)"
    found = subprocess.run(
        [SYSTEM_PYTHON, "-c", "import pyatspi"], capture_output=True, text=True, check=False
    )
    assert found.returncode == 0, "python3-pyatspi is missing (packaging/dev.sh test)"
    done = run_on_xvfb(
        ["dbus-run-session", "--", SYSTEM_PYTHON, str(READER), sys.executable, sample],
        CHILD_TIMEOUT_S,
        QT_LINUX_ACCESSIBILITY_ALWAYS_ON="1",
        PYTHONPATH=str(ROOT),
    )
    assert done.returncode == 0, done.stderr[-3000:]
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    assert lines, done.stdout[-2000:] + done.stderr[-2000:]
    report: dict[str, Any] = json.loads(lines[-1])
    assert report["errors"] == [], (report["errors"], done.stderr[-3000:])
    return report


# The sample: the banner's title, its reason line (spoken after it) and its advice.
HEARD = {
    "signature-valid": ("Passed", "", "The digital signature is valid and not revoked."),
    "signature-revoked": (
        "Failed",
        "revoked",
        "The signature is not valid or the document is revoked. Do not accept it.",
    ),
}


@pytest.mark.parametrize("sample", list(HEARD))
def test_a_screen_reader_hears_and_reads_the_verdict(sample: str) -> None:
    title, reason, advice = HEARD[sample]
    spoken = f"{title} — {reason}" if reason else title
    report = read_result_screen(sample)
    # Announced once, with the banner's text, whatever had the focus.
    assert report["announcements"] == [f"Verdict: {spoken}\n{advice}"]
    tree = [line.strip() for line in report["tree"]]
    # The banner, named by its verdict, with the advice as its description; its words.
    assert f"[panel] 'Verdict: {spoken}' ({advice!r})" in tree
    assert f"[label] {title!r}" in tree
    if reason:
        assert f"[label] {reason!r}" in tree
    # The ways on, by name.
    assert "[push button] 'New customer'" in tree
    assert "[push button] 'Another check'" in tree
    assert tree[0].startswith("[application] 'kiosk-app'")
    # A scroll bar shown (the field list's, when its rows are taller than the screen) says
    # what it scrolls.
    assert "[scroll bar] ''" not in tree
