"""Launch helpers: the no-display message and the command-line flags (no window opened)."""

from __future__ import annotations

import pytest

from kiosk_app.cli.main import build_parser
from kiosk_app.ui.launch import NO_DISPLAY_MESSAGE, display_problem


@pytest.mark.parametrize(
    ("env", "platform", "problem"),
    [
        ({}, "linux", True),
        ({"DISPLAY": ":0"}, "linux", False),
        ({"WAYLAND_DISPLAY": "wayland-0"}, "linux", False),
        ({"QT_QPA_PLATFORM": "offscreen"}, "linux", False),
        ({"QT_QPA_PLATFORM": "xcb"}, "linux", True),
        ({}, "win32", False),
    ],
)
def test_display_problem(env: dict[str, str], platform: str, problem: bool) -> None:
    assert display_problem(env, platform) == (NO_DISPLAY_MESSAGE if problem else "")
    assert "\n" not in NO_DISPLAY_MESSAGE and "QT_QPA_PLATFORM=offscreen" in NO_DISPLAY_MESSAGE


def test_gui_is_the_default_action_with_demo_and_kiosk_flags() -> None:
    from kiosk_app.cli.gui import run_gui, run_screenshots

    args = build_parser().parse_args(["--demo", "--kiosk"])
    assert args.func is run_gui and args.demo and args.kiosk
    args = build_parser().parse_args(["screenshots", "out"])
    assert args.func is run_screenshots and str(args.outdir) == "out"


def test_no_display_prints_one_line_and_fails(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from kiosk_app.cli.main import main

    for var in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setattr("sys.platform", "linux")
    assert main(["--demo"]) == 1
    err = capsys.readouterr().err
    assert err.strip() == NO_DISPLAY_MESSAGE
