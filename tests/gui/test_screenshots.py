"""`kiosk-app screenshots OUTDIR` drives the real app and writes the twelve named PNGs."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QImage

from kiosk_app.cli.main import main
from kiosk_app.ui.screenshots import SHOTS


def test_screenshots_command_writes_every_state(tmp_path: Path) -> None:
    out = tmp_path / "shots"
    assert main(["screenshots", str(out)]) == 0
    written = sorted(p.name for p in out.iterdir())
    assert written == sorted(SHOTS)
    sizes = {(QImage(str(out / name)).width(), QImage(str(out / name)).height()) for name in SHOTS}
    assert sizes == {(1280, 800)}
