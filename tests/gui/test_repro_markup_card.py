"""The reproduction script in the suite: a markup card in the watched folder of a running
``--demo`` kiosk under a 4 GB address-space limit, then an ordinary card; the kiosk lives on
and checks both (before the fix, Qt read /dev/zero and the process aborted)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.repro_markup_card import run


@pytest.mark.skipif(sys.platform != "linux", reason="RLIMIT_AS and the offscreen kiosk: Linux")
def test_a_markup_card_in_the_watched_folder_does_not_stop_the_kiosk(tmp_path: Path) -> None:
    evidence = run(tmp_path)
    assert evidence.alive, (tmp_path / "kiosk.out").read_text(errors="replace")[-2000:]
    assert len(evidence.checks_logged) == 2
    assert evidence.checks_logged[1].endswith("signature Passed")  # the ordinary card
    assert evidence.usage_rows == 2
    log = (tmp_path / "log" / "kiosk-app.log").read_text(encoding="utf-8")
    assert "<img" not in log and "/dev/zero" not in log  # the card's data is not logged
