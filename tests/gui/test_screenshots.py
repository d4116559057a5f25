"""`kiosk-app screenshots OUTDIR` drives the real app and writes every named PNG."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from kiosk_app.cli.main import main
from kiosk_app.ui.i18n import current_language
from kiosk_app.ui.screenshots import SHOTS


def test_screenshots_command_writes_every_state(tmp_path: Path) -> None:
    out = tmp_path / "shots"
    assert main(["screenshots", str(out)]) == 0
    written = sorted(p.name for p in out.iterdir())
    assert written == sorted(SHOTS)
    sizes = {(QImage(str(out / name)).width(), QImage(str(out / name)).height()) for name in SHOTS}
    assert sizes == {(1280, 800)}


@pytest.fixture(scope="module")
def french_shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One French run at 1024x768, for the two tests that read it."""
    out = tmp_path_factory.mktemp("screenshots") / "fr"
    assert main(["screenshots", str(out), "--size", "1024x768", "--language", "fr"]) == 0
    return out


def test_screenshots_at_a_size_and_in_french(tmp_path: Path, french_shots: Path) -> None:
    out = french_shots
    assert sorted(p.name for p in out.iterdir()) == sorted(SHOTS)
    for name in SHOTS:
        image = QImage(str(out / name))
        assert (image.width(), image.height()) == (1024, 768), name
    # French really drawn, the Ready screen included: its pixels differ from English ones.
    english = tmp_path / "en"
    assert main(["screenshots", str(english), "--size", "1024x768"]) == 0
    for name in ("ready.png", "result-signature-valid.png", "error-service.png"):
        assert QImage(str(out / name)) != QImage(str(english / name)), name
    assert current_language() == "en"  # the command leaves the test process as it was


@pytest.mark.parametrize("size", ["1024", "800x600", "4000x2000", "axb"])
def test_screenshots_refuse_a_size_outside_the_range(
    size: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["screenshots", "out", "--size", size])
    assert exited.value.code == 2
    assert "--size" in capsys.readouterr().err


def test_screenshots_follow_the_settings_language_like_the_kiosk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, french_shots: Path
) -> None:
    # The desk's language set to French (the kiosk starts in French): the screenshots are
    # French too, the Ready screen included, without --language.
    monkeypatch.setenv("KIOSK_LANGUAGE", "fr")
    assert main(["screenshots", str(tmp_path / "desk"), "--size", "1024x768"]) == 0
    assert QImage(str(tmp_path / "desk" / "ready.png")) == QImage(str(french_shots / "ready.png"))
    assert current_language() == "en"
