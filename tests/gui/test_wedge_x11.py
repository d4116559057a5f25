"""Real X11 key events: ``xdotool`` types a full licence into the real kiosk window under Xvfb.

This is how a USB keyboard-wedge scanner reaches the kiosk on Linux: real key events from the
X server, Shift pressed and released around each capital, control characters as the scanner is
set to send them. Each test starts the window in a child process (``x11_wedge_child``) with
``QT_QPA_PLATFORM=xcb`` on its own Xvfb display (``-displayfd``: the server picks a free one),
scans from the Ready screen, the Canadian form, the PIN pad or the settings, with auto-check on
or off, and reads back what the session did: the check reached the embedded simulator, nothing
was typed into a field, no form was submitted.

Keys are typed 1 to 8 ms apart, the pace of real USB wedge scanners. Control characters are
sent in the conventions scanners are set to (tests/support/wedge_keys.py), with a Return
suffix and F-key prefix/suffix, and a US scanner on a French (AZERTY) desk layout.

Xvfb and xdotool are Debian packages the test command installs (packaging/dev.sh); these
tests fail, never skip, when they are missing.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from kiosk_app.barcode.keyboard_layouts import LAYOUTS_BY_KEY, garble
from tests.conftest import CORPUS_DIR
from tests.support.processes import xvfb
from tests.support.wedge_keys import xdotool_script

ROOT = Path(__file__).resolve().parents[2]
LICENCE = (CORPUS_DIR / "aamva" / "c0shea-IdParser" / "GA.txt").read_bytes()
CHILD_TIMEOUT_S = 180


class Display:
    """An Xvfb server on a display it chose itself, and the child's environment for it."""

    def __init__(self, name: str) -> None:
        self.name = name

    def env(self, tmp: Path) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith("KIOSK_")}
        env.update(DISPLAY=self.name, QT_QPA_PLATFORM="xcb", PYTHONPATH=str(ROOT))
        for var in ("KIOSK_CONFIG_DIR", "KIOSK_DATA_DIR", "KIOSK_LOG_DIR"):
            folder = tmp / var.lower()
            folder.mkdir(exist_ok=True)
            env[var] = str(folder)
        env.pop("WAYLAND_DISPLAY", None)
        return env


@pytest.fixture
def display() -> Iterator[Display]:
    for tool in ("Xvfb", "xdotool", "setxkbmap"):
        assert shutil.which(tool), f"{tool} is missing: run bash packaging/dev.sh test"
    with xvfb() as name:
        yield Display(name)


def run_child(display: Display, tmp: Path, spec: dict[str, Any]) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-m", "tests.gui.x11_wedge_child", json.dumps(spec)],
        cwd=ROOT,
        env=display.env(tmp),
        capture_output=True,
        text=True,
        timeout=CHILD_TIMEOUT_S,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    report: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    assert "error" not in report, report
    return report


@pytest.mark.parametrize(
    ("where", "auto", "convention", "delay"),
    [
        ("ready", True, "enter-lf", 2),
        ("ready", False, "ctrl", 8),
        ("form", True, "enter-cr", 1),
        ("form", False, "enter-lf", 3),
        ("pin-pad", True, "alt", 2),
        ("settings", True, "ctrl", 4),
        ("settings", False, "enter-lf", 2),
    ],
)
def test_xdotool_licence_reaches_the_check(
    display: Display, tmp_path: Path, where: str, auto: bool, convention: str, delay: int
) -> None:
    script = xdotool_script(LICENCE.decode("latin-1"), convention, delay, tmp_path)
    report = run_child(display, tmp_path, {"where": where, "auto": auto, "script": str(script)})
    assert report["has_scan"] and report["byte_exact"] is True, report
    assert report["submitted"] == 0
    assert report["form_field"] in ("", "T1234-56789-01234")
    assert "DAQ" not in "".join(report.get("settings_text", []))
    assert report.get("pad_entry", 0) == 0
    if auto:
        assert report["results"] == ["dvs-parse"] and report["requests"] == 1, report
        assert report["stage"] == "result"
    else:
        assert report["results"] == [] and report["requests"] == 0, report
    assert report["keys"].startswith("Shift↓ @ Shift↑" if convention != "alt" else "Shift↓ @")


def test_xdotool_prefix_and_suffix_keys_with_signature_check(
    display: Display, tmp_path: Path
) -> None:
    from kiosk_app.simulator.samples import SAMPLES_BY_KEY

    payload = SAMPLES_BY_KEY["signature-valid"].payload.decode("latin-1")
    script = xdotool_script(
        payload, "enter-lf", 2, tmp_path, prefix=("F12",), suffix=("F12", "Return")
    )
    spec = {"where": "ready", "auto": True, "default_check": "signature", "script": str(script)}
    report = run_child(display, tmp_path, spec)
    assert report["byte_exact"] is True and report["results"] == ["signature"]
    assert report["verdict"] == "Passed"  # the exact bytes: the signature verifies


@pytest.mark.parametrize("after_keys", [8, 20])
def test_a_busy_gui_thread_early_in_a_scan_leaves_it_exact(
    display: Display, tmp_path: Path, after_keys: int
) -> None:
    """The GUI thread blocks 120 ms some 30-80 ms into the scan (the key presses ``after_keys``
    in, 4 ms apart), before the header declares the length: the X server's own key times show
    the scanner never paused, so the scan stays whole and exact and the signature is checked."""
    from kiosk_app.simulator.samples import SAMPLES_BY_KEY

    payload = SAMPLES_BY_KEY["signature-valid"].payload.decode("latin-1")
    script = xdotool_script(payload, "enter-lf", 4, tmp_path)
    spec = {
        "where": "ready",
        "auto": True,
        "default_check": "signature",
        "script": str(script),
        "stall_after_keys": after_keys,
        "stall_ms": 120,
    }
    report = run_child(display, tmp_path, spec)
    assert report["stalled"]
    assert report["byte_exact"] is True, report
    assert report["results"] == ["signature"] and report["verdict"] == "Passed"


def test_xdotool_us_scanner_on_a_french_desk_is_repaired_never_signature_checked(
    display: Display, tmp_path: Path
) -> None:
    subprocess.run(["setxkbmap", "-display", display.name, "-layout", "fr"], check=True)
    garbled = garble(LICENCE.decode("latin-1"), LAYOUTS_BY_KEY["fr"])
    script = xdotool_script(garbled, "ctrl-on-fr", 2, tmp_path)
    spec = {"where": "ready", "auto": True, "default_check": "signature", "script": str(script)}
    report = run_child(display, tmp_path, spec)
    assert report["has_scan"] and report["byte_exact"] is False, report
    assert report["requests"] == 0 and report["results"] == []  # refused locally
    assert "French (AZERTY)" in report["wedge_status"]
